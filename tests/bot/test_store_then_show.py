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

import bot.controller
import db.store.sqlite_thread
from emulator.drivers import Emulator
from emulator.model import Channel, Message, User
from games import Rng
from tests.bot.harness import Tapis, click_random_action, is_my_turn, running_tapis, text_of


class Writes:
    """Every create/edit the emulator saw, with whether the database was held then."""

    def __init__(self, emulator: Emulator) -> None:
        self.held = False
        self.seen: list[tuple[bool, Message, str]] = []
        emulator.world.write_listeners.append(self._record)

    def _record(self, msg: Message) -> None:
        self.seen.append((self.held, msg, text_of(msg)))

    def while_held(self) -> list[tuple[Message, str]]:
        return [(msg, text) for held, msg, text in self.seen if held]


async def settled(tapis: Tapis, table_id: int) -> None:
    """Wait until the bot has drawn everything it knows about the table."""
    table = tapis.bot.service.tables[table_id]
    controller = tapis.bot.controller

    def quiet() -> bool:
        return (
            controller._rendered.get(table_id) == table.revision
            and table_id not in controller._dirty
            and not controller._background
        )

    await tapis.emu.wait_for(quiet, timeout=5.0)


async def ready_to_play(tapis: Tapis) -> tuple[int, Channel, list[User], User, Message]:
    table_id, where, users = await tapis.seat_and_start("nain-jaune", 2, "timer=0")
    public = tapis.public_message(table_id, where)
    for u in users:
        await tapis.run(await tapis.emu.click(u, public, f"th:{table_id}"))

    def mover() -> tuple[User, Message] | None:
        for u in users:
            hand = tapis.hand_of(u, where, table_id)
            if hand is not None and is_my_turn(hand):
                return u, hand
        return None

    user, hand = await tapis.emu.wait_for(mover, timeout=5.0)
    await settled(tapis, table_id)
    return table_id, where, users, user, hand


def hold_write_lock(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    return conn


async def test_a_slow_write_shows_the_move_only_once_stored(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bot.controller, "ACK_BUDGET", 0.1)  # the click is acked while held
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
        assert [m.seq for m in await tapis.store.moves(table_id)] == [version + 1]


async def test_a_failed_write_changes_nothing_and_play_goes_on(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(db.store.sqlite_thread, "BUSY_TIMEOUT_MS", 300)
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
        assert await tapis.store.moves(table_id) == []

        # The same version number is played again: it must still be stored and drawn.
        retry = await tapis.run(await click_random_action(emulator, user, hand, pick))
        assert retry is not None and "Pas joué" not in text_of(retry)
        await emulator.wait_for(lambda: text_of(public) != before, timeout=5.0)
        assert [m.seq for m in await tapis.store.moves(table_id)] == [version + 1]
