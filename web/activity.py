"""The Activity (the live table inside Discord), fronted by the web companion.

Discord's URL mapping sends `/` to `<WEB_BASE_URL>/activity`. Here: the page, its script
and style, the card faces, and two forwards to the bot process that owns the table
(docs/decisions/activity.md): `POST /api/token` (the client secret stays with the bots) and
the socket `/api/ws`, relayed both ways to the owner of the page's guild (web/bots.py). The
web applies no move and checks no identity: the bot does both, for every socket.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from pathlib import Path
from typing import Annotated, Any

import aiohttp
from fastapi import APIRouter, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.concurrency import run_in_threadpool

from . import cards, i18n
from .bots import Bots, Unknown, Unreachable
from .data import NotFound

log = logging.getLogger("tapis.web.activity")

ROOT = Path(__file__).resolve().parents[1]
FRONT = ROOT / "activity"
"""The page and its built script (`make` runs esbuild: activity/dist/)."""
STATIC = {
    "activity.js": (FRONT / "dist" / "activity.js", "text/javascript"),
    "activity.js.map": (FRONT / "dist" / "activity.js.map", "application/json"),
    "activity.css": (FRONT / "activity.css", "text/css"),
    "tapis.css": (ROOT / "web" / "static" / "tapis.css", "text/css"),
}
HELLO_WAIT = 10.0  # seconds a new socket has to say who it is
MAX_MESSAGE = 4096  # a move is a few dozen bytes
ELSEWHERE, TRY_AGAIN = 4004, 1013  # close codes the page shows the sentence of

router = APIRouter(prefix="/activity", include_in_schema=False)


def bots_of(request: Request | WebSocket) -> Bots:
    bots: Bots | None = request.app.state.bots
    if bots is None:  # ACTIVITY_BOTS unset: no Activity here
        raise NotFound("activity")
    return bots


@router.get("/")
async def page(request: Request) -> Response:
    try:
        info = await bots_of(request).any()
    except Unreachable:
        return Response(i18n.text("activity_down", "fr"), status_code=503)
    html = (FRONT / "index.html").read_text(encoding="utf-8")
    html = html.replace("{{client_id}}", info.application_id)
    return HTMLResponse(html, headers={"Cache-Control": "no-store"})


@router.get("/static/{name}")
async def static(request: Request, name: str) -> Response:
    bots_of(request)
    entry = STATIC.get(name)
    if entry is None or not entry[0].is_file():
        raise NotFound(name)
    return FileResponse(entry[0], media_type=entry[1], headers={"Cache-Control": "no-cache"})


@router.get("/cards/{card}.png")
async def card(
    request: Request, card: str, lang: Annotated[str | None, Query(max_length=8)] = None
) -> Response:
    bots_of(request)
    if not cards.knows(card):
        raise NotFound(card)
    png = await run_in_threadpool(cards.png, card, lang)
    headers = {"Cache-Control": "public, max-age=31536000, immutable"}
    return Response(png, media_type="image/png", headers=headers)


@router.post("/api/token")
async def token(request: Request) -> Response:
    """The code → access token exchange, done by a bot process (it holds the secret)."""
    bots = bots_of(request)
    body = await request.body()
    if len(body) > 2048:
        return JSONResponse({"error": "bad_request"}, status_code=400)
    try:
        info = await bots.any()
        async with bots.http().post(
            info.url + "/api/token", data=body, headers={"Content-Type": "application/json"}
        ) as answer:
            status, text = answer.status, await answer.text()
    except (Unreachable, aiohttp.ClientError, TimeoutError):
        return JSONResponse({"error": "unavailable"}, status_code=503)
    return Response(text, status_code=status, media_type="application/json")


@router.websocket("/api/ws")
async def socket(ws: WebSocket, guild: str | None = None) -> None:
    """Relay this socket to the bot process that owns `guild` (the page's); the bot
    checks who is there and whether the guild is really its own (4004 otherwise)."""
    bots: Bots | None = ws.app.state.bots
    if bots is None:  # ACTIVITY_BOTS unset: refused before the handshake (HTTP 403)
        await ws.close()
        return
    await ws.accept()
    try:
        hello = await asyncio.wait_for(ws.receive_text(), HELLO_WAIT)
    except (TimeoutError, WebSocketDisconnect):
        await ws.close(code=4003)
        return
    lang = language(hello)
    guild_id = int(guild) if guild is not None and guild.isdigit() and len(guild) < 21 else None
    try:
        owner = await bots.owner(guild_id)
        upstream = await bots.http().ws_connect(
            owner.url + "/api/ws", max_msg_size=0, heartbeat=30.0
        )
    except Unknown:
        await ws.close(code=ELSEWHERE, reason=i18n.text("activity_unknown", lang))
        return
    except (Unreachable, aiohttp.ClientError, TimeoutError):
        await ws.close(code=TRY_AGAIN, reason=i18n.text("activity_down", lang))
        return
    await upstream.send_str(hello)
    await relay(ws, upstream, lang)


def language(hello: str) -> str:
    """The page's Discord locale (its hello says it), for the sentences said here."""
    with contextlib.suppress(ValueError):
        data: Any = json.loads(hello)
        if isinstance(data, dict) and isinstance(data.get("locale"), str):
            return "en" if data["locale"].startswith("en") else "fr"
    return "fr"


async def relay(ws: WebSocket, upstream: aiohttp.ClientWebSocketResponse, lang: str) -> None:
    """Both ways until either side closes; the bot's close code and sentence reach the page."""
    closed: list[tuple[int, str]] = []

    async def down() -> None:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            while True:
                message = await upstream.receive()
                if message.type is aiohttp.WSMsgType.TEXT:
                    await ws.send_text(message.data)
                    continue
                if message.type is aiohttp.WSMsgType.CLOSE:
                    closed.append((int(message.data), str(message.extra or "")))
                return

    async def up() -> None:
        with contextlib.suppress(WebSocketDisconnect):
            while True:
                text = await ws.receive_text()
                if len(text) <= MAX_MESSAGE:
                    await upstream.send_str(text)

    tasks = [asyncio.create_task(down()), asyncio.create_task(up())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await upstream.close()
    code, reason = closed[0] if closed else (TRY_AGAIN, "")
    if code < 4000:  # the bot went away (a restart): the page says so and reconnects
        code, reason = TRY_AGAIN, i18n.text("activity_down", lang)
    with contextlib.suppress(RuntimeError, WebSocketDisconnect):
        await ws.close(code=code, reason=reason)
