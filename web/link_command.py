"""`python -m web link <guild_id>`: print a signed link to a server's web pages.

A host who runs the web companion can open a server's pages without asking the bot for a
link. The link is signed with `WEB_SECRET` and built on `WEB_BASE_URL`, or on the local
address `python -m web` listens on when no public address is set.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from pydantic import ValidationError

from .config import MIN_SECRET_LENGTH, WebSettings
from .links import DEFAULT_TTL, link

DAY = 24 * 3600


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m web link",
        description="Print a signed link to a Discord server's pages on the web companion.",
    )
    p.add_argument("guild_id", type=int, help="the Discord server's id (a number)")
    page = p.add_mutually_exclusive_group()
    page.add_argument("--player", type=int, metavar="USER_ID", help="a player's page")
    page.add_argument("--match", type=int, metavar="MATCH_ID", help="a finished match's replay")
    p.add_argument("--lang", choices=("fr", "en"), help="the pages' language (default: browser)")
    p.add_argument(
        "--days",
        type=int,
        default=DEFAULT_TTL // DAY,
        help=f"days the link stays valid (default: {DEFAULT_TTL // DAY})",
    )
    return p


def base_url(settings: WebSettings) -> str:
    """The public address when set, else where this machine's `python -m web` listens."""
    if settings.web_base_url and settings.web_base_url.strip():
        return settings.web_base_url.strip()
    host = "127.0.0.1" if settings.web_host in ("0.0.0.0", "::") else settings.web_host
    return f"http://{host}:{settings.web_port}"


def main(argv: Sequence[str]) -> int:
    args = parser().parse_args(argv)
    if args.days < 1:
        print("tapis web: --days must be 1 or more", file=sys.stderr)
        return 2
    try:
        settings = WebSettings()
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first["loc"]).upper()
        print(f"tapis web: bad setting {where}: {first['msg']}", file=sys.stderr)
        return 2
    secret = settings.secret()
    if len(secret) < MIN_SECRET_LENGTH:
        print(
            f"tapis web: set WEB_SECRET in .env ({MIN_SECRET_LENGTH}+ random characters, "
            "the same as the bot's) to sign links",
            file=sys.stderr,
        )
        return 2
    path = ""
    if args.player is not None:
        path = f"player/{args.player}"
    elif args.match is not None:
        path = f"match/{args.match}"
    print(
        link(
            base_url(settings),
            args.guild_id,
            secret,
            path=path,
            lang=args.lang,
            ttl=args.days * DAY,
        )
    )
    return 0
