"""`python -m bot` stops cleanly on SIGTERM (`docker stop`) and SIGINT (Ctrl-C).

The bot runs as a child process against the in-process emulator. A move is put in flight
deterministically: the test holds SQLite's write lock while a player clicks, so the bot
has applied the move and waits to store it (it acknowledges the click after 2 s). Then
the signal: a click that arrives afterwards gets the "restarting" note and changes
nothing, the move in flight is stored and answered once the lock is released, and the
process exits with status 0 (how soon is measured by bench/chaos.py). The move log is
gapless and replays to the snapshot, and a restart carries on with the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sys
from pathlib import Path

import pytest

from db import Store
from emulator.drivers import Emulator
from emulator.handles import InteractionHandle
from games import Rng
from tests.bot.harness import click_random_action, is_my_turn, table_command, text_of, version_of
from tests.bot.test_restart import (
    MAX_MOVES,
    PLAYERS,
    ROOT,
    START_TIMEOUT,
    BotProcess,
    all_messages,
    bot_processes,
    check_log,
    click_action,
    first_ready,
    has_custom_id,
    open_and_start,
    open_hand,
    play,
    refresh_hands,
)
from tests.db.util import write_lock
from tests.waiting import TIMEOUT, eventually

RESTARTING = "redémarre"  # err.restarting in French
DEFERRED_UPDATE = 6  # the bot acknowledged the click and is still working on it


async def log_says(bots: BotProcess, text: str) -> None:
    """Wait until the current bot's log has `text` (the log is the only window on the
    process's inside)."""
    log = bots.logs[-1]
    try:
        await eventually(lambda: text in log.read_text(errors="replace"), f"the bot logs {text!r}")
    except AssertionError as exc:
        exc.add_note(bots.tail())
        raise


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
        mover, hand = await first_ready(emulator, hands, users)
        before = version_of(hand)

        with write_lock(db_path):
            in_flight: InteractionHandle = await click_random_action(emulator, mover, hand, pick)
            await in_flight.wait_response(TIMEOUT)
            assert in_flight.response_type == DEFERRED_UPDATE, "the move was not held up"

            bots.current.send_signal(sig)
            await log_says(bots, f"{sig.name} received: stopping")

            # A click after the signal: a short note, nothing played, no message edited.
            other = next(u for u in users if u.id != mover.id)
            edits = emulator.message(public.id).edits  # type: ignore[union-attr]
            note = await (await emulator.click(other, public, f"th:{table_id}")).wait_final(TIMEOUT)
            assert note is not None and note.visible_to == other.id
            assert RESTARTING in text_of(note), text_of(note)
            assert emulator.message(public.id).edits == edits  # type: ignore[union-attr]

        # The lock is gone: the move in flight is stored and its player answered (their
        # hand, acknowledged by a deferred update, is redrawn in place).
        answered = await emulator.wait_for(
            lambda: (m := emulator.message(hand.id)) is not None and version_of(m) > before,
            timeout=TIMEOUT,
        )
        assert answered and version_of(emulator.message(hand.id)) == before + 1  # type: ignore[arg-type]
        assert in_flight.response_type == DEFERRED_UPDATE

        code = await asyncio.wait_for(bots.current.wait(), TIMEOUT)
        assert code == 0, bots.tail()
        log = bots.logs[-1].read_text(errors="replace")
        assert "stopped cleanly" in log, bots.tail()
        assert " ERROR " not in log and "Traceback" not in log, bots.tail()

        async with await Store.open(f"sqlite+aiosqlite:///{db_path}", migrate=False) as store:
            record = await store.tables.get(table_id)
        assert record is not None
        assert record.version == before + 1
        check_log(record, over=False)

        # A restart carries on: the table message is redrawn and play goes on.
        await bots.start()
        await bots.wait_connected(emulator, identifies=2)
        await refresh_hands(emulator, table_id, users, hands)
        found = await first_ready(emulator, hands, users)
        assert version_of(found[1]) == before + 1 and is_my_turn(found[1])
        played = await click_action(emulator, found[0], found[1], pick)
        assert version_of(played) == before + 2


def children(pid: int) -> dict[int, str]:
    """The processes whose parent is `pid`, with their command lines (Linux's /proc)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if int(stat.rpartition(")")[2].split()[1]) == pid:
            found[int(entry.name)] = cmdline
    return found


def workers_of(pid: int) -> set[int]:
    """The bot's worker processes (multiprocessing's spawned interpreters)."""
    return {child for child, cmd in children(pid).items() if "spawn_main" in cmd}


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")
async def test_ctrl_c_in_a_terminal_stops_the_workers_without_a_traceback(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Ctrl-C sends SIGINT to every process of the terminal's group, the bot's workers
    too: the AI pool, the picture workers and the move writer leave it to the bot, which
    stops them once its own shutdown is done. One line says it stopped, no traceback."""
    guild = emulator.create_guild("Le Tapis Vert")
    channel = emulator.create_channel(guild, "tables")
    host = emulator.create_user("hote", guild=guild)
    log = tmp_path / "bot.log"
    env = {
        "DISCORD_TOKEN": "test-token",
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 't.db'}",
        "LOG_LEVEL": "INFO",
        "AI_DELAY": "0",
        "AI_WORKERS": "1",
        "PICTURE_WORKERS": "1",
        "PYTHONPATH": str(ROOT),
        **emulator.env(),
    }
    with log.open("wb") as out:
        proc = await asyncio.create_subprocess_exec(
            *(sys.executable, "-m", "bot"),
            cwd=tmp_path,
            env=env,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=out,
            stderr=asyncio.subprocess.STDOUT,
            start_new_session=True,  # its own process group, as a terminal's job
        )
    try:
        await emulator.wait_connected(START_TIMEOUT, identifies=1)
        await emulator.wait_commands("table")
        command, options = table_command("manille")
        reply = await (await emulator.slash(host, channel, command, options)).wait_final(10.0)
        assert reply is not None
        found = re.search(r"(?:n°|#)(\d+)", reply.content)
        assert found is not None, reply.content
        table_id = int(found[1])
        lobby = await emulator.wait_for(
            lambda: next(
                (m for m in all_messages(emulator, channel) if has_custom_id(m, f"tl:{table_id}:")),
                None,
            )
        )
        for _ in range(3):
            await (await emulator.click(host, lobby, f"tl:{table_id}:ai_fort")).wait_final()
        public = await (await emulator.click(host, lobby, f"tl:{table_id}:start")).wait_final()
        assert public is not None
        hand = await open_hand(emulator, host, public, table_id)
        pick = Rng(3)
        # Two picture workers, the move writer and one AI worker, once the AIs have played;
        # the host plays whenever the AIs wait for them.
        for _ in range(MAX_MOVES):
            if len(workers_of(proc.pid)) >= 4:
                break
            await emulator.wait_for(
                lambda: (
                    len(workers_of(proc.pid)) >= 4
                    or ((m := emulator.message(hand.id)) is not None and is_my_turn(m))
                ),
                timeout=60.0,
            )
            current = emulator.message(hand.id)
            if len(workers_of(proc.pid)) < 4 and current is not None and is_my_turn(current):
                await click_action(emulator, host, current, pick)
        workers = workers_of(proc.pid)
        assert len(workers) >= 4, children(proc.pid)

        os.killpg(proc.pid, signal.SIGINT)  # what the terminal does on Ctrl-C
        code = await asyncio.wait_for(proc.wait(), 10.0)
        text = log.read_text(errors="replace")
        assert code == 0, text
        assert "SIGINT received: stopping" in text and "stopped cleanly" in text, text
        assert "Traceback" not in text and "KeyboardInterrupt" not in text, text
        assert " ERROR " not in text, text
        still = {pid for pid in workers if Path(f"/proc/{pid}").exists()}
        assert not still, f"workers left behind: {still}"
    finally:
        if proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            await proc.wait()
