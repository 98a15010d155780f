"""Seasons: one open season per guild, numbered from 1; results count in the open one."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from ..records import SeasonInfo
from .database import RETRIES, SEASONS, Database, as_utc, new_id, utcnow


async def open_season_id(s: AsyncSession, guild_id: int, now: datetime) -> int:
    """Inside a write transaction: the guild's open season, created (number max + 1, so 1 at
    first) if there is none."""
    found = await s.scalar(
        select(SEASONS.c.id).where((SEASONS.c.guild_id == guild_id) & SEASONS.c.ended_at.is_(None))
    )
    if found is not None:
        return int(found)
    last = await s.scalar(select(func.max(SEASONS.c.number)).where(SEASONS.c.guild_id == guild_id))
    result = await s.execute(
        insert(SEASONS).values(guild_id=guild_id, number=(last or 0) + 1, started_at=now)
    )
    return new_id(result)


def season_info(row: Any) -> SeasonInfo:
    started = as_utc(row.started_at)
    assert started is not None
    return SeasonInfo(row.guild_id, row.number, started, as_utc(row.ended_at))


def guild_seasons(s: Session, guild_id: int) -> list[SeasonInfo]:
    """Every season of the guild, oldest first, inside the caller's read transaction."""
    rows = s.execute(
        select(SEASONS).where(SEASONS.c.guild_id == guild_id).order_by(SEASONS.c.number)
    )
    return [season_info(row) for row in rows]


async def _season_by_id(s: AsyncSession, season_id: int) -> SeasonInfo:
    row = (await s.execute(select(SEASONS).where(SEASONS.c.id == season_id))).one()
    return season_info(row)


class Seasons:
    """Reading, opening and closing a guild's seasons."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def current(self, guild_id: int) -> SeasonInfo:
        """The guild's open season; the first call creates season 1."""
        async with self._db.read() as s:
            row = (
                await s.execute(
                    select(SEASONS).where(
                        (SEASONS.c.guild_id == guild_id) & SEASONS.c.ended_at.is_(None)
                    )
                )
            ).first()
        if row is not None:
            return season_info(row)
        for attempt in range(RETRIES):
            try:
                async with self._db.write() as s:
                    season_id = await open_season_id(s, guild_id, utcnow())
                    return await _season_by_id(s, season_id)
            except IntegrityError:  # created concurrently: the next attempt finds it
                if attempt == RETRIES - 1:
                    raise
        raise AssertionError("unreachable")

    async def new(self, guild_id: int) -> SeasonInfo:
        """Close the open season (if any) and open the next number; returns the new one.

        Two concurrent calls open one season, not two: the loser of the race gets the
        season the winner opened (one open season per guild is a unique index).
        """
        now = utcnow()
        try:
            async with self._db.write() as s:
                await s.execute(
                    update(SEASONS)
                    .where((SEASONS.c.guild_id == guild_id) & SEASONS.c.ended_at.is_(None))
                    .values(ended_at=now)
                )
                season_id = await open_season_id(s, guild_id, now)
                return await _season_by_id(s, season_id)
        except IntegrityError:
            return await self.current(guild_id)
