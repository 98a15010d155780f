"""Duplicate deals compared: with the same cards at every table of a round, a side's score
means most against the sides of the other tables that held the same cards (the n-th side of
every table of the round). Shown by the concours message and its web page alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol


class Played(Protocol):
    """A round table as storage keeps it: its number (from 0), sides and points (None
    until recorded)."""

    @property
    def number(self) -> int: ...

    @property
    def sides(self) -> Sequence[int]: ...

    @property
    def points(self) -> Sequence[int] | None: ...


class Held(NamedTuple):
    """One side that held a place's cards: the entrant, its points, its table (from 1)."""

    entrant: int
    points: int
    table: int


def same_cards(tables: Sequence[Played]) -> list[list[Held]]:
    """For each place at the table, the sides of the round's scored tables that held its
    cards, best first (then by table); empty until two tables of the same size are scored
    (a table of another size in a mixed round was dealt other cards)."""
    if not tables:
        return []
    size = len(tables[0].sides)
    done = [t for t in tables if t.points is not None and len(t.sides) == size]
    if len(done) < 2:
        return []
    places = []
    for n in range(size):
        held = [Held(t.sides[n], t.points[n], t.number + 1) for t in done if t.points]
        places.append(sorted(held, key=lambda h: (-h.points, h.table)))
    return places
