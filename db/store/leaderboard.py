"""Read-only views over the ratings: a season's leaderboard and a player's record."""

from __future__ import annotations

from typing import Any

from sqlalchemy import case, func, select
from sqlalchemy.orm import Session

from .. import ratings
from ..records import ALL_GAMES, LeaderboardPage, LeaderboardRow, StatRow
from .database import RATINGS, SEASONS, Database, check_game


def leaderboard_page(
    s: Session,
    guild_id: int,
    game: str | None,
    season: int | None,
    offset: int,
    limit: int,
    min_matches: int,
) -> LeaderboardPage:
    """`Leaderboard.page` inside the caller's read transaction."""
    if game is not None:
        check_game(game)
    if offset < 0 or limit < 1 or min_matches < 0:
        raise ValueError("offset >= 0, limit >= 1 and min_matches >= 0 are required")
    key = ALL_GAMES if game is None else game
    where = SEASONS.c.guild_id == guild_id
    if season is None:
        where &= SEASONS.c.ended_at.is_(None)
    else:
        where &= SEASONS.c.number == season
    found = (s.execute(select(SEASONS.c.id, SEASONS.c.number).where(where))).first()
    if found is None:
        empty: list[LeaderboardRow] = []
        number = season if season is not None else 1
        return LeaderboardPage(number, game, empty, 0, 0, offset, limit, min_matches)
    season_id, number = found
    rows_of = (RATINGS.c.season_id == season_id) & (RATINGS.c.game == key)
    qualified = RATINGS.c.matches >= min_matches
    total, ranked = s.execute(
        select(func.count(), func.coalesce(func.sum(case((qualified, 1), else_=0)), 0)).where(
            rows_of
        )
    ).one()
    total, ranked = int(total), int(ranked)
    # Ranked players first, then the others, each a walk along ix_ratings_rank (only
    # ties on rating, points and matches get sorted), never a sort of the whole season.
    columns = (
        RATINGS.c.user_id,
        RATINGS.c.name,
        RATINGS.c.matches,
        RATINGS.c.wins,
        RATINGS.c.points,
        RATINGS.c.mu,
        RATINGS.c.sigma,
    )
    order = (
        RATINGS.c.rating.desc(),
        RATINGS.c.points.desc(),
        RATINGS.c.matches.desc(),
        RATINGS.c.user_id,
    )
    rows: list[Any] = []
    if offset < ranked:
        rows += s.execute(
            select(*columns).where(rows_of & qualified).order_by(*order).offset(offset).limit(limit)
        ).all()
    if len(rows) < limit and offset + len(rows) < total:
        rows += s.execute(
            select(*columns)
            .where(rows_of & ~qualified)
            .order_by(*order)
            .offset(max(0, offset - ranked))
            .limit(limit - len(rows))
        ).all()
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
    return LeaderboardPage(number, game, page, total, ranked, offset, limit, min_matches)


def player_stats(s: Session, guild_id: int, user_id: int) -> list[StatRow]:
    rows = s.execute(
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


class Leaderboard:
    """Leaderboard pages and per-player statistics."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def page(
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
        `min_matches` matches, by rating (mu - 3 sigma, stored as `rating`) descending,
        then season points descending, matches descending, user id; they get ranks 1, 2,
        ... Then everybody else, in the same order, without a rank (None): they show up
        but are not placed.
        `total` counts both groups, for pagination; `ranked` only the first.

        For game None the rows are the ALL_GAMES ratings: matches, wins and points summed
        over every game, and a rating updated by every match whatever its game.
        """
        return await self._db.read_all(
            lambda s: leaderboard_page(s, guild_id, game, season, offset, limit, min_matches)
        )

    async def stats(self, guild_id: int, user_id: int) -> list[StatRow]:
        """A player's record per season (newest first) and game (all games first)."""
        return await self._db.read_all(lambda s: player_stats(s, guild_id, user_id))
