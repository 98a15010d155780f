"""Command checks: malformed options and the Manage Server check get a short ephemeral answer
in the member's language, nothing runs, nothing is logged as an ERROR."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from emulator.drivers import Emulator
from emulator.model import MANAGE_GUILD
from tests.bot.harness import running_tapis, text_of


@pytest.mark.parametrize(
    ("command", "options"),
    [
        (
            "table",
            [
                {
                    "type": 1,
                    "name": "manille",
                    "options": [{"type": 4, "name": "objectif", "value": 150}],
                }
            ],
        ),  # not one of the choices
        (
            "table",
            [
                {
                    "type": 1,
                    "name": "manille",
                    "options": [{"type": 5, "name": "objectif", "value": True}],
                }
            ],
        ),  # the wrong option type
        (
            "table",
            [
                {
                    "type": 1,
                    "name": "bianco-mano",
                    "options": [{"type": 4, "name": "manches", "value": 0}],
                }
            ],
        ),  # out of range
        (
            "table",
            [
                {
                    "type": 1,
                    "name": "manille",
                    "options": [{"type": 4, "name": "minuteur", "value": "60"}],
                }
            ],
        ),  # a text for a number
        ("rules", [{"type": 4, "name": "table", "value": "douze"}]),  # a text for a number
        ("leaderboard", [{"type": 4, "name": "saison", "value": "deux"}]),
        ("leaderboard", [{"type": 3, "name": "inconnu", "value": "x"}]),  # no such option
        ("rules", "not a list"),
    ],
)
async def test_a_malformed_command_gets_a_clear_answer_and_no_error_log(
    command: str,
    options: Any,
    emulator: Emulator,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        user = tapis.user("bidouille")
        before = len(tapis.bot.service.tables)
        with caplog.at_level(logging.INFO):
            handle = await emulator.slash(user, tapis.channel, command, raw_options=options)
            reply = await tapis.run(handle)
        assert reply is not None and handle.ephemeral
        assert "mal formée" in text_of(reply)
        assert len(tapis.bot.service.tables) == before
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize(
    ("locale", "refusal"),
    [
        ("fr", "Il faut la permission « Gérer le serveur » pour cela."),
        ("en-US", "You need the Manage Server permission for that."),
    ],
)
async def test_a_member_without_manage_server_is_refused_by_each_admin_command(
    locale: str,
    refusal: str,
    emulator: Emulator,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """`/season new` and `/config langue` share one check (tree.manage_server); a server's
    override may show them to anyone, so the bot refuses, in the member's language."""
    async with running_tapis(emulator, tmp_path) as tapis:
        synced = emulator.commands()
        for group in ("season", "config"):  # Discord shows them to server managers only
            assert int(synced[group]["default_member_permissions"]) == MANAGE_GUILD, group
        member = tapis.user("membre", locale=locale)
        season = (await tapis.store.seasons.current(tapis.guild.id)).number
        for command, options in (("season new", None), ("config langue", {"langue": "en"})):
            with caplog.at_level(logging.INFO):
                handle = await emulator.slash(
                    member, tapis.channel, command, options, bypass_permissions=True
                )
                reply = await tapis.run(handle)
            assert reply is not None and handle.ephemeral, command
            assert text_of(reply) == refusal, command
        assert (await tapis.store.seasons.current(tapis.guild.id)).number == season
        assert await tapis.store.guilds.lang(tapis.guild.id) is None
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
