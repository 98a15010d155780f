"""`python -m bot` (`make run`): start Tapis with the settings from the environment / .env."""

from __future__ import annotations

import asyncio
import logging
import sys

import discord

from db import ShardTaken

from .client import TapisBot
from .config import Settings
from .lifecycle import run
from .logs import quiet_libraries

MISSING_TOKEN = """\
Tapis needs a Discord bot token to connect.
  1. Create an application at the Discord developer portal, add a Bot, copy its token.
  2. cp .env.example .env   and set DISCORD_TOKEN=<your token> in it.
  3. make run
(To see Tapis play without a token: make demo)"""


def setup_logging(level: str) -> None:
    logging.basicConfig(
        level=getattr(logging, level.upper(), logging.INFO),
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )
    quiet_libraries()


def point_at(settings: Settings) -> None:
    """Use another Discord endpoint (the emulator in tests and the demo)."""
    import yarl

    if settings.tapis_discord_api_base:
        discord.http.Route.BASE = settings.tapis_discord_api_base.rstrip("/")
    if settings.tapis_discord_gateway:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.tapis_discord_gateway)


async def main() -> int:
    settings = Settings()
    token = settings.token()
    if token is None:
        print(MISSING_TOKEN, file=sys.stderr)
        return 2
    if problem := settings.sharding_problem():
        print(f"Tapis cannot start: {problem}", file=sys.stderr)
        return 2
    setup_logging(settings.log_level)
    point_at(settings)
    bot = TapisBot(settings, tune_gc=True)
    try:
        return await run(bot, token)
    except discord.LoginFailure as exc:
        print(f"Discord refused the token: {exc} Check DISCORD_TOKEN in .env.", file=sys.stderr)
        return 2
    except ShardTaken as exc:
        print(f"Tapis cannot start: {exc}.", file=sys.stderr)
        return 2


if __name__ == "__main__":
    try:
        raise SystemExit(asyncio.run(main()))
    except KeyboardInterrupt:  # Ctrl-C before the signal handlers are in place
        raise SystemExit(130) from None
