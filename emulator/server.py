"""Assembles the aiohttp application: REST, webhooks, gateway, attachments and the control API."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable

from aiohttp import web

from .activities import ActivityRoutes
from .channels import ChannelRoutes, RateLimited
from .emojis import EmojiRoutes
from .gateway import GatewayHub
from .responses import ApiError, json_response
from .rest import RestRoutes
from .webhooks import WebhookRoutes
from .world import World

API_PREFIX = "/api/v10"
EXEMPT = (API_PREFIX + "/interactions/", API_PREFIX + "/webhooks/")
# Discord's reference, "HTTP API > User Agent": `DiscordBot ($url, $versionNumber)`, more may
# follow. discord.py writes `DiscordBot (<url> <version>) Python/... aiohttp/...`.
USER_AGENT = re.compile(r"^DiscordBot \([^()]+\)")
log = logging.getLogger(__name__)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def _route_name(request: web.Request) -> str:
    info = request.match_info
    resource = info.route.resource if info.route is not None else None
    template = resource.canonical if resource is not None else request.path
    return f"{request.method} {template.removeprefix(API_PREFIX)}"


def counts_globally(request: web.Request) -> bool:
    """A bot-token API request outside the interaction endpoints, which Discord exempts
    from the global limit (the callback and the interaction-token webhooks)."""
    path = request.path
    if not path.startswith(API_PREFIX) or path.startswith(EXEMPT):
        return False
    return request.headers.get("Authorization", "").startswith("Bot ")


def check_user_agent(world: World, request: web.Request, route: str) -> None:
    """Every HTTP API request names its library as Discord asks, the interaction routes
    included; Discord may block one that does not (a Cloudflare error). Recorded, answered."""
    agent = request.headers.get("User-Agent", "")
    if not USER_AGENT.match(agent):
        world.violate(
            "user_agent", f"User-Agent {agent!r} is not `DiscordBot (url, version)`", route
        )


def build_app(world: World, hub: GatewayHub, gateway_url: Callable[[], str]) -> web.Application:
    @web.middleware
    async def record(request: web.Request, handler: Handler) -> web.StreamResponse:
        """Turn ApiError into Discord's answer and log every call, violations included."""
        route = _route_name(request)
        if world.request_listeners and request.path.startswith(API_PREFIX):
            method, template = route.split(" ", 1)
            for listener in world.request_listeners:
                listener(method, template, dict(request.match_info))
        if request.path.startswith(API_PREFIX):
            check_user_agent(world, request, route)
        try:
            auth = request.headers.get("Authorization", "")
            if (
                world.bot_token is not None
                and auth.startswith("Bot ")
                and auth[4:] != world.bot_token
            ):
                raise ApiError(401, 0, "401: Unauthorized")
            if counts_globally(request):
                decision = world.global_limiter.hit()
                if not decision.allowed:
                    world.rate_limited.append(f"{route} global")
                    body = {
                        "message": "You are being rate limited.",
                        "retry_after": decision.retry_after,
                        "global": True,
                    }
                    raise RateLimited(body, decision.headers)
            response = await handler(request)
        except ApiError as exc:
            world.errors.append((exc.status, exc.code, route))
            if exc.violation:
                world.violate(exc.violation, exc.detail, route)
            handle = world.tokens.get(request.match_info.get("token", ""))
            if handle is not None:
                handle.errors.append((exc.status, exc.code, exc.message))
            response = exc.response()
        except web.HTTPException:
            raise
        except ConnectionResetError:
            # The client went away in the middle of its request (a bot killed while it was
            # uploading a picture): nothing was written, nobody is left to answer.
            log.info("%s: the client left before its request was read", route)
            raise
        except Exception as exc:
            # A 500 would make discord.py retry for ~25 s; fail fast and loudly instead.
            log.exception("emulator bug on %s", route)
            world.violate("emulator_error", f"{type(exc).__name__}: {exc}", route)
            body = {"message": f"emulator error: {type(exc).__name__}: {exc}", "code": 0}
            response = json_response(body, status=400)
        if request.path.startswith(API_PREFIX):
            world.requests.append((request.method, route.split(" ", 1)[1], response.status))
        return response

    async def unknown(request: web.Request) -> web.Response:
        route = f"{request.method} {request.path.removeprefix(API_PREFIX)}"
        world.unknown_routes.append(route)
        world.violate("unknown_route", f"the emulator has no route {route}", route)
        body = {"message": f"404: Not Found (route not emulated: {route})", "code": 0}
        return json_response(body, status=404)

    async def attachment(request: web.Request) -> web.Response:
        wanted = request.match_info["attachment_id"]
        for msg in world.messages.values():
            for att in msg.attachments:
                if str(att.id) == wanted:
                    kind = att.content_type or "application/octet-stream"
                    return web.Response(body=att.data, content_type=kind)
        raise web.HTTPNotFound()

    app = web.Application(middlewares=[record], client_max_size=64 * 1024 * 1024)
    RestRoutes(world, gateway_url, hub.recommended_shards).register(app, API_PREFIX)
    ChannelRoutes(world).register(app, API_PREFIX)
    WebhookRoutes(world).register(app, API_PREFIX)
    EmojiRoutes(world).register(app, API_PREFIX)
    ActivityRoutes(world).register(app, API_PREFIX)
    app.router.add_get("/gateway", hub.handle)
    app.router.add_get("/attachments/{attachment_id}/{filename}", attachment)
    app.router.add_route("*", API_PREFIX + "/{tail:.*}", unknown)
    return app
