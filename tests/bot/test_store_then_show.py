"""Store, then show: nothing derived from a move reaches anyone before its write commits.

Another connection holds SQLite's write lock while a player clicks. Every message the
emulator receives meanwhile is recorded: no public table message and no other player's
hand may show the move until it is stored, and a write that fails leaves every message as
it was, with a short ephemeral "not played" for the clicker only.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

import bot.table.controller
import db.store.sqlite_writer
from bot.render.pictures import Pictures
from bot.render.scenes import hand_cards
from emulator.drivers import Emulator
from games import GameState, Rng
from tests.bot.harness import Writes, click_random_action, ready_to_play, running_tapis, text_of
from tests.db.util import logged_moves


def hold_write_lock(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    return conn


async def test_a_slow_write_shows_the_move_only_once_stored(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bot.table.controller, "ACK_BUDGET", 0.1)  # the click is acked while held
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, where, _users, user, hand = await ready_to_play(tapis)
        table = tapis.bot.service.tables[table_id]
        public = tapis.public_message(table_id, where)
        before = text_of(public)
        version = table.version()
        writes = Writes(emulator)
        lock = hold_write_lock(tmp_path / "tapis.db")
        writes.held = True
        handle = await click_random_action(emulator, user, hand, Rng(7))
        await handle.wait_response()  # deferred: the bot is waiting for the database
        assert handle.acknowledged
        assert table.version() == version, "the move is the table's before it is stored"
        writes.held = False
        lock.execute("COMMIT")
        lock.close()
        await tapis.run(handle)
        assert writes.while_held() == [], "something was drawn from an unstored move"
        await emulator.wait_for(lambda: text_of(public) != before, timeout=5.0)
        assert table.version() == version + 1
        assert [m.seq for m in await logged_moves(tapis.store, table_id)] == [version + 1]


async def test_a_failed_write_changes_nothing_and_play_goes_on(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(db.store.sqlite_writer, "BUSY_TIMEOUT_MS", 300)
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, where, users, user, hand = await ready_to_play(tapis)
        table = tapis.bot.service.tables[table_id]
        public = tapis.public_message(table_id, where)
        before = text_of(public)
        others = [tapis.hand_of(u, where, table_id) for u in users if u is not user]
        others_before = [text_of(h) for h in others if h is not None]
        version = table.version()
        writes = Writes(emulator)
        lock = hold_write_lock(tmp_path / "tapis.db")
        writes.held = True
        pick = Rng(11)
        answer = await tapis.run(await click_random_action(emulator, user, hand, pick))
        writes.held = False
        lock.execute("ROLLBACK")
        lock.close()

        assert answer is not None and answer.visible_to == user.id
        assert "Pas joué" in text_of(answer)
        held = writes.while_held()
        assert [msg for msg, _ in held] == [answer], "only the clicker's answer was written"
        assert text_of(public) == before
        assert [text_of(h) for h in others if h is not None] == others_before
        assert table.version() == version
        assert await logged_moves(tapis.store, table_id) == []

        # The same version number is played again: it must still be stored and drawn.
        retry = await tapis.run(await click_random_action(emulator, user, hand, pick))
        assert retry is not None and "Pas joué" not in text_of(retry)
        await emulator.wait_for(lambda: text_of(public) != before, timeout=5.0)
        assert [m.seq for m in await logged_moves(tapis.store, table_id)] == [version + 1]


async def test_the_movers_hand_is_drawn_while_its_move_is_stored_and_shown_only_after(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The answer's picture is drawn during the write (so the click does not wait for it
    afterwards), yet nothing of the move is written to Discord until the write commits."""
    monkeypatch.setattr(bot.table.controller, "ACK_BUDGET", 0.1)
    asked: list[tuple[int, tuple[str, ...]]] = []

    def watch(state: GameState, seat: int | None, shown: object) -> None:
        if seat is not None and isinstance(shown, tuple):
            asked.append((seat, shown))

    pictures = Pictures(workers=0, observe=watch)
    async with running_tapis(emulator, tmp_path, pictures=pictures) as tapis:
        table_id, _where, _users, user, hand = await ready_to_play(tapis)
        table = tapis.bot.service.tables[table_id]
        seat = table.seat_of(user.id)
        assert seat is not None and table.state is not None
        before, *_ = hand_cards(table, seat)
        writes = Writes(emulator)
        lock = hold_write_lock(tmp_path / "tapis.db")
        writes.held = True
        asked.clear()
        handle = await click_random_action(emulator, user, hand, Rng(7))
        await handle.wait_response()  # deferred: the write waits for the lock
        drawn_ahead = [cards for s, cards in asked if s == seat]
        assert drawn_ahead, "the mover's next hand was not drawn while its move was stored"
        assert len(drawn_ahead[-1]) < len(before), "drawn ahead from the table before the move"
        writes.held = False
        lock.execute("COMMIT")
        lock.close()
        await tapis.run(handle)
        assert writes.while_held() == [], "something was shown from an unstored move"
        after, *_ = hand_cards(table, seat)
        assert drawn_ahead[-1] == after[: len(drawn_ahead[-1])]
