"""A finished match rebuilt through the engine contract, at any step of its move log.

Step 0 is the position after the first deal, before any move; step n is the position
after move n. Nothing comes from stored views or snapshots: the state is
`rules.replay(players, seed, options, moves[:n])`, and one pass over the whole log finds
where each deal starts (a move whose events include a deal event) and checks that the log
really ends the match. A match whose log no longer replays (an engine change, a damaged
row) raises ReplayError and shows no cards at all: hands are only shown for a match the
engine itself says is over, or for a concours table settled when its round closed (closed
for good: its log stops where it was settled).
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import games
from db import MatchSeat
from games import GameState
from games.facts import HandFacts, PublicFacts

DEAL_EVENT = "deal"
"""The event every game emits when it deals: the replay's "deal ◀ ▶" steps land on it."""
TABLE_SETTINGS_KEY = "__table__"
"""The bot stores its table settings (language, turn timer) beside the game options."""


class ReplayError(Exception):
    """The stored match cannot be rebuilt into a finished game by this engine version."""


@dataclass(frozen=True, slots=True)
class Frame:
    """The position at one step: every seat's hand, the public view and its facts, and
    where we are."""

    step: int
    total: int
    deal_starts: tuple[int, ...]
    hands: list[HandFacts]  # each seat's, from its own view: sorted as its player sorts
    public: dict[str, Any]  # the spectator's view
    facts: PublicFacts  # from the spectator's view
    to_move: list[int]
    events: list[dict[str, Any]]  # the public events of the move that led here

    @property
    def deal(self) -> int:
        """1-based number of the deal this step belongs to."""
        return bisect.bisect_right(self.deal_starts, self.step)

    @property
    def deals(self) -> int:
        return len(self.deal_starts)

    def previous_deal(self) -> int:
        """The step of this deal's start, or of the previous deal's if we are at a start."""
        index = self.deal - 1
        if self.step == self.deal_starts[index] and index > 0:
            index -= 1
        return self.deal_starts[index]

    def next_deal(self) -> int:
        """The step where the next deal starts, or the last step in the last deal."""
        return self.deal_starts[self.deal] if self.deal < self.deals else self.total


def game_options(stored: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's options from a table's stored options (the bot's settings removed)."""
    return {k: v for k, v in stored.items() if k != TABLE_SETTINGS_KEY}


@dataclass(frozen=True, slots=True)
class Walk:
    """What one pass over a whole log finds: where each deal starts (0 first), and what
    the match's final scores count (the outcome's unit: `point`, `card`, `token`)."""

    starts: tuple[int, ...]
    unit: str
    ranks: tuple[int, ...] = ()  # each seat's, where the log ends
    scores: tuple[int, ...] = ()


def stopped_seats(seats: Sequence[MatchSeat], state: GameState) -> tuple[MatchSeat, ...]:
    """The seats of a concours table settled when its round closed, ranked and scored
    where it stopped (the outcome the concours settled it by)."""
    outcome = state.outcome()
    return tuple(
        replace(s, rank=outcome.ranks[s.seat], score=outcome.scores[s.seat]) for s in seats
    )


def walk(
    game: str,
    players: int,
    seed: int,
    options: Mapping[str, Any],
    moves: Sequence[tuple[int, str]],
    *,
    settled: bool = False,
) -> Walk:
    """One pass over the whole log: the deals' starts and the outcome's unit. Only a
    concours table `settled` when its round closed may stop before the match's end."""
    try:
        state = games.get(game).new(players=players, seed=seed, options=game_options(options))
        starts = [0]
        for step, (seat, action_id) in enumerate(moves, start=1):
            events = state.apply(seat, action_id)
            if step < len(moves) and any(e.get("type") == DEAL_EVENT for e in events):
                starts.append(step)
        if not settled and not state.is_over():
            raise ReplayError("the move log does not end the match")
        outcome = state.outcome()
    except ReplayError:
        raise
    except (KeyError, ValueError, TypeError, games.IllegalAction) as exc:
        raise ReplayError(str(exc)) from exc
    return Walk(tuple(starts), outcome.unit, outcome.ranks, outcome.scores)


def deal_starts(
    game: str, players: int, seed: int, options: Mapping[str, Any], moves: Sequence[tuple[int, str]]
) -> tuple[int, ...]:
    """The steps where each deal starts (0 first), from one pass over the whole log."""
    return walk(game, players, seed, options, moves).starts


def frame(
    game: str,
    players: int,
    seed: int,
    options: Mapping[str, Any],
    moves: Sequence[tuple[int, str]],
    step: int,
    starts: tuple[int, ...] | None = None,
) -> Frame:
    """The position after `step` moves; `starts` from `deal_starts` (computed if None)."""
    if not 0 <= step <= len(moves):
        raise ValueError(f"step {step} is outside 0..{len(moves)}")
    if starts is None:
        starts = deal_starts(game, players, seed, options, moves)
    try:
        rules = games.get(game)
        state = rules.replay(players, seed, game_options(options), moves[:step])
        public = state.view(None)
        hands = [rules.hand_facts(state.view(seat), seat) for seat in range(players)]
        facts = rules.public_facts(public)
    except (KeyError, ValueError, TypeError, games.IllegalAction) as exc:
        raise ReplayError(str(exc)) from exc
    return Frame(
        step=step,
        total=len(moves),
        deal_starts=starts,
        hands=hands,
        public=public,
        facts=facts,
        to_move=[] if state.is_over() else list(state.to_move()),
        events=[e for e in public.get("events", []) if "to" not in e] if step else [],
    )
