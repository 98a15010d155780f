"""Two `python -m bot` processes, shards 0 and 1 of 2, sharing one PostgreSQL database.

A Manille match is played in a guild of each shard. The process of shard 1 is killed with
SIGKILL: the table of shard 0 keeps playing meanwhile. Shard 1's process is started again
and its table resumes from the messages posted before the kill (the public "Ma main" and
the players' old hands). Both matches are played to the end; each move log is gapless and
replays to its snapshot, each result is recorded once, in the leaderboard of its guild.

Runs only with TAPIS_TEST_POSTGRES_URL (its database is emptied first), as the storage
tests do; several processes cannot share a SQLite file (the bot refuses to).
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from db import Store
from emulator.drivers import Emulator
from emulator.model import User
from games import Rng
from tests.bot.test_restart import (
    MAX_MOVES,
    PLAYERS,
    ROOT,
    BotProcess,
    check_log,
    open_and_start,
    open_hand,
    play,
    ready_after_restart,
)
from tests.db.conftest import POSTGRES_ENV, reset_postgres

MOVES_BEFORE_KILL = 8
MOVES_WHILE_DOWN = 12


@pytest.fixture
async def postgres() -> str:
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.skip(f"{POSTGRES_ENV} not set: two bot processes need a shared PostgreSQL")
    await reset_postgres(url, keep_schema=False)  # skips when the server is unreachable
    return url


def shard_process(
    emulator: Emulator,
    tmp_path: Path,
    url: str,
    shard: int,
    name: str = "shard",
    claim_wait: float = 10.0,
) -> BotProcess:
    workdir = tmp_path / f"{name}{shard}"
    workdir.mkdir()
    env = {
        "DISCORD_TOKEN": "test-token",
        "DATABASE_URL": url,
        "SHARD_COUNT": "2",
        "SHARD_IDS": str(shard),
        "LOG_LEVEL": "INFO",
        "SHARD_CLAIM_WAIT": str(claim_wait),
        "PYTHONPATH": str(ROOT),
        **emulator.env(),
    }
    return BotProcess(workdir, env)


async def wait_shard(emulator: Emulator, bots: BotProcess, shard: int, identifies: int) -> None:
    """Wait for the shard's n-th IDENTIFY, failing with the log if its process died."""
    try:
        await emulator.wait_connected(30.0, identifies=identifies, shard=shard)
    except TimeoutError as exc:
        raise AssertionError(f"shard {shard} did not connect\n{bots.tail()}") from exc


async def test_two_shard_processes_on_postgresql_survive_a_sigkill_of_one(
    emulator: Emulator, tmp_path: Path, postgres: str
) -> None:
    guilds = [emulator.create_guild(f"Club {s}", shard=(s, 2)) for s in (0, 1)]
    channels = [emulator.create_channel(g, "tables") for g in guilds]
    users: list[list[User]] = [
        [emulator.create_user(f"s{s}j{i}", guild=g) for i in range(PLAYERS)]
        for s, g in enumerate(guilds)
    ]
    pick = Rng(16)
    bots = [shard_process(emulator, tmp_path, postgres, s) for s in (0, 1)]
    try:
        for bot in bots:  # at once: they migrate the empty database one after the other
            await bot.start()
        for shard, bot in enumerate(bots):
            await wait_shard(emulator, bot, shard, identifies=1)
        await emulator.wait_commands("table")
        # A third process told to run shard 0 too refuses to start: shard 0 is held.
        twin = shard_process(emulator, tmp_path, postgres, 0, name="twin", claim_wait=0.5)
        refused = await twin.start()
        assert await asyncio.wait_for(refused.wait(), 30.0) == 2
        said = twin.tail()
        assert "shard(s) 0 of 2 are already run by another Tapis process" in said
        assert "Traceback" not in said
        assert emulator.gateway.identifies_by_shard[0] == 1

        tables, publics, hands = [], [], []
        for shard in (0, 1):
            table_id, public = await open_and_start(emulator, channels[shard], users[shard])
            tables.append(table_id)
            publics.append(public)
            hands.append(
                {u.id: (await open_hand(emulator, u, public, table_id)).id for u in users[shard]}
            )
        for shard in (0, 1):
            played = await play(
                emulator, tables[shard], users[shard], hands[shard], pick, moves=MOVES_BEFORE_KILL
            )
            assert played == MOVES_BEFORE_KILL

        await bots[1].kill()
        cutoff = max(emulator.world.messages)
        await emulator.wait_for(lambda: not emulator.gateway.shard_connected(1))
        assert emulator.gateway.shard_connected(0)
        # Shard 0's table plays on while shard 1 is down.
        played = await play(emulator, tables[0], users[0], hands[0], pick, moves=MOVES_WHILE_DOWN)
        assert played == MOVES_WHILE_DOWN

        await bots[1].start()
        await wait_shard(emulator, bots[1], 1, identifies=2)
        assert emulator.gateway.identifies_by_shard[0] == 1, "shard 0 was never interrupted"

        # Shard 1's table resumes from what was posted before the kill.
        await ready_after_restart(emulator, tables[1], users[1], hands[1])
        for shard in (1, 0):
            await play(emulator, tables[shard], users[shard], hands[shard], pick, moves=MAX_MOVES)
        assert all(i <= cutoff for i in hands[1].values()), "shard 1 played from old hands"
        assert publics[1].id <= cutoff
    finally:
        for bot in bots:
            await bot.kill_all()

    async with await Store.open(postgres, migrate=False) as store:
        for shard in (0, 1):
            record = await store.tables.get(tables[shard])
            assert record is not None and record.status == "finished", shard
            assert record.guild_id == guilds[shard].id
            check_log(record)
            board = await store.leaderboard.page(guilds[shard].id, game="manille")
            assert sorted(row.user_id for row in board.rows) == sorted(u.id for u in users[shard])
            assert all(row.matches == 1 for row in board.rows), board.rows
