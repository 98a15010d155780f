"""Small builders and reads shared by the storage tests (and the bot's, which check what
was stored)."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TypeVar

from sqlalchemy.orm import Session

from db import MoveRecord, RatingPoint, SeasonInfo, SeatInfo, SeatResult, Store
from db.store.history import rating_points
from db.store.seasons import guild_seasons

GUILD = 2**62 + 12_345  # a Discord-sized id, beyond 2**53
CHANNEL = 2**61 + 7
HOST = 2**60 + 1


T = TypeVar("T")


def user(n: int) -> int:
    """A distinct Discord-sized user id per small integer."""
    return 2**58 + n


async def new_table(
    store: Store,
    *,
    game: str = "manille",
    guild_id: int = GUILD,
    users: Sequence[int | None] = (),
    status: str | None = None,
) -> int:
    """A table with one seat per entry of `users` (None is an AI seat)."""
    table_id = await store.tables.create(
        guild_id=guild_id,
        channel_id=CHANNEL,
        game=game,
        options={"target": 100},
        seed=12345,
        host_id=HOST,
    )
    if users:
        await store.tables.set_seats(
            table_id,
            [
                SeatInfo(i, uid, uid is None, "easy" if uid is None else None, name(uid, i))
                for i, uid in enumerate(users)
            ],
        )
    if status is not None:
        await store.tables.update(table_id, status=status)
    return table_id


def name(uid: int | None, seat: int) -> str:
    return f"AI {seat}" if uid is None else f"player-{uid - 2**58}"


def results(users: Sequence[int | None], ranks: Sequence[int]) -> list[SeatResult]:
    return [
        SeatResult(i, uid, uid is None, name(uid, i), rank, score=100 - 10 * rank)
        for i, (uid, rank) in enumerate(zip(users, ranks, strict=True))
    ]


async def play(
    store: Store,
    users: Sequence[int | None],
    ranks: Sequence[int],
    *,
    game: str = "manille",
    guild_id: int = GUILD,
    teams: list[list[int]] | None = None,
) -> int:
    """Create a table and record a result with `ranks` for `users`; returns the table id."""
    table_id = await new_table(store, game=game, guild_id=guild_id)
    recorded = await store.results.record(
        table_id, guild_id=guild_id, game=game, seats=results(users, ranks), teams=teams
    )
    assert recorded
    return table_id


@contextlib.contextmanager
def write_lock(path: Path) -> Iterator[None]:
    """Another process's writer holding SQLite's write lock: the next write waits for it."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")
        yield
    finally:
        conn.execute("ROLLBACK")
        conn.close()


async def logged_moves(store: Store, table_id: int) -> list[MoveRecord]:
    """The table's move log as stored, which a restore replays (empty for no such table)."""
    record = await store.tables.get(table_id)
    return [] if record is None else record.moves


async def in_one_read(store: Store, read: Callable[[Session], T]) -> T:
    """`read` (one of the store's read functions) in one transaction of its own."""
    async with store.engine.connect() as conn:
        return await conn.run_sync(lambda sync: read(Session(bind=sync)))


async def seasons_of(store: Store, guild_id: int) -> list[SeasonInfo]:
    """Every season of the guild, oldest first, as the leaderboard pages read them."""
    return await in_one_read(store, lambda s: guild_seasons(s, guild_id))


async def rating_history(
    store: Store, guild_id: int, user_id: int, *, season: int | None = None
) -> list[RatingPoint]:
    """The player's rating after each match (every season for None), as the player page
    reads a season's."""
    return await in_one_read(store, lambda s: rating_points(s, guild_id, user_id, season))
