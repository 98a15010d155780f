"""`python -m bot` as a real process: a Manille match survives a SIGKILL of the bot.

The bot runs in a child process against the in-process emulator, with its database in a
temporary SQLite file. Four simulated players play part of a match, the bot is killed
with SIGKILL and started again, and the players finish the match only through messages
posted before the kill: the public "Ma main" button and their old ephemeral hands (whose
action buttons carry the state version they were drawn for). Afterwards the stored move
log must have no gap and no duplicate, replay to the stored snapshot, and the result must
be recorded exactly once. Also: a match whose last move was stored just before the kill,
and `python -m bot` without a token.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import sqlite3
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import games
from bot.table.model import table_from_record
from db import Store, TableRecord
from emulator.drivers import Emulator
from emulator.model import Channel, Message, User
from games import Rng
from games.testing import random_moves
from tests.bot.harness import (
    click_random_action,
    is_my_turn,
    is_over,
    table_command,
    text_of,
    version_of,
)
from tests.db.util import logged_moves
from tests.waiting import TIMEOUT

ROOT = Path(__file__).resolve().parents[2]
GAME = "manille"
PLAYERS = 4
MOVES_BEFORE_KILL = 10
STALE_NOTE = "n'est plus à jour"  # err.stale in French: "Ce bouton n'est plus à jour ..."
START_TIMEOUT = 20.0  # a cold `python -m bot`: imports, migration, restore, identify
MAX_MOVES = 1_000  # a Manille match to 100 points is far shorter; this only stops a loop


class BotProcess:
    """One `python -m bot` child with its output in a log file, killed at the latest on exit.

    It runs from an empty temporary directory with only the environment given here, so no
    `.env` and no developer setting (DEV_GUILD_ID...) can leak into the test.
    """

    def __init__(self, workdir: Path, env: dict[str, str]) -> None:
        self.workdir = workdir
        self.env = env
        self.procs: list[asyncio.subprocess.Process] = []
        self.logs: list[Path] = []

    async def start(self) -> asyncio.subprocess.Process:
        log = self.workdir / f"bot{len(self.procs) + 1}.log"
        self.logs.append(log)
        with log.open("wb") as out:  # the child keeps its own copy of the descriptor
            proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bot",
                cwd=self.workdir,
                env=self.env,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=out,
                stderr=asyncio.subprocess.STDOUT,
            )
        self.procs.append(proc)
        return proc

    @property
    def current(self) -> asyncio.subprocess.Process:
        return self.procs[-1]

    async def kill(self) -> None:
        """SIGKILL: no shutdown hook of the bot runs, as in a crash or an OOM kill."""
        proc = self.current
        if proc.returncode is None:
            proc.kill()
        await proc.wait()

    async def kill_all(self) -> None:
        for proc in self.procs:
            if proc.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    proc.kill()
                await proc.wait()

    def tail(self, lines: int = 40) -> str:
        """The end of every bot log, to explain a failure."""
        parts = []
        for log in self.logs:
            text = log.read_text(errors="replace") if log.exists() else ""
            parts.append(f"--- {log.name} ---\n" + "\n".join(text.splitlines()[-lines:]))
        return "\n".join(parts)

    async def wait_connected(self, emulator: Emulator, identifies: int) -> None:
        """Wait for the n-th IDENTIFY; fail at once, with the log, if the process died."""
        waiting = asyncio.ensure_future(
            emulator.wait_connected(START_TIMEOUT, identifies=identifies)
        )
        died = asyncio.ensure_future(self.current.wait())
        try:
            done, _ = await asyncio.wait({waiting, died}, return_when=asyncio.FIRST_COMPLETED)
            if died in done:
                raise AssertionError(
                    f"bot exited with {self.current.returncode} before connecting\n{self.tail()}"
                )
            waiting.result()
        finally:
            for task in (waiting, died):
                task.cancel()


@contextlib.asynccontextmanager
async def bot_processes(emulator: Emulator, tmp_path: Path) -> AsyncIterator[BotProcess]:
    workdir = tmp_path / "run"
    workdir.mkdir()
    env = {
        "DISCORD_TOKEN": "test-token",
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 't.db'}",
        "LOG_LEVEL": "INFO",
        # The repository itself, so that `-m bot` imports this checkout from any directory.
        "PYTHONPATH": str(ROOT),
        **emulator.env(),
    }
    bots = BotProcess(workdir, env)
    try:
        yield bots
    except BaseException as exc:
        exc.add_note(bots.tail())
        raise
    finally:
        await bots.kill_all()


# --- what a player sees and does -------------------------------------------------------------
def custom_ids(msg: Message) -> list[str]:
    return [str(c.get("custom_id", "")) for c in msg.iter_components()]


def has_custom_id(msg: Message, prefix: str) -> bool:
    return any(cid.startswith(prefix) for cid in custom_ids(msg))


async def click_action(emulator: Emulator, user: User, hand: Message, pick: Rng) -> Message:
    """Click one of the actions on the user's hand and wait for the bot's answer."""
    handle = await click_random_action(emulator, user, hand, pick)
    answer = await handle.wait_final(5.0)
    assert answer is not None, f"no answer to {user.username}'s click"
    return answer


def all_messages(emulator: Emulator, channel: Channel) -> list[Message]:
    where = [channel, *emulator.threads(channel)]
    return [m for c in where for m in emulator.public_messages(c)]


async def open_and_start(
    emulator: Emulator, channel: Channel, users: list[User]
) -> tuple[int, Message]:
    """The host opens a Manille table, the others join, the host starts it."""
    host = users[0]
    command, options = table_command(GAME)
    reply = await (await emulator.slash(host, channel, command, options)).wait_final(10.0)
    assert reply is not None, "no answer to /table"
    found = re.search(r"(?:n°|#)(\d+)", reply.content)
    assert found, f"no table number in {reply.content!r}"
    table_id = int(found[1])
    lobby: Message = await emulator.wait_for(
        lambda: next(
            (m for m in all_messages(emulator, channel) if has_custom_id(m, f"tl:{table_id}:")),
            None,
        )
    )
    for user in users[1:]:
        await (await emulator.click(user, lobby, f"tl:{table_id}:join")).wait_final()
    started = await (await emulator.click(host, lobby, f"tl:{table_id}:start")).wait_final()
    assert started is not None and has_custom_id(started, f"th:{table_id}"), "not started"
    return table_id, started


async def open_hand(emulator: Emulator, user: User, public: Message, table_id: int) -> Message:
    """'Ma main' on the public message: the bot answers with the user's hand, ephemerally."""
    hand = await (await emulator.click(user, public, f"th:{table_id}")).wait_reply()
    assert hand is not None and hand.visible_to == user.id, "no private hand"
    return hand


def ready_now(
    emulator: Emulator, hands: dict[int, int], users: list[User]
) -> tuple[User, Message] | None:
    """(user, hand) of a player whose hand says now that it is their turn, else None."""
    for user in users:
        hand = emulator.message(hands[user.id])
        if hand is not None and is_my_turn(hand):
            return user, hand
    return None


async def first_ready(
    emulator: Emulator, hands: dict[int, int], users: list[User]
) -> tuple[User, Message]:
    """(user, hand) of the player whose hand says it is their turn, once the bot has redrawn
    it: the bot redraws every hand it saw since it started when their player is to act."""
    found: tuple[User, Message] = await emulator.wait_for(
        lambda: ready_now(emulator, hands, users), timeout=TIMEOUT
    )
    return found


async def ready_after_restart(
    emulator: Emulator, table_id: int, users: list[User], hands: dict[int, int]
) -> tuple[User, Message]:
    """(user, hand) of the player to act, once everyone has clicked their hand's refresh
    button. A restarted bot holds no hand: it redraws only the hands clicked since it
    started. An old hand may still show whose turn it is (drawn just before the kill), but
    the player after them would then wait for ever for a redraw."""
    await refresh_hands(emulator, table_id, users, hands)
    return await first_ready(emulator, hands, users)


async def ready_or_refreshed(
    emulator: Emulator, table_id: int, users: list[User], hands: dict[int, int]
) -> tuple[User, Message]:
    """(user, hand) of the player to act; everyone refreshes their hand first when none
    shows whose turn it is (a bot stopped right after a move may not have redrawn it)."""
    found = ready_now(emulator, hands, users)
    if found is None:
        found = await ready_after_restart(emulator, table_id, users, hands)
    return found


async def refresh_hands(
    emulator: Emulator, table_id: int, users: list[User], hands: dict[int, int]
) -> None:
    """Everyone clicks the refresh button of their hand, which redraws it in place."""
    for user in users:
        old = emulator.message(hands[user.id])
        assert old is not None
        redrawn = await (await emulator.click(user, old, f"th:{table_id}")).wait_final()
        assert redrawn is not None and redrawn.id == old.id, "not redrawn in place"


async def play(
    emulator: Emulator,
    table_id: int,
    users: list[User],
    hands: dict[int, int],
    pick: Rng,
    *,
    moves: int,
) -> int:
    """Play up to `moves` actions from the given hand messages only; returns how many.

    The hands may come from before a restart, which the bot does not redraw until their
    player clicks them: they are refreshed first if none shows whose turn it is (see
    `ready_or_refreshed`; call `ready_after_restart` first when a hand may show it); from
    then on the bot redraws the hand of whoever is to act.
    Stops early when a hand shows the end of the match.
    """

    def over() -> bool:
        return any(is_over(m) for i in hands.values() if (m := emulator.message(i)) is not None)

    played = 0
    if not over():
        await ready_or_refreshed(emulator, table_id, users, hands)
    while played < moves:
        found = await emulator.wait_for(
            lambda: over() or ready_now(emulator, hands, users), timeout=TIMEOUT
        )
        if found is True:
            break
        user, hand = found
        before = version_of(hand)
        answer = await click_action(emulator, user, hand, pick)
        assert answer.id == hand.id, "the answer to an action is the same hand, redrawn"
        assert version_of(answer) == before + 1, "the move was not applied"
        played += 1
    return played


# --- storage checks ------------------------------------------------------------------------
def count_rows(path: Path, table: str, table_id: int) -> int:
    """Rows of `table` for one game table, read straight from the file (no Store involved)."""
    with contextlib.closing(sqlite3.connect(path)) as conn:
        row = conn.execute(
            f"SELECT COUNT(*) FROM {table} WHERE table_id = ?", (table_id,)
        ).fetchone()
    return int(row[0])


def check_log(record: TableRecord, *, over: bool = True) -> None:
    """Seqs 1..n without hole or repeat, seed + options + log replay to the snapshot, and
    the match is over (unless `over=False`)."""
    seqs = [m.seq for m in record.moves]
    assert len(seqs) == len(set(seqs)), f"duplicate moves: {seqs}"
    assert seqs == list(range(1, len(seqs) + 1)), f"gap in the move log: {seqs}"
    assert record.snapshot is not None
    assert record.version == record.snapshot_version == len(seqs)
    # The game options as the bot reads them back (it may store table settings beside them).
    table = table_from_record(record)
    assert table.state is not None and table.state.is_over() == over
    replayed = games.get(GAME).replay(
        len(table.seats), table.seed, table.options, [(m.seat, m.action_id) for m in record.moves]
    )
    assert replayed == table.state, "the log does not replay to the stored snapshot"


# --- the tests -----------------------------------------------------------------------------
async def test_match_survives_sigkill_of_the_bot(emulator: Emulator, tmp_path: Path) -> None:
    guild = emulator.create_guild("Le Tapis Vert")
    channel = emulator.create_channel(guild, "tables")
    users = [emulator.create_user(f"joueur{i}", guild=guild) for i in range(PLAYERS)]
    db_path = tmp_path / "t.db"
    pick = Rng(2024)

    async with bot_processes(emulator, tmp_path) as bots:
        await bots.start()
        await bots.wait_connected(emulator, identifies=1)
        await emulator.wait_commands("table")

        # Part of a match, as usual: everyone opens their hand and plays from it.
        table_id, public = await open_and_start(emulator, channel, users)
        hands = {u.id: (await open_hand(emulator, u, public, table_id)).id for u in users}
        played = await play(emulator, table_id, users, hands, pick, moves=MOVES_BEFORE_KILL)
        assert played == MOVES_BEFORE_KILL

        await bots.kill()
        cutoff = max(emulator.world.messages)  # everything clicked from now on is older
        await emulator.wait_for(lambda: not emulator.gateway.connected)
        async with await Store.open(f"sqlite+aiosqlite:///{db_path}", migrate=False) as store:
            before = await logged_moves(store, table_id)
        assert [m.seq for m in before] == list(range(1, MOVES_BEFORE_KILL + 1)), before

        await bots.start()
        await bots.wait_connected(emulator, identifies=2)

        # The old public "Ma main" still works; its player acts from the new hand...
        # (The kill may have come before the bot refreshed the next player's hand.)
        mover, old_hand = await ready_after_restart(emulator, table_id, users, hands)
        assert public.id <= cutoff and old_hand.id <= cutoff
        fresh = await open_hand(emulator, mover, public, table_id)
        assert fresh.id > cutoff and is_my_turn(fresh)
        assert version_of(fresh) == MOVES_BEFORE_KILL
        await click_action(emulator, mover, fresh, pick)

        # ... so the action buttons of their old hand are stale: the bot answers with the
        # current hand in the same message, which the player then plays from.
        current = await click_action(emulator, mover, old_hand, pick)
        assert current.id == old_hand.id
        assert STALE_NOTE in text_of(current), text_of(current)[:300]
        assert version_of(current) == MOVES_BEFORE_KILL + 1
        stale_prefix = f"t:{table_id}:{MOVES_BEFORE_KILL}:"
        assert not any(cid.startswith(stale_prefix) for cid in custom_ids(current))

        # The rest of the match, from the hands posted before the kill only.
        await play(emulator, table_id, users, hands, pick, moves=MAX_MOVES)
        assert all(i <= cutoff for i in hands.values())
        assert any(is_over(m) for i in hands.values() if (m := emulator.message(i))), "not over"
        await emulator.wait_for(lambda: is_over(emulator.message(public.id) or public))
        # The restarted bot redrew the table with its picture, in place of the old one.
        final = emulator.message(public.id)
        assert final is not None and final.components_v2
        assert [a.filename for a in final.attachments] == ["table.png"]
        (picture,) = final.media_items()
        assert picture.attachment is not None and picture.attachment.id > cutoff
        await bots.kill()

    async with await Store.open(f"sqlite+aiosqlite:///{db_path}", migrate=False) as store:
        record = await store.tables.get(table_id)
        board = await store.leaderboard.page(guild.id, game=GAME)
    assert record is not None and record.status == "finished"
    assert record.moves[:MOVES_BEFORE_KILL] == before, "moves from before the kill changed"
    check_log(record)
    assert await asyncio.to_thread(count_rows, db_path, "matches", table_id) == 1
    assert await asyncio.to_thread(count_rows, db_path, "match_results", table_id) == PLAYERS
    assert board.total == PLAYERS
    assert sorted(row.user_id for row in board.rows) == sorted(u.id for u in users)
    assert all(row.matches == 1 for row in board.rows), board.rows


async def test_match_that_ended_at_the_crash_shows_its_result(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Killed after the last move was stored but before the result was: the restart
    records the result once and the public message shows the final ranking."""
    guild = emulator.create_guild("Le Tapis Vert")
    channel = emulator.create_channel(guild, "tables")
    users = [emulator.create_user(f"joueur{i}", guild=guild) for i in range(PLAYERS)]
    db_path = tmp_path / "t.db"
    url = f"sqlite+aiosqlite:///{db_path}"
    pick = Rng(7)

    async with bot_processes(emulator, tmp_path) as bots:
        await bots.start()
        await bots.wait_connected(emulator, identifies=1)
        await emulator.wait_commands("table")
        table_id, public = await open_and_start(emulator, channel, users)
        hands = {u.id: (await open_hand(emulator, u, public, table_id)).id for u in users}
        await play(emulator, table_id, users, hands, pick, moves=3)
        await bots.kill()

        # What a crash right after the last move's transaction leaves: the whole log and
        # the final snapshot stored, no result.
        async with await Store.open(url, migrate=False) as store:
            record = await store.tables.get(table_id)
            assert record is not None
            state = table_from_record(record).state
            assert state is not None
            for seat, action, _events in random_moves(state, pick):
                await store.moves.append(table_id, state.version, seat, action, state.to_json())
        assert await asyncio.to_thread(count_rows, db_path, "matches", table_id) == 0

        await bots.start()
        await bots.wait_connected(emulator, identifies=2)
        await emulator.wait_for(
            lambda: is_over(emulator.message(public.id) or public), timeout=30.0
        )
        await bots.kill()
    assert await asyncio.to_thread(count_rows, db_path, "matches", table_id) == 1


@pytest.mark.slow
async def test_missing_token_exits_with_a_clear_message(tmp_path: Path) -> None:
    """No DISCORD_TOKEN anywhere (no environment, no .env in the working directory)."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=tmp_path,
        env={"PYTHONPATH": str(ROOT)},  # only where the code is; nothing else
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        out, err = await asyncio.wait_for(proc.communicate(), 30.0)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    message = err.decode()
    assert proc.returncode == 2, message
    assert "DISCORD_TOKEN" in message and ".env" in message, message
    assert "Traceback" not in message, message
    assert out == b""
