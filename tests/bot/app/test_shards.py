"""Shards: Discord's formula, the SHARD_COUNT / SHARD_IDS settings, and a process restoring
only the tables of its own shards."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from bot.app.settings import Settings
from bot.app.shards import Shards, parse_ids, shard_of
from bot.table.service import TableService
from db import Store

ROOT = Path(__file__).resolve().parents[3]
PG = "postgresql+asyncpg://tapis@db:5432/tapis"


def guild_on(shard: int, count: int, n: int = 0) -> int:
    """A Discord-sized guild id whose timestamp bits put it on `shard` of `count`."""
    base = 1_300_000_000_000  # milliseconds since Discord's epoch
    return ((base - base % count + n * count + shard) << 22) | 4321


def test_shard_of_is_discords_formula_on_the_timestamp_bits() -> None:
    # The low 22 bits (worker, process, increment) never move a guild to another shard.
    assert shard_of(guild_on(1, 4), 4) == shard_of(guild_on(1, 4) | 0x3FFFFF, 4) == 1
    assert [shard_of(guild_on(s, 3, n=7), 3) for s in range(3)] == [0, 1, 2]
    # The snowflake of Discord's documentation: its timestamp bits are 41944705796.
    assert shard_of(175928847299117063, 16) == 41944705796 % 16 == 4


def test_shard_ids_are_read_as_lists_and_ranges() -> None:
    assert parse_ids("") == ()
    assert parse_ids("1") == (1,)
    assert parse_ids("0-3") == (0, 1, 2, 3)
    assert parse_ids(" 4, 0-1 ,1") == (0, 1, 4)
    for bad in ("a", "1-", "-2", "3-1", "1;2"):
        with pytest.raises(ValueError):
            parse_ids(bad)


def test_shards_own_only_their_guilds_and_their_share() -> None:
    mine = Shards.of(4, [1, 3])
    assert mine.partial and mine.share == 0.5
    assert [mine.owns(guild_on(s, 4)) for s in range(4)] == [False, True, False, True]
    everything = Shards.of(4)
    assert not everything.partial and everything.ids == (0, 1, 2, 3)
    assert all(everything.owns(guild_on(s, 4)) for s in range(4))
    with pytest.raises(ValueError):
        Shards.of(2, [2])


def settings(monkeypatch: pytest.MonkeyPatch, **env: str) -> Settings:
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    return Settings(_env_file=None)  # type: ignore[call-arg]


def test_settings_read_shards_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    s = settings(monkeypatch, SHARD_COUNT="4", SHARD_IDS="2-3", DATABASE_URL=PG)
    assert (s.shard_count, s.shard_ids) == (4, (2, 3))
    assert s.sharding_problem() is None
    assert s.shards() == Shards(4, (2, 3))
    default = settings(monkeypatch, SHARD_COUNT="1", SHARD_IDS="")
    assert default.shards() == Shards(1, (0,)) and default.sharding_problem() is None


def test_a_partial_process_on_sqlite_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    partial = settings(monkeypatch, SHARD_COUNT="2", SHARD_IDS="1")
    problem = partial.sharding_problem()
    assert problem is not None and "PostgreSQL" in problem and "\n" not in problem
    # All the shards in one process: SQLite is fine.
    assert settings(monkeypatch, SHARD_COUNT="2", SHARD_IDS="0,1").sharding_problem() is None


def test_impossible_shard_settings_are_explained(monkeypatch: pytest.MonkeyPatch) -> None:
    beyond = settings(monkeypatch, SHARD_COUNT="2", SHARD_IDS="2", DATABASE_URL=PG)
    assert "below SHARD_COUNT" in (beyond.sharding_problem() or "")
    unknown = settings(monkeypatch, SHARD_COUNT="0", SHARD_IDS="0", DATABASE_URL=PG)
    assert "explicit SHARD_COUNT" in (unknown.sharding_problem() or "")
    assert settings(monkeypatch, SHARD_COUNT="0", SHARD_IDS="").sharding_problem() is None


async def test_a_process_restores_only_the_tables_of_its_shards(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 't.db'}"
    async with await Store.open(url) as store:
        service = TableService(store)
        made = {}
        for shard in (0, 1, 0, 1):
            guild = guild_on(shard, 2, n=len(made))
            table = await service.create(
                guild_id=guild, channel_id=1, host_id=2, host_name="h", game="manille", options={}
            )
            made[table.id] = shard
        for shard in (0, 1):
            restored = await TableService(store).restore(Shards.of(2, [shard]))
            assert sorted(t.id for t in restored) == sorted(
                t for t, s in made.items() if s == shard
            )
        assert sorted(t.id for t in await TableService(store).restore()) == sorted(made)


@pytest.mark.slow
async def test_python_m_bot_refuses_part_of_the_shards_on_sqlite(tmp_path: Path) -> None:
    env = {
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": "test-token",
        "SHARD_COUNT": "2",
        "SHARD_IDS": "1",
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 't.db'}",
    }
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=tmp_path,
        env=env,
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
    assert len(message.strip().splitlines()) == 1, message
    assert "PostgreSQL" in message and "SHARD_IDS" in message, message
    assert out == b""
    assert not (tmp_path / "t.db").exists(), "nothing may be created before refusing"
