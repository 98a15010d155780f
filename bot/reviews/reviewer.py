"""Computing the reviews of finished matches, in one worker process, behind everything else.

A finished table's human seats are marked pending in storage, then reviewed one after the
other. The work runs in one dedicated worker process (`workers.PipeWorker`) at idle CPU
priority, not in the AI's pool: a review is up to a minute of CPU, and in the pool it would
hold a worker that AI moves and hints wait for (their searches answer within a second or
fall back to the "facile" move). It is cut into jobs of a few decisions, and before each
job the reviewer waits while any AI search or hint is running, so that on a machine of two
cores a review only takes CPU nobody else wants.

Nothing of it runs on the event loop but the bookkeeping, and nothing waits for it: a
shutdown kills the worker at once, and what was not stored stays pending. At start-up each
process resumes the pending reviews of the guilds on its own shards (`resume`), as it
restores their open tables.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from db import FinishedMatch, ReviewLine, Store
from db.store.database import utcnow
from db.store.reviews import row_line
from workers import PipeWorker, start_worker

from ..app.shards import Shards
from ..table.changes import Stored
from ..table.model import TABLE_KEY
from . import jobs

log = logging.getLogger("tapis.reviews")

CHUNK = 4  # decisions per job: a few seconds of CPU at most
YIELD_POLL = 0.25  # seconds between two looks at whether the AI's searches are done
RESUME_WINDOW = timedelta(days=2)  # a finished match without review rows older than this is
# left alone at start-up (a seat that asks for its review still gets it computed)

Job = Callable[..., Any]


class Reviewer:
    """The queue of seats to review and the worker that reviews them."""

    def __init__(
        self,
        store: Store,
        *,
        busy: Callable[[], bool] = lambda: False,
        iterations: int | None = None,
        worker: PipeWorker | None = None,
    ) -> None:
        self.store = store
        self.busy = busy  # AI searches or hints in flight: they go first (tests hold it)
        self._iterations = iterations  # tests: a few simulations instead of the budget
        self._worker = worker or PipeWorker(start_worker)
        self._queue: asyncio.Queue[tuple[int, int, tuple[int, ...]]] = asyncio.Queue()
        self._queued: set[int] = set()
        self._task: asyncio.Task[None] | None = None
        self.computed = 0  # seats reviewed by this process (tests and logs)

    def stored(self, event: Stored) -> None:
        """A table change stored: once a match is recorded finished, review its humans."""
        table = event.table
        if table.status == "finished":
            humans = [i for i, s in enumerate(table.seats) if s.user_id and not s.is_ai]
            self.want(table.guild_id, table.id, humans)

    def want(self, guild_id: int, table_id: int, seats: list[int]) -> None:
        """Queue the review of `seats` of a finished table (once per table at a time)."""
        if not seats or table_id in self._queued:
            return
        self._queued.add(table_id)
        self._queue.put_nowait((guild_id, table_id, tuple(seats)))
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="tapis-reviews")

    async def resume(self, shards: Shards | None = None) -> int:
        """Queue what an earlier run left: pending reviews, and recent matches without
        any; with `shards`, only those of guilds on these shards. How many tables."""
        since = utcnow() - RESUME_WINDOW
        if shards is None:
            found = await self.store.reviews.to_resume(since)
        else:
            found = await self.store.reviews.to_resume(
                since, shard_count=shards.count, shard_ids=shards.ids
            )
        for guild_id, table_id, seats in found:
            self.want(guild_id, table_id, seats)
        return len(found)

    async def join(self) -> None:
        """Wait until every queued review is stored (tests)."""
        await self._queue.join()

    async def _run(self) -> None:
        while True:
            guild_id, table_id, seats = await self._queue.get()
            try:
                await self._review(guild_id, table_id, seats)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the review stays pending: the next start resumes it
                log.warning("table %s: review not computed (%s)", table_id, type(exc).__name__)
            finally:
                self._queued.discard(table_id)
                self._queue.task_done()

    async def _review(self, guild_id: int, table_id: int, seats: tuple[int, ...]) -> None:
        todo = await self.store.reviews.want(table_id, seats)
        if not todo:
            return
        found = await self.store.history.match_at_table(guild_id, table_id)
        if found is None:
            return
        for seat in todo:
            lines = await self._seat(found, seat)
            await self.store.reviews.save(table_id, seat, lines)
            self.computed += 1

    async def _seat(self, found: FinishedMatch, seat: int) -> list[ReviewLine]:
        """One seat's review, a job of CHUNK decisions at a time, behind the AI."""
        options = {k: v for k, v in found.options.items() if k != TABLE_KEY}
        moves = [(m.seat, m.action_id) for m in found.moves]
        match = (found.summary.game, len(found.summary.seats), found.seed, options, moves, seat)
        indices, iterations = await self._job(jobs.plan, *match)
        if self._iterations is not None:
            iterations = self._iterations
        kept: list[dict[str, Any]] = []
        for start in range(0, len(indices), CHUNK):
            chunk = indices[start : start + CHUNK]
            kept = jobs.keep([*kept, *await self._job(jobs.judge, *match, chunk, iterations)])
        return [row_line(line) for line in kept]

    async def _job(self, fn: Job, *args: Any) -> Any:
        while self.busy():
            await asyncio.sleep(YIELD_POLL)
        return await self._worker.submit(fn, *args)

    async def close(self) -> None:
        """Stop at once: the job running is dropped with its worker, its review stays
        pending for the next start."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._worker.kill()
