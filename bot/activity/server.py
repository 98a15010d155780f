"""The Activity's internal endpoint, in the bot's own event loop (docs/decisions/activity.md).

The web companion fronts the Activity (web/activity.py: the page, its assets) and forwards
to the bot process that owns a table's guild what only that process can answer:

- `GET /internal/info`: the application id and this process's shards, which the web
  routes sockets by;
- `POST /api/token`: the OAuth2 code the Discord client gave the page, exchanged with the
  application's client secret for the user's access token (the secret stays here);
- `GET /api/ws`: the socket. Its first message says who and where (`hello` with the access
  token and the Activity instance); this server asks Discord (bot.activity.identity) and
  binds the socket to that user and that instance's channel. Nothing the page (or the web
  forwarding it) says about who it is is believed, so reaching this endpoint grants
  nothing; it listens on localhost by default all the same (ACTIVITY_HOST).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket as sockets_module
from collections.abc import Callable

from aiohttp import WSMsgType, web

from ..i18n.translate import lang_of, tr
from .identity import DiscordIdentity, NotAllowed
from .sockets import Socket, Sockets

log = logging.getLogger("tapis.activity")

HELLO_WAIT = 10.0  # seconds a new socket has to say who it is
MAX_MESSAGE = 4096  # a move is a few dozen bytes
REFUSED, ELSEWHERE = 4003, 4004  # close codes the page shows a sentence for


class ActivityServer:
    """The token exchange and the sockets, for the tables of this process's shards."""

    def __init__(
        self,
        sockets: Sockets,
        identity: DiscordIdentity,
        owns: Callable[[int], bool],
        shards: tuple[int, tuple[int, ...]] = (1, (0,)),
    ) -> None:
        self.sockets = sockets
        self.identity = identity
        self.owns = owns  # is this guild on one of this process's shards?
        self.shards = shards  # (shard count, this process's shard ids), for the web
        self._runner: web.AppRunner | None = None
        self.port = 0

    def app(self) -> web.Application:
        app = web.Application(client_max_size=64 * 1024)
        r = app.router
        r.add_get("/internal/info", self.info)
        r.add_post("/api/token", self.token)
        r.add_get("/api/ws", self.socket)
        return app

    async def start(self, host: str, port: int) -> None:
        self._runner = web.AppRunner(self.app(), access_log=None, handle_signals=False)
        await self._runner.setup()
        sock = sockets_module.socket(sockets_module.AF_INET, sockets_module.SOCK_STREAM)
        sock.setsockopt(sockets_module.SOL_SOCKET, sockets_module.SO_REUSEADDR, 1)
        sock.bind((host, port))
        await web.SockSite(self._runner, sock).start()
        self.port = sock.getsockname()[1]
        log.info("Activity served on %s:%d", host, self.port)

    async def stop(self) -> None:
        await self.sockets.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
        await self.identity.close()

    # --- what the web companion routes by ---------------------------------------------
    async def info(self, request: web.Request) -> web.Response:
        count, ids = self.shards
        body = {"application_id": str(self.identity.application_id), "shard_count": count}
        return web.json_response(body | {"shards": list(ids)})

    # --- identity ----------------------------------------------------------------------
    async def token(self, request: web.Request) -> web.Response:
        """The code → access token exchange; the client secret never leaves the server."""
        try:
            body = await request.json()
            code = body["code"] if isinstance(body, dict) else None
        except (ValueError, KeyError):
            code = None
        if not isinstance(code, str) or not code or len(code) > 512:
            return web.json_response({"error": "bad_request"}, status=400)
        try:
            token = await self.identity.exchange(code)
        except NotAllowed:
            return web.json_response({"error": "refused"}, status=403)
        return web.json_response({"access_token": token})

    # --- the socket --------------------------------------------------------------------
    async def socket(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(heartbeat=30.0, max_msg_size=MAX_MESSAGE)
        await ws.prepare(request)
        said = "fr"  # the refusal's language: the Discord locale the page sends, if any
        try:
            hello = await ws.receive_json(timeout=HELLO_WAIT)
            if isinstance(hello, dict) and isinstance(hello.get("locale"), str):
                said = lang_of(hello["locale"][:16])
            token, instance = hello.get("access_token"), hello.get("instance_id")
            if not isinstance(token, str) or not isinstance(instance, str):
                raise NotAllowed("no hello")
            player = await self.identity.player(token, instance[:200])
        except (NotAllowed, ValueError, TypeError, AttributeError, TimeoutError) as exc:
            log.info("an Activity socket refused (%s: %s)", type(exc).__name__, exc)
            await ws.close(code=REFUSED, message=tr("activity.refused", said).encode())
            return ws
        lang = lang_of(player.locale)
        if player.guild_id is not None and not self.owns(player.guild_id):
            await ws.close(code=ELSEWHERE, message=tr("activity.elsewhere", lang).encode())
            return ws
        live = Socket(ws, player, lang)
        pump = asyncio.create_task(live.pump())
        self.sockets.add(live)
        try:
            self.sockets.bind(live, hello.get("table"))
            await self._listen(live)
        finally:
            self.sockets.remove(live)
            pump.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await pump
        return ws

    async def _listen(self, live: Socket) -> None:
        async for message in live.ws:
            if message.type is not WSMsgType.TEXT:
                break
            try:
                data = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(data, dict):
                continue
            kind = data.get("type")
            if kind == "move":
                await self.sockets.move(live, data.get("version"), data.get("action"))
            elif kind == "hint":
                await self.sockets.hint(live, data.get("version"))
            elif kind == "table":
                self.sockets.bind(live, data.get("id"))
