"""Why the strong AI would play a move, as data a game's words turn into a sentence.

A `Reason` is a code (a key of the game's `Words.reasons`, or of the shared ones in
games/words.py) and the values its sentence reads: cards, suits, ranks, counts the seat
may know. Each game's `explain` in its ai.py builds one from the seat's own view, never
from a card the seat cannot see.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..base import GameState


@dataclass(frozen=True)
class Reason:
    """A reason's code and the values its sentence needs (JSON-friendly)."""

    code: str
    data: Mapping[str, Any] = field(default_factory=dict)


# explain(state, seat, action) -> why a player in `seat` would play `action`, or None when
# the game's own logic has nothing to say (the search's figures then speak for it).
Explain = Callable[[GameState, int, str], Reason | None]


def no_reason(state: GameState, seat: int, action: str) -> Reason | None:
    """The fallback of a game without reasons of its own."""
    return None
