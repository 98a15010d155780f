"""Finished matches: the result recorded once, season points and ratings updated with it.

What a match writes (its result rows, every player's rating row after it, the rating
history) is computed by the functions at the top, which take the rows as they were and
return the rows to write; `Results.record` reads and writes them in one transaction. Code
that fills a database in bulk (tests/db/bulk.py, for the benches) calls the same functions,
so there is one rating update.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import insert, select, update
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncSession

from .. import ratings
from ..records import ALL_GAMES, SeatResult, TableStatus
from .database import (
    HISTORY,
    MATCHES,
    RATINGS,
    RESULTS,
    RETRIES,
    TABLES,
    Database,
    check_game,
    clip_name,
    lock_table,
    lost_race,
    new_id,
    utcnow,
)
from .seasons import open_season_id


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's rating row for one season and game key: skill and season totals."""

    mu: float
    sigma: float
    matches: int
    wins: int
    points: int


def standings_after(
    model: PlackettLuce, plan: ratings.MatchPlan, before: Mapping[int, Standing]
) -> dict[int, Standing]:
    """Every human player's row after the match, by user id in increasing order.

    `before` holds the rows the players had (a player without one starts from the initial
    skill). Skills move only in a rated match (db/ratings.py); totals count every match.
    """
    outcomes = plan.by_user()
    start = ratings.initial(model)
    fresh = Standing(start.mu, start.sigma, 0, 0, 0)
    old = {uid: before.get(uid, fresh) for uid in sorted(outcomes)}
    skills = {uid: ratings.Skill(row.mu, row.sigma) for uid, row in old.items()}
    if plan.rated:
        sides = [[skills[uid] for uid in side] for side in plan.sides]
        updated = ratings.rate(model, sides, plan.side_ranks)
        for side, new in zip(plan.sides, updated, strict=True):
            skills.update(zip(side, new, strict=True))
    return {
        uid: Standing(
            skills[uid].mu,
            skills[uid].sigma,
            row.matches + 1,
            row.wins + int(outcomes[uid].won),
            row.points + outcomes[uid].season_points,
        )
        for uid, row in old.items()
    }


def player_names(plan: ratings.MatchPlan, seats: Sequence[SeatResult]) -> dict[int, str]:
    """The name each human player of the match goes by from now on."""
    by_seat = {seat.seat: seat for seat in seats}
    return {o.user_id: clip_name(by_seat[o.seat].name) for o in plan.seats if o.user_id is not None}


def result_rows(
    plan: ratings.MatchPlan,
    seats: Sequence[SeatResult],
    *,
    match_id: int,
    table_id: int,
    guild_id: int,
    season_id: int,
    game: str,
) -> list[dict[str, Any]]:
    """One `match_results` row per seat."""
    by_seat = {seat.seat: seat for seat in seats}
    return [
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
    ]


def rating_values(row: Standing, name: str, now: datetime) -> dict[str, Any]:
    """The columns of a `ratings` row that a match changes."""
    return {
        "name": name,
        "mu": row.mu,
        "sigma": row.sigma,
        "rating": ratings.conservative(row.mu, row.sigma),
        "matches": row.matches,
        "wins": row.wins,
        "points": row.points,
        "updated_at": now,
    }


def history_rows(
    after: Mapping[int, Standing], *, match_id: int, game: str, guild_id: int, season_id: int
) -> list[dict[str, Any]]:
    """One `rating_history` row per player: their skill after the match."""
    return [
        {
            "match_id": match_id,
            "game": game,
            "user_id": uid,
            "guild_id": guild_id,
            "season_id": season_id,
            "mu": row.mu,
            "sigma": row.sigma,
        }
        for uid, row in after.items()
    ]


class Results:
    """Recording a finished match, idempotently, with its ratings (in the open season)."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self.model = ratings.new_model()  # public: a bulk import rates with this one too

    async def record(
        self,
        table_id: int,
        *,
        guild_id: int,
        game: str,
        seats: list[SeatResult],
        teams: list[list[int]] | None,
        practice: bool = False,
        hints: bool = False,
    ) -> bool:
        """Record a finished match once: True if recorded now, False if it already was.

        In one transaction: the results header (unique per table, hence idempotent), one
        result row per seat, season points and ratings for the current season, both for
        `game` and for ALL_GAMES, and the table's status set to finished. The rules for
        sides, points and ratings are in db/ratings.py. A `practice` match keeps its
        result (for its replay) but is unrated and touches no rating row: it counts in no
        season, leaderboard or statistics. A match at a table that allowed `hints` is
        counted like any unrated match: played and won, with no rating move and no points.
        """
        check_game(game)
        plan = ratings.plan_match(seats, teams, practice=practice, hints=hints)
        for attempt in range(RETRIES):
            try:
                return await self._record(
                    table_id, guild_id, game, seats, teams, plan, practice=practice
                )
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
        async with self._db.read() as s:
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
        *,
        practice: bool,
    ) -> bool:
        now = utcnow()
        async with self._db.write() as s:
            table = await lock_table(s, table_id)
            if table.guild_id != guild_id or table.game != game:
                raise ValueError(
                    f"table {table_id} is {table.game!r} in guild {table.guild_id}, "
                    f"not {game!r} in guild {guild_id}"
                )
            if await s.scalar(select(MATCHES.c.id).where(MATCHES.c.table_id == table_id)):
                return False
            season_id = await open_season_id(s, guild_id, now)
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
            ids = {"match_id": match_id, "guild_id": guild_id, "season_id": season_id}
            await s.execute(
                insert(RESULTS), result_rows(plan, seats, table_id=table_id, game=game, **ids)
            )
            names = {} if practice else player_names(plan, seats)
            for key in (game, ALL_GAMES):
                await self._update_ratings(s, plan, names, key, now, **ids)
            await s.execute(
                update(TABLES)
                .where(TABLES.c.id == table_id)
                .values(status=TableStatus.FINISHED.value, updated_at=now)
            )
            return True

    async def _update_ratings(
        self,
        s: AsyncSession,
        plan: ratings.MatchPlan,
        names: Mapping[int, str],
        game: str,
        now: datetime,
        *,
        match_id: int,
        guild_id: int,
        season_id: int,
    ) -> None:
        """The players' rating rows for `game` (a game or ALL_GAMES), locked, then moved."""
        users = sorted(names)
        if not users:
            return
        key = (RATINGS.c.season_id == season_id) & (RATINGS.c.game == game)
        rows = await s.execute(
            select(
                RATINGS.c.user_id,
                RATINGS.c.mu,
                RATINGS.c.sigma,
                RATINGS.c.matches,
                RATINGS.c.wins,
                RATINGS.c.points,
            )
            .where(key & RATINGS.c.user_id.in_(users))
            .order_by(RATINGS.c.user_id)
            .with_for_update()
        )
        before = {row[0]: Standing(*row[1:]) for row in rows}
        after = standings_after(self.model, plan, before)
        for uid, row in after.items():
            values = rating_values(row, names[uid], now)
            if uid in before:
                await s.execute(
                    update(RATINGS).where(key & (RATINGS.c.user_id == uid)).values(**values)
                )
            else:
                await s.execute(
                    insert(RATINGS).values(
                        season_id=season_id, game=game, user_id=uid, guild_id=guild_id, **values
                    )
                )
        await s.execute(
            insert(HISTORY),
            history_rows(
                after, match_id=match_id, game=game, guild_id=guild_id, season_id=season_id
            ),
        )
