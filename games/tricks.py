"""Trick-taking bookkeeping shared by Manille and Bianco Mano.

Both games rank cards inside a suit (or family) by a fixed order and have one strongest
suit (Manille's trump, Bianco Mano's dominant family). A trick is a list of `[seat, card]`
in play order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

Trick = list[list[Any]]  # [[seat, card], ...]: JSON data, so lists rather than tuples


class TrickOrder:
    """Card strength inside a suit: `order` lists ranks strongest first."""

    __slots__ = ("strength",)

    def __init__(self, order: Sequence[str]) -> None:
        n = len(order)
        self.strength: Mapping[str, int] = {rank: n - i for i, rank in enumerate(order)}

    def power(self, card: str) -> int:
        return self.strength[card[:-1]]

    def beats(self, a: str, b: str, trump: str | None) -> bool:
        """Whether `a`, played after `b`, takes the lead from `b` (`b` currently wins)."""
        sa, sb = a[-1], b[-1]
        if sa == sb:
            return self.strength[a[:-1]] > self.strength[b[:-1]]
        return sa == trump

    def winning_index(self, cards: Sequence[str], trump: str | None) -> int:
        """Index of the card that wins: the best trump, else the best of the led suit."""
        best = 0
        for i in range(1, len(cards)):
            if self.beats(cards[i], cards[best], trump):
                best = i
        return best


def gather(tricks: Sequence[Trick], *extra: Sequence[str]) -> list[str]:
    """The deck for the next deal when nobody shuffles: tricks in the order they were taken,
    each in play order, then any extra packets (Bianco Mano's espion, unplayed cards)."""
    deck = [c for t in tricks for _, c in t]
    for packet in extra:
        deck.extend(packet)
    return deck
