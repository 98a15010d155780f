"""Finished matches: the result recorded once, season points and ratings updated with it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from sqlalchemy import insert, select, update
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncSession

from .. import ratings
from ..records import ALL_GAMES, SeatResult, TableStatus
from .base import (
    HISTORY,
    MATCHES,
    RATINGS,
    RESULTS,
    RETRIES,
    TABLES,
    check_game,
    clip_name,
    lost_race,
    new_id,
    utcnow,
)
from .seasons import SeasonsMixin


class ResultsMixin(SeasonsMixin):
    """Recording a finished match, idempotently, with its ratings (in the open season)."""

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
        check_game(game)
        plan = ratings.plan_match(seats, teams)
        for attempt in range(RETRIES):
            try:
                return await self._record(table_id, guild_id, game, seats, teams, plan)
            except DBAPIError as exc:
                # Lost a race: the same result recorded concurrently, or a rating/season
                # row created by another match. The transaction was rolled back; retry.
                if not lost_race(exc):
                    raise
                if await self._is_recorded(table_id):
                    return False
                if attempt == RETRIES - 1:
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
        now = utcnow()
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
            match_id = new_id(header)
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
                        "name": clip_name(by_seat[o.seat].name),
                        "rank": o.rank,
                        "score": by_seat[o.seat].score,
                        "season_points": o.season_points,
                        "won": o.won,
                    }
                    for o in plan.seats
                ],
            )
            names = {
                o.user_id: clip_name(by_seat[o.seat].name)
                for o in plan.seats
                if o.user_id is not None
            }
            for key in (game, ALL_GAMES):
                await self._update_ratings(s, match_id, season_id, guild_id, key, plan, names, now)
            await s.execute(
                update(TABLES)
                .where(TABLES.c.id == table_id)
                .values(status=TableStatus.FINISHED.value, updated_at=now)
            )
            return True

    async def _update_ratings(
        self,
        s: AsyncSession,
        match_id: int,
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
                        rating=skill.rating,
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
                        rating=skill.rating,
                        matches=1,
                        wins=int(outcome.won),
                        points=outcome.season_points,
                        updated_at=now,
                    )
                )
        await s.execute(
            insert(HISTORY),
            [
                {
                    "match_id": match_id,
                    "game": game,
                    "user_id": uid,
                    "guild_id": guild_id,
                    "season_id": season_id,
                    "mu": skills[uid].mu,
                    "sigma": skills[uid].sigma,
                }
                for uid in users
            ],
        )
