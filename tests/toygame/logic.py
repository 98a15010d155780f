"""Plus fort's cards: the 16 court cards and aces, and who wins a trick."""

from __future__ import annotations

from typing import Any

from games.base import Action
from games.cards import SUITS

RANKS = ("J", "Q", "K", "A")  # weakest first, aces high
DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
HAND = 4
PLAY: dict[str, Action] = {c: Action("play:" + c) for c in DECK}


def strength(card: str, aces_low: bool) -> int:
    rank = RANKS.index(card[:-1]) + 1
    return 0 if aces_low and card[0] == "A" else rank


def winner(trick: list[list[Any]], aces_low: bool) -> int:
    """The seat whose card of the led suit is strongest."""
    led = trick[0][1][-1]
    best = max((p for p in trick if p[1][-1] == led), key=lambda p: strength(p[1], aces_low))
    return int(best[0])
