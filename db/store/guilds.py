"""A server's own settings (`/config`): one row per guild that changed a default."""

from __future__ import annotations

from typing import Any

from sqlalchemy import insert, select, update

from ..models import GuildSettings
from .database import Database, core_table, rowcount, utcnow

GUILDS = core_table(GuildSettings)
LANGS = ("fr", "en")


class Guilds:
    """A server's own settings."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def lang(self, guild_id: int) -> str | None:
        """The language the server's admins chose for its tables, or None (each opener's)."""
        async with self._db.read() as s:
            row = (
                await s.execute(select(GUILDS.c.lang).where(GUILDS.c.guild_id == guild_id))
            ).first()
        return None if row is None else row[0]

    async def set_lang(self, guild_id: int, lang: str | None) -> None:
        """Choose the language of the server's tables; None goes back to each opener's."""
        if lang is not None and lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}")
        values: dict[str, Any] = {"lang": lang, "updated_at": utcnow()}
        async with self._db.write() as s:
            result = await s.execute(
                update(GUILDS).where(GUILDS.c.guild_id == guild_id).values(**values)
            )
            if rowcount(result) == 0:
                await s.execute(insert(GUILDS).values(guild_id=guild_id, **values))
