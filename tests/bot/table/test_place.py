"""Where a new table goes, and what the opener is told when the bot lacks a permission
there: said before anything is stored or posted, naming what to grant."""

from __future__ import annotations

from pathlib import Path

import pytest

from emulator.drivers import Emulator
from emulator.model import ATTACH_FILES, SEND_MESSAGES, SEND_MESSAGES_IN_THREADS, Overwrite
from tests.bot.harness import Tapis, running_tapis, table_command, text_of

pytestmark = pytest.mark.emulator


def deny_bot(emulator: Emulator, tapis: Tapis, permissions: int) -> None:
    """A member overwrite on the bot in the Tapis channel, as a server admin would set it."""
    tapis.channel.overwrites.append(Overwrite(emulator.world.bot.id, 1, 0, permissions))


async def slash_table(tapis: Tapis, locale: str = "fr") -> str:
    host = tapis.user("hôte", locale=locale)
    command, options = table_command("manille")
    answer = await tapis.run(await tapis.emu.slash(host, tapis.channel, command, options))
    assert answer is not None and answer.ephemeral
    return text_of(answer)


async def test_without_attach_files_the_opener_is_told_what_to_grant_and_nothing_opens(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        deny_bot(emulator, tapis, ATTACH_FILES)
        text = await slash_table(tapis)
        assert text == (
            "Il me manque une permission dans ce salon : « Joindre des fichiers ». Un "
            "administrateur du serveur peut me l'accorder dans les paramètres du salon ; "
            "relancez ensuite la commande."
        )
        assert not tapis.bot.service.tables
        assert not emulator.threads(tapis.channel)
        assert not emulator.world.public_messages(tapis.channel)


async def test_every_missing_permission_is_named_in_the_openers_language(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        emulator.set_threads_allowed(tapis.channel, False)
        deny_bot(emulator, tapis, SEND_MESSAGES | ATTACH_FILES)
        text = await slash_table(tapis, locale="en-US")
        assert text.startswith(
            "I am missing permissions in this channel: “Send Messages” and “Attach Files”. "
            "A server admin can grant them"
        )
        assert not tapis.bot.service.tables


async def test_a_thread_the_bot_could_not_post_in_is_not_opened_the_channel_is_used(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        deny_bot(emulator, tapis, SEND_MESSAGES_IN_THREADS)
        table_id, where, _lobby = await tapis.open_table(tapis.user("hôte"), "manille")
        assert where.id == tapis.channel.id
        assert not emulator.threads(tapis.channel)
        assert tapis.bot.service.tables[table_id].message_id is not None
