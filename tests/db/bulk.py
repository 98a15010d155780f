"""Filling a database in bulk, and reading it back raw: what tests and benches do and the
bot never does.

`import_finished` writes many finished matches at once, as `store.results.record` would one
by one: the rows of each match, its players' ratings and rating history come from the same
functions (db/store/results.py), only read and written a chunk at a time with a few
multi-row statements instead of a dozen statements per match (bench/web.py fills 100,000
matches this way). Matches count in their guild's open season, in the order given. Meant
for a database nobody else writes to meanwhile: the ratings are kept in memory from what
was stored when the import began.

`import_tables` copies open tables (bench/restore.py); `move_times` says when each move was
stored (bench/load.py).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Table, bindparam, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from db import ALL_GAMES, MoveRecord, SeatResult, Store, TableRecord, TableStatus, ratings
from db.engine import WRITE_OPTION, make_sessionmaker
from db.store.database import (
    HISTORY,
    MATCHES,
    MOVES,
    RATINGS,
    RESULTS,
    SEATS,
    SNAPSHOTS,
    TABLES,
    as_utc,
    check_game,
    clip_name,
    utcnow,
)
from db.store.results import (
    Standing,
    history_rows,
    player_names,
    rating_values,
    result_rows,
    standings_after,
)
from db.store.seasons import open_season_id


@dataclass(frozen=True, slots=True)
class ImportedMatch:
    """A finished match to import: the table (seats, seed, options, moves) and its result.

    `table.id`, `status` and `version` are ignored: the table gets a new id, is finished
    and its version is its last move.
    """

    table: TableRecord
    results: list[SeatResult]
    teams: list[list[int]] | None = None
    finished_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class MoveTime:
    """When a move was stored, and whether an AI seat made it."""

    table_id: int
    seq: int
    by_ai: bool
    stored_at: datetime


@dataclass(slots=True)
class _Row:
    """A rating row being built: its standing, and whether it is stored or changed yet."""

    standing: Standing
    name: str
    guild_id: int
    stored: bool
    changed: bool = False


_Rows = dict[tuple[int, str, int], _Row]  # (season id, game key, user id) -> row


@asynccontextmanager
async def _transaction(store: Store) -> AsyncIterator[AsyncSession]:
    """One write transaction on the store's database (BEGIN IMMEDIATE on SQLite)."""
    async with make_sessionmaker(store.engine)() as s, s.begin():
        await s.connection(execution_options={WRITE_OPTION: True})
        yield s


def _chunks(items: Iterable[ImportedMatch], size: int) -> Iterator[list[ImportedMatch]]:
    chunk: list[ImportedMatch] = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


async def import_finished(
    store: Store, matches: Iterable[ImportedMatch], *, chunk: int = 2_000
) -> int:
    """Import finished matches (one transaction per `chunk`); returns how many."""
    if chunk < 1:
        raise ValueError("chunk >= 1 is required")
    rows: _Rows = {}
    seasons: dict[int, int] = {}  # guild -> open season id
    count = 0
    for part in _chunks(matches, chunk):
        async with _transaction(store) as s:
            await _import_chunk(store, s, part, seasons, rows)
        for row in rows.values():
            row.stored, row.changed = True, False
        count += len(part)
    return count


async def _import_chunk(
    store: Store, s: AsyncSession, part: list[ImportedMatch], seasons: dict[int, int], rows: _Rows
) -> None:
    now = utcnow()
    for item in part:
        check_game(item.table.game)
        guild = item.table.guild_id
        if guild not in seasons:
            seasons[guild] = await open_season_id(s, guild, now)
            await _load_rows(s, seasons[guild], rows)
    table_ids = await _insert_returning_ids(s, TABLES, [_table_row(m, now) for m in part])
    plans = [ratings.plan_match(m.results, m.teams) for m in part]
    match_ids = await _insert_returning_ids(
        s,
        MATCHES,
        [
            {
                "table_id": table_id,
                "guild_id": m.table.guild_id,
                "season_id": seasons[m.table.guild_id],
                "game": m.table.game,
                "teams": m.teams,
                "rated": plan.rated,
                "finished_at": m.finished_at or now,
            }
            for m, table_id, plan in zip(part, table_ids, plans, strict=True)
        ],
    )
    written: dict[Table, list[dict[str, Any]]] = {
        SEATS: [],
        MOVES: [],
        SNAPSHOTS: [],
        RESULTS: [],
        HISTORY: [],
    }
    for m, table_id, match_id, plan in zip(part, table_ids, match_ids, plans, strict=True):
        t, when = m.table, m.finished_at or now
        written[SEATS].extend(_seat_rows(t, table_id))
        written[MOVES].extend(
            {"table_id": table_id, "created_at": when, **_move_row(move)} for move in t.moves
        )
        if t.snapshot is not None:
            snapshot = {"version": len(t.moves), "state": t.snapshot, "updated_at": when}
            written[SNAPSHOTS].append({"table_id": table_id, **snapshot})
        ids = {"match_id": match_id, "guild_id": t.guild_id, "season_id": seasons[t.guild_id]}
        written[RESULTS].extend(result_rows(plan, m.results, table_id=table_id, game=t.game, **ids))
        names = player_names(plan, m.results)
        for key in (t.game, ALL_GAMES):
            after = _rate(store, plan, names, rows, (ids["season_id"], key, t.guild_id))
            written[HISTORY].extend(history_rows(after, game=key, **ids))
    for table, values in written.items():
        if values:
            await s.execute(insert(table), values)
    await _store_rows(s, rows, now)


def _rate(
    store: Store,
    plan: ratings.MatchPlan,
    names: dict[int, str],
    rows: _Rows,
    where: tuple[int, str, int],
) -> dict[int, Standing]:
    """`store.results.record`'s rating update for one game key, on the rows in memory."""
    season_id, key, guild_id = where
    before = {
        uid: rows[(season_id, key, uid)].standing for uid in names if (season_id, key, uid) in rows
    }
    after = standings_after(store.results.model, plan, before)
    for uid, standing in after.items():
        row = rows.setdefault((season_id, key, uid), _Row(standing, names[uid], guild_id, False))
        row.standing, row.name, row.changed = standing, names[uid], True
    return after


def _table_row(m: ImportedMatch, now: datetime) -> dict[str, Any]:
    t = m.table
    return {
        "guild_id": t.guild_id,
        "channel_id": t.channel_id,
        "thread_id": t.thread_id,
        "message_id": t.message_id,
        "game": t.game,
        "options": dict(t.options),
        "seed": t.seed,
        "status": TableStatus.FINISHED.value,
        "version": len(t.moves),
        "host_id": t.host_id,
        "created_at": t.created_at or m.finished_at or now,
        "updated_at": m.finished_at or now,
    }


def _seat_rows(t: TableRecord, table_id: int) -> list[dict[str, Any]]:
    return [
        {
            "table_id": table_id,
            "seat": seat.seat,
            "user_id": None if seat.is_ai else seat.user_id,
            "is_ai": seat.is_ai,
            "ai_level": seat.ai_level if seat.is_ai else None,
            "name": clip_name(seat.name),
        }
        for seat in t.seats
    ]


def _move_row(move: MoveRecord) -> dict[str, Any]:
    return {"seq": move.seq, "seat": move.seat, "action_id": move.action_id}


async def _insert_returning_ids(
    s: AsyncSession, table: Table, values: list[dict[str, Any]]
) -> list[int]:
    """Insert many rows and get their new ids in the order of `values`."""
    result = await s.execute(
        insert(table).returning(table.c.id, sort_by_parameter_order=True), values
    )
    return [int(row_id) for row_id in result.scalars()]


async def _load_rows(s: AsyncSession, season_id: int, rows: _Rows) -> None:
    """The season's stored rating rows, into `rows`."""
    for r in await s.execute(
        select(
            RATINGS.c.game,
            RATINGS.c.user_id,
            RATINGS.c.mu,
            RATINGS.c.sigma,
            RATINGS.c.matches,
            RATINGS.c.wins,
            RATINGS.c.points,
            RATINGS.c.name,
            RATINGS.c.guild_id,
        ).where(RATINGS.c.season_id == season_id)
    ):
        standing = Standing(r.mu, r.sigma, r.matches, r.wins, r.points)
        rows[(season_id, r.game, r.user_id)] = _Row(standing, r.name, r.guild_id, stored=True)


async def _store_rows(s: AsyncSession, rows: _Rows, now: datetime) -> None:
    """Write the rating rows this chunk changed: new ones inserted, known ones updated."""
    new, changed = [], []
    for (season_id, game, uid), row in rows.items():
        if not row.changed:
            continue
        values = rating_values(row.standing, row.name, now)
        if row.stored:
            changed.append({**values, "k_season": season_id, "k_game": game, "k_user": uid})
        else:
            key = {"season_id": season_id, "game": game, "user_id": uid}
            new.append({**values, **key, "guild_id": row.guild_id})
    if new:
        await s.execute(insert(RATINGS), new)
    if changed:
        await s.execute(
            update(RATINGS)
            .where(
                (RATINGS.c.season_id == bindparam("k_season"))
                & (RATINGS.c.game == bindparam("k_game"))
                & (RATINGS.c.user_id == bindparam("k_user"))
            )
            .values({name: bindparam(name) for name in changed[0] if name[:2] != "k_"}),
            changed,
        )


async def import_tables(store: Store, records: Iterable[TableRecord]) -> list[int]:
    """Copy tables with their seats, snapshot and moves, in one transaction; their new ids
    in order (what bench/restore.py restores)."""
    now = utcnow()
    ids: list[int] = []
    written: dict[Table, list[dict[str, Any]]] = {SEATS: [], SNAPSHOTS: [], MOVES: []}
    async with _transaction(store) as s:
        for record in records:
            check_game(record.game)
            result = await s.execute(
                insert(TABLES)
                .values(
                    guild_id=record.guild_id,
                    channel_id=record.channel_id,
                    thread_id=record.thread_id,
                    message_id=record.message_id,
                    game=record.game,
                    options=dict(record.options),
                    seed=record.seed,
                    status=TableStatus(record.status).value,
                    version=record.version,
                    host_id=record.host_id,
                    created_at=record.created_at or now,
                    updated_at=record.updated_at or now,
                )
                .returning(TABLES.c.id)
            )
            table_id = int(result.scalar_one())
            ids.append(table_id)
            written[SEATS].extend(
                {
                    "table_id": table_id,
                    "seat": seat.seat,
                    "user_id": seat.user_id,
                    "is_ai": seat.is_ai,
                    "ai_level": seat.ai_level,
                    "name": clip_name(seat.name),
                }
                for seat in record.seats
            )
            if record.snapshot is not None:
                version = record.snapshot_version or record.version
                snapshot = {"version": version, "state": record.snapshot, "updated_at": now}
                written[SNAPSHOTS].append({"table_id": table_id, **snapshot})
            written[MOVES].extend(
                {"table_id": table_id, "created_at": now, **_move_row(move)}
                for move in record.moves
            )
        for table, values in written.items():
            if values:
                await s.execute(insert(table), values)
    return ids


async def move_times(store: Store, since: datetime) -> list[MoveTime]:
    """Every move stored since `since`, with when and whether an AI seat made it, in
    storage order: what the load bench measures AI moves and table-message lag on."""
    seat_of_move = (SEATS.c.table_id == MOVES.c.table_id) & (SEATS.c.seat == MOVES.c.seat)
    async with make_sessionmaker(store.engine)() as s:
        rows = await s.execute(
            select(MOVES.c.table_id, MOVES.c.seq, SEATS.c.is_ai, MOVES.c.created_at)
            .join(SEATS, seat_of_move)
            .where(MOVES.c.created_at >= since)
            .order_by(MOVES.c.created_at, MOVES.c.table_id, MOVES.c.seq)
        )
        result = []
        for table_id, seq, is_ai, created_at in rows:
            stored = as_utc(created_at)
            assert stored is not None
            result.append(MoveTime(table_id, seq, bool(is_ai), stored))
        return result
