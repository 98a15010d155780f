"""Who is at the other end of an Activity socket, asked of Discord, never of the page.

The page hands the server the OAuth2 code the Discord client gave it; the server exchanges
it with the application's client secret (`POST /oauth2/token`) and hands the access token
back. Before a socket may see a table, the server reads the user with that token
(`GET /users/@me`) and the Activity instance with the bot token
(`GET /applications/{app}/activity-instances/{instance}`): the user must be one of its
participants, and the instance's channel decides which tables the socket may see.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import aiohttp

VOUCHED_FOR = 300.0  # seconds a user checked in an instance stays checked (reconnections)
KEPT = 10_000  # checked users kept at most
RETRIES = 5  # a rate-limited call (429) is tried again after Discord's Retry-After


class NotAllowed(Exception):
    """Discord did not vouch for this user in this instance: the socket is refused."""


@dataclass(frozen=True, slots=True)
class Player:
    """A user Discord vouched for, in the channel of an Activity instance they are in."""

    user_id: int
    name: str
    locale: str
    channel_id: int
    guild_id: int | None


class DiscordIdentity:
    """The three Discord calls, against `api_base` (Discord's, or the emulator's)."""

    def __init__(
        self,
        api_base: str,
        application_id: int,
        bot_token: str,
        client_secret: str,
        user_agent: str,
        pace: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        self.api_base = api_base.rstrip("/")
        self._user_agent = user_agent  # `DiscordBot (url, version)`, as Discord asks
        self._pace = pace  # the bot's share of Discord's global limit, for bot-token calls
        self.application_id = application_id
        self._bot_token = bot_token
        self._client_secret = client_secret
        self._session: aiohttp.ClientSession | None = None
        # (token, instance) → the player and until when: the pages of a restart reconnect
        # all at once, and each would otherwise cost two calls to Discord.
        self._checked: OrderedDict[tuple[str, str], tuple[Player, float]] = OrderedDict()

    def _http(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10))
        return self._session

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()

    async def exchange(self, code: str) -> str:
        """The access token for an authorization code the Discord client gave the page."""
        form = {
            "client_id": str(self.application_id),
            "client_secret": self._client_secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        data = await self._call("POST", "/oauth2/token", data=form)
        token = data.get("access_token")
        if not isinstance(token, str) or not token:
            raise NotAllowed("no access token")
        return token

    async def player(self, access_token: str, instance_id: str) -> Player:
        """The user of `access_token`, checked to be a participant of `instance_id` (again
        after VOUCHED_FOR seconds)."""
        key = (access_token, instance_id)
        kept = self._checked.get(key)
        if kept is not None and kept[1] > time.monotonic():
            return kept[0]
        player = await self._ask(access_token, instance_id)
        self._checked[key] = (player, time.monotonic() + VOUCHED_FOR)
        self._checked.move_to_end(key)
        while len(self._checked) > KEPT:
            self._checked.popitem(last=False)
        return player

    async def _ask(self, access_token: str, instance_id: str) -> Player:
        user = await self._call("GET", "/users/@me", auth=f"Bearer {access_token}")
        app = self.application_id
        instance = await self._call(
            "GET",
            f"/applications/{app}/activity-instances/{instance_id}",
            auth=f"Bot {self._bot_token}",
        )
        try:
            user_id = int(user["id"])
            participants = {int(u) for u in instance.get("users", [])}
            location = instance["location"]
            channel_id = int(location["channel_id"])
            guild = location.get("guild_id")
        except (KeyError, TypeError, ValueError):
            raise NotAllowed("unexpected answer") from None
        if str(instance.get("application_id")) != str(app) or user_id not in participants:
            raise NotAllowed("not a participant")
        name = str(user.get("global_name") or user.get("username") or user_id)
        locale = str(user.get("locale") or "fr")
        return Player(user_id, name, locale, channel_id, int(guild) if guild else None)

    async def _call(
        self, method: str, path: str, *, auth: str | None = None, data: Any = None
    ) -> dict[str, Any]:
        headers = {"User-Agent": self._user_agent}
        if auth:
            headers["Authorization"] = auth
        for _ in range(RETRIES):
            if self._pace is not None and auth is not None and auth.startswith("Bot "):
                await self._pace()
            try:
                async with self._http().request(
                    method, self.api_base + path, headers=headers, data=data
                ) as response:
                    body = await response.json(content_type=None)
                    status = response.status
            except (aiohttp.ClientError, ValueError) as exc:
                raise NotAllowed(type(exc).__name__) from None
            if status == 429 and isinstance(body, dict):  # Discord's rate limit: wait, again
                await asyncio.sleep(min(float(body.get("retry_after") or 1.0), 5.0))
                continue
            if status != 200 or not isinstance(body, dict):
                raise NotAllowed(f"{method} {path.split('/')[1]}: {status}")
            return body
        raise NotAllowed(f"{method} {path.split('/')[1]}: rate limited")
