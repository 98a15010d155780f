"""Which language a table speaks, and that each answer speaks its reader's."""

from __future__ import annotations

from pathlib import Path

import pytest

from emulator.drivers import Emulator
from tests.bot.harness import running_tapis, text_of


@pytest.mark.parametrize(
    ("opener", "expected", "unexpected"),
    [("fr", "Rejoindre", "Join"), ("en-GB", "Join", "Rejoindre"), ("de", "Rejoindre", "Join")],
)
async def test_a_table_speaks_its_openers_language_not_the_servers(
    opener: str, expected: str, unexpected: str, emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        tapis.guild.locale = "en-US"  # what Discord says of every non-Community server
        host = tapis.user("hôte", locale=opener)
        _table_id, _where, lobby = await tapis.open_table(host, "manille")
        labels = [c.get("label") for c in lobby.iter_components()]
        assert expected in labels and unexpected not in labels
        assert text_of(lobby)


async def test_each_refusal_speaks_the_clickers_language(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        host = tapis.user("hôte", locale="fr")
        table_id, _where, lobby = await tapis.open_table(host, "manille")
        english = tapis.user("guest", locale="en-US")
        answer = await tapis.run(await emulator.click(english, lobby, f"tl:{table_id}:start"))
        assert answer is not None and "Only the table's host" in text_of(answer)
        french = tapis.user("invité", locale="fr")
        answer = await tapis.run(await emulator.click(french, lobby, f"tl:{table_id}:start"))
        assert answer is not None and "Seul l'hôte" in text_of(answer)


async def test_a_server_admin_sets_the_tables_language(emulator: Emulator, tmp_path: Path) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        admin = tapis.user("admin", locale="fr", manage_guild=True)
        member = tapis.user("membre", locale="fr")
        handle = await emulator.slash(
            member, tapis.channel, "config langue", {"langue": "en"}, bypass_permissions=True
        )
        answer = await tapis.run(handle)
        assert answer is not None and handle.ephemeral and "Gérer le serveur" in text_of(answer)
        assert await tapis.store.guilds.lang(tapis.guild.id) is None

        answer = await tapis.run(
            await emulator.slash(admin, tapis.channel, "config langue", {"langue": "en"})
        )
        assert answer is not None and "anglais" in text_of(answer)
        assert await tapis.store.guilds.lang(tapis.guild.id) == "en"
        french_host = tapis.user("hôte", locale="fr")
        _table_id, _where, lobby = await tapis.open_table(french_host, "manille")
        labels = [c.get("label") for c in lobby.iter_components()]
        assert "Join" in labels and "Rejoindre" not in labels

        await tapis.run(
            await emulator.slash(admin, tapis.channel, "config langue", {"langue": "auto"})
        )
        _table_id, _where, lobby = await tapis.open_table(french_host, "manille")
        assert "Rejoindre" in [c.get("label") for c in lobby.iter_components()]
