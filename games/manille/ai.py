"""Manille AI: the "facile" heuristic and the evaluation the "fort" search uses.

Evaluation: a simulation stops at the end of the current deal (event `deal_end`); each
team scores the share of the deal's 60 card points it took (points already taken before
the decision count too: they are the same for every move). When that deal ends the match,
the result weighs most: 0.8 for the winning team plus 0.2 times the share.
"""

from __future__ import annotations

from typing import Any

from ..ai.ismcts import Profile
from ..ai.reason import Reason
from ..ai.tricks import Deck, Table, outstanding, play
from ..ai.tricks import explain as tricks_explain
from ..base import Event, GameState
from ..rng import Rng
from .rules import POINTS, STRENGTH, TEAMS

DECK = Deck(strength=STRENGTH, top=max(STRENGTH.values()))


def _table(state: GameState, seat: int, view: dict[str, Any], rng: Rng, sample: bool) -> Table:
    return Table(
        deck=DECK,
        points=POINTS,
        trump=view["trump"],
        out=outstanding(state, seat, rng, sample),
        allies=frozenset(next(t for t in TEAMS if seat in t)),
        players=4,
        free_discard=True,
    )


def _play(state: GameState, seat: int, rng: Rng, sample: bool) -> str:
    view = state.view(seat)
    cards = [a.id[5:] for a in state.legal_actions(seat)]
    return "play:" + play(
        view["hand"], cards, view["trick"], _table(state, seat, view, rng, sample)
    )


def policy(state: GameState, seat: int, rng: Rng) -> str:
    """Count cards; draw trumps with a master trump and three or more; cash masters; lead
    low from short side suits; charge a partner who is master with points (not with a
    manille that will win its own trick); beat opponents with sure cards or cheaply; keep
    trumps for the opponents' points."""
    if len(state.legal_actions(seat)) == 1:
        return state.legal_actions(seat)[0].id
    return _play(state, seat, rng, sample=True)


def rollout(state: GameState, seat: int, rng: Rng) -> str:
    """The same play inside a simulation, where the state is already a redeal."""
    return _play(state, seat, rng, sample=False)


def horizon(events: list[Event]) -> bool:
    return any(e["type"] == "deal_end" for e in events)


def rewards(public: dict[str, Any], state: GameState, events: list[Event]) -> list[float]:
    """Team reward per seat (see the module docstring)."""
    points = next((e["points"] for e in events if e["type"] == "deal_end"), None)
    if points is None:  # cut short: the points taken so far in this deal
        points = state.view(None)["deal_points"]
    total = points[0] + points[1]
    share = [points[t] / total if total else 0.5 for t in (0, 1)]
    end = next((e for e in events if e["type"] == "match_end"), None)
    if end is not None:
        share = [0.8 * (t == end["team"]) + 0.2 * share[t] for t in (0, 1)]
    return [share[s % 2] for s in range(4)]


def explain(state: GameState, seat: int, action: str) -> Reason | None:
    """Why play that card: master, cut, points for a partner who holds the trick..."""
    if not action.startswith("play:"):
        return None
    view = state.view(seat)
    table = _table(state, seat, view, Rng(0), sample=False)  # `state` is a stand-in: read it
    legal = [a.id[5:] for a in state.legal_actions(seat)]
    return tricks_explain(view["hand"], action[5:], legal, view["trick"], table)


def scale(players: int) -> tuple[float, str]:
    """A reward is a share of the deal's 60 card points (near a match's end, less)."""
    return 60.0, "point"


PROFILE = Profile(
    policy=policy,
    rollout=rollout,
    horizon=horizon,
    rewards=rewards,
    iterations=800,
    explain=explain,
    scale=scale,
    noise=0.01,  # docs/ai.md#advice-hints-and-reviews
)
