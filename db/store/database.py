"""What every part of the Store shares: the table handles, small helpers and the sessions.

Each concern of the Store (tables, moves, results, seasons, ...) is an object of its own
that holds the one `Database` of the store: the engine and the sessions. The helpers that
several concerns call inside their own write transaction (locking a table row, saving a
snapshot) are functions here that take that transaction's session, so that one logical
write is never split across two transactions.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any, TypeVar, cast

from sqlalchemy import CursorResult, Result, Table, insert, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession
from sqlalchemy.orm import Session
from sqlmodel import SQLModel

from ..engine import WRITE_OPTION, make_sessionmaker, make_sqlite_reader
from ..models import (
    MAX_NAME,
    MAX_SLUG,
    GameTable,
    Match,
    MatchResult,
    Move,
    Rating,
    RatingHistory,
    Season,
    Seat,
    Snapshot,
)
from ..records import ALL_GAMES, TableNotFound


def rowcount(result: Result[Any]) -> int:
    """Rows an UPDATE or DELETE matched (`execute` is typed as returning a plain Result)."""
    return cast(CursorResult[Any], result).rowcount


def new_id(result: Result[Any]) -> int:
    """The primary key an INSERT made."""
    key = cast(CursorResult[Any], result).inserted_primary_key
    assert key is not None
    return int(key[0])


def core_table(model: type[SQLModel]) -> Table:
    """A model's Core table (SQLModel sets `__table__` on each table model at class creation)."""
    return cast(Table, getattr(model, "__table__"))  # noqa: B009


TABLES = core_table(GameTable)
SEATS = core_table(Seat)
MOVES = core_table(Move)
SNAPSHOTS = core_table(Snapshot)
SEASONS = core_table(Season)
MATCHES = core_table(Match)
RESULTS = core_table(MatchResult)
RATINGS = core_table(Rating)
HISTORY = core_table(RatingHistory)

T = TypeVar("T")

RETRIES = 5
"""Attempts for writes that may lose a race on PostgreSQL (a new rating or season row)."""

_RACE_SQLSTATES = frozenset({"40001", "40P01"})  # serialization failure, deadlock


def utcnow() -> datetime:
    return datetime.now(UTC)


def as_utc(value: datetime | None) -> datetime | None:
    """SQLite hands back naive datetimes; everything stored is UTC."""
    if value is None or value.tzinfo is not None:
        return value
    return value.replace(tzinfo=UTC)


def lost_race(exc: DBAPIError) -> bool:
    """An error a retry of the whole transaction can cure (nothing was committed)."""
    if isinstance(exc, IntegrityError | OperationalError):  # SQLite: still locked
        return True
    return getattr(exc.orig, "sqlstate", None) in _RACE_SQLSTATES


def check_game(game: str) -> None:
    if not game or game == ALL_GAMES or len(game) > MAX_SLUG:
        raise ValueError(f"invalid game slug {game!r}")


def clip_name(name: str) -> str:
    """Display names are cosmetic: cut rather than refuse one longer than the column."""
    return name[:MAX_NAME]


class Database:
    """The engine and its sessions, shared by every concern of one Store; no queries."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"
        self._sessions = make_sessionmaker(engine)
        self._sqlite_writer = asyncio.Lock()
        # SQLite: a synchronous engine on the same file for `read_all` (see there).
        self._reader = None if self.postgres else make_sqlite_reader(engine.url)

    async def close(self) -> None:
        await self.engine.dispose()
        if self._reader is not None:
            await asyncio.to_thread(self._reader.dispose)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[AsyncSession]:
        """A read-only transaction that sees one consistent snapshot across its queries."""
        async with self._sessions() as session:
            if self.postgres:
                await session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
            yield session

    async def read_all(self, read: Callable[[Session], T]) -> T:
        """`read(session)` in one read transaction, for reads of several statements.

        On SQLite the whole function runs in a worker thread on a synchronous connection:
        through aiosqlite every statement costs several trips between the event loop and
        the driver's thread, which under load costs more than the queries themselves. On
        PostgreSQL it runs in the async session (`run_sync`), a network round trip each.
        """
        if self._reader is None:
            async with self.read() as s:
                return await s.run_sync(read)
        return await asyncio.to_thread(self._read_in_thread, read)

    def _read_in_thread(self, read: Callable[[Session], T]) -> T:
        assert self._reader is not None
        with Session(self._reader) as session:
            return read(session)

    @asynccontextmanager
    async def write(self) -> AsyncIterator[AsyncSession]:
        """One transaction, committed on success and rolled back on any exception.

        SQLite has one writer at a time: writers of this process queue on a lock instead of
        colliding in the database and backing off in its busy handler.
        """
        async with self.write_gate(), self._sessions() as session, session.begin():
            await session.connection(execution_options={WRITE_OPTION: True})
            yield session

    @asynccontextmanager
    async def write_gate(self) -> AsyncIterator[None]:
        """This process's turn to write to SQLite (nothing to wait for on PostgreSQL)."""
        if self.postgres:
            yield
            return
        async with self._sqlite_writer:
            yield


# --- helpers inside a write transaction ---------------------------------------------------
async def lock_table(s: AsyncSession, table_id: int) -> Any:
    """The table's row, locked for this transaction on PostgreSQL; TableNotFound if none."""
    row = (
        await s.execute(
            select(TABLES.c.id, TABLES.c.guild_id, TABLES.c.game, TABLES.c.version)
            .where(TABLES.c.id == table_id)
            .with_for_update()
        )
    ).first()
    if row is None:
        raise TableNotFound(table_id)
    return row


async def save_snapshot(
    s: AsyncSession, table_id: int, version: int, state: str, now: datetime
) -> None:
    """Replace the table's one snapshot row, or write the first one."""
    result = await s.execute(
        update(SNAPSHOTS)
        .where(SNAPSHOTS.c.table_id == table_id)
        .values(version=version, state=state, updated_at=now)
    )
    if rowcount(result) == 0:
        await s.execute(
            insert(SNAPSHOTS).values(
                table_id=table_id, version=version, state=state, updated_at=now
            )
        )
