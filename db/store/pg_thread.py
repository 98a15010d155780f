"""One worker thread with its own event loop and one asyncpg connection: the PostgreSQL
move log's group writer.

A group commit on PostgreSQL is a handful of round trips (begin, lock, three bulk writes,
commit). On the bot's event loop each round trip waits its turn behind every click and
redraw ready at that moment, so under load a group that needs 5 ms on an idle loop took
50 ms and more (measured: p50 8.6 ms with an idle loop, 52 ms with the loop two-thirds
busy), and every click waits for its group. Here the round trips run on a loop that has
nothing else to do; the bot's loop waits for one answer per group.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import asyncpg
from sqlalchemy.engine import URL, make_url

from ..engine import PG_COMMAND_TIMEOUT, PG_CONNECT_TIMEOUT

T = TypeVar("T")

Work = Callable[[Any], Awaitable[T]]  # given the thread's asyncpg connection


def asyncpg_dsn(url: str | URL) -> str:
    """The plain `postgresql://` address asyncpg takes, from SQLAlchemy's URL."""
    parsed = make_url(url).set(drivername="postgresql")
    return parsed.render_as_string(hide_password=False)


class PgThread:
    """Runs work on its own thread and loop, on a connection opened there (and opened again
    after a failure: a broken connection is dropped, the next group reconnects)."""

    def __init__(self, url: str | URL) -> None:
        self._dsn = asyncpg_dsn(url)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._loop.run_forever, name="tapis-pg-writer", daemon=True
        )
        self._thread.start()
        self._conn: Any = None  # only touched on the thread
        self.abandoned = threading.Event()  # set when nobody waits for its writes any more

    async def run(self, work: Work[T]) -> T:
        """`work(connection)` on the thread; cancelling the caller cancels the work."""
        future = asyncio.run_coroutine_threadsafe(self._call(work), self._loop)
        return await asyncio.wrap_future(future)

    async def _call(self, work: Work[T]) -> T:
        if self._conn is None or self._conn.is_closed():
            self._conn = await asyncpg.connect(
                self._dsn, timeout=PG_CONNECT_TIMEOUT, command_timeout=PG_COMMAND_TIMEOUT
            )
        try:
            return await work(self._conn)
        except BaseException:
            # A failed or cancelled write may leave the connection mid-transaction or
            # broken: start the next group on a new one.
            await self._drop()
            raise

    async def _drop(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.terminate()

    async def close(self, timeout: float | None = None) -> None:
        """Close the connection and stop the thread; work still running is cancelled."""
        if not self._thread.is_alive():
            return
        closing = asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(asyncio.wrap_future(closing), timeout or 1.0)
        self._loop.call_soon_threadsafe(self._loop.stop)
        await asyncio.to_thread(self._thread.join, timeout)
        if not self._thread.is_alive():
            self._loop.close()

    async def _shutdown(self) -> None:
        current = asyncio.current_task()
        for task in asyncio.all_tasks():
            if task is not current:
                task.cancel()
        await self._drop()
