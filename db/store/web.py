"""Read-only queries of the web companion: finished matches, their replays, rating history.

Everything here is scoped by guild: a match or a player of another server is simply not
found. Only recorded matches (so finished ones) are ever returned.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import ColumnElement, Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from .. import ratings
from ..records import (
    ALL_GAMES,
    FinishedMatch,
    MatchSeat,
    MatchSummary,
    MoveRecord,
    RatingPoint,
    TableStatus,
)
from .base import (
    HISTORY,
    MATCHES,
    MOVES,
    RATINGS,
    RESULTS,
    SEASONS,
    TABLES,
    StoreBase,
    as_utc,
    check_game,
)

_FINISHED = TABLES.c.status == TableStatus.FINISHED.value


def _check_page(offset: int, limit: int) -> None:
    if offset < 0 or limit < 1:
        raise ValueError("offset >= 0 and limit >= 1 are required")


class WebMixin(StoreBase):
    """What the web pages and API read; nothing here writes."""

    async def recent_matches(
        self,
        guild_id: int,
        *,
        game: str | None = None,
        user_id: int | None = None,
        offset: int = 0,
        limit: int = 10,
    ) -> list[MatchSummary]:
        """The guild's finished matches, newest first; only `user_id`'s if given."""
        _check_page(offset, limit)
        if game is not None:
            check_game(game)
        async with self._read() as s:
            if user_id is None:
                where = MATCHES.c.guild_id == guild_id
                if game is not None:
                    where &= MATCHES.c.game == game
                ids_query = select(MATCHES.c.id).where(where).order_by(MATCHES.c.id.desc())
            else:
                where = (RESULTS.c.guild_id == guild_id) & (RESULTS.c.user_id == user_id)
                if game is not None:
                    where &= RESULTS.c.game == game
                ids_query = (
                    select(RESULTS.c.match_id)
                    .where(where)
                    .distinct()
                    .order_by(RESULTS.c.match_id.desc())
                )
            ids = list((await s.execute(ids_query.offset(offset).limit(limit))).scalars())
            if not ids:
                return []
            found = await self._summaries(s, MATCHES.c.id.in_(ids))
        return sorted(found.values(), key=lambda m: -m.id)

    async def finished_match(self, guild_id: int, match_id: int) -> FinishedMatch | None:
        """A finished match of the guild with its seed, options and move log; else None."""
        async with self._read() as s:
            where = (MATCHES.c.id == match_id) & (MATCHES.c.guild_id == guild_id)
            found = await self._summaries(s, where)
            if match_id not in found:
                return None
            table_id, seed, options = (
                await s.execute(
                    select(TABLES.c.id, TABLES.c.seed, TABLES.c.options)
                    .join(MATCHES, MATCHES.c.table_id == TABLES.c.id)
                    .where(MATCHES.c.id == match_id)
                )
            ).one()
            moves = [
                MoveRecord(seq, seat, action_id)
                for seq, seat, action_id in await s.execute(
                    select(MOVES.c.seq, MOVES.c.seat, MOVES.c.action_id)
                    .where(MOVES.c.table_id == table_id)
                    .order_by(MOVES.c.seq)
                )
            ]
        return FinishedMatch(found[match_id], int(seed), dict(options or {}), moves)

    async def _summaries(
        self, s: AsyncSession, where: ColumnElement[bool]
    ) -> dict[int, MatchSummary]:
        """Headers matching `where` (finished tables only) with their seats, by match id."""
        query: Select[Any] = (
            select(
                MATCHES.c.id,
                MATCHES.c.game,
                SEASONS.c.number,
                MATCHES.c.finished_at,
                MATCHES.c.rated,
                MATCHES.c.teams,
            )
            .join(SEASONS, SEASONS.c.id == MATCHES.c.season_id)
            .join(TABLES, TABLES.c.id == MATCHES.c.table_id)
            .where(where & _FINISHED)
        )
        headers = (await s.execute(query)).all()
        if not headers:
            return {}
        seats: dict[int, list[MatchSeat]] = defaultdict(list)
        for row in await s.execute(
            select(
                RESULTS.c.match_id,
                RESULTS.c.seat,
                RESULTS.c.user_id,
                RESULTS.c.is_ai,
                RESULTS.c.name,
                RESULTS.c.rank,
                RESULTS.c.score,
                RESULTS.c.season_points,
                RESULTS.c.won,
            )
            .where(RESULTS.c.match_id.in_([h.id for h in headers]))
            .order_by(RESULTS.c.match_id, RESULTS.c.seat)
        ):
            seats[row.match_id].append(
                MatchSeat(
                    seat=row.seat,
                    user_id=row.user_id,
                    is_ai=bool(row.is_ai),
                    name=row.name,
                    rank=row.rank,
                    score=row.score,
                    season_points=row.season_points,
                    won=bool(row.won),
                )
            )
        summaries = {}
        for h in headers:
            finished = as_utc(h.finished_at)
            assert finished is not None
            summaries[h.id] = MatchSummary(
                id=h.id,
                game=h.game,
                season=h.number,
                finished_at=finished,
                rated=bool(h.rated),
                teams=h.teams,
                seats=seats.get(h.id, []),
            )
        return summaries

    async def rating_history(
        self, guild_id: int, user_id: int, *, season: int | None = None
    ) -> list[RatingPoint]:
        """The player's rating after each of their recorded matches, oldest first.

        One point per match for its game and one for all games (game None); season None
        gives every season (each season starts from the initial rating again).
        """
        where = (HISTORY.c.guild_id == guild_id) & (HISTORY.c.user_id == user_id)
        if season is not None:
            where &= SEASONS.c.number == season
        async with self._read() as s:
            rows = await s.execute(
                select(
                    HISTORY.c.match_id,
                    SEASONS.c.number,
                    HISTORY.c.game,
                    MATCHES.c.finished_at,
                    HISTORY.c.mu,
                    HISTORY.c.sigma,
                )
                .join(SEASONS, SEASONS.c.id == HISTORY.c.season_id)
                .join(MATCHES, MATCHES.c.id == HISTORY.c.match_id)
                .where(where)
                .order_by(HISTORY.c.match_id, HISTORY.c.game)
            )
            points = []
            for match_id, number, game, finished_at, mu, sigma in rows:
                finished = as_utc(finished_at)
                assert finished is not None
                points.append(
                    RatingPoint(
                        match_id=match_id,
                        season=number,
                        game=None if game == ALL_GAMES else game,
                        finished_at=finished,
                        mu=mu,
                        sigma=sigma,
                        rating=ratings.conservative(mu, sigma),
                    )
                )
        return points

    async def player_name(self, guild_id: int, user_id: int) -> str | None:
        """The name a player last played under on the guild; None if they never finished one."""
        async with self._read() as s:
            name = await s.scalar(
                select(RATINGS.c.name)
                .where((RATINGS.c.guild_id == guild_id) & (RATINGS.c.user_id == user_id))
                .order_by(RATINGS.c.updated_at.desc(), RATINGS.c.season_id.desc())
                .limit(1)
            )
        return None if name is None else str(name)
