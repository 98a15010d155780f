"""Bonanza's fixed tables: the wheel, the calls, card values and suit relations.

Everything here is a module-level constant that is never mutated.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..cards import JOKER, RANKS, SUITS, deck53

if TYPE_CHECKING:
    from .state import State

# The ten boxes of the wheel, in the book's order (upper half, then lower half).
BOXES: tuple[str, ...] = (
    "joker",
    "dame-valet",
    "sequence",
    "dix-deux",
    "poker",
    "AS",
    "KH",
    "QD",
    "JC",
    "pot",
)
# The dealer's calls in phase 1 and 2, in the book's order.
CALLS: tuple[str, ...] = ("joker", "dame-valet", "sequence", "dix-deux", "poker")
# The two cards each pair call asks for.
PAIR_CALLS: dict[str, tuple[str, str]] = {
    "dame-valet": ("QS", "JD"),
    "dix-deux": ("10D", "2S"),
}
# Phase 3 cards that take the box of the same name when played.
CARD_BOXES = frozenset({"AS", "KH", "QD", "JC"})

SUIT_RANK: dict[str, int] = {"S": 3, "H": 2, "D": 1, "C": 0}  # Séquence tie-break
OTHER_COLOUR: dict[str, tuple[str, str]] = {
    "S": ("H", "D"),
    "C": ("H", "D"),
    "H": ("S", "C"),
    "D": ("S", "C"),
}

ALL_CARDS: tuple[str, ...] = tuple(deck53())
# The tables below name the cards by the very string objects of `ALL_CARDS`, which the
# deals hand out: a look-up or a search in a hand then stops at identity.
_CARD = {c: c for c in ALL_CARDS}.__getitem__
_ACE_HIGH = (*RANKS[1:], "A")  # 2 .. K, A
# Value with aces high (2..14); the order of phase 3 and of the poker ranks.
VALUE: dict[str, int] = {_CARD(r + s): v for s in SUITS for v, r in enumerate(_ACE_HIGH, start=2)}
# Hand display order: by suit (S, H, D, C), then value; the joker last.
SORT_KEY: dict[str, int] = {c: SUITS.index(c[-1]) * 16 + v for c, v in VALUE.items()} | {JOKER: 99}
# The next card of the same suit in phase 3 ("" after an ace: no card is "").
SUCC: dict[str, str] = {
    _CARD(r + s): (_CARD(_ACE_HIGH[i + 1] + s) if i + 1 < len(_ACE_HIGH) else "")
    for s in SUITS
    for i, r in enumerate(_ACE_HIGH)
}


def card_at(value: int, suit: str) -> str:
    """Card id of a value (1 or 14 is the ace) in a suit."""
    if value in (1, 14):
        return "A" + suit
    return _ACE_HIGH[value - 2] + suit


def sort_hand(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=SORT_KEY.__getitem__)


def amount(arg: str) -> int | None:
    """A canonical non-negative integer argument (`7`, not `07` or `+7`), else None."""
    if arg.isascii() and arg.isdigit() and (arg == "0" or arg[0] != "0"):
        return int(arg)
    return None


def owners(st: State) -> dict[str, int]:
    """The seat holding each card in a hand, from the calls to the end of the deal.

    Kept in `st._owner` (built here when missing: a new deal, a copy, a restored state)
    and kept up to date by what changes the hands in those phases: the joker leaving them
    and the cards played in phase 3.
    """
    owner = st._owner
    if owner is None:
        owner = st._owner = {c: p for p, h in enumerate(st.hands) for c in h}
    return owner
