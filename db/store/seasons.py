"""Seasons: one open season per guild, numbered from 1; results count in the open one."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from ..records import SeasonInfo
from .base import RETRIES, SEASONS, StoreBase, as_utc, new_id, utcnow


class SeasonsMixin(StoreBase):
    """Reading, opening and closing a guild's seasons."""

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
        return new_id(result)

    @staticmethod
    def _season(row: Any) -> SeasonInfo:
        started = as_utc(row.started_at)
        assert started is not None
        return SeasonInfo(row.guild_id, row.number, started, as_utc(row.ended_at))

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
        for attempt in range(RETRIES):
            try:
                async with self._write() as s:
                    season_id = await self._open_season_id(s, guild_id, utcnow())
                    return await self._season_by_id(s, season_id)
            except IntegrityError:  # created concurrently: the next attempt finds it
                if attempt == RETRIES - 1:
                    raise
        raise AssertionError("unreachable")

    async def new_season(self, guild_id: int) -> SeasonInfo:
        """Close the open season (if any) and open the next number; returns the new one.

        Two concurrent calls open one season, not two: the loser of the race gets the
        season the winner opened (one open season per guild is a unique index).
        """
        now = utcnow()
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
