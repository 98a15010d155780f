"""The client as a newcomer meets it: a bot that no server has yet says how to add it, and
a DEV_GUILD_ID naming a server the bot is not in is one sentence, not a traceback."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import discord
import pytest

from bot.app.client import NotInDevGuild, TapisBot
from bot.app.settings import Settings
from bot.table.place import INVITED, lacking
from db import Store
from emulator.drivers import Emulator
from emulator.fixtures import connect_client
from tests.bot.clock import ManualClock
from tests.bot.harness import running_tapis


async def bot_on(tmp_path: Path, **settings: Any) -> tuple[TapisBot, Store]:
    """The bot on a fresh SQLite file, with `settings` besides a test's defaults."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'tapis.db'}"
    store = await Store.open(url)
    chosen = Settings(  # type: ignore[call-arg]
        discord_token="test-token",
        database_url=url,
        _env_file=None,
        picture_workers=0,
        review_workers=0,
        card_emojis=False,
        **settings,
    )
    return TapisBot(chosen, store=store, clock=ManualClock()), store


async def test_a_bot_in_no_server_logs_the_link_that_adds_it(
    emulator: Emulator, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="tapis")
    bot, store = await bot_on(tmp_path)
    try:
        async with connect_client(emulator, bot):
            said = await emulator.wait_for(
                lambda: [r.getMessage() for r in caplog.records if "add it with" in r.getMessage()]
            )
    finally:
        await store.close()
    (line,) = said
    link = urlsplit(line.rsplit(" ", 1)[-1])
    query = parse_qs(link.query)
    assert query["client_id"] == [str(emulator.application_id)]
    assert query["scope"] == ["bot applications.commands"]
    asked = discord.Permissions(int(query["permissions"][0]))
    # Invited with that link, the bot lacks nothing it checks where a table goes.
    assert lacking(None, asked) == [] and asked == INVITED


async def test_a_bot_already_in_a_server_says_nothing_of_invitations(
    emulator: Emulator, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="tapis")
    async with running_tapis(emulator, tmp_path) as tapis:
        await emulator.wait_for(lambda: tapis.bot.is_ready())
        await emulator.wait_for(
            lambda: any("connected as" in r.getMessage() for r in caplog.records)
        )
    assert not any("add it with" in r.getMessage() for r in caplog.records)


async def test_a_dev_guild_the_bot_is_not_in_stops_it_with_what_to_do(
    emulator: Emulator, tmp_path: Path
) -> None:
    elsewhere = emulator.create_guild("ailleurs")  # the bot's only server
    stranger = elsewhere.id + 1_000
    bot, store = await bot_on(tmp_path, dev_guild_id=stranger)
    try:
        with pytest.raises(NotInDevGuild) as refused:
            async with connect_client(emulator, bot):
                pass
    finally:
        await bot.close()  # as `python -m bot` does on its way out (bot.app.lifecycle.run)
        await store.close()
    said = str(refused.value)
    assert f"DEV_GUILD_ID names ({stranger})" in said
    assert f"client_id={emulator.application_id}" in said and "DEV_GUILD_ID empty" in said
    assert emulator.commands(guild=elsewhere) == {}
