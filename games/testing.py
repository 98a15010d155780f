"""Seeded random play through the contract: the loop tests, benches and demos share.

A match played by `random_moves` is a function of the state's seed and the generator's:
the same two always give the same match, on any Python version.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from . import get
from .base import GameState
from .rng import Rng


class Move(NamedTuple):
    """A move just applied, with the events it produced."""

    seat: int
    action: str
    events: list[dict[str, Any]]


def random_moves(
    state: GameState, rng: Rng, *, until: Callable[[GameState], bool] | None = None
) -> Iterator[Move]:
    """Apply random legal moves to `state` until the match ends (or `until(state)` holds),
    yielding each once applied. When several seats may act (a race), one is drawn too."""
    while not state.is_over() and not (until is not None and until(state)):
        seats = state.to_move()
        seat = seats[0] if len(seats) == 1 else rng.choice(seats)
        action = rng.choice(state.legal_actions(seat)).id
        yield Move(seat, action, state.apply(seat, action))


def random_match(
    slug: str,
    seed: int,
    *,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    rng: Rng | None = None,
) -> tuple[GameState, list[Move]]:
    """A whole match of `slug` played at random: the finished state and its moves. By
    default the game's smallest table, its quick options and a generator seeded from `seed`."""
    rules = get(slug)
    state = rules.new(
        players=players or rules.quick_players or rules.min_players,
        seed=seed,
        options=rules.quick_options if options is None else options,
    )
    moves = list(random_moves(state, Rng(seed) if rng is None else rng))
    return state, moves
