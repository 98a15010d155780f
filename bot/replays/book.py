"""Replays of finished matches, rebuilt through the engine, and the cache that keeps them.

A replay is `rules.replay(players, seed, options, moves[:step])` at any step: step 0 is the
position after the first deal, step n the position after move n. It is rebuilt from what
the database keeps for every table (seed, options, move log), never from stored views or
snapshots, and only for a match the database has recorded as finished and that the engine
itself replays to its end: a replay shows every hand, so nothing of a match still being
played may ever reach one. The one exception is a concours table settled when its round
closed (`summary.settled`, only ever set from the concours' stored mark): closed for good,
its log stops mid-match, and its replay stops there.

Building a replay plays the whole log once (in a worker thread: a long match is a few
milliseconds of pure Python) and keeps a copy of the state every `CHECKPOINT_EVERY` moves,
so a step is one copy and at most that many moves, whatever the length of the match. The
`ReplayBook` (one per bot, made in bot.app.client) keeps the last replays opened in a bounded
LRU: stepping through a match never replays it from the start again.
"""

from __future__ import annotations

import asyncio
import bisect
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import games
from db import FinishedMatch, MatchSeat, Store
from games import GameState, IllegalAction
from web.replay import DEAL_EVENT, stopped_seats

from ..table.model import TABLE_KEY

CHECKPOINT_EVERY = 32
"""Moves between two kept states: a step replays fewer than this many moves."""
CACHE_SIZE = 64
"""Replays kept at once; a match of 300 moves keeps 10 states of a few kilobytes."""


class ReplayError(Exception):
    """The stored match does not replay to its end with this engine (a damaged log, a
    game's rules changed since): it is shown to nobody."""


@dataclass(frozen=True, slots=True, eq=False)
class Replay:
    """A finished match, ready to be shown at any step."""

    guild_id: int
    table_id: int
    match_id: int
    game: str
    seats: tuple[MatchSeat, ...]  # by seat number
    seed: int
    options: Mapping[str, Any]  # the engine's options (the bot's table settings removed)
    moves: tuple[tuple[int, str], ...]
    deal_starts: tuple[int, ...]  # the step where each deal starts, 0 first
    checkpoints: tuple[GameState, ...]  # the state at step k * every; never changed
    every: int
    practice: bool = False  # played at a practice table: the replay says so
    settled: bool = False  # a concours table stopped when its round closed: says so too
    hints: frozenset[tuple[int, int]] = frozenset()  # (move, seat): a hint asked before it

    @classmethod
    def build(cls, guild_id: int, found: FinishedMatch, every: int = CHECKPOINT_EVERY) -> Replay:
        """Play the whole log once: the deal starts, the checkpoints, and the proof that
        the log ends the match (else ReplayError)."""
        summary = found.summary
        seats = tuple(sorted(summary.seats, key=lambda s: s.seat))
        options = {k: v for k, v in found.options.items() if k != TABLE_KEY}
        moves = tuple((m.seat, m.action_id) for m in found.moves)
        if not games.known(summary.game):
            raise ReplayError(f"no game {summary.game!r} in this version")
        try:
            state = games.get(summary.game).new(
                players=len(seats), seed=found.seed, options=options
            )
            checkpoints = [state.copy()]
            starts = [0]
            for step, (seat, action_id) in enumerate(moves, start=1):
                events = state.apply(seat, action_id)
                if step < len(moves) and any(e.get("type") == DEAL_EVENT for e in events):
                    starts.append(step)
                if step % every == 0:
                    checkpoints.append(state.copy())
        except (KeyError, ValueError, TypeError, IllegalAction) as exc:
            raise ReplayError(type(exc).__name__) from None
        if summary.settled:
            seats = stopped_seats(seats, state)
        elif not state.is_over():
            raise ReplayError("the move log does not end the match")
        return cls(
            guild_id=guild_id,
            table_id=summary.table_id,
            match_id=summary.id,
            game=summary.game,
            seats=seats,
            seed=found.seed,
            options=options,
            moves=moves,
            deal_starts=tuple(starts),
            checkpoints=tuple(checkpoints),
            every=every,
            practice=summary.practice,
            settled=summary.settled,
            hints=frozenset((h.seq, h.seat) for h in found.hints),
        )

    @property
    def total(self) -> int:
        """The last step: the number of moves of the match."""
        return len(self.moves)

    @property
    def deals(self) -> int:
        return len(self.deal_starts)

    def state_at(self, step: int) -> GameState:
        """A fresh state after `step` moves (the caller may keep or change it)."""
        if not 0 <= step <= self.total:
            raise ValueError(f"step {step} is outside 0..{self.total}")
        base = min(step // self.every, len(self.checkpoints) - 1)
        state = self.checkpoints[base].copy()
        for seat, action_id in self.moves[base * self.every : step]:
            state.apply(seat, action_id)
        return state

    def move(self, step: int) -> tuple[int, str] | None:
        """The move that led to `step` (seat, action id); None at the start."""
        return self.moves[step - 1] if 1 <= step <= self.total else None

    def hinted(self, step: int) -> list[int]:
        """The seats that asked for a hint before move `step` (none at the start)."""
        return sorted(seat for seq, seat in self.hints if seq == step)

    def deal_of(self, step: int) -> int:
        """The 1-based number of the deal `step` belongs to."""
        return bisect.bisect_right(self.deal_starts, step)

    def previous_deal(self, step: int) -> int:
        """The start of this deal, or of the previous one when `step` is a deal's start."""
        index = self.deal_of(step) - 1
        if step == self.deal_starts[index] and index > 0:
            index -= 1
        return self.deal_starts[index]

    def next_deal(self, step: int) -> int:
        """The start of the next deal, or the last step during the last deal."""
        deal = self.deal_of(step)
        return self.deal_starts[deal] if deal < self.deals else self.total


class ReplayBook:
    """The replays of one bot: loaded from the store on first use, then kept (LRU)."""

    def __init__(
        self, store: Store, *, size: int = CACHE_SIZE, every: int = CHECKPOINT_EVERY
    ) -> None:
        self.store = store
        self.size = size
        self.every = every
        self._kept: OrderedDict[tuple[int, int], Replay] = OrderedDict()
        self.built = 0  # replays built from the log so far (the tests watch the cache)

    def __len__(self) -> int:
        return len(self._kept)

    async def get(self, guild_id: int, table_id: int) -> Replay | None:
        """The replay of the guild's finished table; None when the guild has no finished
        match at that table (unknown, another guild's, or still open). ReplayError when
        the stored match no longer replays."""
        key = (guild_id, table_id)
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            return kept
        found = await self.store.history.replay_at_table(guild_id, table_id)
        if found is None:
            return None
        replay = await asyncio.to_thread(Replay.build, guild_id, found, self.every)
        self.built += 1
        self._kept[key] = replay
        self._kept.move_to_end(key)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)
        return replay
