"""A small HTTP control API (/_emu/...) so a test in another process can drive the emulator.

This matters for restart tests: the bot runs in a child process that can be SIGKILLed while the
emulator, and what users see, lives on.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .commands import CommandUsageError
from .handles import InteractionFailed, InteractionHandle
from .model import Channel, Message, User
from .responses import json_response

if TYPE_CHECKING:
    from .drivers import Emulator

JSON = dict[str, Any]
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def user_json(u: User) -> JSON:
    return {
        "id": str(u.id),
        "username": u.username,
        "global_name": u.global_name,
        "locale": u.locale,
    }


def channel_json(c: Channel) -> JSON:
    return {
        "id": str(c.id),
        "guild_id": str(c.guild_id),
        "name": c.name,
        "type": c.type,
        "parent_id": str(c.parent_id) if c.parent_id else None,
    }


def message_json(emu: Emulator, m: Message) -> JSON:
    data = emu.world.message_json(m)
    data["visible_to"] = str(m.visible_to) if m.visible_to else None
    data["text"] = m.text()
    return data


def register_control(app: web.Application, emu: Emulator) -> None:
    world = emu.world

    def user(data: JSON, key: str = "user_id") -> User:
        return world.users[int(data[key])]

    def channel(data: JSON, key: str = "channel_id") -> Channel:
        return world.channels[int(data[key])]

    def handle_json(h: InteractionHandle) -> JSON:
        return h.summary() | {"messages": [message_json(emu, m) for m in h.messages]}

    @web.middleware
    async def usage_errors(request: web.Request, handler: Handler) -> web.StreamResponse:
        try:
            return await handler(request)
        except (
            CommandUsageError,
            LookupError,
            KeyError,
            ValueError,
            TimeoutError,
            InteractionFailed,
        ) as exc:
            return json_response({"error": f"{type(exc).__name__}: {exc}"}, status=400)

    sub = web.Application(middlewares=[usage_errors])

    async def info(request: web.Request) -> web.Response:
        return json_response(
            {
                "api_base": emu.api_base,
                "gateway_url": emu.gateway_url,
                "application_id": str(emu.application_id),
                "bot_id": str(emu.bot.id),
                "connected": emu.gateway.connected,
                "identifies": emu.gateway.identifies,
                "shards": emu.gateway.connected_shards(),
                "shard_count": emu.gateway.shard_count,
                "resumes": emu.gateway.resumes,
                "commands": sorted(emu.commands()),
            }
        )

    async def guilds(request: web.Request) -> web.Response:
        data = await request.json()
        shard = data.get("shard")
        g = emu.create_guild(
            data.get("name", "Tapis test"),
            locale=data.get("locale", "fr"),
            shard=(int(shard[0]), int(shard[1])) if shard else None,
        )
        return json_response({"id": str(g.id), "name": g.name, "locale": g.locale})

    async def channels(request: web.Request) -> web.Response:
        data = await request.json()
        guild = world.guilds[int(data["guild_id"])]
        c = emu.create_channel(
            guild, data.get("name", "tables"), threads_allowed=data.get("threads_allowed", True)
        )
        return json_response(channel_json(c))

    async def users(request: web.Request) -> web.Response:
        data = await request.json()
        guild = world.guilds[int(data["guild_id"])] if data.get("guild_id") else None
        u = emu.create_user(
            data["name"],
            global_name=data.get("global_name"),
            locale=data.get("locale", "fr"),
            guild=guild,
            manage_guild=data.get("manage_guild", False),
            permissions=int(data.get("permissions", 0)),
        )
        return json_response(user_json(u))

    async def slash(request: web.Request) -> web.Response:
        data = await request.json()
        h = await emu.slash(
            user(data),
            channel(data),
            data["command"],
            data.get("options") or {},
            locale=data.get("locale"),
            bypass_permissions=data.get("bypass_permissions", False),
        )
        return json_response(handle_json(h))

    async def click(request: web.Request) -> web.Response:
        data = await request.json()
        h = await emu.click(
            user(data), int(data["message_id"]), data["target"], force=data.get("force", False)
        )
        return json_response(handle_json(h))

    async def select(request: web.Request) -> web.Response:
        data = await request.json()
        h = await emu.select(
            user(data),
            int(data["message_id"]),
            data["target"],
            data["values"],
            force=data.get("force", False),
        )
        return json_response(handle_json(h))

    async def modal(request: web.Request) -> web.Response:
        data = await request.json()
        handle = world.interactions[int(data["interaction_id"])]
        h = await emu.submit_modal(handle, data["values"], force=data.get("force", False))
        return json_response(handle_json(h))

    async def interaction(request: web.Request) -> web.Response:
        h = world.interactions[int(request.match_info["interaction_id"])]
        timeout = float(request.query.get("timeout", "5"))
        wait = request.query.get("wait")
        if wait == "response":
            await h.wait_response(timeout)
        elif wait in ("message", "final"):
            await h.wait_final(timeout)
        return json_response(handle_json(h))

    async def visible(request: web.Request) -> web.Response:
        q = request.query
        msgs = emu.visible(user(dict(q)), channel(dict(q)))
        return json_response([message_json(emu, m) for m in msgs])

    async def messages(request: web.Request) -> web.Response:
        msgs = emu.public_messages(channel(dict(request.query)))
        return json_response([message_json(emu, m) for m in msgs])

    async def threads(request: web.Request) -> web.Response:
        return json_response([channel_json(c) for c in emu.threads(channel(dict(request.query)))])

    async def violations(request: web.Request) -> web.Response:
        return json_response(
            {
                "violations": [
                    {"kind": v.kind, "detail": v.detail, "route": v.route} for v in emu.violations
                ],
                "unknown_routes": emu.unknown_routes,
                "rate_limited": emu.rate_limited,
                "errors": [list(e) for e in world.errors],
            }
        )

    async def clock(request: web.Request) -> web.Response:
        data = await request.json()
        emu.clock.advance(float(data.get("advance", 0)))
        return json_response({"now": emu.clock.now(), "offset": emu.clock.offset})

    async def drop(request: web.Request) -> web.Response:
        data = await request.json() if request.can_read_body else {}
        shard = data.get("shard")
        await emu.drop_connection(
            resumable=data.get("resumable", True),
            abrupt=data.get("abrupt", False),
            shard=None if shard is None else int(shard),
        )
        return json_response({"dropped": True})

    async def wait_connected(request: web.Request) -> web.Response:
        q = request.query
        shard = q.get("shard")
        await emu.wait_connected(
            float(q.get("timeout", "10")),
            identifies=int(q.get("identifies", "0")),
            shard=None if shard is None else int(shard),
        )
        return await info(request)

    async def emojis(request: web.Request) -> web.Response:
        return json_response([{"id": str(e.id), "name": e.name} for e in emu.emojis()])

    async def emoji_failure(request: web.Request) -> web.Response:
        data = await request.json()
        status = data.get("status")
        emu.emoji_failure = int(status) if status is not None else None
        return json_response({"status": emu.emoji_failure})

    r = sub.router
    r.add_get("/info", info)
    r.add_post("/guilds", guilds)
    r.add_post("/channels", channels)
    r.add_post("/users", users)
    r.add_post("/slash", slash)
    r.add_post("/click", click)
    r.add_post("/select", select)
    r.add_post("/modal", modal)
    r.add_get("/interactions/{interaction_id}", interaction)
    r.add_get("/visible", visible)
    r.add_get("/messages", messages)
    r.add_get("/threads", threads)
    r.add_get("/violations", violations)
    r.add_post("/clock", clock)
    r.add_post("/drop", drop)
    r.add_get("/wait_connected", wait_connected)
    r.add_get("/emojis", emojis)
    r.add_post("/emoji_failure", emoji_failure)
    app.add_subapp("/_emu", sub)
