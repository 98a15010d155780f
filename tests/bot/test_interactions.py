"""Bad input through the emulator: strangers, stale and double clicks, forged custom_ids,
lobby rules, languages, and a match that outlives Discord's 15-minute tokens."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from emulator.drivers import Emulator
from emulator.model import SEND_MESSAGES, Channel, Overwrite, User
from games import Rng
from tests.bot.harness import (
    Tapis,
    click_random_action,
    is_my_turn,
    play_until_over,
    running_tapis,
    shown_version,
    table_command,
    text_of,
)
from tests.db.util import logged_moves


async def reply_text(tapis: Tapis, handle) -> str:  # type: ignore[no-untyped-def]
    msg = await tapis.run(handle)
    assert msg is not None
    return text_of(msg)


async def started_manille(tapis: Tapis) -> tuple[int, Channel, list[User]]:
    return await tapis.seat_and_start("manille", 4)


async def open_hands(tapis: Tapis, table_id: int, where: Channel, users: list[User]) -> None:
    public = tapis.public_message(table_id, where)
    for u in users:
        await tapis.run(await tapis.emu.click(u, public, f"th:{table_id}"))


async def mover(tapis: Tapis, table_id: int, where: Channel, users: list[User]):  # type: ignore[no-untyped-def]
    """The player whose hand says it is their turn, once the bot has refreshed it."""

    def find():  # type: ignore[no-untyped-def]
        for u in users:
            hand = tapis.hand_of(u, where, table_id)
            if hand is not None and is_my_turn(hand):
                return u, hand
        return None

    return await tapis.emu.wait_for(find, timeout=5.0)


async def test_a_stranger_cannot_see_a_hand_or_play(emulator: Emulator, tmp_path: Path) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, where, _users = await started_manille(tapis)
        table = tapis.bot.service.tables[table_id]
        stranger = tapis.user("curieux")
        public = tapis.public_message(table_id, where)
        text = await reply_text(tapis, await emulator.click(stranger, public, f"th:{table_id}"))
        assert "pas assis" in text
        version = table.version()
        seat = table.state.to_move()[0]
        forged = f"t:{table_id}:{version}:{table.state.legal_actions(seat)[0].id}"
        text = await reply_text(tapis, await emulator.click(stranger, public, forged, force=True))
        assert "pas valide" in text
        assert table.version() == version
        assert await logged_moves(tapis.store, table_id) == []


async def test_a_double_click_is_applied_once(emulator: Emulator, tmp_path: Path) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, where, users = await started_manille(tapis)
        table = tapis.bot.service.tables[table_id]
        await open_hands(tapis, table_id, where, users)
        user, hand = await mover(tapis, table_id, where, users)
        button = next(
            c["custom_id"]
            for c in hand.iter_components()
            if str(c.get("custom_id", "")).startswith("t:")
        )
        first = await emulator.click(user, hand, button)
        second = await emulator.click(user, hand, button, force=True)
        await tapis.run(first)
        answer = await reply_text(tapis, second)
        assert "plus à jour" in answer
        assert table.version() == 1
        assert len(await logged_moves(tapis.store, table_id)) == 1


@pytest.mark.parametrize(
    "custom_id",
    [
        "t:999999:0:play:10H",  # a table that does not exist
        "t:{table}:0:DROP TABLE",  # not an action id
        "t:{table}:0:play:ZZ",  # a card no deck has
        "x" * 150,  # longer than Discord allows
        "tl:{table}:explode",
    ],
)
async def test_forged_custom_ids_get_a_short_answer_and_change_nothing(
    custom_id: str, emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, where, users = await started_manille(tapis)
        table = tapis.bot.service.tables[table_id]
        before = table.state.to_json()
        public = tapis.public_message(table_id, where)
        cid = custom_id.format(table=table_id)
        body, edits = text_of(public), public.edits
        handle = await emulator.click(users[1], public, cid, force=True)
        text = await reply_text(tapis, handle)
        assert handle.ephemeral
        assert "pas valide" in text
        assert table.state.to_json() == before
        assert (text_of(public), public.edits) == (body, edits), "the table message was edited"


@pytest.mark.parametrize(
    "custom_id",
    [
        "t:{table}:{version}:{action}",  # the player's own legal move, on the public message
        "ts:{table}:{version}:0",  # a select's id sent as a button
        "th:{table}",  # the hand button, but not from the message it is on
        "tl:{table}:start",  # a lobby button after the start
        "lb:manille:1:0:n",  # the leaderboard pager
        "tk:{table}:1",  # handing a seat to the AI
    ],
)
async def test_a_click_not_on_its_message_is_refused_and_defaces_nothing(
    custom_id: str, emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, where, users = await started_manille(tapis)
        table = tapis.bot.service.tables[table_id]
        state = table.state
        seat = state.to_move()[0]
        user = next(u for u in users if table.seat_of(u.id) == seat)
        action = state.legal_actions(seat)[0].id
        cid = custom_id.format(table=table_id, version=state.version, action=action)
        if custom_id.startswith("th:"):  # delivered on another message than the table's
            board = await tapis.run(await emulator.slash(user, tapis.channel, "leaderboard", {}))
            assert board is not None
            target = board
        else:
            target = tapis.public_message(table_id, where)
        body, edits = text_of(target), target.edits
        handle = await emulator.click(users[0] if "tk:" in cid else user, target, cid, force=True)
        text = await reply_text(tapis, handle)
        assert handle.ephemeral and "pas valide" in text
        assert (text_of(target), target.edits) == (body, edits)
        assert table.version() == state.version
        assert await logged_moves(tapis.store, table_id) == []


async def test_an_illegal_card_is_refused_with_the_rule(emulator: Emulator, tmp_path: Path) -> None:
    """A select's value is the one part of a real click the player may forge."""
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, where, users = await tapis.seat_and_start("nain-jaune", 2, "timer=0")
        table = tapis.bot.service.tables[table_id]
        await open_hands(tapis, table_id, where, users)
        user, hand = await mover(tapis, table_id, where, users)
        seat = table.seat_of(user.id)
        select = next(
            c for c in hand.iter_components() if str(c.get("custom_id", "")).startswith("ts:")
        )
        held = set(table.state.view(seat)["hand"])
        not_mine = next(f"{r}{s}" for s in "SHDC" for r in "A23456789" if f"{r}{s}" not in held)
        handle = await emulator.select(
            user, hand, select["custom_id"], [f"play:{not_mine}"], force=True
        )
        text = await reply_text(tapis, handle)
        assert handle.ephemeral and "pas cette carte" in text
        assert table.version() == 0
        assert await logged_moves(tapis.store, table_id) == []


async def test_lobby_rules_full_table_host_only_start_leave_and_cancel(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        host, *others = [tapis.user(f"p{i}") for i in range(6)]
        table_id, _where, lobby = await tapis.open_table(host, "manille")
        assert "non assez" not in text_of(lobby)
        text = await reply_text(
            tapis, await emulator.click(others[0], lobby, f"tl:{table_id}:start")
        )
        assert "hôte" in text
        text = await reply_text(tapis, await emulator.click(host, lobby, f"tl:{table_id}:start"))
        assert "au moins 4" in text
        for u in others[:3]:
            await tapis.run(await emulator.click(u, lobby, f"tl:{table_id}:join"))
        text = await reply_text(
            tapis, await emulator.click(others[3], lobby, f"tl:{table_id}:join")
        )
        assert "complète" in text
        text = await reply_text(
            tapis, await emulator.click(others[0], lobby, f"tl:{table_id}:join")
        )
        assert "déjà assis" in text
        await tapis.run(await emulator.click(others[2], lobby, f"tl:{table_id}:leave"))
        assert len(tapis.bot.service.tables[table_id].seats) == 3
        text = await reply_text(tapis, await emulator.click(host, lobby, f"tl:{table_id}:leave"))
        assert "annulez" in text
        await tapis.run(await emulator.click(host, lobby, f"tl:{table_id}:cancel"))
        assert table_id not in tapis.bot.service.tables
        assert "annulée" in text_of(emulator.message(lobby.id))
        record = await tapis.store.tables.get(table_id)
        assert record is not None and record.status == "cancelled"


async def test_without_thread_permission_the_table_opens_in_the_channel(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        emulator.set_threads_allowed(tapis.channel, False)
        host = tapis.user("hôte")
        first, where1, _ = await tapis.open_table(host, "manille")
        second, where2, _ = await tapis.open_table(host, "bonanza")
        assert where1.id == where2.id == tapis.channel.id
        answer = await reply_text(tapis, await emulator.slash(host, tapis.channel, "tables"))
        assert f"n°{first}" in answer and f"n°{second}" in answer


async def test_a_table_discord_refuses_to_post_is_not_opened(
    emulator: Emulator,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        emulator.set_threads_allowed(tapis.channel, False)
        tapis.channel.overwrites.append(Overwrite(emulator.world.bot.id, 1, 0, SEND_MESSAGES))
        # The permissions the command came with said yes (they changed meanwhile): Discord
        # refuses the table's message all the same (bot.table.place says no beforehand).
        monkeypatch.setattr("bot.table.controller.lacking", lambda *_args: [])
        host = tapis.user("hôte")
        command, options = table_command("manille")
        text = await reply_text(tapis, await emulator.slash(host, tapis.channel, command, options))
        assert "pas été ouverte" in text
        assert not tapis.bot.service.tables
        assert not emulator.world.public_messages(tapis.channel)
        answer = await reply_text(tapis, await emulator.slash(host, tapis.channel, "tables"))
        assert "manille" not in answer.lower()
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_each_table_gets_its_own_thread_when_allowed(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        host = tapis.user("hôte")
        _, where1, _ = await tapis.open_table(host, "manille")
        _, where2, _ = await tapis.open_table(host, "nain-jaune")
        assert where1.id != where2.id
        assert {where1.id, where2.id} <= {t.id for t in emulator.threads(tapis.channel)}


async def test_english_players_get_english(emulator: Emulator, tmp_path: Path) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, where, users = await tapis.seat_and_start(
            "manille", 4, locales=["en-US", "fr", "en-GB", "fr"]
        )
        await open_hands(tapis, table_id, where, users)
        english = tapis.hand_of(users[0], where, table_id)
        french = tapis.hand_of(users[1], where, table_id)
        assert english is not None and french is not None
        assert "Your hand" in text_of(english)
        assert "Votre main" in text_of(french)
        stranger = tapis.user("visitor", locale="en-US")
        public = tapis.public_message(table_id, where)
        text = await reply_text(tapis, await emulator.click(stranger, public, f"th:{table_id}"))
        assert "not seated" in text
        rules = await reply_text(
            tapis, await emulator.slash(stranger, tapis.channel, "rules", {"game": "manille"})
        )
        assert "trump" in rules


async def test_commands_are_localized(emulator: Emulator, tmp_path: Path) -> None:
    async with running_tapis(emulator, tmp_path):
        commands = emulator.commands()
        board = commands["leaderboard"]
        assert board["name_localizations"]["fr"] == "classement"
        assert board["description_localizations"]["en-US"] == "The season leaderboard"
        table = commands["table"]
        subcommands = {o["name"]: o for o in table["options"] if o["type"] == 1}
        assert set(subcommands) >= {
            "manille",
            "bianco-mano",
            "blanche-neige",
            "nain-jaune",
            "bonanza",
        }
        manille = {o["name"]: o for o in subcommands["manille"]["options"]}
        target = manille["objectif"]
        assert target["type"] == 4 and target["name_localizations"]["en-US"] == "target"
        assert [c["value"] for c in target["choices"]] == [100, 200]
        assert target["choices"][0]["name_localizations"]["en-US"]
        assert manille["points-au-delà-de-30"]["type"] == 5  # a boolean
        deals = {o["name"]: o for o in subcommands["bianco-mano"]["options"]}["manches"]
        assert (deals["type"], deals["min_value"], deals["max_value"]) == (4, 1, 100)
        timer = manille["minuteur"]
        assert (timer["min_value"], timer["max_value"]) == (0, 3600)
        assert "options" not in manille  # no free-text options any more


async def test_a_match_outlives_the_fifteen_minute_tokens(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, where, users = await tapis.seat_and_start("manille", 4)
        pick = Rng(3)
        await open_hands(tapis, table_id, where, users)
        for _ in range(5):
            user, hand = await mover(tapis, table_id, where, users)
            await tapis.run(await click_random_action(tapis.emu, user, hand, pick))
        await mover(tapis, table_id, where, users)  # the bot is done refreshing hands
        emulator.clock.advance(20 * 60)  # every token issued so far is now dead
        actions = await play_until_over(tapis, table_id, where, users, pick)
        assert actions > 0
        assert table_id not in tapis.bot.service.tables


async def test_a_slow_database_gets_the_click_acknowledged_first(
    emulator: Emulator, tmp_path: Path
) -> None:
    """A move whose storage outlasts Discord's patience is deferred, then answered."""
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, where, users = await started_manille(tapis)
        table = tapis.bot.service.tables[table_id]
        await open_hands(tapis, table_id, where, users)
        user, hand = await mover(tapis, table_id, where, users)
        slow_store = tapis.store.moves.append
        released = asyncio.Event()

        async def slow_append(*args, **kwargs):  # type: ignore[no-untyped-def]
            await released.wait()  # the database answers only once the click is acknowledged
            await slow_store(*args, **kwargs)

        tapis.store.moves.append = slow_append  # type: ignore[method-assign]
        button = next(
            c["custom_id"]
            for c in hand.iter_components()
            if str(c.get("custom_id", "")).startswith("t:")
        )
        handle = await emulator.click(user, hand, button)
        await handle.wait_response(timeout=3.5)  # acknowledged within Discord's 3 s
        assert table.version() == 0 and not await logged_moves(tapis.store, table_id)
        released.set()
        await emulator.wait_for(lambda: shown_version(emulator.message(hand.id)) == 1, timeout=5)
        assert table.version() == 1
        assert len(await logged_moves(tapis.store, table_id)) == 1
