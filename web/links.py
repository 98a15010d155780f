"""Signed links to a server's web pages: the only way in.

A link carries the guild id, an expiry (Unix seconds) and an HMAC-SHA256 of both made
with `WEB_SECRET`, in its path: `{base}/g/{guild_id}/{expires_at}/{signature}/...`.
The bot builds links with `link()`; the web checks every request with `verify()`. The
signature is URL-safe base64 without padding (43 characters).

Pure functions of their arguments (the clock is a parameter): no I/O, no settings.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from urllib.parse import quote, urlencode

DEFAULT_TTL = 7 * 24 * 3600
"""Seconds a link stays valid by default: a week, so a link posted in a channel keeps
working for a while but an old one found later does not."""

SIGNATURE_LENGTH = 43
PREFIX = "g"
"""First path segment of every signed page; the API's is `api/g`."""


def sign(guild_id: int, expires_at: int, secret: str) -> str:
    """The signature of (guild, expiry) under `secret`."""
    if not secret:
        raise ValueError("an empty secret signs nothing")
    message = f"tapis-web:{int(guild_id)}:{int(expires_at)}".encode()
    digest = hmac.new(secret.encode(), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def verify(
    guild_id: int, expires_at: int, signature: str, secret: str, *, now: float | None = None
) -> bool:
    """True when `signature` is this guild's and expiry's and the expiry is still ahead."""
    if not secret or len(signature) != SIGNATURE_LENGTH:
        return False
    current = time.time() if now is None else now
    if expires_at <= current:
        return False
    return hmac.compare_digest(sign(guild_id, expires_at, secret), signature)


def review_token(guild_id: int, match_id: int, seat: int, secret: str) -> str:
    """What opens one seat's review marks on a match page (`review` and `rt` in its query):
    the bot puts it only in the link it shows that seat's player, privately."""
    if not secret:
        raise ValueError("an empty secret signs nothing")
    message = f"tapis-review:{int(guild_id)}:{int(match_id)}:{int(seat)}".encode()
    digest = hmac.new(secret.encode(), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def review_verified(guild_id: int, match_id: int, seat: int, token: str, secret: str) -> bool:
    if not secret or len(token) != SIGNATURE_LENGTH:
        return False
    return hmac.compare_digest(review_token(guild_id, match_id, seat, secret), token)


def prefix(guild_id: int, expires_at: int, secret: str) -> str:
    """The signed path prefix `/g/{guild}/{expiry}/{signature}` (no trailing slash)."""
    return f"/{PREFIX}/{int(guild_id)}/{int(expires_at)}/{sign(guild_id, expires_at, secret)}"


def link(
    base_url: str,
    guild_id: int,
    secret: str,
    *,
    path: str = "",
    lang: str | None = None,
    ttl: int = DEFAULT_TTL,
    now: float | None = None,
    expires_at: int | None = None,
) -> str:
    """A signed URL to a server's pages, valid `ttl` seconds from `now` (or until `expires_at`).

    `path` is a page below the server's root: "" (the leaderboard), "player/123",
    "match/45"; `lang` ("fr" or "en") picks the page language instead of the browser's.
    """
    if expires_at is None:
        if ttl <= 0:
            raise ValueError("ttl must be positive")
        expires_at = int((time.time() if now is None else now) + ttl)
    url = base_url.rstrip("/") + prefix(guild_id, expires_at, secret) + "/"
    url += quote(path.lstrip("/"), safe="/")
    if lang is not None:
        url += "?" + urlencode({"lang": lang})
    return url
