"""`python -m bot` (`make run`): start Tapis with the settings from the environment / .env.

Whatever stops it from starting is said in one line on stderr (`tapis: ...`, what is wrong
and what to do), with exit status 2: a setting of the wrong type, the shards, the database
(checked before connecting to Discord), a token Discord refuses, Discord out of reach. A
missing token gets the short guide below instead.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp
import discord
from pydantic import ValidationError

from db import ShardTaken
from db.check import database_problem
from web.config import settings_problem

from .app.client import NotInDevGuild, TapisBot
from .app.lifecycle import run
from .app.logs import quiet_libraries
from .app.settings import Settings
from .discord_io import private
from .discord_io.private import api_base

PORTAL = "https://discord.com/developers/applications"
MISSING_TOKEN = """\
Tapis needs a Discord bot token to connect.
  1. Create an application at the Discord developer portal, add a Bot, copy its token.
  2. {step}
  3. make run
(To see Tapis play without a token: make demo)"""
NO_ENV_FILE = "cp .env.example .env   and set DISCORD_TOKEN=<your token> in it."
WITH_ENV_FILE = "Set DISCORD_TOKEN=<your token> in .env."
REFUSED_TOKEN = (
    "Discord refused the token in DISCORD_TOKEN: copy it again, or make a new one with "
    f"Reset Token, at {PORTAL} (your application, then Bot), and set it in .env"
)


def missing_token(workdir: Path) -> str:
    """The guide, with the step that fits whether `.env` exists yet."""
    return MISSING_TOKEN.format(step=WITH_ENV_FILE if (workdir / ".env").exists() else NO_ENV_FILE)


def unreachable(exc: BaseException) -> str:
    host = getattr(exc, "host", None) or urlsplit(api_base()).hostname
    return (
        f"Discord cannot be reached ({host}): check this machine's network (DNS, firewall, "
        f"proxy), then start Tapis again"
    )


def setup_logging(level: str) -> None:
    logging.basicConfig(
        level=level,
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )
    quiet_libraries()


def point_at(settings: Settings) -> None:
    """Use another Discord endpoint (the emulator in tests and the demo)."""
    private.point_at(settings.tapis_discord_api_base, settings.tapis_discord_gateway)


def refuse(problem: str) -> int:
    print(f"tapis: {problem}", file=sys.stderr)
    return 2


async def main() -> int:
    try:
        settings = Settings()
    except ValidationError as exc:
        return refuse(settings_problem(exc))
    token = settings.token()
    if token is None:
        print(missing_token(Path.cwd()), file=sys.stderr)
        return 2
    problem = (
        settings.sharding_problem()
        or settings.activity_problem()
        or await database_problem(settings.database_url, write=True)
    )
    if problem:
        return refuse(problem)
    setup_logging(settings.log_level)
    point_at(settings)
    bot = TapisBot(settings, tune_gc=True)
    try:
        return await run(bot, token)
    except discord.LoginFailure:
        return refuse(REFUSED_TOKEN)
    except aiohttp.ClientConnectionError as exc:  # timeouts included
        return refuse(unreachable(exc))
    except (ShardTaken, NotInDevGuild) as exc:
        return refuse(f"{exc}.")


def event_loop() -> asyncio.AbstractEventLoop:
    """uvloop's event loop where it is installed (Linux and macOS): the bot spends most of
    its time in the loop, its sockets and its timers, which uvloop runs in C (bench/load.py:
    about 4 % less CPU per click at 500 tables); asyncio's own elsewhere."""
    try:
        import uvloop
    except ImportError:
        return asyncio.new_event_loop()
    return uvloop.new_event_loop()


if __name__ == "__main__":
    try:
        with asyncio.Runner(loop_factory=event_loop) as runner:
            raise SystemExit(runner.run(main()))
    except KeyboardInterrupt:  # Ctrl-C before the signal handlers are in place
        raise SystemExit(130) from None
