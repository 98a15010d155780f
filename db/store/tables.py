"""Tables: the lobby, seats, the start of play, and loading tables back with their children.

Loading fetches the tables, then all their seats, snapshots and moves in one query each,
which keeps restoring a thousand tables at start-up to four queries.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from sqlalchemy import ColumnElement, insert, literal_column, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from ..records import (
    OPEN_STATUSES,
    REMATCH,
    TABLE_SETTINGS,
    MoveRecord,
    SeatInfo,
    TableNotFound,
    TableRecord,
    TableStatus,
    rematch_of,
)
from .database import (
    MOVES,
    SEATS,
    SNAPSHOTS,
    TABLES,
    Database,
    as_utc,
    check_game,
    clip_name,
    lock_table,
    new_id,
    rowcount,
    save_snapshot,
    utcnow,
)

UPDATABLE_FIELDS = frozenset(
    {"channel_id", "thread_id", "message_id", "status", "version", "options", "host_id", "seed"}
)
"""What `Tables.update` may change; the guild, game and creation time are fixed for life."""


class Tables:
    """Creating, changing, starting and loading tables."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        options: dict[str, Any],
        seed: int,
        host_id: int,
        thread_id: int | None = None,
    ) -> int:
        """A new table in the lobby (version 0); returns its id."""
        check_game(game)
        now = utcnow()
        async with self._db.write() as s:
            result = await s.execute(
                insert(TABLES).values(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    thread_id=thread_id,
                    message_id=None,
                    game=game,
                    options=dict(options),
                    seed=seed,
                    status=TableStatus.LOBBY.value,
                    version=0,
                    host_id=host_id,
                    created_at=now,
                    updated_at=now,
                )
            )
            return new_id(result)

    async def rematch(
        self,
        table_id: int,
        *,
        options: dict[str, Any],
        seed: int,
        host_id: int,
        seats: list[SeatInfo],
        thread_id: int | None = None,
    ) -> tuple[int, bool]:
        """The rematch of finished table `table_id`: a new lobby of the same game in the
        same guild and channel, with `seats`. Returns its id and whether this call opened
        it. The finished table's settings get the new id only where they have none yet, in
        the transaction that creates the new table (its row locked first), so concurrent
        clicks, in any process, open one lobby and the others get its id."""
        _check_seats(seats)
        now = utcnow()
        async with self._db.write() as s:
            row = (
                await s.execute(
                    select(
                        TABLES.c.guild_id,
                        TABLES.c.channel_id,
                        TABLES.c.game,
                        TABLES.c.status,
                        TABLES.c.options,
                    )
                    .where(TABLES.c.id == table_id)
                    .with_for_update()
                )
            ).first()
            if row is None:
                raise TableNotFound(table_id)
            old = dict(row.options or {})
            existing = rematch_of(old)
            if existing is not None:
                return existing, False
            if row.status != TableStatus.FINISHED.value:
                raise ValueError(f"table {table_id} is {row.status}, not finished")
            result = await s.execute(
                insert(TABLES).values(
                    guild_id=row.guild_id,
                    channel_id=row.channel_id,
                    thread_id=thread_id,
                    message_id=None,
                    game=row.game,
                    options=dict(options),
                    seed=seed,
                    status=TableStatus.LOBBY.value,
                    version=0,
                    host_id=host_id,
                    created_at=now,
                    updated_at=now,
                )
            )
            new = new_id(result)
            await _insert_seats(s, new, seats)
            settings = old.get(TABLE_SETTINGS)
            old[TABLE_SETTINGS] = {**(settings if isinstance(settings, dict) else {}), REMATCH: new}
            await s.execute(
                update(TABLES).where(TABLES.c.id == table_id).values(options=old, updated_at=now)
            )
            return new, True

    async def update(self, table_id: int, **fields: Any) -> None:
        """Change some of UPDATABLE_FIELDS; an unknown name is a TypeError, as for a call."""
        unknown = set(fields) - UPDATABLE_FIELDS
        if unknown:
            raise TypeError(f"tables.update: unknown field(s) {sorted(unknown)}")
        if "status" in fields:
            fields["status"] = TableStatus(fields["status"]).value
        async with self._db.write() as s:
            result = await s.execute(
                update(TABLES).where(TABLES.c.id == table_id).values(**fields, updated_at=utcnow())
            )
            if rowcount(result) == 0:
                raise TableNotFound(table_id)

    async def set_seats(self, table_id: int, seats: list[SeatInfo]) -> None:
        """Replace the table's seat list (joins, leaves and AI additions in the lobby)."""
        _check_seats(seats)
        async with self._db.write() as s:
            await lock_table(s, table_id)
            await s.execute(SEATS.delete().where(SEATS.c.table_id == table_id))
            await _insert_seats(s, table_id, seats)
            await s.execute(
                update(TABLES).where(TABLES.c.id == table_id).values(updated_at=utcnow())
            )

    async def start(self, table_id: int, snapshot: str) -> None:
        """Lobby → playing, with the state before any move stored as version 0, atomically."""
        now = utcnow()
        async with self._db.write() as s:
            await lock_table(s, table_id)
            status = await s.scalar(select(TABLES.c.status).where(TABLES.c.id == table_id))
            if status != TableStatus.LOBBY.value:
                raise ValueError(f"table {table_id} is {status}, not in the lobby")
            await save_snapshot(s, table_id, 0, snapshot, now)
            await s.execute(
                update(TABLES)
                .where(TABLES.c.id == table_id)
                .values(status=TableStatus.PLAYING.value, version=0, updated_at=now)
            )

    async def get(self, table_id: int) -> TableRecord | None:
        """The table with its seats, latest snapshot and move log; None if unknown."""
        async with self._db.read() as s:
            found = await _load_tables(s, TABLES.c.id == table_id)
        return found[0] if found else None

    async def all_open(
        self, *, shard_count: int = 1, shard_ids: Sequence[int] | None = None
    ) -> list[TableRecord]:
        """Every lobby or playing table, complete, for the restore at start-up (4 queries).

        With `shard_ids`, only the tables of guilds on those shards (Discord's formula,
        `(guild_id >> 22) % shard_count`): a process restores the tables of its own shards.
        """
        where: ColumnElement[bool] = TABLES.c.status.in_([s.value for s in OPEN_STATUSES])
        if shard_ids is not None and shard_count > 1:
            # The shift amount inline: PostgreSQL has bigint >> integer, not >> bigint.
            shard = TABLES.c.guild_id.op(">>")(literal_column("22")) % shard_count
            where = where & shard.in_(list(shard_ids))
        async with self._db.read() as s:
            return await _load_tables(s, where)


def _check_seats(seats: list[SeatInfo]) -> None:
    numbers = [s.seat for s in seats]
    if len(set(numbers)) != len(numbers) or any(n < 0 for n in numbers):
        raise ValueError(f"seat numbers must be distinct and >= 0, got {numbers}")
    for seat in seats:
        if not seat.is_ai and seat.user_id is None:
            raise ValueError(f"seat {seat.seat}: a human seat needs a user id")


async def _insert_seats(s: AsyncSession, table_id: int, seats: list[SeatInfo]) -> None:
    if seats:
        await s.execute(
            insert(SEATS),
            [
                {
                    "table_id": table_id,
                    "seat": seat.seat,
                    "user_id": None if seat.is_ai else seat.user_id,
                    "is_ai": seat.is_ai,
                    "ai_level": seat.ai_level if seat.is_ai else None,
                    "name": clip_name(seat.name),
                }
                for seat in seats
            ],
        )


async def _load_tables(s: AsyncSession, where: ColumnElement[bool]) -> list[TableRecord]:
    """Tables matching `where` plus their children: one query per table, not per row."""
    tables = (await s.execute(select(TABLES).where(where).order_by(TABLES.c.id))).all()
    if not tables:
        return []
    ids = select(TABLES.c.id).where(where).scalar_subquery()
    seats: dict[int, list[SeatInfo]] = defaultdict(list)
    for row in await s.execute(
        select(
            SEATS.c.table_id,
            SEATS.c.seat,
            SEATS.c.user_id,
            SEATS.c.is_ai,
            SEATS.c.ai_level,
            SEATS.c.name,
        )
        .where(SEATS.c.table_id.in_(ids))
        .order_by(SEATS.c.table_id, SEATS.c.seat)
    ):
        seats[row[0]].append(SeatInfo(row[1], row[2], bool(row[3]), row[4], row[5]))
    snapshots: dict[int, tuple[int, str]] = {
        table_id: (version, state)
        for table_id, version, state in await s.execute(
            select(SNAPSHOTS.c.table_id, SNAPSHOTS.c.version, SNAPSHOTS.c.state).where(
                SNAPSHOTS.c.table_id.in_(ids)
            )
        )
    }
    moves: dict[int, list[MoveRecord]] = defaultdict(list)
    for table_id, seq, seat, action_id in await s.execute(
        select(MOVES.c.table_id, MOVES.c.seq, MOVES.c.seat, MOVES.c.action_id)
        .where(MOVES.c.table_id.in_(ids))
        .order_by(MOVES.c.table_id, MOVES.c.seq)
    ):
        moves[table_id].append(MoveRecord(seq, seat, action_id))
    records = []
    for t in tables:
        snapshot = snapshots.get(t.id)
        records.append(
            TableRecord(
                id=t.id,
                guild_id=t.guild_id,
                channel_id=t.channel_id,
                thread_id=t.thread_id,
                message_id=t.message_id,
                game=t.game,
                options=t.options,
                seed=t.seed,
                status=TableStatus(t.status),
                version=t.version,
                host_id=t.host_id,
                seats=seats.get(t.id, []),
                snapshot=snapshot[1] if snapshot else None,
                snapshot_version=snapshot[0] if snapshot else None,
                moves=moves.get(t.id, []),
                created_at=as_utc(t.created_at),
                updated_at=as_utc(t.updated_at),
            )
        )
    return records
