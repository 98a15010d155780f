"""The bot processes behind the Activity, and which of them owns a guild's tables.

Each bot process serves an internal Activity endpoint (bot/activity/server.py) and says at
`GET /internal/info` which shards it runs. The web companion knows their addresses from
ACTIVITY_BOTS and asks them; a socket goes to the process whose shards hold its guild,
`(guild_id >> 22) % shard_count`, the bot's own rule (bot/app/shards.py).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import aiohttp

ASK_TIMEOUT = 3.0  # seconds a bot process has to say which shards it runs


@dataclass(frozen=True, slots=True)
class Info:
    """What one bot process said of itself."""

    url: str
    application_id: str
    shard_count: int
    shards: frozenset[int]

    def owns(self, guild_id: int) -> bool:
        return (guild_id >> 22) % self.shard_count in self.shards


class Unreachable(Exception):
    """The owner of a guild is not answering (down, restarting): try again soon."""


class Unknown(Exception):
    """No bot process runs this guild's shard: the configuration misses one."""


class Bots:
    """The bot processes' internal addresses; each is asked afresh (a few local calls per
    socket), so a restarted process with other shards is followed at once."""

    def __init__(self, urls: tuple[str, ...]) -> None:
        self.urls = urls
        self._session: aiohttp.ClientSession | None = None

    def http(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            # Each relayed socket holds its connection as long as the page is open: no cap
            # (aiohttp's default of 100 would make the 101st page wait, then fail).
            self._session = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(limit=0),
                timeout=aiohttp.ClientTimeout(total=10),
            )
        return self._session

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()

    async def ask(self, url: str) -> Info | None:
        """What `url` says of itself now; None when it does not answer."""
        try:
            async with self.http().get(
                url + "/internal/info", timeout=aiohttp.ClientTimeout(total=ASK_TIMEOUT)
            ) as response:
                body: Any = await response.json(content_type=None)
            info = Info(
                url,
                str(body["application_id"]),
                int(body["shard_count"]),
                frozenset(int(s) for s in body["shards"]),
            )
        except (aiohttp.ClientError, TimeoutError, ValueError, KeyError, TypeError):
            return None
        return info if info.shard_count >= 1 else None

    async def any(self) -> Info:
        """Any bot process that answers (the page, the token exchange: all can)."""
        for info in await asyncio.gather(*(self.ask(url) for url in self.urls)):
            if info is not None:
                return info
        raise Unreachable()

    async def owner(self, guild_id: int | None) -> Info:
        """The process that owns `guild_id`'s tables (any answering one without a guild);
        Unknown when none runs its shard, Unreachable when the one that may is silent."""
        if guild_id is None:
            return await self.any()
        answers = await asyncio.gather(*(self.ask(url) for url in self.urls))
        for info in answers:
            if info is not None and info.owns(guild_id):
                return info
        if any(info is None for info in answers) or not answers:
            raise Unreachable()
        raise Unknown()
