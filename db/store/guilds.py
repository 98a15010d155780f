"""A server's own settings (`/config`): one row per guild that changed a default."""

from __future__ import annotations

from typing import Any

from sqlalchemy import insert, select, update

from ..models import GuildSettings
from .base import StoreBase, _table, rowcount, utcnow

GUILDS = _table(GuildSettings)
LANGS = ("fr", "en")


class GuildsMixin(StoreBase):
    async def guild_lang(self, guild_id: int) -> str | None:
        """The language the server's admins chose for its tables, or None (each opener's)."""
        async with self._read() as s:
            row = (
                await s.execute(select(GUILDS.c.lang).where(GUILDS.c.guild_id == guild_id))
            ).first()
        return None if row is None else row[0]

    async def set_guild_lang(self, guild_id: int, lang: str | None) -> None:
        if lang is not None and lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}")
        values: dict[str, Any] = {"lang": lang, "updated_at": utcnow()}
        async with self._write() as s:
            result = await s.execute(
                update(GUILDS).where(GUILDS.c.guild_id == guild_id).values(**values)
            )
            if rowcount(result) == 0:
                await s.execute(insert(GUILDS).values(guild_id=guild_id, **values))
