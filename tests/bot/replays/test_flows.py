"""Replays through the Discord emulator: "Revoir la partie" on a finished table, /revoir,
stepping by move and by deal, restarts, refusals, and the web link."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import games
from bot.render import words
from emulator.drivers import Emulator
from emulator.model import Message, User
from games import Rng
from games.text import hand_line
from tests.bot.harness import Tapis, play_until_over, running_tapis, text_of
from tests.bot.render.test_weblinks import WEB, link_urls, web_get
from tests.web.seed import play

TOY = "plus-fort"  # the tests' own game: 3 seats, a deal is 12 moves


def button(msg: Message, label: str) -> dict[str, Any]:
    found = [b for b in msg.buttons() if b.get("label") == label]
    assert len(found) == 1, f"no single {label!r} button among {msg.labels()}"
    return found[0]


def fields(msg: Message) -> dict[str, str]:
    return {f["name"]: f["value"] for f in msg.embeds[0].get("fields", [])}


def footer(msg: Message) -> str:
    return str(msg.embeds[0]["footer"]["text"])


async def shown_equals_engine(tapis: Tapis, table_id: int, msg: Message, lang: str) -> int:
    """Every hand the replay shows is the engine's at the step its footer names: the
    store's seed, options and log through `rules.replay`. Returns that step."""
    found = await tapis.store.history.match_at_table(tapis.guild.id, table_id)
    assert found is not None
    match = re.search(r"(?:Coup|Move) (\d+) / (\d+)", footer(msg))
    assert match, footer(msg)
    step = int(match[1])
    assert int(match[2]) == len(found.moves)
    rules = games.get(found.summary.game)
    options = {k: v for k, v in found.options.items() if k != "__table__"}
    moves = [(m.seat, m.action_id) for m in found.moves[:step]]
    state = rules.replay(len(found.summary.seats), found.seed, options, moves)
    shown = fields(msg)
    for seat in sorted(found.summary.seats, key=lambda s: s.seat):
        cards = hand_line(state.hand_facts(seat.seat), lang, words.face_for(lang), rules.words)
        assert shown[f"✋ {seat.name}"] == cards, (seat.name, step)
    return step


async def click(tapis: Tapis, user: User, msg: Message, custom_id: str) -> Message:
    answer = await tapis.run(await tapis.emu.click(user, msg, custom_id))
    assert answer is not None
    return answer


async def test_a_finished_table_opens_its_replay_and_steps_by_move_and_by_deal(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, where, users = await tapis.seat_and_start(TOY, 3, "deals=2 timer=0")
        await play_until_over(tapis, table_id, where, users, Rng(5))
        cid = f"rp:{table_id}:0:o"
        public = await emulator.wait_for_message(
            where, lambda m: any(b.get("custom_id") == cid for b in m.buttons())
        )
        assert button(public, "Revoir la partie")["custom_id"] == cid
        assert not any(str(b.get("custom_id")).startswith("th:") for b in public.buttons())
        body, edits = text_of(public), public.edits

        watcher = tapis.user("spectatrice")  # anyone on the server may watch a finished match
        replay = await click(tapis, watcher, public, cid)
        assert replay.ephemeral and replay.visible_to == watcher.id and replay.id != public.id
        text = text_of(replay)
        assert "Revoir — Plus fort — table n°" in text and "Début de la partie" in text
        assert footer(replay) == "Coup 0 / 24 · Donne 1 / 2"
        assert await shown_equals_engine(tapis, table_id, replay, "fr") == 0
        assert button(replay, "◀")["disabled"] and button(replay, "◀ Donne")["disabled"]
        assert link_urls(replay) == []  # no web settings: no web link

        step = await click(tapis, watcher, replay, button(replay, "▶")["custom_id"])
        assert step.id == replay.id  # the replay is redrawn in place
        assert footer(step) == "Coup 1 / 24 · Donne 1 / 2"
        assert "Dernier coup" in text_of(step) and "{" not in text_of(step)
        assert await shown_equals_engine(tapis, table_id, step, "fr") == 1

        step = await click(tapis, watcher, step, button(step, "Donne ▶")["custom_id"])
        assert footer(step) == "Coup 12 / 24 · Donne 2 / 2"
        assert await shown_equals_engine(tapis, table_id, step, "fr") == 12
        step = await click(tapis, watcher, step, button(step, "▶")["custom_id"])
        assert footer(step) == "Coup 13 / 24 · Donne 2 / 2"
        step = await click(tapis, watcher, step, button(step, "◀ Donne")["custom_id"])
        assert footer(step) == "Coup 12 / 24 · Donne 2 / 2"
        step = await click(tapis, watcher, step, button(step, "◀ Donne")["custom_id"])
        assert footer(step) == "Coup 0 / 24 · Donne 1 / 2"
        for _ in range(2):
            step = await click(tapis, watcher, step, button(step, "Donne ▶")["custom_id"])
        assert footer(step) == "Coup 24 / 24 · Donne 2 / 2"
        assert "Partie terminée" in text_of(step) and button(step, "▶")["disabled"]
        assert await shown_equals_engine(tapis, table_id, step, "fr") == 24
        step = await click(tapis, watcher, step, button(step, "◀")["custom_id"])
        assert await shown_equals_engine(tapis, table_id, step, "fr") == 23

        assert tapis.bot.replays.built == 1  # stepping never rebuilt the match
        assert (text_of(public), public.edits) == (body, edits)  # the table was left alone


async def test_revoir_lists_the_members_finished_matches_and_opens_one(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        member = tapis.user("alice", locale="en-US")
        other = tapis.user("bob")
        empty = await tapis.run(await emulator.slash(member, tapis.channel, "revoir"))
        assert empty is not None and empty.ephemeral
        assert "You have not finished a match on this server yet." in text_of(empty)
        mine = await play(
            tapis.store, "manille", [member.id, other.id, None, 9], 11, guild=tapis.guild.id
        )
        theirs = await play(tapis.store, TOY, [other.id, None, 9], 12, guild=tapis.guild.id)
        await play(
            tapis.store, TOY, [other.id, member.id, None], 13, guild=tapis.guild.id, finish=False
        )

        listed = await tapis.run(await emulator.slash(member, tapis.channel, "revoir"))
        assert listed is not None and listed.ephemeral
        text = text_of(listed)
        assert "Your latest matches" in text and f"**Manille** · table #{mine}" in text
        assert "Robot 0, Robot 1, 🤖 Robot 2, Robot 3" in text  # the seats' recorded names
        assert re.search(r"<t:\d+:f>", text) and ("🏆 won" in text or " place" in text)
        assert f"#{theirs}" not in text  # not one of hers
        (select,) = listed.selects()
        assert [o["value"] for o in select["options"]] == [str(mine)]

        handle = await emulator.select(member, listed, "rl", [str(mine)])
        replay = await tapis.run(handle)
        assert replay is not None and replay.ephemeral and replay.id != listed.id
        assert "Replay — Manille — table #" in text_of(replay)
        assert footer(replay).startswith("Move 0 / ") and "· Deal 1 / " in footer(replay)
        assert await shown_equals_engine(tapis, mine, replay, "en") == 0


async def test_replay_buttons_work_after_a_restart(emulator: Emulator, tmp_path: Path) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        place = (tapis.guild, tapis.channel)
        member = tapis.user("camille")
        table_id = await play(tapis.store, TOY, [member.id, None, 9], 21, guild=tapis.guild.id)
        listed = await tapis.run(await emulator.slash(member, tapis.channel, "revoir"))
        assert listed is not None
        replay = await tapis.run(await emulator.select(member, listed, "rl", [str(table_id)]))
        assert replay is not None
        for _ in range(3):
            replay = await click(tapis, member, replay, button(replay, "▶")["custom_id"])
        assert footer(replay).startswith("Coup 3 / ")

    async with running_tapis(emulator, tmp_path, place=place) as again:
        assert again.bot.replays.built == 0
        old = emulator.message(replay.id)
        assert old is not None
        back = await click(again, member, old, button(old, "◀")["custom_id"])
        assert back.id == replay.id and footer(back).startswith("Coup 2 / ")
        assert await shown_equals_engine(again, table_id, back, "fr") == 2


def forge(msg: Message, label: str, custom_id: str) -> str:
    """Put `custom_id` on a button of the message, as a tampered or outdated message would
    carry it: the click reaches the replays, which must check it all again."""
    button(msg, label)["custom_id"] = custom_id
    return custom_id


async def test_unfinished_foreign_unknown_and_out_of_range_replays_are_refused(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        member = tapis.user("dominique")
        english = tapis.user("eve", locale="en-US")
        finished = await play(
            tapis.store, TOY, [member.id, english.id, None], 31, guild=tapis.guild.id
        )
        foreign = await play(tapis.store, TOY, [member.id, None, 9], 32, guild=tapis.guild.id + 1)
        live, _where, _players = await tapis.seat_and_start(TOY, 3, "timer=0")
        replays, lists = {}, {}
        for who in (member, english):
            listed = await tapis.run(await emulator.slash(who, tapis.channel, "revoir"))
            assert listed is not None
            lists[who.id] = listed
            handle = await emulator.select(who, listed, "rl", [str(finished)])
            replays[who.id] = await tapis.run(handle)

        cases = [
            (f"rp:{live}:0:n", member, "n'est pas terminée"),
            (f"rp:{live}:3:n", english, "This match is not over"),
            (f"rp:{foreign}:0:n", member, "pas de partie terminée à revoir à cette table"),
            (f"rp:{finished + 1000}:1:n", english, "There is no finished match to watch"),
            (f"rp:{finished}:999999:n", member, "Ce coup n'existe pas dans cette partie."),
        ]
        for custom_id, who, expected in cases:
            replay = replays[who.id]
            assert replay is not None
            body = text_of(replay)
            handle = await emulator.click(who, replay, forge(replay, "▶", custom_id))
            answer = await tapis.run(handle)
            assert answer is not None and handle.ephemeral
            assert expected in text_of(answer), (custom_id, text_of(answer))
            assert not answer.embeds and "✋" not in text_of(answer)  # not a card shown
            assert text_of(emulator.message(replay.id)) == body  # the replay is unchanged

        # /revoir's select: its value is the one part a client may forge.
        for value, expected in [(str(live), "n'est pas terminée"), ("x1", "pas valide")]:
            handle = await emulator.select(member, lists[member.id], "rl", [value], force=True)
            answer = await tapis.run(handle)
            assert answer is not None and expected in text_of(answer)
            assert not answer.embeds
        assert tapis.bot.service.tables[live].state is not None


async def test_the_replay_links_to_its_web_page_when_the_web_is_set_up(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path, settings=WEB) as tapis:
        member = tapis.user("fanny")
        table_id = await play(tapis.store, TOY, [member.id, None, 9], 41, guild=tapis.guild.id)
        listed = await tapis.run(await emulator.slash(member, tapis.channel, "revoir"))
        assert listed is not None
        replay = await tapis.run(await emulator.select(member, listed, "rl", [str(table_id)]))
        assert replay is not None
        replay = await click(tapis, member, replay, button(replay, "▶")["custom_id"])
        (url,) = link_urls(replay)
        found = await tapis.store.history.match_at_table(tapis.guild.id, table_id)
        assert found is not None
        assert f"/match/{found.summary.id}?" in url and "step=1" in url and "lang=fr" in url
        page = web_get(tapis, url)
        assert page.status_code == 200 and "Robot 0" in page.text
