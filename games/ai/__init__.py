"""AI players for every game, pure and synchronous (the bot runs them in a worker thread).

`choose(state, seat, level, rng)` returns an action id legal for `seat` and never touches
`state`. Two levels: "facile", a fast heuristic written from each game's own logic, and
"fort", information-set Monte Carlo tree search (see `ismcts`) that simulates with the
heuristic and scores the end of the current deal. Games without a profile yet fall back
to random legal moves ("facile") and a plain whole-match search ("fort").
"""

from __future__ import annotations

import importlib

from ..base import GameState, Rules
from ..rng import Rng
from .ismcts import Profile, search

__all__ = ["LEVELS", "Profile", "choose", "profile_for"]

LEVELS: tuple[str, ...] = ("facile", "fort")
_FALLBACK = Profile()


def profile_for(rules: Rules) -> Profile:
    """The game's AI profile (the module its rules name in `ai`), or the generic fallback
    when the game has none (yet)."""
    if rules.ai is None:
        return _FALLBACK
    profile = importlib.import_module(rules.ai).PROFILE
    assert isinstance(profile, Profile)
    return profile


def choose(
    state: GameState,
    seat: int,
    level: str,
    rng: Rng,
    *,
    budget_s: float = 0.8,
    iterations: int | None = None,
) -> str:
    """An action id legal for `seat` in `state`, chosen at `level`; `state` is not changed.

    `budget_s` caps the wall time of "fort" and `iterations` its number of simulations
    (the game's default when None); when the iteration cap binds, the answer depends only
    on `state` and `rng`.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; choose among {LEVELS}")
    legal = [a.id for a in state.legal_actions(seat)]
    if not legal:
        raise ValueError(f"seat {seat} has no legal action")
    if len(legal) == 1:
        return legal[0]
    profile = profile_for(state.rules)
    if level == "facile":
        action = profile.policy(state, seat, rng)
    else:
        action = search(state, seat, profile, rng, iterations=iterations, budget_s=budget_s)
    # A heuristic bug must never become an illegal move at the table.
    return action if action in legal else legal[0]
