"""tests.waiting.eventually: looks again until the condition holds, or fails saying what."""

from __future__ import annotations

import itertools

import pytest

from tests.waiting import eventually


async def test_eventually_returns_once_the_condition_holds() -> None:
    looks = itertools.count(1)
    await eventually(lambda: next(looks) >= 3, "the third look")
    assert next(looks) == 4  # it stopped looking once it held


async def test_eventually_awaits_a_condition_that_is_a_coroutine() -> None:
    looks = itertools.count(1)

    async def third() -> bool:
        return next(looks) >= 3

    await eventually(third, "the third look")
    assert next(looks) == 4


async def test_eventually_fails_saying_what_never_happened() -> None:
    with pytest.raises(AssertionError, match="never: the moon is cheese"):
        await eventually(lambda: False, "the moon is cheese", timeout=0)
