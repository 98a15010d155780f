"""One worker thread that owns one SQLite connection: the move log's group writer.

The writer's statements are compiled once from the SQLAlchemy tables and run on the plain
`sqlite3` connection. Under load the bot's event loop shares the interpreter with this
thread; going through SQLAlchemy's execution machinery for every statement held the GIL
long enough to delay the loop by several milliseconds per batch. Keeping one connection
open also saves reopening the file and rereading the schema on every batch.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.dialects import sqlite

from ..engine import BUSY_TIMEOUT_MS
from ..models import TIME
from .base import MOVES, SNAPSHOTS, TABLES

T = TypeVar("T")

_DIALECT = sqlite.dialect(paramstyle="named")
_TIME = TIME.dialect_impl(_DIALECT).bind_processor(_DIALECT)


def _sql(statement: Any) -> str:
    return str(statement.compile(dialect=_DIALECT))


def db_time(value: datetime) -> Any:
    """A datetime as SQLAlchemy stores it in SQLite, so both paths read back the same."""
    return _TIME(value) if _TIME is not None else value


VERSION_SQL = _sql(select(TABLES.c.version).where(TABLES.c.id == bindparam("table_id")))
INSERT_MOVE_SQL = _sql(
    insert(MOVES).values(
        table_id=bindparam("table_id"),
        seq=bindparam("seq"),
        seat=bindparam("seat"),
        action_id=bindparam("action_id"),
        created_at=bindparam("now"),
    )
)
UPDATE_SNAPSHOT_SQL = _sql(
    update(SNAPSHOTS)
    .where(SNAPSHOTS.c.table_id == bindparam("table_id"))
    .values(version=bindparam("seq"), state=bindparam("state"), updated_at=bindparam("now"))
)
INSERT_SNAPSHOT_SQL = _sql(
    insert(SNAPSHOTS).values(
        table_id=bindparam("table_id"),
        version=bindparam("seq"),
        state=bindparam("state"),
        updated_at=bindparam("now"),
    )
)
UPDATE_VERSION_SQL = _sql(
    update(TABLES)
    .where(TABLES.c.id == bindparam("table_id"))
    .values(version=bindparam("seq"), updated_at=bindparam("now"))
)


class SqliteThread:
    """Runs work on its own thread with a connection that never leaves that thread."""

    def __init__(self, path: Path) -> None:
        self._path = path
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tapis-sqlite")
        self._conn: sqlite3.Connection | None = None  # only touched on the thread
        self.abandoned = threading.Event()  # set when nobody waits for its writes any more

    async def run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, self._call, work)

    def _call(self, work: Callable[[sqlite3.Connection], T]) -> T:
        if self._conn is None:
            # No implicit transactions: the writer says BEGIN IMMEDIATE itself, as the
            # SQLAlchemy engines do (see db.engine). WAL is a property of the file.
            conn = sqlite3.connect(self._path, isolation_level=None)
            conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            conn.execute("PRAGMA foreign_keys=ON")
            self._conn = conn
        return work(self._conn)

    async def close(self, timeout: float | None = None) -> None:
        """Close the connection after the work already handed to the thread. A write stuck
        on another process's lock is not waited for past `timeout`: the thread closes the
        connection itself once that write ends."""
        loop = asyncio.get_running_loop()
        closing = loop.run_in_executor(self._pool, self._close)
        self._pool.shutdown(wait=False)
        await asyncio.wait({closing}, timeout=timeout)

    def _close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
