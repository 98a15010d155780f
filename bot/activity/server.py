"""The Activity's HTTP side, in the bot's own event loop (docs/decisions/activity.md).

- `GET /`: the page, `GET /static/...`: its script and style (built by `make` from
  `activity/`), `GET /cards/<id>.png`: the web's card faces;
- `POST /api/token`: the OAuth2 code the Discord client gave the page, exchanged with the
  application's client secret for the user's access token;
- `GET /api/ws`: the socket. Its first message says who and where (`hello` with the access
  token and the Activity instance); the server asks Discord (bot.activity.identity) and
  binds the socket to that user and that instance's channel. Nothing the page says about
  who it is is believed.

Everything goes through Discord's proxy (`<app id>.discordsays.com`) with one URL mapping
of `/` to this server: the page builds absolute URLs from its own location.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket as sockets_module
from collections.abc import Callable
from pathlib import Path

from aiohttp import WSMsgType, web

from web import cards

from ..i18n.translate import lang_of, tr
from .identity import DiscordIdentity, NotAllowed
from .sockets import Socket, Sockets

log = logging.getLogger("tapis.activity")

ROOT = Path(__file__).resolve().parents[2]
FRONT = ROOT / "activity"
"""The page and its built script (`make` runs esbuild: activity/dist/)."""
HELLO_WAIT = 10.0  # seconds a new socket has to say who it is
MAX_MESSAGE = 4096  # a move is a few dozen bytes
STATIC = {
    "activity.js": (FRONT / "dist" / "activity.js", "text/javascript"),
    "activity.js.map": (FRONT / "dist" / "activity.js.map", "application/json"),
    "activity.css": (FRONT / "activity.css", "text/css"),
    "tapis.css": (ROOT / "web" / "static" / "tapis.css", "text/css"),  # the web's felt and faces
}
REFUSED, ELSEWHERE = 4003, 4004  # close codes the page shows a sentence for


class ActivityServer:
    """The page, the token exchange and the sockets, for the tables of this process."""

    def __init__(
        self,
        sockets: Sockets,
        identity: DiscordIdentity,
        owns: Callable[[int], bool],
    ) -> None:
        self.sockets = sockets
        self.identity = identity
        self.owns = owns  # is this guild on one of this process's shards?
        self._runner: web.AppRunner | None = None
        self.port = 0

    def app(self) -> web.Application:
        app = web.Application(client_max_size=64 * 1024)
        r = app.router
        r.add_get("/", self.page)
        r.add_get("/static/{name}", self.static)
        r.add_get("/cards/{card}.png", self.card)
        r.add_post("/api/token", self.token)
        r.add_get("/api/ws", self.socket)
        return app

    async def start(self, host: str, port: int) -> None:
        await asyncio.to_thread(cards.draw_all)  # the faces, drawn once off the loop
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

    # --- the page ----------------------------------------------------------------------
    async def page(self, request: web.Request) -> web.Response:
        html = (FRONT / "index.html").read_text(encoding="utf-8")
        app_id = str(self.identity.application_id)
        return web.Response(
            text=html.replace("{{client_id}}", app_id),
            content_type="text/html",
            headers={"Cache-Control": "no-store"},
        )

    async def static(self, request: web.Request) -> web.StreamResponse:
        entry = STATIC.get(request.match_info["name"])
        if entry is None or not entry[0].is_file():
            raise web.HTTPNotFound()
        return web.FileResponse(entry[0], headers={"Content-Type": entry[1]})

    async def card(self, request: web.Request) -> web.Response:
        card = request.match_info["card"]
        if not cards.knows(card):
            raise web.HTTPNotFound()
        png = await asyncio.to_thread(cards.png, card, request.query.get("lang"))
        headers = {"Cache-Control": "public, max-age=31536000, immutable"}
        return web.Response(body=png, content_type="image/png", headers=headers)

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
        try:
            hello = await ws.receive_json(timeout=HELLO_WAIT)
            token, instance = hello.get("access_token"), hello.get("instance_id")
            if not isinstance(token, str) or not isinstance(instance, str):
                raise NotAllowed("no hello")
            player = await self.identity.player(token, instance[:200])
        except (NotAllowed, ValueError, TypeError, AttributeError, TimeoutError) as exc:
            log.info("an Activity socket refused (%s: %s)", type(exc).__name__, exc)
            await ws.close(code=REFUSED, message=tr("activity.refused", "fr").encode())
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
            elif kind == "table":
                self.sockets.bind(live, data.get("id"))
