"""The shared constraint redeal every game's `hidden.py` uses."""

from __future__ import annotations

import pytest

from games import Rng
from games.redeal import NoDeal, Slot, deal

CARDS = [f"{r}{s}" for s in "SHDC" for r in ("A", "K", "Q", "J")]


def test_without_constraints_every_card_is_dealt_once_into_the_sizes() -> None:
    slots = [Slot(0, 5), Slot(1, 5), Slot("stock", 6)]
    dealt = deal(CARDS, slots, Rng(3))
    assert [len(dealt[0]), len(dealt[1]), len(dealt["stock"])] == [5, 5, 6]
    assert sorted(c for cards in dealt.values() for c in cards) == sorted(CARDS)


def test_without_constraints_the_deal_is_random() -> None:
    first = sum("AS" in deal(CARDS, [Slot(0, 8), Slot(1, 8)], Rng(k))[0] for k in range(400))
    assert 150 < first < 250


def test_tight_constraints_are_met_by_moving_cards_along() -> None:
    # Seat 0 holds no spade, seat 1 only spades, the stock at least one heart.
    slots = [
        Slot(0, 6, lambda c: c[-1] != "S"),
        Slot(1, 4, lambda c: c[-1] == "S"),
        Slot("stock", 1, lambda c: c[-1] == "H"),
        Slot("stock", 5),
    ]
    for k in range(50):
        dealt = deal(CARDS, slots, Rng(k))
        assert sorted(dealt[1]) == ["AS", "JS", "KS", "QS"]
        assert not any(c.endswith("S") for c in dealt[0])
        assert any(c.endswith("H") for c in dealt["stock"])


def test_impossible_constraints_are_refused() -> None:
    with pytest.raises(NoDeal):
        deal(CARDS, [Slot(0, 8, lambda c: c[-1] == "S"), Slot(1, 8)], Rng(1))
    with pytest.raises(NoDeal):
        deal(CARDS, [Slot(0, 3)], Rng(1))
