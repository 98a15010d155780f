"""The gate in front of every request: signed paths only, and strict headers on everything.

A server's pages live under `/g/{guild}/{expiry}/{signature}/` and its API under
`/api/g/{guild}/{expiry}/{signature}/`. The middleware checks the signature before any
routing or validation, so a wrong or expired link gets the same plain 404 as a page that
does not exist, and no handler ever runs for it. A verified request carries its guild id
and its signed prefix in `request.state`; every page and API route takes its guild from
there through `Guild`, the one signature check the handlers see.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import Depends, Path, Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from . import data, links

GUILD = r"[0-9]{1,20}"
EXPIRY = r"[0-9]{1,12}"
SIGNATURE = rf"[A-Za-z0-9_-]{{{links.SIGNATURE_LENGTH}}}"
SIGNED = re.compile(rf"^/(?:api/)?g/({GUILD})/({EXPIRY})/({SIGNATURE})(?:/|$)")
SIGNED_ROOTS = ("/g/", "/api/g/")
MAX_GUILD_ID = 2**63 - 1

CSP = "; ".join(
    (
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), interest-cohort=()"),
)
EMBEDDED = tuple(
    (k, v.replace(b"; frame-ancestors 'none'", b"")) for k, v in HEADERS if k != b"x-frame-options"
)
"""The Activity's headers: Discord shows it in a frame (from its own proxied origin)."""
PRIVATE = (b"cache-control", b"private, no-store")
"""Signed pages are nobody else's: no shared cache keeps them."""
STATIC = (b"cache-control", b"public, max-age=3600")


class Guard:
    """ASGI middleware: refuses unsigned server paths and adds the security headers."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        secret: str,
        not_found: Callable[[Scope], tuple[str, bytes]],
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.app = app
        self.secret = secret
        self.not_found = not_found  # (content type, body) of the 404 for this request
        self.clock = clock

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        signed = path.startswith(SIGNED_ROOTS)
        if signed:
            guild = self._verify(path)
            if guild is None:
                await self._refuse(scope, send)
                return
            state = scope.setdefault("state", {})
            state["guild_id"], state["signed_prefix"] = guild
        cache = PRIVATE if signed else STATIC if path.startswith("/static/") else None

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                # Ours win; a route's own Cache-Control stays where we have no rule (cards).
                strict = EMBEDDED if path.startswith("/activity/") else HEADERS
                ours = {h for h, _ in HEADERS} | ({cache[0]} if cache is not None else set())
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in ours]
                headers.extend(strict)
                if cache is not None:
                    headers.append(cache)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def _verify(self, path: str) -> tuple[int, str] | None:
        match = SIGNED.match(path)
        if match is None:
            return None
        guild, expires, signature = int(match[1]), int(match[2]), match[3]
        if guild > MAX_GUILD_ID:
            return None
        now = self.clock() if self.clock is not None else None
        if not links.verify(guild, expires, signature, self.secret, now=now):
            return None
        return guild, links.prefix(guild, expires, self.secret)

    async def _refuse(self, scope: Scope, send: Send) -> None:
        content_type, body = self.not_found(scope)
        headers: list[Any] = [
            (b"content-type", content_type.encode()),
            (b"content-length", str(len(body)).encode()),
            *HEADERS,
            PRIVATE,
        ]
        await send({"type": "http.response.start", "status": 404, "headers": headers})
        await send(
            {"type": "http.response.body", "body": body if scope["method"] != "HEAD" else b""}
        )


def signed_guild(
    request: Request,
    guild_id: Annotated[str, Path(pattern=f"^{GUILD}$", description="The server's id.")],
    expires: Annotated[
        str, Path(pattern=f"^{EXPIRY}$", description="When the link expires (Unix seconds).")
    ],
    signature: Annotated[
        str, Path(pattern=f"^{SIGNATURE}$", description="HMAC-SHA256 of id and expiry.")
    ],
) -> int:
    """The guild id `Guard` verified for this very path: a route reached without it (a
    middleware left out, a path it does not match) is not found rather than unguarded."""
    verified = getattr(request.state, "guild_id", None)
    if verified is None or str(verified) != guild_id:
        raise data.NotFound("unsigned")
    return int(verified)


Guild = Annotated[int, Depends(signed_guild)]
"""A route's server: the pages' and the API's one signature check."""
