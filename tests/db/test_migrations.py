"""Schema management: migrations create, keep and match the models; SQLite settings."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import sys
import threading
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from db import DEFAULT_URL, Store, database_url, downgrade, head_revision, upgrade
from db.engine import BUSY_TIMEOUT_MS
from db.models import METADATA
from db.schema import alembic_config
from tests.waiting import eventually

from .util import GUILD, logged_moves, play, user

MODEL_TABLES = set(METADATA.tables)


async def inspect_db(url: str) -> tuple[set[str], str | None]:
    """(table names, alembic revision) of the database at `url`."""
    engine = create_async_engine(url, poolclass=NullPool)
    try:
        async with engine.connect() as conn:

            def read(sync: Connection) -> tuple[set[str], str | None]:
                names = set(inspect(sync).get_table_names())
                return names, MigrationContext.configure(sync).get_current_revision()

            return await conn.run_sync(read)
    finally:
        await engine.dispose()


async def test_upgrade_creates_schema_at_head(db_url: str) -> None:
    await upgrade(db_url)
    names, revision = await inspect_db(db_url)
    assert names == MODEL_TABLES | {"alembic_version"}
    assert revision == head_revision()


@pytest.mark.slow
async def test_processes_starting_together_migrate_one_after_the_other(db_url: str) -> None:
    """Bot processes (shards) started at once all upgrade the same empty database: one
    migrates, the others wait for it and find the schema at head."""
    root = Path(__file__).resolve().parents[2]
    env = {"DATABASE_URL": db_url, "PYTHONPATH": str(root), "PATH": os.environ.get("PATH", "")}

    async def migrate() -> tuple[int | None, bytes]:
        proc = await asyncio.create_subprocess_exec(
            *(sys.executable, "-m", "db.migrate", "upgrade"),
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        out, _ = await asyncio.wait_for(proc.communicate(), 60)
        return proc.returncode, out

    results = await asyncio.gather(*(migrate() for _ in range(3)))
    assert [code for code, _ in results] == [0, 0, 0], [out[-600:] for _, out in results]
    names, revision = await inspect_db(db_url)
    assert names == MODEL_TABLES | {"alembic_version"}
    assert revision == head_revision()


async def test_migrated_schema_matches_models(db_url: str) -> None:
    """Autogenerate finds nothing to do: the migrations and db/models.py agree."""
    await upgrade(db_url)
    engine = create_async_engine(db_url, poolclass=NullPool)
    try:
        async with engine.connect() as conn:

            def diff(sync: Connection) -> list[object]:
                context = MigrationContext.configure(sync, opts={"compare_type": True})
                return list(compare_metadata(context, METADATA))

            assert await conn.run_sync(diff) == []
    finally:
        await engine.dispose()


async def test_revisions_upgrade_one_by_one_and_downgrade(db_url: str) -> None:
    """Every revision applies on top of the previous one, and every downgrade runs."""
    script = ScriptDirectory.from_config(alembic_config(db_url))
    chain = [rev.revision for rev in reversed(list(script.walk_revisions()))]
    for revision in chain:
        await upgrade(db_url, revision)
        assert (await inspect_db(db_url))[1] == revision
    await downgrade(db_url, "base")
    names, revision = await inspect_db(db_url)
    assert names <= {"alembic_version"}
    assert revision is None
    await upgrade(db_url)
    assert (await inspect_db(db_url))[1] == head_revision()


async def test_upgrade_keeps_existing_data(db_url: str) -> None:
    """Opening (and so upgrading) an existing database keeps every row."""
    store = await Store.open(db_url)
    table_id = await play(store, [user(1), user(2)], [1, 2])
    await store.moves.append(table_id, 1, 0, "play:10H", '{"v":1}')
    before = await store.tables.get(table_id)
    board = await store.leaderboard.page(GUILD)
    await store.close()

    await upgrade(db_url)
    store = await Store.open(db_url)
    try:
        assert await store.tables.get(table_id) == before
        assert await store.leaderboard.page(GUILD) == board
        assert (await inspect_db(db_url))[1] == head_revision()
    finally:
        await store.close()


async def test_open_without_migrate_does_not_touch_schema(db_url: str) -> None:
    store = await Store.open(db_url, migrate=False)
    await store.close()
    names, revision = await inspect_db(db_url)
    assert revision is None
    assert not names & MODEL_TABLES


def test_database_url_default_and_environment() -> None:
    assert DEFAULT_URL == "sqlite+aiosqlite:///data/tapis.db"
    assert database_url({}) == DEFAULT_URL
    assert database_url({"DATABASE_URL": "postgresql+asyncpg://x/y"}) == "postgresql+asyncpg://x/y"


async def test_sqlite_directory_is_created(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "tapis.db"
    store = await Store.open(f"sqlite+aiosqlite:///{path}")
    await store.close()
    assert path.is_file()


async def test_in_memory_sqlite_is_refused() -> None:
    with pytest.raises(ValueError, match="in-memory"):
        await Store.open("sqlite+aiosqlite:///:memory:")


async def test_sqlite_wal_busy_timeout_foreign_keys(tmp_path: Path) -> None:
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 't.db'}")
    try:
        async with store.engine.connect() as conn:
            pragma = {
                name: (await conn.execute(text(f"PRAGMA {name}"))).scalar()
                for name in ("journal_mode", "busy_timeout", "foreign_keys")
            }
    finally:
        await store.close()
    assert pragma == {"journal_mode": "wal", "busy_timeout": BUSY_TIMEOUT_MS, "foreign_keys": 1}


async def test_sqlite_writer_waits_for_a_lock_instead_of_failing(tmp_path: Path) -> None:
    """Another process holding the write lock delays a move; it does not lose it."""
    path = tmp_path / "t.db"
    store = await Store.open(f"sqlite+aiosqlite:///{path}")
    table_id = await store.tables.create(
        guild_id=GUILD, channel_id=1, game="manille", options={}, seed=1, host_id=1
    )
    locked = threading.Event()
    release = threading.Event()

    def hold_lock() -> None:
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        locked.set()
        release.wait()
        other.execute("COMMIT")
        other.close()

    holder = asyncio.create_task(asyncio.to_thread(hold_lock))
    await asyncio.to_thread(locked.wait)
    try:
        appending = asyncio.create_task(store.moves.append(table_id, 1, 0, "play:10H", "{}"))
        await eventually(lambda: store.moves.writing > 0, "the writer took the move")
        assert not appending.done(), "the move was answered while another process held the lock"
        assert await logged_moves(store, table_id) == []
        release.set()
        await appending  # stored once the lock is free, not refused
        assert [m.seq for m in await logged_moves(store, table_id)] == [1]
    finally:
        release.set()
        await holder
        await store.close()
