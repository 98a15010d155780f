"""Raw HTTP requests to the emulator, shaped as discord.py shapes them, for rule-by-rule tests."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import aiohttp

from emulator import Emulator, InteractionHandle
from emulator.model import Channel, Guild, User

JSON = dict[str, Any]
V2 = 1 << 15
MIB = 1024 * 1024
# A real 1x1 PNG, so that attachments report their width and height.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c49444154789c63"
    "f8cfc0000003010100c9fe92ef0000000049454e44ae426082"
)


# What a bot library sends (Discord's reference, "HTTP API > User Agent").
USER_AGENT = "DiscordBot (https://github.com/Rapptz/discord.py 2.7) tests"
# Stock discord.py 2.7 (the test bots here) breaks two documented rules that Tapis works
# around: its interaction routes send aiohttp's User-Agent, and its command sync sends the
# deprecated dm_permission without contexts. The emulator records both; these tests are
# about the rest.
STOCK_DISCORD_PY = ("user_agent", "command_contexts")


def error_codes(body: Any) -> set[str]:
    """Every `_errors` code anywhere in a Discord error body."""
    found: set[str] = set()
    if isinstance(body, dict):
        for key, value in body.items():
            if key == "_errors":
                found |= {e["code"] for e in value}
            else:
                found |= error_codes(value)
    return found


@dataclass
class Answer:
    status: int
    body: Any

    @property
    def code(self) -> int | None:
        return self.body.get("code") if isinstance(self.body, dict) else None

    @property
    def errors(self) -> set[str]:
        return error_codes(self.body.get("errors")) if isinstance(self.body, dict) else set()


@dataclass
class Api:
    """A bot's HTTP view of the emulator: one guild, one channel, one user."""

    emu: Emulator
    http: aiohttp.ClientSession
    guild: Guild
    chan: Channel
    alice: User

    async def call(
        self, method: str, path: str, payload: Any = None, files: Sequence[tuple[str, bytes]] = ()
    ) -> Answer:
        """`files` go as files[0], files[1]... next to payload_json, as discord.py sends them."""
        headers = {"Authorization": "Bot x"}
        kwargs: JSON = {"json": payload} if payload is not None else {}
        if files:
            form = aiohttp.FormData()
            form.add_field("payload_json", json.dumps(payload), content_type="application/json")
            for n, (name, data) in enumerate(files):
                form.add_field(f"files[{n}]", data, filename=name, content_type="image/png")
            kwargs = {"data": form}
        url = self.emu.api_base + path
        async with self.http.request(method, url, headers=headers, **kwargs) as resp:
            body = await resp.json() if resp.content_type == "application/json" else None
            return Answer(resp.status, body)

    async def post(self, payload: JSON, files: Sequence[tuple[str, bytes]] = ()) -> Answer:
        return await self.call("POST", f"/channels/{self.chan.id}/messages", payload, files)

    async def patch(
        self, message_id: int | str, payload: JSON, files: Sequence[tuple[str, bytes]] = ()
    ) -> Answer:
        path = f"/channels/{self.chan.id}/messages/{message_id}"
        return await self.call("PATCH", path, payload, files)

    async def interaction(self) -> InteractionHandle:
        """A fresh slash-command interaction whose token the test answers by hand."""
        if "t" not in self.emu.commands():
            app = self.emu.application_id
            body = [{"name": "t", "description": "test"}]
            answer = await self.call("PUT", f"/applications/{app}/commands", body)
            assert answer.status == 200
        return await self.emu.slash(self.alice, self.chan, "t")
