"""AI seats, the turn timer with its autopilot, lobby expiry and replacing an idle player,
through the emulator with a clock the test moves."""

from __future__ import annotations

from pathlib import Path

from emulator.drivers import Emulator
from games import Rng
from tests.bot.clock import ManualClock
from tests.bot.harness import is_my_turn, play_until_over, running_tapis, shown_version, text_of
from tests.db.util import logged_moves


async def test_ai_seats_fill_a_table_and_play_a_whole_match(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        host = tapis.user("hôte")
        table_id, where, lobby = await tapis.open_table(host, "manille")
        for level in ("facile", "fort", "facile"):
            await tapis.run(await emulator.click(host, lobby, f"tl:{table_id}:ai_{level}"))
        table = tapis.bot.service.tables[table_id]
        assert [s.is_ai for s in table.seats] == [False, True, True, True]
        assert "🤖" in text_of(emulator.message(lobby.id))
        stored = await tapis.store.tables.get(table_id)
        assert stored is not None and [s.is_ai for s in stored.seats] == [False, True, True, True]
        stranger = tapis.user("autre")
        text = text_of(
            await tapis.run(await emulator.click(stranger, lobby, f"tl:{table_id}:ai_fort"))
        )
        assert "hôte" in text
        await tapis.run(await emulator.click(host, lobby, f"tl:{table_id}:start"))
        actions = await play_until_over(tapis, table_id, where, [host], Rng(9))
        assert actions >= 8  # the host played every one of their own cards
        moves = await logged_moves(tapis.store, table_id)
        assert {m.seat for m in moves} == {0, 1, 2, 3}
        assert len(moves) > actions  # the AIs played the rest
        page = await tapis.store.leaderboard.page(tapis.guild.id, game="manille")
        assert [r.user_id for r in page.rows] == [host.id]  # AI seats are never ranked


async def test_the_timer_warns_then_the_ai_plays_until_the_player_takes_back_the_seat(
    emulator: Emulator, tmp_path: Path
) -> None:
    clock = ManualClock()
    async with running_tapis(emulator, tmp_path, clock=clock) as tapis:
        table_id, where, users = await tapis.seat_and_start("manille", 4, "timer=60")
        table = tapis.bot.service.tables[table_id]
        assert table.timer == 60
        seat = table.state.to_move()[0]
        sleeper = next(u for u in users if table.seat_of(u.id) == seat)

        await clock.advance(30)
        warning = await emulator.wait_for_message(where, lambda m: "⏳" in m.content)
        assert f"<@{sleeper.id}>" in warning.content and "30 s" in warning.content
        assert table.version() == 0

        await clock.advance(30)
        # Store, then show: once the table message shows the move, it is in the log.
        public = tapis.public_message(table_id, where)
        await emulator.wait_for(lambda: (shown_version(emulator.message(public.id)) or 0) >= 1)
        assert table.seats[seat].autopilot
        moves = await logged_moves(tapis.store, table_id)
        assert moves[0].seat == seat

        # The sleeper comes back: their hand offers "Je reprends la main".
        public = tapis.public_message(table_id, where)
        hand = await tapis.run(await emulator.click(sleeper, public, f"th:{table_id}"))
        assert hand is not None and "pilote automatique" in text_of(hand).lower()
        await tapis.run(await emulator.click(sleeper, hand, f"tr:{table_id}"))
        assert not table.seats[seat].autopilot
        assert any(e.get("type") == "resumed" for e in table.recent)


async def test_a_lobby_nobody_starts_closes_after_fifteen_minutes(
    emulator: Emulator, tmp_path: Path
) -> None:
    clock = ManualClock()
    async with running_tapis(emulator, tmp_path, clock=clock) as tapis:
        host = tapis.user("hôte")
        table_id, _where, lobby = await tapis.open_table(host, "bonanza")
        await clock.advance(14 * 60)
        assert table_id in tapis.bot.service.tables
        await clock.advance(60)
        await emulator.wait_for(lambda: "Table fermée" in text_of(emulator.message(lobby.id)))
        assert table_id not in tapis.bot.service.tables
        record = await tapis.store.tables.get(table_id)
        assert record is not None and record.status == "cancelled"


async def test_the_host_replaces_an_idle_player_with_an_ai(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, where, users = await tapis.seat_and_start("manille", 4)
        table = tapis.bot.service.tables[table_id]
        seat = table.state.to_move()[0]
        if table.seats[seat].user_id == users[0].id:  # the host is first: let them play once
            public = tapis.public_message(table_id, where)
            hand = await tapis.run(await emulator.click(users[0], public, f"th:{table_id}"))
            assert hand is not None and is_my_turn(hand)
            button = next(
                c["custom_id"]
                for c in hand.iter_components()
                if str(c.get("custom_id", "")).startswith("t:")
            )
            await tapis.run(await emulator.click(users[0], hand, button))
            seat = table.state.to_move()[0]
        idle = next(u for u in users if table.seat_of(u.id) == seat)
        public = tapis.public_message(table_id, where)
        # Only the host may do it.
        text = text_of(await tapis.run(await emulator.click(idle, public, f"tk:{table_id}")))
        assert "hôte" in text
        menu = await tapis.run(await emulator.click(users[0], public, f"tk:{table_id}"))
        assert menu is not None and menu.visible_to == users[0].id
        version = table.version()
        await tapis.run(await emulator.click(users[0], menu, f"tk:{table_id}:{seat}"))
        assert table.seats[seat].is_ai and table.seats[seat].user_id is None
        await emulator.wait_for(lambda: table.version() > version)  # the AI plays at once
        stored = await tapis.store.tables.get(table_id)
        assert stored is not None and stored.seats[seat].is_ai
        text = text_of(await tapis.run(await emulator.click(idle, public, f"th:{table_id}")))
        assert "pas assis" in text
