"""A concours on Discord through the emulator: /concours creer, pairs registered by
invitation, refusals that change nothing, the start opening a table in a thread with its
players mentioned, the organiser closing the round, the podium."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from db import ConcoursStatus
from emulator.drivers import Emulator
from emulator.model import ATTACH_FILES, Message, Overwrite, User
from tests.bot.harness import Tapis, running_tapis, text_of


def concours_message(tapis: Tapis) -> Message:
    for msg in tapis.emu.public_messages(tapis.channel):
        if msg.text_displays() and "Concours de" in msg.text_displays()[0]:
            return msg
    raise AssertionError("no concours message")


def concours_id(msg: Message) -> int:
    for c in msg.iter_components():
        cid = str(c.get("custom_id", ""))
        if cid.startswith("cc:"):
            return int(cid.split(":")[1])
    raise AssertionError("no concours button")


async def answer(tapis: Tapis, handle: Any) -> str:
    msg = await tapis.run(handle)
    assert msg is not None
    return text_of(msg)


async def invite(tapis: Tapis, cid: int, who: User, partner: User) -> str:
    """`who` clicks "Inscrire une équipe" and picks `partner`: the answer to the pick."""
    msg = concours_message(tapis)
    picker = await tapis.run(await tapis.emu.click(who, msg, f"cc:{cid}:invite"))
    assert picker is not None
    return await answer(
        tapis, await tapis.emu.select(who, picker, f"cs:{cid}:mate", [str(partner.id)])
    )


async def invitation(tapis: Tapis, partner: User) -> Message:
    def found() -> Message | None:
        for msg in reversed(tapis.emu.public_messages(tapis.channel)):
            if f"<@{partner.id}>" in msg.content:
                return msg
        return None

    msg: Message = await tapis.emu.wait_for(found, timeout=15)
    return msg


@pytest.mark.slow
async def test_a_manille_concours_from_creation_to_podium(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        organiser = tapis.user("orga", manage_guild=True)
        players = [tapis.user(f"joueur{n}") for n in range(4)]
        stranger = tapis.user("curieux", locale="en-US")
        created = await answer(
            tapis,
            await emulator.slash(
                organiser,
                tapis.channel,
                "concours creer",
                {"game": "manille", "nom": "Saint-Jean", "parties": 1, "donnes_identiques": True},
            ),
        )
        assert "Concours ouvert" in created
        msg = concours_message(tapis)
        cid = concours_id(msg)
        assert "Concours de Manille : Saint-Jean" in text_of(msg)
        assert "Donnes identiques" in text_of(msg)

        refused = await answer(tapis, await emulator.click(stranger, msg, f"cc:{cid}:start"))
        assert refused == "Only the tournament's organiser can do that."
        assert "Fait" not in await invite(tapis, cid, players[0], players[1])
        wrong = await invitation(tapis, players[1])
        accept = next(
            str(c["custom_id"])
            for c in wrong.iter_components()
            if str(c.get("custom_id", "")).startswith(f"cc:{cid}:accept:")
        )
        not_for_you = await answer(tapis, await emulator.click(players[2], wrong, accept))
        assert not_for_you == "Cette invitation ne vous est pas adressée."
        await answer(tapis, await emulator.click(players[1], wrong, accept))
        twice = await answer(tapis, await emulator.click(players[1], wrong, accept))
        assert twice == "Vous êtes déjà inscrit."
        assert await invite(tapis, cid, players[0], players[2]) == "Vous êtes déjà inscrit."
        taken = await invite(tapis, cid, players[2], players[1])
        assert taken == "Cette personne fait déjà partie d'une équipe inscrite."
        await invite(tapis, cid, players[2], players[3])
        await answer(
            tapis,
            await emulator.click(
                players[3], await invitation(tapis, players[3]), accept[:-1] + "2"
            ),
        )
        record = await tapis.store.concours.get(cid)
        assert record is not None
        assert [e.active for e in record.entrants] == [True, True]
        await emulator.wait_for(
            lambda: "joueur2 et joueur3" in text_of(concours_message(tapis)), timeout=15
        )
        assert "joueur0 et joueur1" in text_of(concours_message(tapis))

        forged = await answer(
            tapis, await emulator.click(organiser, msg, f"cc:{cid}:round:9", force=True)
        )
        assert "pas valide" in forged

        await answer(
            tapis, await emulator.click(organiser, concours_message(tapis), f"cc:{cid}:start")
        )
        await emulator.wait_for(
            lambda: any(t.message_id for t in tapis.bot.service.tables.values()), timeout=15
        )
        record = await tapis.store.concours.get(cid)
        assert record is not None and record.status is ConcoursStatus.RUNNING
        (table,) = record.tables
        assert table.table_id is not None
        game_table = tapis.bot.service.tables[table.table_id]
        assert game_table.status == "playing" and game_table.options["deal_seed"] > 0
        thread = emulator.world.channel(game_table.where_id)
        assert thread is not None and thread.id != tapis.channel.id
        call = await emulator.wait_for_message(thread, lambda m: "à vous de jouer" in m.content)
        assert all(f"<@{p.id}>" in call.content for p in players)
        assert str(record.deal_seed) not in "".join(
            text_of(m) for m in emulator.public_messages(thread)
        )

        msg = await emulator.wait_for(
            lambda: (
                (m := concours_message(tapis)) and f"cc:{cid}:round:1" in str(m.components) and m
            ),
            timeout=15,
        )
        (board,) = msg.media_items()
        assert board.attachment is not None
        await answer(tapis, await emulator.click(organiser, msg, f"cc:{cid}:pause"))
        paused = await emulator.wait_for(
            lambda: (
                (m := concours_message(tapis)) and f"cc:{cid}:resume" in str(m.components) and m
            ),
            timeout=15,
        )
        (kept,) = paused.media_items()  # the same standings: the picture is not sent again
        assert kept.attachment is not None and kept.attachment.id == board.attachment.id
        await answer(tapis, await emulator.click(organiser, paused, f"cc:{cid}:resume"))
        msg = await emulator.wait_for(
            lambda: (
                (m := concours_message(tapis)) and f"cc:{cid}:round:1" in str(m.components) and m
            ),
            timeout=15,
        )
        await answer(tapis, await emulator.click(organiser, msg, f"cc:{cid}:round:1"))
        again = await answer(
            tapis, await emulator.click(organiser, msg, f"cc:{cid}:round:1", force=True)
        )
        assert "déjà close" in again or "pas possible" in again or "pas valide" in again
        record = await tapis.store.concours.get(cid)
        assert record is not None and record.status is ConcoursStatus.FINISHED
        assert record.tables[0].settled and record.tables[0].points is not None
        podium = await emulator.wait_for_message(
            tapis.channel, lambda m: "remporte le concours" in text_of(m)
        )
        assert "🥇" in text_of(podium)
        assert "Classement" in text_of(concours_message(tapis))
        for shown in (podium, concours_message(tapis)):
            (board,) = shown.media_items()
            assert board.kind == "gallery" and board.attachment is not None
            assert board.attachment.filename == "standings.png"
            assert board.description and "Classement du concours Saint-Jean" in board.description
        # The table settled when the round closed keeps its replay, under the podium too.
        stored = await tapis.store.history.replay_at_table(tapis.guild.id, table.table_id)
        assert stored is not None and stored.summary.settled
        replay_id = f"rp:{table.table_id}:0:o"
        assert replay_id in str(podium.components)
        for who, mark, move in (
            (players[0], "arrêtée à la clôture de la ronde", "Coup"),
            (stranger, "stopped when the round closed", "Move"),
        ):
            shown = await tapis.run(await emulator.click(who, podium, replay_id))
            assert shown is not None and mark in shown.embeds[0]["title"]
            assert f"{move} 0 / {len(stored.moves)}" in shown.embeds[0]["footer"]["text"]


@pytest.mark.slow
async def test_the_organiser_adds_and_removes_entrants_and_nobody_else_can(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        organiser = tapis.user("orga", manage_guild=True)
        players = [tapis.user(f"joueuse{n}") for n in range(3)]
        await answer(
            tapis,
            await emulator.slash(
                organiser, tapis.channel, "concours creer", {"game": "nain-jaune", "nom": "Jeudi"}
            ),
        )
        msg = concours_message(tapis)
        cid = concours_id(msg)
        picker = await tapis.run(await emulator.click(organiser, msg, f"cc:{cid}:add"))
        assert picker is not None and "Qui inscrire" in text_of(picker)
        select = f"cs:{cid}:add"
        await answer(tapis, await emulator.select(organiser, picker, select, [str(players[0].id)]))
        stranger = await answer(
            tapis,
            await emulator.select(players[1], msg, select, [str(players[1].id)], force=True),
        )
        assert "organisateur" in stranger or "pas valide" in stranger
        await answer(tapis, await emulator.click(players[2], msg, f"cc:{cid}:join"))
        record = await tapis.store.concours.get(cid)
        assert record is not None
        assert [e.user_id for e in record.entrants if e.active] == [players[0].id, players[2].id]
        refused = await answer(tapis, await emulator.click(players[2], msg, f"cc:{cid}:remove"))
        assert refused == "Seul l'organisateur du concours peut faire cela."
        msg = concours_message(tapis)
        picker = await tapis.run(await emulator.click(organiser, msg, f"cc:{cid}:remove"))
        assert picker is not None
        drop = f"cs:{cid}:drop"
        await answer(
            tapis, await emulator.select(organiser, picker, drop, [str(record.entrants[0].id)])
        )
        record = await tapis.store.concours.get(cid)
        assert record is not None
        assert [e.user_id for e in record.entrants if e.active] == [players[2].id]
        msg = concours_message(tapis)
        too_few = await answer(tapis, await emulator.click(organiser, msg, f"cc:{cid}:start"))
        assert too_few == "Il faut au moins 2 inscrits pour commencer."
        record = await tapis.store.concours.get(cid)
        assert record is not None and record.status is ConcoursStatus.REGISTRATION


@pytest.mark.slow
async def test_a_start_time_that_cannot_be_read_is_refused_and_creates_nothing(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        organiser = tapis.user("orga", manage_guild=True)
        refused = await answer(
            tapis,
            await emulator.slash(
                organiser,
                tapis.channel,
                "concours creer",
                {"game": "manille", "nom": "Saint-Jean", "debut": "demain soir"},
            ),
        )
        assert refused.startswith("Heure de début illisible ou passée")
        assert await tapis.store.concours.of_guild(tapis.guild.id) == []
        assert not any("Concours de" in text_of(m) for m in emulator.public_messages(tapis.channel))


async def test_a_concours_where_the_bot_cannot_attach_its_picture_is_not_created(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        tapis.channel.overwrites.append(Overwrite(emulator.world.bot.id, 1, 0, ATTACH_FILES))
        organiser = tapis.user("orga", manage_guild=True, locale="en-GB")
        said = await answer(
            tapis,
            await emulator.slash(
                organiser, tapis.channel, "concours creer", {"game": "nain-jaune", "nom": "Jeudi"}
            ),
        )
        assert said.startswith("I am missing a permission in this channel: “Attach Files”.")
        assert await tapis.store.concours.of_guild(tapis.guild.id) == []
        assert not emulator.world.public_messages(tapis.channel)
