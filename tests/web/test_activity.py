"""The Activity through the web companion: the page and its assets served here, the token
exchange and each socket forwarded to the bot process that owns the page's guild (two
stand-in bot endpoints, one per shard), and a clear sentence when none can take it."""

from __future__ import annotations

import contextlib
import json
import socket
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from .live import serving_web, web_settings
from .seed import Seeded

pytestmark = pytest.mark.slow
APP_ID = "4242"
SHARD_0, SHARD_1 = 2 << 22, 3 << 22  # two guilds, on shards 0 and 1 of 2


class StandIn:
    """A bot process's internal Activity endpoint that runs `shards` of `count`: it says
    which it is on the hello, then echoes what the page sends."""

    def __init__(self, name: str, count: int, shards: list[int]) -> None:
        self.name, self.count, self.shards = name, count, shards
        self.hellos: list[Any] = []

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/internal/info", self.info)
        app.router.add_post("/api/token", self.token)
        app.router.add_get("/api/ws", self.socket)
        return app

    async def info(self, _request: web.Request) -> web.Response:
        body = {"application_id": APP_ID, "shard_count": self.count, "shards": self.shards}
        return web.json_response(body)

    async def token(self, request: web.Request) -> web.Response:
        code = (await request.json())["code"]
        return web.json_response({"access_token": f"{self.name}:{code}"})

    async def socket(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self.hellos.append(await ws.receive_json())
        await ws.send_json({"type": "notice", "text": self.name})
        async for message in ws:
            if message.type is aiohttp.WSMsgType.TEXT:
                await ws.send_json({"type": "notice", "text": f"{self.name} got {message.data}"})
        return ws


@contextlib.asynccontextmanager
async def standing_in(bot: StandIn) -> AsyncIterator[str]:
    runner = web.AppRunner(bot.app())
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        await runner.cleanup()


def closed_port() -> str:
    """An address nothing listens on (a bot process that is down)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    return f"http://127.0.0.1:{port}"


@contextlib.asynccontextmanager
async def web_in_front(seeded: Seeded, bots: list[str]) -> AsyncIterator[str]:
    async with serving_web(web_settings(seeded.url, bots)) as origin:
        yield origin + "/activity"


async def hello(http: aiohttp.ClientSession, base: str, guild: int, locale: str = "fr") -> Any:
    ws = await http.ws_connect(f"{base}/api/ws?guild={guild}")
    await ws.send_json({"type": "hello", "access_token": "t", "instance_id": "i", "locale": locale})
    return ws


async def test_each_socket_reaches_the_process_that_owns_its_guild(seeded: Seeded) -> None:
    first, second = StandIn("zero", 2, [0]), StandIn("one", 2, [1])
    async with (
        standing_in(first) as a,
        standing_in(second) as b,
        web_in_front(seeded, [a, b]) as base,
        aiohttp.ClientSession() as http,
    ):
        for guild, name in ((SHARD_1, "one"), (SHARD_0, "zero")):
            ws = await hello(http, base, guild)
            assert (await ws.receive_json())["text"] == name
            await ws.send_str('{"type": "move"}')
            assert (await ws.receive_json())["text"] == f'{name} got {{"type": "move"}}'
            await ws.close()
        assert [h["locale"] for h in first.hellos + second.hellos] == ["fr", "fr"]
        assert second.hellos[0]["access_token"] == "t"  # the hello as the page said it


async def test_more_pages_than_a_connection_pool_holds_are_all_relayed(seeded: Seeded) -> None:
    async with (
        standing_in(StandIn("zero", 1, [0])) as a,
        web_in_front(seeded, [a]) as base,
        aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http,
    ):
        sockets = [await hello(http, base, SHARD_0) for _ in range(120)]
        for ws in sockets:
            assert (await ws.receive_json())["text"] == "zero"
        for ws in sockets:
            await ws.close()


async def test_the_page_its_assets_and_the_token_exchange_are_the_webs(seeded: Seeded) -> None:
    async with (
        standing_in(StandIn("zero", 1, [0])) as a,
        web_in_front(seeded, [a]) as base,
        aiohttp.ClientSession() as http,
    ):
        async with http.get(base + "/") as page:
            assert page.status == 200
            assert f'content="{APP_ID}"' in await page.text()
            assert "x-frame-options" not in page.headers  # Discord shows it in a frame
            assert "frame-ancestors" not in page.headers["content-security-policy"]
        async with http.get(base + "/static/activity.css") as style:
            assert style.status == 200
        async with http.get(base + "/cards/nope.png") as missing:
            assert missing.status == 404
        async with http.post(base + "/api/token", json={"code": "c"}) as token:
            assert json.loads(await token.text()) == {"access_token": "zero:c"}


async def test_a_guild_whose_process_is_down_is_told_so_in_its_language(
    seeded: Seeded,
) -> None:
    async with (
        standing_in(StandIn("zero", 2, [0])) as a,
        web_in_front(seeded, [a, closed_port()]) as base,
        aiohttp.ClientSession() as http,
    ):
        ws = await hello(http, base, SHARD_1, locale="en-GB")
        message = await ws.receive()
        assert message.type is aiohttp.WSMsgType.CLOSE and message.data == 1013
        assert message.extra.startswith("The bot running this table is not answering")


async def test_a_guild_no_process_runs_is_refused_with_a_sentence(seeded: Seeded) -> None:
    async with (
        standing_in(StandIn("zero", 2, [0])) as a,
        web_in_front(seeded, [a]) as base,
        aiohttp.ClientSession() as http,
    ):
        ws = await hello(http, base, SHARD_1)
        message = await ws.receive()
        assert message.type is aiohttp.WSMsgType.CLOSE and message.data == 4004
        assert message.extra.startswith("Aucun processus du bot ne mène les tables")


async def test_without_activity_bots_there_is_no_activity(seeded: Seeded) -> None:
    async with (
        web_in_front(seeded, []) as base,
        aiohttp.ClientSession() as http,
        http.get(base + "/") as page,
    ):
        assert page.status == 404
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await http.ws_connect(f"{base}/api/ws?guild={SHARD_0}")
