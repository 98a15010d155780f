"""Concours: a club tournament, its entrants, its rounds' tables and byes.

Every change is one transaction that first locks the concours row (SELECT ... FOR UPDATE on
PostgreSQL; SQLite has one writer at a time), then checks the rule it enforces (one entry
per player, a round paired once, a table opened once, a result recorded once): a refused
change raises `ConcoursRefused` and writes nothing. The (concours, round, number) key of a
round's tables and the unique game table per concours table back those checks, so a
restarted bot that pairs a round or opens a table again gets the stored one back.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, func, insert, literal_column, select, update

from ..records import (
    ACTIVE_CONCOURS,
    ConcoursRecord,
    ConcoursRefused,
    ConcoursStatus,
    EntrantRecord,
    SeatInfo,
    TableStatus,
)
from .concours_rows import (
    BYES,
    CONCOURS,
    ENTRANTS,
    ROUND_TABLES,
    entrant,
    entry_of,
    load,
    lock,
    require,
    round_table,
    set_status,
    touch,
    update_entrant,
    users_in,
)
from .database import (
    MATCHES,
    SEATS,
    TABLES,
    Database,
    check_game,
    clip_name,
    new_id,
    rowcount,
    utcnow,
)

FORMATS = ("swiss", "round_robin")
_REGISTERING = (ConcoursStatus.REGISTRATION,)
_BEFORE_START = (ConcoursStatus.REGISTRATION, ConcoursStatus.CLOSED, ConcoursStatus.CHECKIN)


class ConcoursStore:
    """Creating, running and loading concours."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser_id: int,
        game: str,
        name: str,
        format: str,
        rounds: int,
        round_deals: int | None,
        timer: int,
        table_size: int,
        options: dict[str, Any],
        duplicate: bool,
        deal_seed: int,
        lang: str,
        rated: bool = True,
        ai_bye: bool = False,
        starts_at: datetime | None = None,
    ) -> int:
        """A new concours open for registration; returns its id."""
        check_game(game)
        if format not in FORMATS or rounds < 1 or table_size < 2:
            raise ValueError(f"invalid concours: {format!r}, {rounds} rounds, {table_size}")
        now = utcnow()
        async with self._db.write() as s:
            result = await s.execute(
                insert(CONCOURS).values(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    message_id=None,
                    organiser_id=organiser_id,
                    game=game,
                    name=clip_name(name),
                    format=format,
                    rounds=rounds,
                    round_deals=round_deals,
                    timer=timer,
                    table_size=table_size,
                    options=dict(options),
                    duplicate=duplicate,
                    rated=rated,
                    ai_bye=ai_bye,
                    starts_at=starts_at,
                    deal_seed=deal_seed,
                    lang=lang,
                    status=ConcoursStatus.REGISTRATION.value,
                    round=0,
                    created_at=now,
                    updated_at=now,
                )
            )
            return new_id(result)

    # --- reading -------------------------------------------------------------------------
    async def get(self, concours_id: int) -> ConcoursRecord | None:
        async with self._db.read() as s:
            found = await load(s, CONCOURS.c.id == concours_id)
        return found[0] if found else None

    async def active(
        self, *, shard_count: int = 1, shard_ids: Sequence[int] | None = None
    ) -> list[ConcoursRecord]:
        """Every concours not finished nor cancelled (of guilds on `shard_ids`, if given)."""
        where: ColumnElement[bool] = CONCOURS.c.status.in_([s.value for s in ACTIVE_CONCOURS])
        if shard_ids is not None and shard_count > 1:
            shard = CONCOURS.c.guild_id.op(">>")(literal_column("22")) % shard_count
            where = where & shard.in_(list(shard_ids))
        async with self._db.read() as s:
            return await load(s, where)

    async def of_guild(self, guild_id: int, limit: int = 20) -> list[ConcoursRecord]:
        """A server's latest concours, newest first (the web companion's list)."""
        async with self._db.read() as s:
            ids = (
                await s.execute(
                    select(CONCOURS.c.id)
                    .where(CONCOURS.c.guild_id == guild_id)
                    .order_by(CONCOURS.c.id.desc())
                    .limit(limit)
                )
            ).scalars()
            found = await load(s, CONCOURS.c.id.in_(list(ids)))
        return sorted(found, key=lambda c: -c.id)

    async def replays(self, concours_id: int) -> dict[int, int]:
        """The recorded match of each of its game tables that finished: table id -> match
        id (the replay links of the web page)."""
        linked = select(ROUND_TABLES.c.table_id).where(ROUND_TABLES.c.concours_id == concours_id)
        async with self._db.read() as s:
            rows = await s.execute(
                select(MATCHES.c.table_id, MATCHES.c.id).where(MATCHES.c.table_id.in_(linked))
            )
            return {int(table_id): int(match_id) for table_id, match_id in rows}

    # --- the concours itself -------------------------------------------------------------
    async def set_message(self, concours_id: int, message_id: int) -> None:
        async with self._db.write() as s:
            await lock(s, concours_id)
            await s.execute(
                update(CONCOURS)
                .where(CONCOURS.c.id == concours_id)
                .values(message_id=message_id, updated_at=utcnow())
            )

    async def move(
        self, concours_id: int, to: ConcoursStatus, allowed: Sequence[ConcoursStatus]
    ) -> None:
        """Status `to` if the concours is in one of `allowed`, else ConcoursRefused."""
        async with self._db.write() as s:
            await require(s, concours_id, allowed)
            await set_status(s, concours_id, to)

    async def start(self, concours_id: int, *, checked_in_only: bool) -> None:
        """The first round may be paired: entrants who did not check in (when asked to)
        and pairs whose partner never accepted are dropped."""
        async with self._db.write() as s:
            status = await require(
                s,
                concours_id,
                (ConcoursStatus.REGISTRATION, ConcoursStatus.CLOSED, ConcoursStatus.CHECKIN),
            )
            absent: ColumnElement[bool] = ENTRANTS.c.confirmed.is_(False)
            if checked_in_only and status is ConcoursStatus.CHECKIN:
                absent = absent | ENTRANTS.c.checked_in.is_(False)
            await s.execute(
                update(ENTRANTS)
                .where((ENTRANTS.c.concours_id == concours_id) & absent)
                .values(withdrawn=True)
            )
            await set_status(s, concours_id, ConcoursStatus.RUNNING)

    # --- entrants ------------------------------------------------------------------------
    async def register(
        self,
        concours_id: int,
        user_id: int,
        name: str,
        *,
        partner_id: int | None = None,
        partner_name: str | None = None,
        by_organiser: bool = False,
    ) -> EntrantRecord:
        """A player, or a pair invitation the partner still has to accept. The organiser
        may add an entrant until the start: a pair they add is confirmed, and one added at
        check-in is present."""
        if partner_id == user_id:
            raise ConcoursRefused("self_partner")
        allowed = _BEFORE_START if by_organiser else _REGISTERING
        async with self._db.write() as s:
            status = await require(s, concours_id, allowed)
            taken = await users_in(s, concours_id)
            if user_id in taken:
                raise ConcoursRefused("already_in")
            if partner_id is not None and partner_id in taken:
                raise ConcoursRefused("partner_taken")
            number = 1 + (
                await s.scalar(
                    select(func.coalesce(func.max(ENTRANTS.c.number), 0)).where(
                        ENTRANTS.c.concours_id == concours_id
                    )
                )
                or 0
            )
            clean_name = clip_name(name)
            clean_partner = None if partner_name is None else clip_name(partner_name)
            values: dict[str, Any] = {
                "concours_id": concours_id,
                "number": number,
                "user_id": user_id,
                "name": clean_name,
                "partner_id": partner_id,
                "partner_name": clean_partner,
                "confirmed": partner_id is None or by_organiser,
                "checked_in": by_organiser and status is ConcoursStatus.CHECKIN,
            }
            entrant_id = new_id(await s.execute(insert(ENTRANTS).values(**values)))
            await touch(s, concours_id)
        return EntrantRecord(
            entrant_id,
            number,
            user_id,
            clean_name,
            partner_id,
            clean_partner,
            values["confirmed"],
            values["checked_in"],
        )

    async def accept(
        self, concours_id: int, entrant_id: int, user_id: int, name: str | None = None
    ) -> None:
        """The invited partner accepts (under `name`, if given): the pair is registered."""
        async with self._db.write() as s:
            await require(s, concours_id, _REGISTERING)
            row = await entrant(s, concours_id, entrant_id)
            if row is None or row.partner_id != user_id or row.withdrawn:
                raise ConcoursRefused("not_invited")
            if row.confirmed:
                raise ConcoursRefused("already_in")
            named = {} if name is None else {"partner_name": clip_name(name)}
            await update_entrant(s, entrant_id, confirmed=True, **named)
            await touch(s, concours_id)

    async def withdraw(self, concours_id: int, user_id: int) -> None:
        """A player (or either member of a pair, or an invited partner declining) leaves
        before the start."""
        async with self._db.write() as s:
            await require(s, concours_id, (*_REGISTERING, ConcoursStatus.CLOSED))
            row = await entry_of(s, concours_id, user_id)
            if row is None:
                raise ConcoursRefused("not_in")
            await update_entrant(s, row.id, withdrawn=True)
            await touch(s, concours_id)

    async def drop(self, concours_id: int, entrant_id: int) -> None:
        """The organiser removes an entrant before the start."""
        async with self._db.write() as s:
            await require(s, concours_id, _BEFORE_START)
            row = await entrant(s, concours_id, entrant_id)
            if row is None or row.withdrawn:
                raise ConcoursRefused("no_entrant")
            await update_entrant(s, entrant_id, withdrawn=True)
            await touch(s, concours_id)

    async def check_in(self, concours_id: int, user_id: int) -> None:
        async with self._db.write() as s:
            await require(s, concours_id, (ConcoursStatus.CHECKIN,))
            row = await entry_of(s, concours_id, user_id)
            if row is None or not row.confirmed:
                raise ConcoursRefused("not_in")
            if row.checked_in:
                raise ConcoursRefused("already_checked_in")
            await update_entrant(s, row.id, checked_in=True)
            await touch(s, concours_id)

    # --- rounds --------------------------------------------------------------------------
    async def pair_round(
        self,
        concours_id: int,
        number: int,
        tables: Sequence[Sequence[int]],
        byes: Sequence[int],
    ) -> bool:
        """Store round `number`'s tables and byes; False (and nothing written) when that
        round is already paired. Rounds are paired in order."""
        async with self._db.write() as s:
            await require(s, concours_id, (ConcoursStatus.RUNNING,))
            current = await s.scalar(select(CONCOURS.c.round).where(CONCOURS.c.id == concours_id))
            if current is not None and current >= number:
                return False
            if number != (current or 0) + 1:
                raise ValueError(f"round {number} paired after round {current}")
            if tables:
                await s.execute(
                    insert(ROUND_TABLES),
                    [
                        {
                            "concours_id": concours_id,
                            "round": number,
                            "number": i,
                            "sides": list(sides),
                            "settled": False,
                            "forfeits": [],
                        }
                        for i, sides in enumerate(tables)
                    ],
                )
            if byes:
                await s.execute(
                    insert(BYES),
                    [{"concours_id": concours_id, "round": number, "entrant_id": e} for e in byes],
                )
            await s.execute(
                update(CONCOURS)
                .where(CONCOURS.c.id == concours_id)
                .values(round=number, updated_at=utcnow())
            )
        return True

    async def open_table(
        self,
        concours_id: int,
        round_: int,
        number: int,
        *,
        channel_id: int,
        options: dict[str, Any],
        seed: int,
        seats: Sequence[SeatInfo],
    ) -> int:
        """The game table of a round's table, created with its seats in the lobby and
        linked in the same transaction; the stored one if it was already opened."""
        async with self._db.write() as s:
            head = await require(s, concours_id, (ConcoursStatus.RUNNING,), row=True)
            linked = (
                await s.execute(
                    select(ROUND_TABLES.c.table_id).where(round_table(concours_id, round_, number))
                )
            ).first()
            if linked is None:
                raise ConcoursRefused("no_table")
            if linked[0] is not None:
                return int(linked[0])
            now = utcnow()
            table_id = new_id(
                await s.execute(
                    insert(TABLES).values(
                        guild_id=head.guild_id,
                        channel_id=channel_id,
                        thread_id=None,
                        message_id=None,
                        game=head.game,
                        options=dict(options),
                        seed=seed,
                        status=TableStatus.LOBBY.value,
                        version=0,
                        host_id=head.organiser_id,
                        created_at=now,
                        updated_at=now,
                    )
                )
            )
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
            await s.execute(
                update(ROUND_TABLES)
                .where(round_table(concours_id, round_, number))
                .values(table_id=table_id)
            )
            return table_id

    async def record_table(
        self,
        concours_id: int,
        round_: int,
        number: int,
        points: Sequence[int],
        *,
        settled: bool = False,
    ) -> bool:
        """The points each side of a table scored; False when they were recorded before
        (the first record stands)."""
        async with self._db.write() as s:
            await require(s, concours_id, (ConcoursStatus.RUNNING, ConcoursStatus.PAUSED))
            result = await s.execute(
                update(ROUND_TABLES)
                .where(round_table(concours_id, round_, number) & ROUND_TABLES.c.points.is_(None))
                .values(points=list(points), settled=settled)
            )
            return rowcount(result) > 0

    async def forfeit(self, concours_id: int, round_: int, number: int, entrant_id: int) -> None:
        """An entrant of a table replaced by the AI: that side scores nothing there."""
        async with self._db.write() as s:
            await require(s, concours_id, (ConcoursStatus.RUNNING, ConcoursStatus.PAUSED))
            row = (
                await s.execute(
                    select(
                        ROUND_TABLES.c.sides, ROUND_TABLES.c.forfeits, ROUND_TABLES.c.points
                    ).where(round_table(concours_id, round_, number))
                )
            ).first()
            if row is None or entrant_id not in row[0]:
                raise ConcoursRefused("bad_button")
            if row[2] is not None:
                raise ConcoursRefused("table_done")
            if entrant_id in row[1]:
                raise ConcoursRefused("already_replaced")
            await s.execute(
                update(ROUND_TABLES)
                .where(round_table(concours_id, round_, number))
                .values(forfeits=[*row[1], entrant_id])
            )
