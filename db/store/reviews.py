"""The strong AI's reviews of finished matches (Analyse): one row per human seat, `pending`
until a worker process has computed it, then `done` with its costliest decisions.

The bot marks a finished table's human seats pending, computes their reviews in its review
worker, and stores each once. At start-up it resumes what is left: pending rows, and
recently finished matches that have none (the process stopped between the result and the
rows); older matches without a review are left alone.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, insert, literal_column, or_, select, update

from ..models import Review
from ..records import ReviewLine, ReviewRecord, ReviewStatus
from .database import MATCHES, RESULTS, Database, core_table, utcnow

REVIEWS = core_table(Review)
PENDING = ReviewStatus.PENDING.value
DONE = ReviewStatus.DONE.value


def line_row(line: ReviewLine) -> dict[str, Any]:
    reason = None if line.reason is None else [line.reason[0], line.reason[1]]
    return {
        "move": line.move,
        "deal": line.deal,
        "played": line.played,
        "best": line.best,
        "gain": line.gain,
        "unit": line.unit,
        "reason": reason,
    }


def row_line(row: dict[str, Any]) -> ReviewLine:
    reason = row.get("reason")
    return ReviewLine(
        move=int(row["move"]),
        deal=None if row.get("deal") is None else int(row["deal"]),
        played=str(row["played"]),
        best=str(row["best"]),
        gain=float(row["gain"]),
        unit=str(row["unit"]),
        reason=None if not reason else (str(reason[0]), dict(reason[1])),
    )


class Reviews:
    """Reviews of finished matches, by table and seat."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def want(self, table_id: int, seats: Sequence[int]) -> list[int]:
        """Mark `seats` of the finished table pending, unless they already have a row; the
        seats still to compute (pending), in order."""
        async with self._db.write() as s:
            rows = await s.execute(
                select(REVIEWS.c.seat, REVIEWS.c.status).where(REVIEWS.c.table_id == table_id)
            )
            known = {seat: status for seat, status in rows}
            new = [seat for seat in seats if seat not in known]
            if new:
                now = utcnow()
                await s.execute(
                    insert(REVIEWS),
                    [
                        {"table_id": table_id, "seat": seat, "status": PENDING, "decisions": []}
                        | {"updated_at": now}
                        for seat in new
                    ],
                )
        return sorted(set(new) | {seat for seat, status in known.items() if status == PENDING})

    async def save(self, table_id: int, seat: int, lines: Sequence[ReviewLine]) -> None:
        """Store a computed review once: a review already done stays as it was."""
        values = {"status": DONE, "decisions": [line_row(x) for x in lines], "updated_at": utcnow()}
        async with self._db.write() as s:
            await s.execute(
                update(REVIEWS)
                .where(REVIEWS.c.table_id == table_id, REVIEWS.c.seat == seat)
                .where(REVIEWS.c.status == PENDING)
                .values(**values)
            )

    async def get(self, table_id: int, seat: int) -> ReviewRecord | None:
        async with self._db.read() as s:
            row = (
                await s.execute(
                    select(REVIEWS.c.status, REVIEWS.c.decisions).where(
                        REVIEWS.c.table_id == table_id, REVIEWS.c.seat == seat
                    )
                )
            ).first()
        if row is None:
            return None
        return ReviewRecord(
            table_id, seat, ReviewStatus(row[0]), tuple(row_line(d) for d in row[1] or [])
        )

    async def of_table(self, table_id: int) -> list[ReviewRecord]:
        """Every seat's review of the table, by seat."""
        async with self._db.read() as s:
            rows = await s.execute(
                select(REVIEWS.c.seat, REVIEWS.c.status, REVIEWS.c.decisions)
                .where(REVIEWS.c.table_id == table_id)
                .order_by(REVIEWS.c.seat)
            )
            return [
                ReviewRecord(table_id, seat, ReviewStatus(status), tuple(map(row_line, d or [])))
                for seat, status, d in rows
            ]

    async def to_resume(
        self,
        since: datetime,
        *,
        shard_count: int = 1,
        shard_ids: Sequence[int] | None = None,
    ) -> list[tuple[int, int, list[int]]]:
        """(guild, table, human seats) of the finished matches whose reviews are pending, or
        missing for a match finished after `since`; with `shard_ids`, only the guilds on
        those shards (Discord's formula, as `Tables.all_open`)."""
        pending = select(REVIEWS.c.table_id).where(REVIEWS.c.status == PENDING)
        missing = and_(
            MATCHES.c.finished_at >= since,
            ~select(REVIEWS.c.table_id).where(REVIEWS.c.table_id == MATCHES.c.table_id).exists(),
        )
        where: ColumnElement[bool] = or_(MATCHES.c.table_id.in_(pending), missing)
        if shard_ids is not None and shard_count > 1:
            shard = MATCHES.c.guild_id.op(">>")(literal_column("22")) % shard_count
            where = where & shard.in_(list(shard_ids))
        async with self._db.read() as s:
            matches = (
                await s.execute(
                    select(MATCHES.c.id, MATCHES.c.guild_id, MATCHES.c.table_id)
                    .where(where)
                    .order_by(MATCHES.c.id)
                )
            ).all()
            if not matches:
                return []
            ids = [m[0] for m in matches]
            humans: dict[int, list[int]] = defaultdict(list)
            for match_id, seat in await s.execute(
                select(RESULTS.c.match_id, RESULTS.c.seat)
                .where(RESULTS.c.match_id.in_(ids), ~RESULTS.c.is_ai)
                .where(RESULTS.c.user_id.is_not(None))
                .order_by(RESULTS.c.match_id, RESULTS.c.seat)
            ):
                humans[match_id].append(seat)
            done: dict[int, set[int]] = defaultdict(set)
            for table_id, seat in await s.execute(
                select(REVIEWS.c.table_id, REVIEWS.c.seat).where(
                    REVIEWS.c.table_id.in_([m[2] for m in matches]), REVIEWS.c.status == DONE
                )
            ):
                done[table_id].add(seat)
        found = []
        for match_id, guild_id, table_id in matches:
            seats = [seat for seat in humans[match_id] if seat not in done[table_id]]
            if seats:
                found.append((int(guild_id), int(table_id), seats))
        return found
