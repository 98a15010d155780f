"""A client for the control API, for tests that drive an emulator running in another process.

Ids travel as strings (JSON); results are plain dicts shaped like the control API's answers.
"""

from __future__ import annotations

from types import TracebackType
from typing import Any

import aiohttp

JSON = dict[str, Any]


class RemoteError(AssertionError):
    """The control API refused an action (unknown command, invisible message, timeout...)."""


class RemoteEmulator:
    """`async with RemoteEmulator("http://127.0.0.1:8765/_emu") as emu: await emu.slash(...)`."""

    def __init__(self, control_url: str) -> None:
        self.url = control_url.rstrip("/")
        self.api_base = ""
        self.gateway_url = ""
        self._http: aiohttp.ClientSession | None = None

    async def __aenter__(self) -> RemoteEmulator:
        """Opens the session and learns the URLs, so connect_client() accepts this object too."""
        self._http = aiohttp.ClientSession()
        info = await self.info()
        self.api_base, self.gateway_url = info["api_base"], info["gateway_url"]
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._http is not None:
            await self._http.close()

    async def _request(self, method: str, path: str, **kwargs: Any) -> object:
        assert self._http is not None, "use RemoteEmulator as an async context manager"
        async with self._http.request(method, self.url + path, **kwargs) as resp:
            data: object = await resp.json()
            if resp.status >= 400:
                raise RemoteError(data.get("error", data) if isinstance(data, dict) else data)
            return data

    async def _call(self, method: str, path: str, **kwargs: Any) -> JSON:
        data = await self._request(method, path, **kwargs)
        assert isinstance(data, dict), data
        return data

    async def _call_list(self, method: str, path: str, **kwargs: Any) -> list[JSON]:
        data = await self._request(method, path, **kwargs)
        assert isinstance(data, list), data
        return data

    async def info(self) -> JSON:
        return await self._call("GET", "/info")

    async def wait_connected(
        self, timeout: float = 10.0, *, identifies: int = 0, shard: int | None = None
    ) -> JSON:
        params = {"timeout": str(timeout), "identifies": str(identifies)}
        if shard is not None:
            params["shard"] = str(shard)
        return await self._call("GET", "/wait_connected", params=params)

    async def create_guild(
        self, name: str = "Tapis test", *, locale: str = "fr", shard: tuple[int, int] | None = None
    ) -> JSON:
        body: JSON = {"name": name, "locale": locale}
        if shard is not None:
            body["shard"] = list(shard)
        return await self._call("POST", "/guilds", json=body)

    async def create_channel(
        self, guild_id: str, name: str = "tables", *, threads_allowed: bool = True
    ) -> JSON:
        body = {"guild_id": guild_id, "name": name, "threads_allowed": threads_allowed}
        return await self._call("POST", "/channels", json=body)

    async def create_user(self, name: str, guild_id: str | None = None, **fields: Any) -> JSON:
        return await self._call(
            "POST", "/users", json={"name": name, "guild_id": guild_id, **fields}
        )

    async def slash(
        self, user_id: str, channel_id: str, command: str, options: JSON | None = None, **extra: Any
    ) -> JSON:
        body = {"user_id": user_id, "channel_id": channel_id, "command": command}
        return await self._call("POST", "/slash", json=body | {"options": options or {}} | extra)

    async def click(
        self, user_id: str, message_id: str, target: str, *, force: bool = False
    ) -> JSON:
        body = {"user_id": user_id, "message_id": message_id, "target": target, "force": force}
        return await self._call("POST", "/click", json=body)

    async def select(self, user_id: str, message_id: str, target: str, values: list[str]) -> JSON:
        body = {"user_id": user_id, "message_id": message_id, "target": target, "values": values}
        return await self._call("POST", "/select", json=body)

    async def submit_modal(
        self, interaction_id: str, values: dict[str, Any], *, force: bool = False
    ) -> JSON:
        body = {"interaction_id": interaction_id, "values": values, "force": force}
        return await self._call("POST", "/modal", json=body)

    async def interaction(
        self, interaction_id: str, *, wait: str = "", timeout: float = 5.0
    ) -> JSON:
        """wait="response": until the bot answered; "message": until a deferral resolved too."""
        params = {"wait": wait, "timeout": str(timeout)}
        return await self._call("GET", f"/interactions/{interaction_id}", params=params)

    async def visible(self, user_id: str, channel_id: str) -> list[JSON]:
        params = {"user_id": user_id, "channel_id": channel_id}
        return await self._call_list("GET", "/visible", params=params)

    async def public_messages(self, channel_id: str) -> list[JSON]:
        return await self._call_list("GET", "/messages", params={"channel_id": channel_id})

    async def threads(self, channel_id: str) -> list[JSON]:
        return await self._call_list("GET", "/threads", params={"channel_id": channel_id})

    async def violations(self) -> JSON:
        return await self._call("GET", "/violations")

    async def advance_clock(self, seconds: float) -> JSON:
        return await self._call("POST", "/clock", json={"advance": seconds})

    async def drop_connection(
        self, *, resumable: bool = True, abrupt: bool = False, shard: int | None = None
    ) -> JSON:
        body = {"resumable": resumable, "abrupt": abrupt, "shard": shard}
        return await self._call("POST", "/drop", json=body)

    async def emojis(self) -> list[JSON]:
        """The application's emojis as {"id", "name"}."""
        return await self._call_list("GET", "/emojis")

    async def set_emoji_failure(self, status: int | None) -> JSON:
        """Make emoji creation answer `status` (see Emulator.emoji_failure); None to stop."""
        return await self._call("POST", "/emoji_failure", json={"status": status})
