"""A player's first table of a game: the game's essentials in three lines, privately, with
their first hand; never again for that game, at that table or the next, nor after a
restart (the store remembers it)."""

from __future__ import annotations

from pathlib import Path

import games
from bot.table.welcome import summary_text
from emulator.drivers import Emulator
from emulator.model import Channel, Message, User
from tests.bot.harness import Tapis, running_tapis, text_of

FIRST = "Votre première partie de"


def summaries(tapis: Tapis, user: User, where: Channel) -> list[Message]:
    return [m for m in tapis.emu.visible(user, where) if FIRST in text_of(m)]


async def open_hands(tapis: Tapis, table_id: int, where: Channel, users: list[User]) -> None:
    """Each opens their hand from the table message, until the bot has settled whether it
    was their first table of the game (and if so shown its essentials)."""
    public = tapis.public_message(table_id, where)
    game = tapis.bot.service.tables[table_id].game
    for u in users:
        await tapis.run(await tapis.emu.click(u, public, f"th:{table_id}"))
        await tapis.emu.wait_for(lambda u=u: tapis.bot.welcome.settled(u.id, game), timeout=5.0)


async def start_table(tapis: Tapis, host: User, guest: User, game: str) -> tuple[int, Channel]:
    """`host` opens a table of `game`, `guest` joins, `host` starts it."""
    table_id, where, lobby = await tapis.open_table(host, game, "timer=0")
    for user, verb in [(guest, "join"), (host, "start")]:
        await tapis.run(await tapis.emu.click(user, lobby, f"tl:{table_id}:{verb}"))
    return table_id, where


async def test_the_first_table_of_a_game_shows_its_essentials_once_ever(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        place = (tapis.guild, tapis.channel)
        host, guest = tapis.user("hôte"), tapis.user("invitée")
        table_id, where = await start_table(tapis, host, guest, "nain-jaune")
        await open_hands(tapis, table_id, where, [host, guest])
        for user in (host, guest):
            (shown,) = summaries(tapis, user, where)
            assert shown.visible_to == user.id
            lines = text_of(shown).split("\n")
            assert lines == summary_text("nain-jaune", "fr", hints=False).split("\n")
            assert len(lines) == 3
            assert lines[0] == "**Votre première partie de Nain Jaune : l'essentiel**"
            assert lines[1] == games.get("nain-jaune").words.summary.fr.split("\n")[0]
            assert "`/regles`" in lines[2] and "Pourquoi ?" in lines[2]
            assert "Conseil" not in lines[2]  # a rated table: no hints to speak of
        await open_hands(tapis, table_id, where, [host, guest])  # the same table again
        table_two, where_two = await start_table(tapis, guest, host, "nain-jaune")
        await open_hands(tapis, table_two, where_two, [host, guest])
        for user in (host, guest):
            assert len(summaries(tapis, user, where)) == 1
            assert summaries(tapis, user, where_two) == []

    async with running_tapis(emulator, tmp_path, place=place) as tapis:
        newcomer = tapis.user("nouvelle")
        table_id, where = await start_table(tapis, host, newcomer, "nain-jaune")
        await open_hands(tapis, table_id, where, [host, newcomer])
        assert len(summaries(tapis, newcomer, where)) == 1  # the newcomer's first table
        assert summaries(tapis, host, where) == []  # remembered across the restart
        practice_id, practice_where = await start_table(tapis, host, newcomer, "bonanza")
        await open_hands(tapis, practice_id, practice_where, [host])
        (other_game,) = summaries(tapis, host, practice_where)
        assert "Bonanza" in text_of(other_game)
