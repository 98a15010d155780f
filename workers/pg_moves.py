"""The PostgreSQL move log's group writer, run in a process of its own (db.store.pg_writer).

It used to be a thread of the bot with its own event loop and connection. Every answer the
server sent then waited for the interpreter lock that the bot's busy event loop holds (up
to the 5 ms switch interval per hand-over), as the SQLite writer's statements did before it
got a process (workers.sqlite_moves): at 500 tables a click waited 6-9 ms for its move's
commit at the median, against 2.5-3 ms on SQLite. In its own process the writer never waits
for the bot's lock.

The process keeps one connection and one event loop of its own (asyncpg is asynchronous);
a job runs to its end before the next one is read from the pipe, so the loop only ever runs
the one statement. A failed statement drops the connection: the next group reconnects.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import asyncpg

from .sqlite_moves import Move

# A group of moves in one statement: the `tapis_log_moves` function (migration 0004) locks
# the group's tables in id order and answers one code per move (workers.sqlite_moves).
LOG_MOVES_SQL = (
    "SELECT tapis_log_moves($1::int[], $2::int[], $3::int[], $4::text[], $5::text[], $6)"
)


# While a statement runs (a group waiting for a table's lock, say), the server looks every
# this many milliseconds whether the writer is still connected. A writer abandoned by the
# bot (its callers told the moves failed) is killed; without the check, a statement waiting
# for a lock would go on and commit once it got the lock. PostgreSQL 14 and later.
CONNECTION_CHECK_MS = 100
UNDEFINED_OBJECT = "42704"  # a server before 14 does not know the setting


async def _connect(dsn: str, connect_timeout: float, command_timeout: float) -> Any:
    settings = {"client_connection_check_interval": str(CONNECTION_CHECK_MS)}
    try:
        return await asyncpg.connect(
            dsn, timeout=connect_timeout, command_timeout=command_timeout, server_settings=settings
        )
    except asyncpg.PostgresError as exc:
        if getattr(exc, "sqlstate", None) != UNDEFINED_OBJECT:
            raise
    return await asyncpg.connect(dsn, timeout=connect_timeout, command_timeout=command_timeout)


@dataclass
class _Writer:
    """The process's loop and its connection (None until the first group, or after a
    failure)."""

    loop: asyncio.AbstractEventLoop = field(default_factory=asyncio.new_event_loop)
    conn: Any = None


@functools.cache
def _writer(dsn: str) -> _Writer:
    return _Writer()


def log_moves(
    dsn: str, connect_timeout: float, command_timeout: float, moves: list[Move], now: datetime
) -> list[int]:
    """Write the group in one statement and one commit; one outcome code per move."""
    writer = _writer(dsn)
    return writer.loop.run_until_complete(
        _log_moves(writer, dsn, connect_timeout, command_timeout, moves, now)
    )


async def _log_moves(
    writer: _Writer,
    dsn: str,
    connect_timeout: float,
    command_timeout: float,
    moves: list[Move],
    now: datetime,
) -> list[int]:
    if writer.conn is None or writer.conn.is_closed():
        writer.conn = await _connect(dsn, connect_timeout, command_timeout)
    try:
        codes: list[int] = await writer.conn.fetchval(
            LOG_MOVES_SQL,
            [m[0] for m in moves],
            [m[1] for m in moves],
            [m[2] for m in moves],
            [m[3] for m in moves],
            [m[4] for m in moves],
            now,
        )
    except BaseException:
        # The connection may be mid-transaction or broken: the next group opens a new one.
        conn, writer.conn = writer.conn, None
        with contextlib.suppress(Exception):
            conn.terminate()
        raise
    return codes
