"""The redraw pacer: evenly spaced slots, first come first served."""

from __future__ import annotations

import pytest

from bot.pacing import Pacer


def test_a_lone_request_never_waits() -> None:
    pacer = Pacer(40)
    assert pacer.reserve(10.0) == 0.0
    assert pacer.reserve(11.0) == 0.0  # the previous slot is long past


def test_a_burst_is_spread_at_the_given_rate() -> None:
    pacer = Pacer(4)
    waits = [pacer.reserve(0.0) for _ in range(5)]
    assert waits == pytest.approx([0.0, 0.25, 0.5, 0.75, 1.0])


def test_slots_already_booked_delay_a_later_request() -> None:
    pacer = Pacer(2)
    pacer.reserve(0.0)
    pacer.reserve(0.0)  # booked for 0.5
    assert pacer.reserve(0.2) == pytest.approx(0.8)


def test_rate_must_be_positive() -> None:
    with pytest.raises(ValueError):
        Pacer(0)
