"""The Store: the only door between the bot and the database.

Every public method is one short session (one transaction for writes) and returns plain
records from db/records.py. Queries use SQLAlchemy Core on the SQLModel tables: rows come
back as tuples, which keeps restoring a thousand tables with their move logs fast.

Concurrency: SQLite write sessions start with BEGIN IMMEDIATE (one writer at a time, the
others wait up to the busy timeout); on PostgreSQL the rows a write depends on are locked
with SELECT ... FOR UPDATE, and unique constraints settle the remaining races (a repeated
move, a result recorded twice, two seasons opened at once).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any, Self, cast

from sqlalchemy import ColumnElement, Table, case, func, insert, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession

from . import ratings
from .engine import WRITE_OPTION, make_engine, make_sessionmaker, prepare
from .migrate import upgrade
from .models import (
    MAX_ACTION,
    MAX_NAME,
    MAX_SLUG,
    GameTable,
    Match,
    MatchResult,
    Move,
    Rating,
    Season,
    Seat,
    Snapshot,
)
from .records import (
    ALL_GAMES,
    OPEN_STATUSES,
    DuplicateMove,
    LeaderboardPage,
    LeaderboardRow,
    MoveGap,
    MoveRecord,
    SeasonInfo,
    SeatInfo,
    SeatResult,
    StatRow,
    TableNotFound,
    TableRecord,
    TableStatus,
)

TABLES = cast(Table, GameTable.__table__)
SEATS = cast(Table, Seat.__table__)
MOVES = cast(Table, Move.__table__)
SNAPSHOTS = cast(Table, Snapshot.__table__)
SEASONS = cast(Table, Season.__table__)
MATCHES = cast(Table, Match.__table__)
RESULTS = cast(Table, MatchResult.__table__)
RATINGS = cast(Table, Rating.__table__)

UPDATABLE_FIELDS = frozenset(
    {"channel_id", "thread_id", "message_id", "status", "version", "options", "host_id", "seed"}
)
"""What `update_table` may change; the guild, game and creation time are fixed for life."""

_RETRIES = 5
"""Attempts for writes that may lose a race on PostgreSQL (a new rating or season row)."""


def _now() -> datetime:
    return datetime.now(UTC)


def _utc(value: datetime | None) -> datetime | None:
    """SQLite hands back naive datetimes; everything stored is UTC."""
    if value is None or value.tzinfo is not None:
        return value
    return value.replace(tzinfo=UTC)


_RACE_SQLSTATES = frozenset({"40001", "40P01"})  # serialization failure, deadlock


def _lost_race(exc: DBAPIError) -> bool:
    """An error a retry of the whole transaction can cure (nothing was committed)."""
    if isinstance(exc, IntegrityError | OperationalError):  # SQLite: still locked
        return True
    return getattr(exc.orig, "sqlstate", None) in _RACE_SQLSTATES


def _check_game(game: str) -> None:
    if not game or game == ALL_GAMES or len(game) > MAX_SLUG:
        raise ValueError(f"invalid game slug {game!r}")


def _name(name: str) -> str:
    """Display names are cosmetic: cut rather than refuse one longer than the column."""
    return name[:MAX_NAME]


class Store:
    """Persistence for tables, moves, results, seasons and ratings. Owns its engine."""

    def __init__(self, engine: AsyncEngine) -> None:
        """Prefer `Store.open(url)`, which also migrates the database to the head revision."""
        self._engine = engine
        self._sessions = make_sessionmaker(engine)
        self._model = ratings.new_model()
        self._postgres = engine.dialect.name == "postgresql"

    @classmethod
    async def open(cls, url: str, *, migrate: bool = True) -> Self:
        """Engine for `url`, after upgrading the schema to head (unless `migrate=False`)."""
        await prepare(url)
        if migrate:
            await upgrade(url)
        return cls(make_engine(url))

    async def close(self) -> None:
        await self._engine.dispose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *_exc: object) -> None:
        await self.close()

    # --- sessions -------------------------------------------------------------------------
    @asynccontextmanager
    async def _read(self) -> AsyncIterator[AsyncSession]:
        """A read-only transaction that sees one consistent snapshot across its queries."""
        async with self._sessions() as session:
            if self._postgres:
                await session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
            yield session

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[AsyncSession]:
        """One transaction, committed on success and rolled back on any exception."""
        async with self._sessions() as session, session.begin():
            await session.connection(execution_options={WRITE_OPTION: True})
            yield session

    # --- tables ---------------------------------------------------------------------------
    async def create_table(
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
        _check_game(game)
        now = _now()
        async with self._write() as s:
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
            return int(result.inserted_primary_key[0])

    async def update_table(self, table_id: int, **fields: Any) -> None:
        """Change some of UPDATABLE_FIELDS; an unknown name is a TypeError, as for a call."""
        unknown = set(fields) - UPDATABLE_FIELDS
        if unknown:
            raise TypeError(f"update_table: unknown field(s) {sorted(unknown)}")
        if "status" in fields:
            fields["status"] = TableStatus(fields["status"]).value
        async with self._write() as s:
            result = await s.execute(
                update(TABLES).where(TABLES.c.id == table_id).values(**fields, updated_at=_now())
            )
            if result.rowcount == 0:
                raise TableNotFound(table_id)

    async def set_seats(self, table_id: int, seats: list[SeatInfo]) -> None:
        """Replace the table's seat list (joins, leaves and AI additions in the lobby)."""
        numbers = [s.seat for s in seats]
        if len(set(numbers)) != len(numbers) or any(n < 0 for n in numbers):
            raise ValueError(f"seat numbers must be distinct and >= 0, got {numbers}")
        for seat in seats:
            if not seat.is_ai and seat.user_id is None:
                raise ValueError(f"seat {seat.seat}: a human seat needs a user id")
        async with self._write() as s:
            await self._lock_table(s, table_id)
            await s.execute(SEATS.delete().where(SEATS.c.table_id == table_id))
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
                            "name": _name(seat.name),
                        }
                        for seat in seats
                    ],
                )
            await s.execute(update(TABLES).where(TABLES.c.id == table_id).values(updated_at=_now()))

    async def _lock_table(self, s: AsyncSession, table_id: int) -> Any:
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

    async def append_move(
        self, table_id: int, seq: int, seat: int, action_id: str, snapshot: str
    ) -> None:
        """Log move `seq`, store the snapshot after it and set the table version to `seq`.

        All three in one transaction, so that after a crash the log, the snapshot and the
        version agree. `seq` is the state version after the move: the log starts at 1 and
        has no hole (MoveGap); a seq already logged raises DuplicateMove and writes nothing.
        """
        if not action_id or len(action_id) > MAX_ACTION:
            raise ValueError(f"invalid action id {action_id!r}")
        now = _now()
        async with self._write() as s:
            await self._lock_table(s, table_id)
            last = await s.scalar(select(func.max(MOVES.c.seq)).where(MOVES.c.table_id == table_id))
            last = last or 0
            if seq <= last:
                raise DuplicateMove(table_id, seq)
            if seq != last + 1:
                raise MoveGap(table_id, seq, last + 1)
            try:
                await s.execute(
                    insert(MOVES).values(
                        table_id=table_id, seq=seq, seat=seat, action_id=action_id, created_at=now
                    )
                )
            except IntegrityError as exc:  # a concurrent writer logged it first
                raise DuplicateMove(table_id, seq) from exc
            await self._save_snapshot(s, table_id, seq, snapshot, now)
            await s.execute(
                update(TABLES).where(TABLES.c.id == table_id).values(version=seq, updated_at=now)
            )

    async def start_table(self, table_id: int, snapshot: str) -> None:
        """Lobby → playing, with the state before any move stored as version 0, atomically."""
        now = _now()
        async with self._write() as s:
            await self._lock_table(s, table_id)
            status = await s.scalar(select(TABLES.c.status).where(TABLES.c.id == table_id))
            if status != TableStatus.LOBBY.value:
                raise ValueError(f"table {table_id} is {status}, not in the lobby")
            await self._save_snapshot(s, table_id, 0, snapshot, now)
            await s.execute(
                update(TABLES)
                .where(TABLES.c.id == table_id)
                .values(status=TableStatus.PLAYING.value, version=0, updated_at=now)
            )

    async def _save_snapshot(
        self, s: AsyncSession, table_id: int, version: int, state: str, now: datetime
    ) -> None:
        result = await s.execute(
            update(SNAPSHOTS)
            .where(SNAPSHOTS.c.table_id == table_id)
            .values(version=version, state=state, updated_at=now)
        )
        if result.rowcount == 0:
            await s.execute(
                insert(SNAPSHOTS).values(
                    table_id=table_id, version=version, state=state, updated_at=now
                )
            )

    async def get_table(self, table_id: int) -> TableRecord | None:
        """The table with its seats, latest snapshot and move log; None if unknown."""
        async with self._read() as s:
            found = await self._load_tables(s, TABLES.c.id == table_id)
        return found[0] if found else None

    async def open_tables(self) -> list[TableRecord]:
        """Every lobby or playing table, complete, for the restore at start-up (4 queries)."""
        async with self._read() as s:
            open_ = TABLES.c.status.in_([status.value for status in OPEN_STATUSES])
            return await self._load_tables(s, open_)

    async def moves(self, table_id: int) -> list[MoveRecord]:
        async with self._read() as s:
            rows = await s.execute(
                select(MOVES.c.seq, MOVES.c.seat, MOVES.c.action_id)
                .where(MOVES.c.table_id == table_id)
                .order_by(MOVES.c.seq)
            )
            return [MoveRecord(seq, seat, action_id) for seq, seat, action_id in rows]

    async def _load_tables(self, s: AsyncSession, where: ColumnElement[bool]) -> list[TableRecord]:
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
                    created_at=_utc(t.created_at),
                    updated_at=_utc(t.updated_at),
                )
            )
        return records

    async def import_tables(self, records: Iterable[TableRecord]) -> list[int]:
        """Bulk-copy tables with seats, snapshot and moves (new ids), in one transaction.

        For moving a server's open tables to another database (SQLite to PostgreSQL) and
        for benchmarks; ids are assigned anew and returned in order.
        """
        now = _now()
        ids: list[int] = []
        seat_rows: list[dict[str, Any]] = []
        snapshot_rows: list[dict[str, Any]] = []
        move_rows: list[dict[str, Any]] = []
        async with self._write() as s:
            for record in records:
                _check_game(record.game)
                result = await s.execute(
                    insert(TABLES).values(
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
                )
                table_id = int(result.inserted_primary_key[0])
                ids.append(table_id)
                seat_rows.extend(
                    {
                        "table_id": table_id,
                        "seat": seat.seat,
                        "user_id": seat.user_id,
                        "is_ai": seat.is_ai,
                        "ai_level": seat.ai_level,
                        "name": _name(seat.name),
                    }
                    for seat in record.seats
                )
                if record.snapshot is not None:
                    snapshot_rows.append(
                        {
                            "table_id": table_id,
                            "version": record.snapshot_version or record.version,
                            "state": record.snapshot,
                            "updated_at": now,
                        }
                    )
                move_rows.extend(
                    {
                        "table_id": table_id,
                        "seq": move.seq,
                        "seat": move.seat,
                        "action_id": move.action_id,
                        "created_at": now,
                    }
                    for move in record.moves
                )
            for table, rows in ((SEATS, seat_rows), (SNAPSHOTS, snapshot_rows), (MOVES, move_rows)):
                if rows:
                    await s.execute(insert(table), rows)
        return ids

    # --- results and ratings --------------------------------------------------------------
    async def record_result(
        self,
        table_id: int,
        *,
        guild_id: int,
        game: str,
        seats: list[SeatResult],
        teams: list[list[int]] | None,
    ) -> bool:
        """Record a finished match once: True if recorded now, False if it already was.

        In one transaction: the results header (unique per table, hence idempotent), one
        result row per seat, season points and ratings for the current season, both for
        `game` and for ALL_GAMES, and the table's status set to finished. The rules for
        sides, points and ratings are in db/ratings.py.
        """
        _check_game(game)
        plan = ratings.plan_match(seats, teams)
        for attempt in range(_RETRIES):
            try:
                return await self._record(table_id, guild_id, game, seats, teams, plan)
            except DBAPIError as exc:
                # Lost a race: the same result recorded concurrently, or a rating/season
                # row created by another match. The transaction was rolled back; retry.
                if not _lost_race(exc):
                    raise
                if await self._is_recorded(table_id):
                    return False
                if attempt == _RETRIES - 1:
                    raise
        raise AssertionError("unreachable")

    async def _is_recorded(self, table_id: int) -> bool:
        async with self._read() as s:
            found = await s.scalar(select(MATCHES.c.id).where(MATCHES.c.table_id == table_id))
            return found is not None

    async def _record(
        self,
        table_id: int,
        guild_id: int,
        game: str,
        seats: Sequence[SeatResult],
        teams: list[list[int]] | None,
        plan: ratings.MatchPlan,
    ) -> bool:
        now = _now()
        async with self._write() as s:
            table = await self._lock_table(s, table_id)
            if table.guild_id != guild_id or table.game != game:
                raise ValueError(
                    f"table {table_id} is {table.game!r} in guild {table.guild_id}, "
                    f"not {game!r} in guild {guild_id}"
                )
            if await s.scalar(select(MATCHES.c.id).where(MATCHES.c.table_id == table_id)):
                return False
            season_id = await self._open_season_id(s, guild_id, now)
            header = await s.execute(
                insert(MATCHES).values(
                    table_id=table_id,
                    guild_id=guild_id,
                    season_id=season_id,
                    game=game,
                    teams=teams,
                    rated=plan.rated,
                    finished_at=now,
                )
            )
            match_id = int(header.inserted_primary_key[0])
            by_seat = {seat.seat: seat for seat in seats}
            await s.execute(
                insert(RESULTS),
                [
                    {
                        "match_id": match_id,
                        "seat": o.seat,
                        "table_id": table_id,
                        "guild_id": guild_id,
                        "season_id": season_id,
                        "game": game,
                        "user_id": o.user_id,
                        "is_ai": o.user_id is None,
                        "name": _name(by_seat[o.seat].name),
                        "rank": o.rank,
                        "score": by_seat[o.seat].score,
                        "season_points": o.season_points,
                        "won": o.won,
                    }
                    for o in plan.seats
                ],
            )
            names = {
                o.user_id: _name(by_seat[o.seat].name) for o in plan.seats if o.user_id is not None
            }
            for key in (game, ALL_GAMES):
                await self._update_ratings(s, season_id, guild_id, key, plan, names, now)
            await s.execute(
                update(TABLES)
                .where(TABLES.c.id == table_id)
                .values(status=TableStatus.FINISHED.value, updated_at=now)
            )
            return True

    async def _update_ratings(
        self,
        s: AsyncSession,
        season_id: int,
        guild_id: int,
        game: str,
        plan: ratings.MatchPlan,
        names: Mapping[int, str],
        now: datetime,
    ) -> None:
        outcomes = plan.by_user()
        if not outcomes:
            return
        users = sorted(outcomes)
        key = (RATINGS.c.season_id == season_id) & (RATINGS.c.game == game)
        rows = await s.execute(
            select(RATINGS.c.user_id, RATINGS.c.mu, RATINGS.c.sigma)
            .where(key & RATINGS.c.user_id.in_(users))
            .order_by(RATINGS.c.user_id)
            .with_for_update()
        )
        known = {uid: ratings.Skill(mu, sigma) for uid, mu, sigma in rows}
        start = ratings.initial(self._model)
        skills = {uid: known.get(uid, start) for uid in users}
        if plan.rated:
            sides = [[skills[uid] for uid in side] for side in plan.sides]
            updated = ratings.rate(self._model, sides, plan.side_ranks)
            for side, new in zip(plan.sides, updated, strict=True):
                skills.update(zip(side, new, strict=True))
        for uid in users:
            outcome = outcomes[uid]
            skill = skills[uid]
            if uid in known:
                await s.execute(
                    update(RATINGS)
                    .where(key & (RATINGS.c.user_id == uid))
                    .values(
                        name=names[uid],
                        mu=skill.mu,
                        sigma=skill.sigma,
                        matches=RATINGS.c.matches + 1,
                        wins=RATINGS.c.wins + int(outcome.won),
                        points=RATINGS.c.points + outcome.season_points,
                        updated_at=now,
                    )
                )
            else:
                await s.execute(
                    insert(RATINGS).values(
                        season_id=season_id,
                        game=game,
                        user_id=uid,
                        guild_id=guild_id,
                        name=names[uid],
                        mu=skill.mu,
                        sigma=skill.sigma,
                        matches=1,
                        wins=int(outcome.won),
                        points=outcome.season_points,
                        updated_at=now,
                    )
                )

    # --- seasons --------------------------------------------------------------------------
    async def _open_season_id(self, s: AsyncSession, guild_id: int, now: datetime) -> int:
        """The guild's open season, created (number max + 1, so 1 at first) if there is none."""
        found = await s.scalar(
            select(SEASONS.c.id).where(
                (SEASONS.c.guild_id == guild_id) & SEASONS.c.ended_at.is_(None)
            )
        )
        if found is not None:
            return int(found)
        last = await s.scalar(
            select(func.max(SEASONS.c.number)).where(SEASONS.c.guild_id == guild_id)
        )
        result = await s.execute(
            insert(SEASONS).values(guild_id=guild_id, number=(last or 0) + 1, started_at=now)
        )
        return int(result.inserted_primary_key[0])

    @staticmethod
    def _season(row: Any) -> SeasonInfo:
        started = _utc(row.started_at)
        assert started is not None
        return SeasonInfo(row.guild_id, row.number, started, _utc(row.ended_at))

    async def _season_by_id(self, s: AsyncSession, season_id: int) -> SeasonInfo:
        row = (await s.execute(select(SEASONS).where(SEASONS.c.id == season_id))).one()
        return self._season(row)

    async def current_season(self, guild_id: int) -> SeasonInfo:
        """The guild's open season; the first call creates season 1."""
        async with self._read() as s:
            row = (
                await s.execute(
                    select(SEASONS).where(
                        (SEASONS.c.guild_id == guild_id) & SEASONS.c.ended_at.is_(None)
                    )
                )
            ).first()
        if row is not None:
            return self._season(row)
        for attempt in range(_RETRIES):
            try:
                async with self._write() as s:
                    season_id = await self._open_season_id(s, guild_id, _now())
                    return await self._season_by_id(s, season_id)
            except IntegrityError:  # created concurrently: the next attempt finds it
                if attempt == _RETRIES - 1:
                    raise
        raise AssertionError("unreachable")

    async def new_season(self, guild_id: int) -> SeasonInfo:
        """Close the open season (if any) and open the next number; returns the new one.

        Two concurrent calls open one season, not two: the loser of the race gets the
        season the winner opened (one open season per guild is a unique index).
        """
        now = _now()
        try:
            async with self._write() as s:
                await s.execute(
                    update(SEASONS)
                    .where((SEASONS.c.guild_id == guild_id) & SEASONS.c.ended_at.is_(None))
                    .values(ended_at=now)
                )
                season_id = await self._open_season_id(s, guild_id, now)
                return await self._season_by_id(s, season_id)
        except IntegrityError:
            return await self.current_season(guild_id)

    async def seasons(self, guild_id: int) -> list[SeasonInfo]:
        """Every season of the guild, oldest first (empty before the first one exists)."""
        async with self._read() as s:
            rows = await s.execute(
                select(SEASONS).where(SEASONS.c.guild_id == guild_id).order_by(SEASONS.c.number)
            )
            return [self._season(row) for row in rows]

    # --- queries --------------------------------------------------------------------------
    async def leaderboard(
        self,
        guild_id: int,
        *,
        game: str | None = None,
        season: int | None = None,
        offset: int = 0,
        limit: int = 10,
        min_matches: int = 1,
    ) -> LeaderboardPage:
        """One page of the guild's leaderboard for a game (None: all games) and season.

        Season None is the current one. Order: first the players with at least
        `min_matches` matches, by rating (mu - 3 sigma) descending, then season points
        descending, matches descending, user id; they get ranks 1, 2, ... Then everybody
        else, in the same order, without a rank (None): they show up but are not placed.
        `total` counts both groups, for pagination; `ranked` only the first.

        For game None the rows are the ALL_GAMES ratings: matches, wins and points summed
        over every game, and a rating updated by every match whatever its game.
        """
        if game is not None:
            _check_game(game)
        if offset < 0 or limit < 1 or min_matches < 0:
            raise ValueError("offset >= 0, limit >= 1 and min_matches >= 0 are required")
        key = ALL_GAMES if game is None else game
        async with self._read() as s:
            where = SEASONS.c.guild_id == guild_id
            if season is None:
                where &= SEASONS.c.ended_at.is_(None)
            else:
                where &= SEASONS.c.number == season
            found = (await s.execute(select(SEASONS.c.id, SEASONS.c.number).where(where))).first()
            if found is None:
                empty: list[LeaderboardRow] = []
                number = season if season is not None else 1
                return LeaderboardPage(number, game, empty, 0, 0, offset, limit, min_matches)
            season_id, number = found
            rows_of = (RATINGS.c.season_id == season_id) & (RATINGS.c.game == key)
            qualified = case((RATINGS.c.matches >= min_matches, 1), else_=0)
            total, ranked = (
                await s.execute(
                    select(func.count(), func.coalesce(func.sum(qualified), 0)).where(rows_of)
                )
            ).one()
            rows = await s.execute(
                select(
                    RATINGS.c.user_id,
                    RATINGS.c.name,
                    RATINGS.c.matches,
                    RATINGS.c.wins,
                    RATINGS.c.points,
                    RATINGS.c.mu,
                    RATINGS.c.sigma,
                )
                .where(rows_of)
                .order_by(
                    qualified.desc(),
                    (RATINGS.c.mu - 3.0 * RATINGS.c.sigma).desc(),
                    RATINGS.c.points.desc(),
                    RATINGS.c.matches.desc(),
                    RATINGS.c.user_id,
                )
                .offset(offset)
                .limit(limit)
            )
            page = [
                LeaderboardRow(
                    rank=place if place <= ranked else None,
                    user_id=user_id,
                    name=name,
                    matches=matches,
                    wins=wins,
                    points=points,
                    mu=mu,
                    sigma=sigma,
                    rating=ratings.conservative(mu, sigma),
                )
                for place, (user_id, name, matches, wins, points, mu, sigma) in enumerate(
                    rows, start=offset + 1
                )
            ]
        return LeaderboardPage(
            number, game, page, int(total), int(ranked), offset, limit, min_matches
        )

    async def stats(self, guild_id: int, user_id: int) -> list[StatRow]:
        """A player's record per season (newest first) and game (all games first)."""
        async with self._read() as s:
            rows = await s.execute(
                select(
                    SEASONS.c.number,
                    SEASONS.c.ended_at,
                    RATINGS.c.game,
                    RATINGS.c.matches,
                    RATINGS.c.wins,
                    RATINGS.c.points,
                    RATINGS.c.mu,
                    RATINGS.c.sigma,
                )
                .join(SEASONS, SEASONS.c.id == RATINGS.c.season_id)
                .where((RATINGS.c.guild_id == guild_id) & (RATINGS.c.user_id == user_id))
            )
            stats = [
                StatRow(
                    season=number,
                    current=ended_at is None,
                    game=None if game == ALL_GAMES else game,
                    matches=matches,
                    wins=wins,
                    points=points,
                    mu=mu,
                    sigma=sigma,
                    rating=ratings.conservative(mu, sigma),
                )
                for number, ended_at, game, matches, wins, points, mu, sigma in rows
            ]
        stats.sort(key=lambda r: (-r.season, r.game is not None, r.game or ""))
        return stats
