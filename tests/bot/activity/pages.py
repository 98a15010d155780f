"""An Activity page as the tests play it: Discord's side from the emulator (the instance,
the code the client hands the page), then the server's token exchange and socket."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from emulator.drivers import Emulator
from emulator.model import Channel, User

JSON = dict[str, Any]


@dataclass
class Page:
    """One open page: every message its socket received, in order."""

    user: User
    ws: aiohttp.ClientWebSocketResponse
    frames: list[JSON] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def state(self) -> JSON:
        return next(f for f in reversed(self.frames) if f["type"] == "state")

    async def read(self) -> None:
        async for message in self.ws:
            if message.type is not aiohttp.WSMsgType.TEXT:
                break
            self.texts.append(message.data)
            self.frames.append(json.loads(message.data))
            self.changed.set()
        self.changed.set()

    async def until(self, predicate: Any, timeout: float = 10.0, after: int = 0) -> JSON:
        """The first frame (from the start, or from the `after`-th) that `predicate`
        accepts, waiting for it."""

        async def find() -> JSON:
            seen = after
            while True:
                for frame in self.frames[seen:]:
                    if predicate(frame):
                        return frame
                seen = len(self.frames)
                if self.ws.closed:
                    raise AssertionError(f"socket closed ({self.ws.close_code})")
                self.changed.clear()
                await self.changed.wait()

        return await asyncio.wait_for(find(), timeout)

    async def move(self, version: Any, action: Any) -> None:
        await self.ws.send_json({"type": "move", "version": version, "action": action})


async def access_token(http: aiohttp.ClientSession, base: str, emu: Emulator, user: User) -> str:
    """What the page does after `commands.authorize`: hand the code to the server."""
    code = emu.activities.authorize(user)
    async with http.post(f"{base}/api/token", json={"code": code}) as response:
        assert response.status == 200, await response.text()
        token = (await response.json())["access_token"]
    assert isinstance(token, str)
    return token


async def open_page(
    http: aiohttp.ClientSession,
    base: str,
    emu: Emulator,
    user: User,
    channel: Channel,
    *,
    table: int | None = None,
) -> Page:
    """`user` launches (or joins) the Activity in `channel` and opens its socket."""
    instance = emu.activities.launch(user, channel)
    token = await access_token(http, base, emu, user)
    ws = await http.ws_connect(f"{base}/api/ws")
    await ws.send_json(
        {"type": "hello", "access_token": token, "instance_id": instance.id, "table": table}
    )
    page = Page(user, ws)
    asyncio.get_running_loop().create_task(page.read())
    return page
