"""AI seats' choices: "fort" searches run in worker processes, never on the event loop.

A search is CPU-bound for up to a second. In a thread it still holds the GIL in long
stretches, so several searches at once stalled every table of the process (measured: event
loop lag p99 87 ms with four searches in threads). Worker processes get the state as its
JSON snapshot and answer an action id. "facile" is a heuristic of a few microseconds to a
millisecond, so it is chosen in place; it is also the fallback when a worker crashes or
runs past its deadline, so a table never stalls on its AI.

Under load (hundreds of tables with AI seats) searches outnumber the workers: at most
QUEUE_PER_WORKER searches wait per worker, beyond that an AI plays its "facile" move at
once, so that an AI's turn stays within a few seconds instead of queueing without end.
Workers run at the lowest CPU priority and end with the bot (workers.PipePool). A hint
(bot.table.hint) is asked by a player who waits for it: it runs in a worker of its own,
niced instead (`HINT_NICENESS`), never queued behind the AI seats' searches; at idle
priority it starved on a machine whose cores the bot and its neighbours kept busy, and
overran its deadline.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
from collections.abc import Callable
from typing import Any, Protocol, TypeVar, cast

import games
import games.ai
from games import GameState, Rng
from games.ai.advice import Hint, hint
from workers import PipePool, PipeWorker, start_worker

log = logging.getLogger("tapis.ai")

Result = TypeVar("Result")

SEARCH_BUDGET = 0.8  # seconds of search per decision (see docs/ai.md)
SEARCH_DEADLINE = 5.0  # past this the worker is presumed stuck and "facile" answers
QUEUE_PER_WORKER = 2  # searches waiting per worker (besides the running one); more: facile
SATURATION_LOG_EVERY = 30.0  # seconds between two "saturated" warnings
# A hint's search (bot.table.hint): its p95 with the worker's own costs stays under 1 s
# (bench/ai.py --advice --budget, docs/ai.md); past the deadline the player is told to retry.
HINT_BUDGET = 0.5
HINT_DEADLINE = SEARCH_DEADLINE
HINT_NICENESS = 10  # how much lower than the bot's the hint worker's CPU priority is


# In a worker: (game slug, state snapshot, seat, level, seed) -> action id. Module-level,
# so that it pickles.
Search = Callable[[str, str, int, str, int], str]


class AiPlayer(Protocol):
    async def choose(self, state: GameState, seat: int, level: str, seed: int) -> str: ...

    async def run(
        self, fn: Callable[..., Result], *args: Any, deadline: float | None = None
    ) -> Result: ...

    async def advise(self, fn: Callable[..., Result], *args: Any, deadline: float) -> Result: ...

    def warm(self) -> None: ...

    async def close(self) -> None: ...


def default_workers() -> int:
    """One less than the cores, so the event loop keeps one; at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


def _search(slug: str, snapshot: str, seat: int, level: str, seed: int) -> str:
    """In a worker process: rebuild the state and search it."""
    state = games.get(slug).from_json(snapshot)
    return games.ai.choose(state, seat, level, Rng(seed), budget_s=SEARCH_BUDGET)


def hint_for(slug: str, snapshot: str, seat: int, seed: int, budget: float) -> Hint:
    """In a worker process: the strong AI's hint for `seat`, from what that seat knows
    (games.ai.advice searches a stand-in, never the snapshot's hidden cards)."""
    state = games.get(slug).from_json(snapshot)
    return hint(state, seat, Rng(seed), budget_s=budget)


def easy_move(state: GameState, seat: int, seed: int) -> str:
    return games.ai.choose(state, seat, "facile", Rng(seed))


class WorkerAi:
    """Worker processes (`workers.PipePool`), started on the first search, and the hints'
    own worker, started once a table that allows hints is in play (`warm`) or on the first
    hint; a crashed or stuck one is replaced."""

    def __init__(
        self,
        workers: int | None = None,
        deadline: float = SEARCH_DEADLINE,
        search: Search | None = None,
    ) -> None:
        self.workers = workers or default_workers()
        self.deadline = deadline
        self._search = search or _search
        self._pool: PipePool | None = None
        self._adviser = PipeWorker(functools.partial(start_worker, HINT_NICENESS))
        self.backlog = self.workers * (1 + QUEUE_PER_WORKER)  # searches in flight at most
        self._in_flight = 0
        self.saturated = 0  # "fort" decisions played as "facile" because the pool was full
        self._warned_at: float | None = None

    @property
    def in_flight(self) -> int:
        """Searches and other jobs (hints) running or waiting in the workers now."""
        return self._in_flight

    async def choose(self, state: GameState, seat: int, level: str, seed: int) -> str:
        if level == "facile":
            return easy_move(state, seat, seed)
        if self._in_flight >= self.backlog:
            self._saturated()
            return easy_move(state, seat, seed)
        snapshot = state.to_json()
        try:
            return await self.run(self._search, state.rules.slug, snapshot, seat, level, seed)
        except Exception as exc:  # a crashed or stuck worker (WorkerGone: this search's, or
            # one it was queued behind): the table must not wait
            log.warning("AI search failed (%s): playing the facile move", type(exc).__name__)
            return easy_move(state, seat, seed)

    async def run(
        self, fn: Callable[..., Result], *args: Any, deadline: float | None = None
    ) -> Result:
        """`fn(*args)` in a worker process (`fn` module-level, so that it pickles), within
        `deadline` seconds (the search's by default): TimeoutError past it, and the worker is
        replaced; WorkerGone when it crashed (or was replaced) meanwhile, WorkerFailed (the
        exception's type only) when `fn` raised. The caller decides what to answer instead."""
        if self._pool is None:
            self._pool = PipePool(self.workers)
        self._in_flight += 1
        try:
            limit = self.deadline if deadline is None else deadline
            return cast(Result, await self._pool.run(fn, *args, deadline=limit))
        finally:
            self._in_flight -= 1

    async def advise(self, fn: Callable[..., Result], *args: Any, deadline: float) -> Result:
        """`fn(*args)` for a player who waits for it (a hint), in the hints' own worker,
        within `deadline` seconds; fails as `run` does."""
        return cast(Result, await self._adviser.run(fn, *args, deadline=deadline))

    def warm(self) -> None:
        """Start the hints' worker now (a table that allows hints is in play): the first
        hint then waits for its search only, not for an interpreter to start."""
        self._adviser.start()

    def _saturated(self) -> None:
        self.saturated += 1
        now = asyncio.get_running_loop().time()
        if self._warned_at is None or now - self._warned_at >= SATURATION_LOG_EVERY:
            self._warned_at = now
            log.warning(
                "AI workers saturated (%d searches in flight): %d 'fort' move(s) played "
                "as 'facile' so far",
                self._in_flight,
                self.saturated,
            )

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()
        await self._adviser.close()
