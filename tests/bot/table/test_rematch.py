"""« Revanche » through the Discord emulator: a finished Manille table's players open one
rematch lobby at the same seats, confirm their kept seats and play again; double and
concurrent clicks, restarts, strangers, forged ids, practice tables, archived threads and
seats nobody confirmed."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import pytest

from bot.table.changes import ServiceError
from bot.table.model import Table
from bot.table.turns import LOBBY_TTL
from emulator.drivers import Emulator
from emulator.model import Channel, Message, User
from games import Rng
from tests.bot.clock import ManualClock
from tests.bot.harness import (
    Tapis,
    click_random_action,
    is_my_turn,
    running_tapis,
    text_of,
)
from tests.waiting import TIMEOUT

pytestmark = pytest.mark.slow  # each test plays a whole Manille match first

GAME = "manille"
KEPT = "place gardée"


def custom_ids(msg: Message) -> list[str]:
    return [str(c.get("custom_id", "")) for c in msg.iter_components()]


async def seat_and_start(tapis: Tapis, humans: int) -> tuple[int, Channel, list[User], Message]:
    """`humans` players and an easy AI (one AI seat) at a Manille table, started."""
    users = [tapis.user(f"joueur{len(tapis.users) + i}") for i in range(humans)]
    table_id, where, lobby = await tapis.open_table(users[0], GAME, "target=100 timer=0")
    clicks = [(u, "join") for u in users[1:]]
    clicks += [(users[0], "ai_facile")] * (4 - humans) + [(users[0], "start")]
    for user, verb in clicks:
        await tapis.run(await tapis.emu.click(user, lobby, f"tl:{table_id}:{verb}"))
    return table_id, where, users, lobby


async def finish(tapis: Tapis, table_id: int, pick: Rng) -> Message:
    """Play the match to its end through the table's session (the players' moves without
    their clicks, which other tests cover: quick), the AI seats playing for themselves;
    the finished table's message once it offers the rematch."""
    service = tapis.bot.service
    table = service.tables[table_id]
    where = tapis.table_channel(table_id)
    while table_id in service.tables:
        state = table.state
        assert state is not None
        humans = [s for s in state.to_move() if not table.seats[s].automatic]
        if not humans:
            version = state.version
            await tapis.emu.wait_for(
                lambda v=version: table_id not in service.tables or table.version() != v,
                timeout=TIMEOUT,
            )
            continue
        user_id = table.seats[humans[0]].user_id
        assert user_id is not None
        action = pick.choice(state.legal_actions(humans[0])).id
        with contextlib.suppress(ServiceError):  # the match ended meanwhile
            await service.session(table_id).play(user_id, state.version, action)
    return await rematch_offered(tapis, table_id, where)


async def rematch_offered(tapis: Tapis, table_id: int, where: Channel) -> Message:
    def offered() -> Message | None:
        for msg in tapis.emu.public_messages(where):
            if f"tv:{table_id}" in custom_ids(msg):
                return msg
        return None

    return await tapis.emu.wait_for(offered, timeout=TIMEOUT)


def rematches(tapis: Tapis, old: int) -> list[Table]:
    return [t for t in tapis.bot.service.tables.values() if t.rematch_of == old]


async def lobby_of(tapis: Tapis, where: Channel, table_id: int) -> Message:
    return await tapis.emu.wait_for_message(
        where, lambda m: f"tl:{table_id}:join" in custom_ids(m), timeout=TIMEOUT
    )


async def answer(tapis: Tapis, user: User, msg: Message, custom_id: str) -> str:
    reply = await tapis.run(await tapis.emu.click(user, msg, custom_id), timeout=TIMEOUT)
    assert reply is not None
    return text_of(reply)


async def play_first_trick(tapis: Tapis, table_id: int, users: list[User]) -> None:
    """Everyone opens their hand from the table message and plays until four cards are
    down (the AI seat playing its own)."""
    emu = tapis.emu
    table = tapis.bot.service.tables[table_id]
    where = tapis.table_channel(table_id)
    public = await emu.wait_for_message(where, lambda m: f"th:{table_id}" in custom_ids(m))
    for user in users:
        await tapis.run(await emu.click(user, public, f"th:{table_id}"))
    pick = Rng(3)
    while table.version() < 4:

        def ready() -> tuple[User, Message] | None:
            if table.version() >= 4:
                return None
            for user in users:
                hand = tapis.hand_of(user, where, table_id)
                if hand is not None and is_my_turn(hand):
                    return user, hand
            return None

        found = await emu.wait_for(lambda: ready() or table.version() >= 4, timeout=TIMEOUT)
        if found is True:
            break
        user, hand = found
        await tapis.run(await click_random_action(emu, user, hand, pick))


async def test_a_rematch_confirmed_by_every_player_plays_to_its_first_trick(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        old_id, where, users, _lobby = await seat_and_start(tapis, humans=3)
        old = tapis.bot.service.tables[old_id]
        final = await finish(tapis, old_id, Rng(1))
        assert old.state is not None
        last_dealer = old.state.view(None)["dealer"]

        ada, bob, cleo = users
        said = await answer(tapis, bob, final, f"tv:{old_id}")
        assert "Revanche ouverte" in said and f"<#{where.id}>" in said
        (new,) = rematches(tapis, old_id)
        lobby = await lobby_of(tapis, where, new.id)  # in the same thread
        assert new.host_id == bob.id and new.status == "lobby"
        assert [(s.user_id, s.is_ai) for s in new.seats] == [
            (s.user_id, s.is_ai) for s in old.seats
        ]
        assert new.reserved == (ada.id, cleo.id)
        assert new.options.get("target", 100) == 100 and new.timer == 0
        assert text_of(lobby).count(KEPT) == 2 and f"n°{old_id}" in text_of(lobby)

        refused = await answer(tapis, bob, lobby, f"tl:{new.id}:start")
        assert "pas encore confirmé" in refused and new.status == "lobby"
        said = await answer(tapis, ada, final, f"tv:{old_id}")  # from the finished table
        assert "confirmée" in said and new.reserved == (cleo.id,)
        await emulator.wait_for(
            lambda: text_of(emulator.message(lobby.id) or lobby).count(KEPT) == 1
        )
        await tapis.run(await emulator.click(cleo, lobby, f"tl:{new.id}:join"))  # in the lobby
        assert new.reserved == ()
        await tapis.run(await emulator.click(bob, lobby, f"tl:{new.id}:start"))
        assert new.status == "playing" and new.state is not None
        assert new.state.view(None)["dealer"] == (last_dealer + 1) % 4  # the deal passes on
        await play_first_trick(tapis, new.id, users)
        assert rematches(tapis, old_id) == [new]


async def test_double_and_concurrent_rematch_clicks_open_one_lobby(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        old_id, where, users, _lobby = await seat_and_start(tapis, humans=2)
        final = await finish(tapis, old_id, Rng(2))
        ada, bob = users
        clicks = [await emulator.click(who, final, f"tv:{old_id}") for who in (ada, bob, ada, bob)]
        said = [
            text_of(m) for m in await asyncio.gather(*(tapis.run(c, TIMEOUT) for c in clicks)) if m
        ]
        assert len(said) == 4
        assert sum("Revanche ouverte" in s for s in said) == 1, said
        (new,) = rematches(tapis, old_id)
        await lobby_of(tapis, where, new.id)
        lobbies = [
            m for m in emulator.public_messages(where) if f"tl:{new.id}:join" in custom_ids(m)
        ]
        assert len(lobbies) == 1
        assert new.reserved == ()  # the other player's click confirmed their seat
        again = await answer(tapis, bob, final, f"tv:{old_id}")  # and a later click, too
        assert "déjà ouverte" in again and rematches(tapis, old_id) == [new]
        record = await tapis.store.tables.get(old_id)
        assert record is not None and record.options["__table__"]["rematch"] == new.id


async def test_a_rematch_survives_restarts_before_the_click_and_before_the_confirmations(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        place = (tapis.guild, tapis.channel)
        old_id, where, users, _lobby = await seat_and_start(tapis, humans=3)
        final = await finish(tapis, old_id, Rng(4))
    ada, bob, cleo = users

    async with running_tapis(emulator, tmp_path, place=place) as tapis:  # restarted
        said = await answer(tapis, cleo, final, f"tv:{old_id}")
        assert "Revanche ouverte" in said
        (new,) = rematches(tapis, old_id)
        lobby = await lobby_of(tapis, where, new.id)
        new_id = new.id

    async with running_tapis(emulator, tmp_path, place=place) as tapis:  # restarted again
        (new,) = rematches(tapis, old_id)
        assert new.id == new_id and new.reserved == (ada.id, bob.id)
        said = await answer(tapis, cleo, final, f"tv:{old_id}")
        assert "déjà ouverte" in said  # the host's second click opens nothing
        assert "confirmée" in await answer(tapis, ada, final, f"tv:{old_id}")
        await tapis.run(await emulator.click(bob, lobby, f"tl:{new_id}:join"))
        await tapis.run(await emulator.click(cleo, lobby, f"tl:{new_id}:start"))
        assert new.status == "playing"
        await play_first_trick(tapis, new_id, users)
        assert rematches(tapis, old_id) == [new]


async def test_a_strangers_click_and_a_forged_rematch_change_nothing(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        old_id, _where, users, _lobby = await seat_and_start(tapis, humans=2)
        final = await finish(tapis, old_id, Rng(5))
        stranger = tapis.user("passant", locale="en-US")
        said = await answer(tapis, stranger, final, f"tv:{old_id}")
        assert said == "Only the players of this match can ask for a rematch."
        (button,) = [c for c in final.iter_components() if c.get("custom_id") == f"tv:{old_id}"]
        button["custom_id"] = f"tv:{old_id + 1000}"  # a tampered message
        forged = await answer(tapis, users[0], final, f"tv:{old_id + 1000}")
        assert forged == "Ce bouton n'est pas valide."
        assert rematches(tapis, old_id) == [] and len(tapis.bot.service.tables) == 0
        record = await tapis.store.tables.get(old_id)
        assert record is not None and "rematch" not in record.options["__table__"]


async def test_a_practice_rematch_starts_at_once(emulator: Emulator, tmp_path: Path) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        host = tapis.user("élève")
        params = {"entrainement": True, "minuteur": 0}
        await tapis.run(await emulator.slash(host, tapis.channel, f"table {GAME}", params))
        (old_id,) = list(tapis.bot.service.tables)
        final = await finish(tapis, old_id, Rng(6))
        assert "Revanche ouverte" in await answer(tapis, host, final, f"tv:{old_id}")
        (new,) = rematches(tapis, old_id)
        assert new.practice and new.status == "playing" and new.reserved == ()


async def test_an_archived_thread_gets_the_rematch_in_a_new_thread(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        old_id, where, users, _lobby = await seat_and_start(tapis, humans=2)
        final = await finish(tapis, old_id, Rng(7))
        where.archived = True
        said = await answer(tapis, users[1], final, f"tv:{old_id}")
        (new,) = rematches(tapis, old_id)
        assert new.thread_id not in (None, where.id) and f"<#{new.thread_id}>" in said
        fresh = emulator.world.channel(new.thread_id or 0)
        assert fresh is not None and fresh.parent_id == tapis.channel.id
        await lobby_of(tapis, fresh, new.id)
        assert where.archived  # nothing was posted in the old thread


async def test_unconfirmed_seats_go_to_the_ai_by_the_host_or_to_others_once_lapsed(
    emulator: Emulator, tmp_path: Path
) -> None:
    clock = ManualClock()
    async with running_tapis(emulator, tmp_path, clock=clock) as tapis:
        old_id, where, users, _lobby = await seat_and_start(tapis, humans=3)
        final = await finish(tapis, old_id, Rng(8))
        ada, bob, cleo = users
        await answer(tapis, ada, final, f"tv:{old_id}")
        (new,) = rematches(tapis, old_id)
        lobby = await lobby_of(tapis, where, new.id)
        kept = [s.user_id for s in new.seats]
        newcomer = tapis.user("nouvelle")
        refused = await answer(tapis, newcomer, lobby, f"tl:{new.id}:join")
        assert "gardées" in refused and new.reserved == (bob.id, cleo.id)

        await tapis.run(await emulator.click(ada, lobby, f"tl:{new.id}:ai_fort"))
        bob_seat = kept.index(bob.id)
        assert new.seats[bob_seat].is_ai and new.reserved == (cleo.id,)

        await clock.advance(LOBBY_TTL)  # the lobby's lifetime: the kept seat is offered
        await emulator.wait_for(lambda: new.lapsed)
        assert new.status == "lobby"
        await emulator.wait_for(
            lambda: "ouvertes à tous" in text_of(emulator.message(lobby.id) or lobby)
        )
        await tapis.run(await emulator.click(newcomer, lobby, f"tl:{new.id}:join"))
        assert new.seats[kept.index(cleo.id)].user_id == newcomer.id and new.reserved == ()
        await tapis.run(await emulator.click(ada, lobby, f"tl:{new.id}:start"))
        assert new.status == "playing"
        record = await tapis.store.tables.get(new.id)
        assert record is not None and [s.user_id for s in record.seats] == [
            s.user_id for s in new.seats
        ]


async def test_a_lobby_stored_but_never_shown_is_posted_by_the_next_click(
    emulator: Emulator, tmp_path: Path
) -> None:
    """The bot stopped right after storing the rematch, before posting its lobby: after
    the restart, the next player's click posts it (once) and confirms their seat."""
    async with running_tapis(emulator, tmp_path) as tapis:
        place = (tapis.guild, tapis.channel)
        old_id, where, users, _lobby = await seat_and_start(tapis, humans=2)
        final = await finish(tapis, old_id, Rng(9))
        ada, bob = users
        record = await tapis.store.tables.get(old_id)
        assert record is not None
        settings = {"lang": "fr", "timer": 0, "rematch_of": old_id, "reserved": [bob.id]}
        new_id, opened = await tapis.store.tables.rematch(
            old_id,
            options={"__table__": settings},
            seed=11,
            host_id=ada.id,
            seats=record.seats,
        )
        assert opened

    async with running_tapis(emulator, tmp_path, place=place) as tapis:
        (new,) = rematches(tapis, old_id)
        assert new.id == new_id and new.message_id is None
        said = await answer(tapis, bob, final, f"tv:{old_id}")
        assert "confirmée" in said and new.reserved == ()
        lobby = await lobby_of(tapis, where, new_id)
        assert new.message_id == lobby.id
        await answer(tapis, ada, final, f"tv:{old_id}")  # posted once only
        posted = [
            m for m in emulator.public_messages(where) if f"tl:{new_id}:join" in custom_ids(m)
        ]
        assert len(posted) == 1
