"""AI seats' choices: "fort" searches run in worker processes, never on the event loop.

A search is CPU-bound for up to a second. In a thread it still holds the GIL in long
stretches, so several searches at once stalled every table of the process (measured: event
loop lag p99 87 ms with four searches in threads). Worker processes get the state as its
JSON snapshot and answer an action id. "facile" is a heuristic of a few microseconds to a
millisecond, so it is chosen in place; it is also the fallback when a worker crashes or
runs past its deadline, so a table never stalls on its AI.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Protocol

import games
import games.ai
from games import GameState, Rng

log = logging.getLogger("tapis.ai")

SEARCH_BUDGET = 0.8  # seconds of search per decision (see docs/ai.md)
SEARCH_DEADLINE = 5.0  # past this the worker is presumed stuck and "facile" answers


# In a worker: (game slug, state snapshot, seat, level, seed) -> action id. Module-level,
# so that it pickles.
Search = Callable[[str, str, int, str, int], str]


class AiPlayer(Protocol):
    async def choose(self, state: GameState, seat: int, level: str, seed: int) -> str: ...

    async def close(self) -> None: ...


def default_workers() -> int:
    """One less than the cores, so the event loop keeps one; at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


def _search(slug: str, snapshot: str, seat: int, level: str, seed: int) -> str:
    """In a worker process: rebuild the state and search it."""
    state = games.get(slug).from_json(snapshot)
    return games.ai.choose(state, seat, level, Rng(seed), budget_s=SEARCH_BUDGET)


def easy_move(state: GameState, seat: int, seed: int) -> str:
    return games.ai.choose(state, seat, "facile", Rng(seed))


class WorkerAi:
    """A process pool started on the first search and replaced if a worker dies."""

    def __init__(
        self,
        workers: int | None = None,
        deadline: float = SEARCH_DEADLINE,
        search: Search | None = None,
    ) -> None:
        self.workers = workers or default_workers()
        self.deadline = deadline
        self._search = search or _search
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: a fresh interpreter per worker, nothing of the bot's loop or sockets.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context)
        return self._pool

    async def choose(self, state: GameState, seat: int, level: str, seed: int) -> str:
        if level == "facile":
            return easy_move(state, seat, seed)
        loop = asyncio.get_running_loop()
        snapshot = state.to_json()
        try:
            work = loop.run_in_executor(
                self._executor(), self._search, state.rules.slug, snapshot, seat, level, seed
            )
            return await asyncio.wait_for(work, self.deadline)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a crashed or stuck worker: the table must not wait
            log.warning("AI search failed (%s): playing the facile move", type(exc).__name__)
            await self._reset()
            return easy_move(state, seat, seed)

    async def _reset(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, True, cancel_futures=True)
