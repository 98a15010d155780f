"""The hand presenter writes every hand: a move's clicker gets their hand as the answer to
their click, written once, and a player the move hands the turn to gets theirs refreshed;
no hand written after the move shows the table before it."""

from __future__ import annotations

from pathlib import Path

from emulator.drivers import Emulator
from games import Rng
from tests.bot.harness import (
    Writes,
    click_random_action,
    ready_to_play,
    running_tapis,
    settled,
    shown_version,
)


async def test_a_move_answers_its_clicker_once_and_refreshes_the_next_players_hand(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, where, users, user, hand = await ready_to_play(tapis)
        table = tapis.bot.service.tables[table_id]
        version = table.version()
        (other,) = [u for u in users if u is not user]
        their_hand = tapis.hand_of(other, where, table_id)
        assert their_hand is not None
        writes = Writes(emulator)
        answer = await tapis.run(await click_random_action(emulator, user, hand, Rng(7)))
        await settled(tapis, table_id)
        assert answer is not None and answer.id == hand.id
        assert shown_version(answer) == version + 1
        mine = [msg for _held, msg, _text in writes.seen if msg.id == hand.id]
        assert len(mine) == 1, "the clicker's hand was written besides the answer"
        hands = [msg for _held, msg, _text in writes.seen if msg.visible_to is not None]
        assert all(shown_version(msg) == version + 1 for msg in hands), "a stale hand"
        theirs = [msg for msg in hands if msg.id == their_hand.id]
        if other.id in table.to_move_users():
            assert theirs, "the player to act next was not refreshed"
