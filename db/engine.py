"""Engine construction for SQLite (aiosqlite) and PostgreSQL (asyncpg).

SQLite gets WAL (readers never block the one writer), a busy timeout (a second writer
waits instead of failing at once) and enforced foreign keys. Python's sqlite3 module opens
transactions lazily and only before DML, which makes read-then-write sequences racy; so
its implicit transaction handling is switched off and the `begin` event emits BEGIN
itself: `BEGIN IMMEDIATE` for write sessions (the write lock is taken up front, so a
read-modify-write never fails halfway with SQLITE_BUSY), a plain deferred `BEGIN` for reads
(a consistent snapshot across several SELECTs).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.pool import NullPool

DEFAULT_URL = "sqlite+aiosqlite:///data/tapis.db"
BUSY_TIMEOUT_MS = 10_000
# PostgreSQL: how long to wait for a connection and for one statement. A player waits for
# their move's write, so an unreachable or hung server must fail fast enough to tell them
# within Discord's 3 s (connecting) or soon after the click was acknowledged (a statement).
PG_CONNECT_TIMEOUT = 2.0
PG_COMMAND_TIMEOUT = 8.0
WRITE_OPTION = "tapis_write"
"""Execution option marking a connection whose transaction will write (BEGIN IMMEDIATE)."""


def database_url(environ: Mapping[str, str] | None = None) -> str:
    """`DATABASE_URL` from the environment, else the default SQLite file."""
    env = os.environ if environ is None else environ
    return env.get("DATABASE_URL") or DEFAULT_URL


def is_sqlite(url: str | URL) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


def sqlite_path(url: str | URL) -> Path | None:
    """The database file of a SQLite URL; None for other backends. In-memory is refused.

    An in-memory database would be a different database on every connection (and on the
    migration thread's connection), which silently loses data.
    """
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return None
    database = parsed.database or ""
    if database in ("", ":memory:") or database.startswith("file::memory:"):
        raise ValueError("in-memory SQLite is not supported: use a file (e.g. under tmp)")
    return Path(database)


async def prepare(url: str | URL) -> None:
    """Create the SQLite file's directory (off the event loop); nothing for other backends."""
    path = sqlite_path(url)
    if path is not None:
        await asyncio.to_thread(path.parent.mkdir, parents=True, exist_ok=True)


def make_engine(url: str | URL, *, foreign_keys: bool = True, pooled: bool = True) -> AsyncEngine:
    """An async engine with Tapis' connection settings.

    `foreign_keys=False` is for migrations: a SQLite batch migration recreates a table
    (copy, drop, rename) and, with foreign keys on, dropping a parent table would cascade
    and delete its children's rows.
    """
    kwargs: dict[str, Any] = {}
    if not pooled:
        kwargs["poolclass"] = NullPool
    if not is_sqlite(url):
        kwargs["pool_pre_ping"] = True
        kwargs["connect_args"] = {
            "timeout": PG_CONNECT_TIMEOUT,
            "command_timeout": PG_COMMAND_TIMEOUT,
        }
        return create_async_engine(url, **kwargs)
    sqlite_path(url)  # refuses in-memory databases
    engine = create_async_engine(url, **kwargs)
    _configure_sqlite(engine.sync_engine, foreign_keys=foreign_keys)
    return engine


def make_sqlite_reader(url: str | URL) -> Engine:
    """A synchronous engine on the same SQLite file, for reads run whole in a worker thread.

    Through aiosqlite every statement is several trips between the event loop and the
    driver's thread; a page that reads in one trip to a worker thread pays one. Same
    settings as `make_engine` (WAL, busy timeout, BEGIN emitted by us).
    """
    parsed = make_url(url).set(drivername="sqlite")
    sqlite_path(parsed)  # refuses in-memory databases
    engine = create_engine(parsed, connect_args={"check_same_thread": False})
    _configure_sqlite(engine, foreign_keys=True)
    return engine


def _configure_sqlite(engine: Engine, *, foreign_keys: bool) -> None:
    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we emit BEGIN ourselves (see module doc)
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            cursor.execute(f"PRAGMA foreign_keys={'ON' if foreign_keys else 'OFF'}")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(connection: Connection) -> None:
        write = connection.get_execution_options().get(WRITE_OPTION, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """Sessions that keep loaded values after commit (rows are turned into records anyway)."""
    return async_sessionmaker(engine, expire_on_commit=False, autoflush=False)
