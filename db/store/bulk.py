"""Bulk import of finished matches: what `record_result` does, for thousands at once.

For benchmarks (bench/web.py fills a database with 100,000 matches) and for moving a
server's history between databases. Matches count in their guild's open season, in the
order given, with the same rules as `record_result` (db/ratings.py); the result is the
same rows that recording them one by one would write. Each chunk is one transaction with
a few multi-row statements instead of a dozen statements per match.

Meant for a database nobody else writes to meanwhile: ratings are computed in memory
from what was stored when the import began.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from .. import ratings
from ..records import ALL_GAMES, ImportedMatch, TableStatus
from .base import (
    HISTORY,
    MATCHES,
    MOVES,
    RATINGS,
    RESULTS,
    SEATS,
    SNAPSHOTS,
    TABLES,
    check_game,
    clip_name,
    utcnow,
)
from .seasons import SeasonsMixin


@dataclass(slots=True)
class _Total:
    """A rating row being built: skill and season totals, and whether it is stored yet."""

    mu: float
    sigma: float
    matches: int
    wins: int
    points: int
    name: str
    guild_id: int
    stored: bool
    changed: bool = False


def _chunks(items: Iterable[ImportedMatch], size: int) -> Iterator[list[ImportedMatch]]:
    chunk: list[ImportedMatch] = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


class BulkMixin(SeasonsMixin):
    """`import_finished`: many finished matches, their results and ratings, at once."""

    async def import_finished(self, matches: Iterable[ImportedMatch], *, chunk: int = 2_000) -> int:
        """Import finished matches (one transaction per `chunk`); returns how many."""
        if chunk < 1:
            raise ValueError("chunk >= 1 is required")
        totals: dict[tuple[int, str, int], _Total] = {}
        seasons: dict[int, int] = {}  # guild -> open season id
        count = 0
        for part in _chunks(matches, chunk):
            async with self._write() as s:
                await self._import_chunk(s, part, seasons, totals)
            for total in totals.values():
                total.stored, total.changed = True, False
            count += len(part)
        return count

    async def _import_chunk(
        self,
        s: AsyncSession,
        part: list[ImportedMatch],
        seasons: dict[int, int],
        totals: dict[tuple[int, str, int], _Total],
    ) -> None:
        now = utcnow()
        for item in part:
            check_game(item.table.game)
            guild = item.table.guild_id
            if guild not in seasons:
                seasons[guild] = await self._open_season_id(s, guild, now)
                await self._load_totals(s, seasons[guild], totals)
        table_ids = await self._insert_returning_ids(
            s,
            TABLES,
            [
                {
                    "guild_id": m.table.guild_id,
                    "channel_id": m.table.channel_id,
                    "thread_id": m.table.thread_id,
                    "message_id": m.table.message_id,
                    "game": m.table.game,
                    "options": dict(m.table.options),
                    "seed": m.table.seed,
                    "status": TableStatus.FINISHED.value,
                    "version": len(m.table.moves),
                    "host_id": m.table.host_id,
                    "created_at": m.table.created_at or m.finished_at or now,
                    "updated_at": m.finished_at or now,
                }
                for m in part
            ],
        )
        plans = [ratings.plan_match(m.results, m.teams) for m in part]
        match_ids = await self._insert_returning_ids(
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
        seat_rows: list[dict[str, Any]] = []
        move_rows: list[dict[str, Any]] = []
        snapshot_rows: list[dict[str, Any]] = []
        result_rows: list[dict[str, Any]] = []
        history_rows: list[dict[str, Any]] = []
        for m, table_id, match_id, plan in zip(part, table_ids, match_ids, plans, strict=True):
            t = m.table
            when = m.finished_at or now
            seat_rows.extend(
                {
                    "table_id": table_id,
                    "seat": seat.seat,
                    "user_id": None if seat.is_ai else seat.user_id,
                    "is_ai": seat.is_ai,
                    "ai_level": seat.ai_level if seat.is_ai else None,
                    "name": clip_name(seat.name),
                }
                for seat in t.seats
            )
            move_rows.extend(
                {
                    "table_id": table_id,
                    "seq": move.seq,
                    "seat": move.seat,
                    "action_id": move.action_id,
                    "created_at": when,
                }
                for move in t.moves
            )
            if t.snapshot is not None:
                snapshot_rows.append(
                    {
                        "table_id": table_id,
                        "version": len(t.moves),
                        "state": t.snapshot,
                        "updated_at": when,
                    }
                )
            by_seat = {seat.seat: seat for seat in m.results}
            season_id = seasons[t.guild_id]
            result_rows.extend(
                {
                    "match_id": match_id,
                    "seat": o.seat,
                    "table_id": table_id,
                    "guild_id": t.guild_id,
                    "season_id": season_id,
                    "game": t.game,
                    "user_id": o.user_id,
                    "is_ai": o.user_id is None,
                    "name": clip_name(by_seat[o.seat].name),
                    "rank": o.rank,
                    "score": by_seat[o.seat].score,
                    "season_points": o.season_points,
                    "won": o.won,
                }
                for o in plan.seats
            )
            names = {
                o.user_id: clip_name(by_seat[o.seat].name)
                for o in plan.seats
                if o.user_id is not None
            }
            for key in (t.game, ALL_GAMES):
                history_rows.extend(
                    self._rate_in_memory(totals, match_id, season_id, t.guild_id, key, plan, names)
                )
        for table, rows in (
            (SEATS, seat_rows),
            (MOVES, move_rows),
            (SNAPSHOTS, snapshot_rows),
            (RESULTS, result_rows),
            (HISTORY, history_rows),
        ):
            if rows:
                await s.execute(insert(table), rows)
        await self._store_totals(s, totals, now)

    @staticmethod
    async def _insert_returning_ids(
        s: AsyncSession, table: Any, rows: list[dict[str, Any]]
    ) -> list[int]:
        """Insert many rows and get their new ids in the order of `rows`."""
        result = await s.execute(
            insert(table).returning(table.c.id, sort_by_parameter_order=True), rows
        )
        return [int(row_id) for row_id in result.scalars()]

    @staticmethod
    async def _load_totals(
        s: AsyncSession, season_id: int, totals: dict[tuple[int, str, int], _Total]
    ) -> None:
        for row in await s.execute(
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
            totals[(season_id, row.game, row.user_id)] = _Total(
                row.mu,
                row.sigma,
                row.matches,
                row.wins,
                row.points,
                row.name,
                row.guild_id,
                stored=True,
            )

    def _rate_in_memory(
        self,
        totals: dict[tuple[int, str, int], _Total],
        match_id: int,
        season_id: int,
        guild_id: int,
        game: str,
        plan: ratings.MatchPlan,
        names: dict[int, str],
    ) -> list[dict[str, Any]]:
        """`_update_ratings` (results.py) on the in-memory totals; returns history rows."""
        outcomes = plan.by_user()
        users = sorted(outcomes)
        start = ratings.initial(self._model)
        skills = {}
        for uid in users:
            known = totals.get((season_id, game, uid))
            skills[uid] = ratings.Skill(known.mu, known.sigma) if known else start
        if plan.rated:
            sides = [[skills[uid] for uid in side] for side in plan.sides]
            updated = ratings.rate(self._model, sides, plan.side_ranks)
            for side, new in zip(plan.sides, updated, strict=True):
                skills.update(zip(side, new, strict=True))
        rows = []
        for uid in users:
            outcome, skill = outcomes[uid], skills[uid]
            total = totals.get((season_id, game, uid))
            if total is None:
                total = _Total(skill.mu, skill.sigma, 0, 0, 0, names[uid], guild_id, stored=False)
                totals[(season_id, game, uid)] = total
            total.mu, total.sigma, total.name = skill.mu, skill.sigma, names[uid]
            total.matches += 1
            total.wins += int(outcome.won)
            total.points += outcome.season_points
            total.changed = True
            rows.append(
                {
                    "match_id": match_id,
                    "game": game,
                    "user_id": uid,
                    "guild_id": guild_id,
                    "season_id": season_id,
                    "mu": skill.mu,
                    "sigma": skill.sigma,
                }
            )
        return rows

    @staticmethod
    async def _store_totals(
        s: AsyncSession, totals: dict[tuple[int, str, int], _Total], now: datetime
    ) -> None:
        """Write the rating rows this chunk changed: new ones inserted, known ones updated."""
        new_rows, changed_rows = [], []
        for (season_id, game, uid), total in totals.items():
            if not total.changed:
                continue
            values = {
                "name": total.name,
                "mu": total.mu,
                "sigma": total.sigma,
                "rating": ratings.conservative(total.mu, total.sigma),
                "matches": total.matches,
                "wins": total.wins,
                "points": total.points,
                "updated_at": now,
            }
            if total.stored:
                changed_rows.append(
                    {**values, "k_season": season_id, "k_game": game, "k_user": uid}
                )
            else:
                new_rows.append(
                    {
                        **values,
                        "season_id": season_id,
                        "game": game,
                        "user_id": uid,
                        "guild_id": total.guild_id,
                    }
                )
        if new_rows:
            await s.execute(insert(RATINGS), new_rows)
        if changed_rows:
            await s.execute(
                update(RATINGS)
                .where(
                    (RATINGS.c.season_id == bindparam("k_season"))
                    & (RATINGS.c.game == bindparam("k_game"))
                    & (RATINGS.c.user_id == bindparam("k_user"))
                )
                .values({name: bindparam(name) for name in changed_rows[0] if name[:2] != "k_"}),
                changed_rows,
            )
