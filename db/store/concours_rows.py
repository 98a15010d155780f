"""The rows of a concours: its tables, the reads and checks its store's writes share.

Helpers that run inside one transaction of `ConcoursStore` (db/store/concours.py): lock
the concours row and check its status, find an entrant, load whole concours back as
records.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import ColumnElement, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from ..models import Concours, ConcoursBye, ConcoursEntrant, ConcoursTable
from ..records import (
    ConcoursRecord,
    ConcoursRefused,
    ConcoursStatus,
    EntrantRecord,
    RoundTableRecord,
)
from .database import as_utc, core_table, utcnow

CONCOURS = core_table(Concours)
ENTRANTS = core_table(ConcoursEntrant)
ROUND_TABLES = core_table(ConcoursTable)
BYES = core_table(ConcoursBye)


# --- helpers inside a transaction ----------------------------------------------------------
async def require(
    s: AsyncSession,
    concours_id: int,
    allowed: Sequence[ConcoursStatus],
    *,
    row: bool = False,
) -> Any:
    """Lock the concours; ConcoursRefused unless its status is one of `allowed`. Returns
    the status (or, with `row`, the locked row)."""
    found = (
        await s.execute(
            select(CONCOURS.c.status, CONCOURS.c.guild_id, CONCOURS.c.game, CONCOURS.c.organiser_id)
            .where(CONCOURS.c.id == concours_id)
            .with_for_update()
        )
    ).first()
    if found is None:
        raise ConcoursRefused("no_concours")
    status = ConcoursStatus(found.status)
    if status not in allowed:
        raise ConcoursRefused(f"status_{status.value}")
    return found if row else status


async def lock(s: AsyncSession, concours_id: int) -> None:
    await require(s, concours_id, tuple(ConcoursStatus))


async def set_status(s: AsyncSession, concours_id: int, to: ConcoursStatus) -> None:
    await s.execute(
        update(CONCOURS)
        .where(CONCOURS.c.id == concours_id)
        .values(status=to.value, updated_at=utcnow())
    )


async def touch(s: AsyncSession, concours_id: int) -> None:
    await s.execute(
        update(CONCOURS).where(CONCOURS.c.id == concours_id).values(updated_at=utcnow())
    )


def round_table(concours_id: int, round_: int, number: int) -> ColumnElement[bool]:
    return (
        (ROUND_TABLES.c.concours_id == concours_id)
        & (ROUND_TABLES.c.round == round_)
        & (ROUND_TABLES.c.number == number)
    )


async def users_in(s: AsyncSession, concours_id: int) -> set[int]:
    """Every player of an entry still standing (a pending invitation's partner too)."""
    rows = await s.execute(
        select(ENTRANTS.c.user_id, ENTRANTS.c.partner_id).where(
            (ENTRANTS.c.concours_id == concours_id) & ENTRANTS.c.withdrawn.is_(False)
        )
    )
    return {u for row in rows for u in row if u is not None}


async def entrant(s: AsyncSession, concours_id: int, entrant_id: int) -> Any:
    return (
        await s.execute(
            select(ENTRANTS).where(
                (ENTRANTS.c.concours_id == concours_id) & (ENTRANTS.c.id == entrant_id)
            )
        )
    ).first()


async def entry_of(s: AsyncSession, concours_id: int, user_id: int) -> Any:
    """The standing entry `user_id` belongs to (as player, partner or invited partner)."""
    return (
        await s.execute(
            select(ENTRANTS).where(
                (ENTRANTS.c.concours_id == concours_id)
                & ENTRANTS.c.withdrawn.is_(False)
                & ((ENTRANTS.c.user_id == user_id) | (ENTRANTS.c.partner_id == user_id))
            )
        )
    ).first()


async def update_entrant(s: AsyncSession, entrant_id: int, **values: Any) -> None:
    await s.execute(update(ENTRANTS).where(ENTRANTS.c.id == entrant_id).values(**values))


async def load(s: AsyncSession, where: ColumnElement[bool]) -> list[ConcoursRecord]:
    """Concours matching `where` with their entrants, tables and byes (four queries)."""
    heads = (await s.execute(select(CONCOURS).where(where).order_by(CONCOURS.c.id))).all()
    if not heads:
        return []
    ids = [h.id for h in heads]
    entrants: dict[int, list[EntrantRecord]] = {i: [] for i in ids}
    for e in await s.execute(
        select(ENTRANTS).where(ENTRANTS.c.concours_id.in_(ids)).order_by(ENTRANTS.c.number)
    ):
        entrants[e.concours_id].append(
            EntrantRecord(
                e.id,
                e.number,
                e.user_id,
                e.name,
                e.partner_id,
                e.partner_name,
                bool(e.confirmed),
                bool(e.checked_in),
                bool(e.withdrawn),
            )
        )
    tables: dict[int, list[RoundTableRecord]] = {i: [] for i in ids}
    for t in await s.execute(
        select(ROUND_TABLES)
        .where(ROUND_TABLES.c.concours_id.in_(ids))
        .order_by(ROUND_TABLES.c.round, ROUND_TABLES.c.number)
    ):
        tables[t.concours_id].append(
            RoundTableRecord(
                t.round,
                t.number,
                tuple(t.sides),
                t.table_id,
                None if t.points is None else tuple(t.points),
                bool(t.settled),
                tuple(t.forfeits or ()),
            )
        )
    byes: dict[int, list[tuple[int, int]]] = {i: [] for i in ids}
    for b in await s.execute(
        select(BYES).where(BYES.c.concours_id.in_(ids)).order_by(BYES.c.round, BYES.c.entrant_id)
    ):
        byes[b.concours_id].append((b.round, b.entrant_id))
    return [
        ConcoursRecord(
            id=h.id,
            guild_id=h.guild_id,
            channel_id=h.channel_id,
            message_id=h.message_id,
            organiser_id=h.organiser_id,
            game=h.game,
            name=h.name,
            format=h.format,
            rounds=h.rounds,
            round_deals=h.round_deals,
            timer=h.timer,
            table_size=h.table_size,
            options=dict(h.options or {}),
            duplicate=bool(h.duplicate),
            deal_seed=h.deal_seed,
            lang=h.lang,
            rated=bool(h.rated),
            ai_bye=bool(h.ai_bye),
            starts_at=as_utc(h.starts_at),
            status=ConcoursStatus(h.status),
            round=h.round,
            entrants=entrants[h.id],
            tables=tables[h.id],
            byes=byes[h.id],
        )
        for h in heads
    ]
