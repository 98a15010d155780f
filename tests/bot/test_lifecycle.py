"""`python -m bot` stops cleanly on SIGTERM (`docker stop`) and SIGINT (Ctrl-C).

The bot runs as a child process against the in-process emulator. A move is put in flight
deterministically: the test holds SQLite's write lock while a player clicks, so the bot
has applied the move and waits to store it (it acknowledges the click after 2 s). Then
the signal: a click that arrives afterwards gets the "restarting" note and changes
nothing, the move in flight is stored and answered once the lock is released, and the
process exits with status 0 within 5 s. The move log is gapless and replays to the
snapshot, and a restart carries on with the table.
"""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

import pytest

from db import Store
from emulator.drivers import Emulator
from emulator.handles import InteractionHandle
from games import Rng
from tests.bot.harness import click_random_action, is_my_turn, text_of, version_of
from tests.bot.test_restart import (
    PLAYERS,
    BotProcess,
    bot_processes,
    check_log,
    click_action,
    first_ready,
    open_and_start,
    open_hand,
    play,
    refresh_hands,
)
from tests.db.util import write_lock

RESTARTING = "redémarre"  # err.restarting in French
EXIT_WITHIN = 5.0
DEFERRED_UPDATE = 6  # the bot acknowledged the click and is still working on it


async def log_says(bots: BotProcess, text: str, timeout: float = 5.0) -> None:
    """Wait until the current bot's log has `text` (the log is the only window on the
    process's inside; it is read again every 20 ms)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    log = bots.logs[-1]
    while text not in log.read_text(errors="replace"):
        assert loop.time() < deadline, f"the bot never logged {text!r}\n{bots.tail()}"
        await asyncio.sleep(0.02)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["sigterm", "sigint"])
async def test_signal_finishes_the_move_in_flight_refuses_new_clicks_and_exits_0(
    emulator: Emulator, tmp_path: Path, sig: signal.Signals
) -> None:
    guild = emulator.create_guild("Le Tapis Vert")
    channel = emulator.create_channel(guild, "tables")
    users = [emulator.create_user(f"joueur{i}", guild=guild) for i in range(PLAYERS)]
    db_path = tmp_path / "t.db"
    pick = Rng(11)

    async with bot_processes(emulator, tmp_path) as bots:
        await bots.start()
        await bots.wait_connected(emulator, identifies=1)
        await emulator.wait_commands("table")
        table_id, public = await open_and_start(emulator, channel, users)
        hands = {u.id: (await open_hand(emulator, u, public, table_id)).id for u in users}
        assert await play(emulator, table_id, users, hands, pick, moves=3) == 3
        found = await first_ready(emulator, hands, users)
        assert found is not None
        mover, hand = found
        before = version_of(hand)

        with write_lock(db_path):
            in_flight: InteractionHandle = await click_random_action(emulator, mover, hand, pick)
            await in_flight.wait_response(3.0)
            assert in_flight.response_type == DEFERRED_UPDATE, "the move was not held up"

            bots.current.send_signal(sig)
            loop = asyncio.get_running_loop()
            signalled = loop.time()
            await log_says(bots, f"{sig.name} received: stopping")

            # A click after the signal: a short note, nothing played, no message edited.
            other = next(u for u in users if u.id != mover.id)
            edits = emulator.message(public.id).edits  # type: ignore[union-attr]
            note = await (await emulator.click(other, public, f"th:{table_id}")).wait_final(2.0)
            assert note is not None and note.visible_to == other.id
            assert RESTARTING in text_of(note), text_of(note)
            assert emulator.message(public.id).edits == edits  # type: ignore[union-attr]

        # The lock is gone: the move in flight is stored and its player answered (their
        # hand, acknowledged by a deferred update, is redrawn in place).
        answered = await emulator.wait_for(
            lambda: (m := emulator.message(hand.id)) is not None and version_of(m) > before,
            timeout=3.0,
        )
        assert answered and version_of(emulator.message(hand.id)) == before + 1  # type: ignore[arg-type]
        assert in_flight.response_type == DEFERRED_UPDATE

        code = await asyncio.wait_for(bots.current.wait(), EXIT_WITHIN)
        elapsed = loop.time() - signalled
        assert code == 0, bots.tail()
        assert elapsed < EXIT_WITHIN, f"stopped in {elapsed:.1f} s"
        log = bots.logs[-1].read_text(errors="replace")
        assert "stopped cleanly" in log, bots.tail()
        assert " ERROR " not in log and "Traceback" not in log, bots.tail()

        async with await Store.open(f"sqlite+aiosqlite:///{db_path}", migrate=False) as store:
            record = await store.get_table(table_id)
        assert record is not None
        assert record.version == before + 1
        check_log(record, over=False)

        # A restart carries on: the table message is redrawn and play goes on.
        await bots.start()
        await bots.wait_connected(emulator, identifies=2)
        await refresh_hands(emulator, table_id, users, hands)
        found = await first_ready(emulator, hands, users)
        assert found is not None, "nobody to move after the restart"
        assert version_of(found[1]) == before + 1 and is_my_turn(found[1])
        played = await click_action(emulator, found[0], found[1], pick)
        assert version_of(played) == before + 2
