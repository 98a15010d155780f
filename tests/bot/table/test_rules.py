"""`/regles`: the game's summary in the reader's language, a table's options in words."""

from __future__ import annotations

from pathlib import Path

import games
from emulator.drivers import Emulator
from tests.bot.harness import running_tapis, text_of


async def test_rules_in_a_tables_thread_explain_its_options_in_words(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        host = tapis.user("hôte", locale="fr")
        table_id, where, _lobby = await tapis.open_table(host, "manille", "target=200 timer=45")
        assert where.id != tapis.channel.id  # the table's own thread
        handle = await emulator.slash(host, where, "rules", {})
        answer = await tapis.run(handle)
        assert answer is not None and handle.ephemeral
        text = text_of(answer)
        assert games.get("manille").words.summary.fr[:60] in text
        assert f"Les options de la table n°{table_id}" in text
        assert "Objectif : 200 points — Points qu'une équipe doit atteindre" in text
        assert "Minuteur : 45 s" in text and "target" not in text

        # In English, from the channel, naming the table.
        guest = tapis.user("guest", locale="en-GB")
        answer = await tapis.run(
            await emulator.slash(guest, tapis.channel, "rules", {"table": table_id})
        )
        assert answer is not None
        assert games.get("manille").words.summary.en[:60] in text_of(answer)
        assert f"The options of table #{table_id}" in text_of(answer)
        assert "Target: 200 points" in text_of(answer)


async def test_rules_outside_a_table_give_the_defaults_or_ask_which_game(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        player = tapis.user("joueuse", locale="fr")
        answer = await tapis.run(
            await emulator.slash(player, tapis.channel, "rules", {"game": "nain-jaune"})
        )
        assert answer is not None
        text = text_of(answer)
        assert "Nain Jaune — les règles" in text and "de 2 à 8 joueurs" in text.lower()
        assert "Les options, par défaut" in text and "Jetons de départ : 100" in text
        assert "bouton Options" in text
        answer = await tapis.run(await emulator.slash(player, tapis.channel, "rules", {}))
        assert answer is not None and "Quel jeu ?" in text_of(answer)
