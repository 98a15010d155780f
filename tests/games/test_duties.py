"""The duty ladder of games/duties.py on a small hand: what it allows, which duty a refused
card breaks, and what a card played proves."""

from __future__ import annotations

from games.duties import Duty, allowed, broken, proven

STRENGTH = {"7": 1, "8": 2, "9": 3, "J": 4}
SUIT_CARDS = {s: [r + s for r in STRENGTH] for s in "HS"}


def above(suit: str, k: int) -> frozenset[str]:
    return frozenset(c for c in SUIT_CARDS[suit] if STRENGTH[c[:-1]] > k)


# Hearts led, an opponent winning with the 8H, spades trump.
LADDER = [
    Duty("follow", "H", 0, above("H", 0)),
    Duty("climb", "H", 2, above("H", 2)),
    Duty("trump", "S", 0, above("S", 0)),
]


def test_each_duty_narrows_what_the_earlier_ones_allowed_unless_nothing_meets_it() -> None:
    assert allowed(["7H", "9H", "7S"], LADDER) == ["9H"]  # follow, then climb
    assert allowed(["7H", "7S", "JC"], LADDER) == ["7H"]  # cannot climb: any heart
    assert allowed(["7S", "JC", "8S"], LADDER) == ["7S", "8S"]  # void: trump
    assert allowed(["JC", "7C"], LADDER) == ["JC", "7C"]  # nothing binds


def test_a_refused_card_breaks_the_first_duty_that_bound() -> None:
    assert broken(["7H", "9H", "7S"], LADDER, "7S") == "follow"
    assert broken(["7H", "9H", "7S"], LADDER, "7H") == "climb"
    assert broken(["7S", "JC"], LADDER, "JC") == "trump"
    assert broken(["7S", "JC"], LADDER, "7S") is None


def test_a_card_proves_what_the_duties_it_did_not_meet_had_to_find_missing() -> None:
    assert proven(LADDER, "9H") == []  # followed and climbed: nothing learnt
    assert proven(LADDER, "7H") == [("H", 2)]  # no heart above the 8
    assert proven(LADDER, "7S") == [("H", 0), ("H", 2)]  # void in hearts
    assert proven(LADDER, "JC") == [("H", 0), ("H", 2), ("S", 0)]  # and in trumps
