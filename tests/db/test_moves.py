"""Closing the store flushes the move writer: every queued move is committed or failed."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
from collections.abc import Awaitable
from pathlib import Path

import asyncpg
import pytest
from sqlalchemy.engine import make_url

from db import Store, StoreClosed
from tests.waiting import eventually

from .conftest import postgres_url
from .util import new_table, write_lock

MOVES = 12


def moves_of(store: Store, table_id: int, seqs: range) -> list[asyncio.Task[None]]:
    """Queue moves without waiting for them, as concurrent clicks would."""
    return [
        asyncio.ensure_future(store.moves.append(table_id, seq, 0, f"play:{seq}", f'{{"v":{seq}}}'))
        for seq in seqs
    ]


async def test_close_commits_every_queued_move_before_the_engine_goes(
    store: Store, backend: str, tmp_path: Path
) -> None:
    table_id = await new_table(store, status="playing")
    pending = moves_of(store, table_id, range(1, MOVES + 1))
    await asyncio.sleep(0)  # queued, not yet written
    await store.close()
    assert await answers(pending) == [None] * MOVES
    url = (
        postgres_url()
        if backend == "postgresql"
        else f"sqlite+aiosqlite:///{tmp_path / 'tapis.db'}"
    )
    async with await Store.open(url, migrate=False) as again:
        table = await again.tables.get(table_id)
    assert table is not None
    assert [m.seq for m in table.moves] == list(range(1, MOVES + 1))
    assert table.version == MOVES


async def test_a_move_after_close_is_refused(store: Store) -> None:
    table_id = await new_table(store, status="playing")
    await store.moves.append(table_id, 1, 0, "take", "{}")
    await store.close()
    with pytest.raises(StoreClosed):
        await store.moves.append(table_id, 2, 0, "take", "{}")


async def answers(pending: list[asyncio.Task[None]]) -> list[BaseException | None]:
    """What each queued move's caller got. `close()` has answered them all by the time it
    returns; a move left without an answer would hang here (the test's timeout fails it)."""
    return await asyncio.gather(*pending, return_exceptions=True)


async def test_postgres_moves_held_by_a_lock_fail_on_close_and_are_never_committed(
    store: Store, backend: str
) -> None:
    if backend != "postgresql":
        pytest.skip("holds a PostgreSQL row lock")
    table_id = await new_table(store, status="playing")
    await store.moves.append(table_id, 1, 0, "take", "{}")
    dsn = make_url(postgres_url()).set(drivername="postgresql").render_as_string(False)
    holder = await asyncpg.connect(dsn)
    watcher = await asyncpg.connect(dsn)

    async def writer_backends() -> list[int]:
        rows = await watcher.fetch(
            "SELECT pid FROM pg_stat_activity WHERE query LIKE 'SELECT tapis_log_moves%'"
            " AND wait_event_type = 'Lock'"
        )
        return [row["pid"] for row in rows]

    try:
        tx = holder.transaction()
        await tx.start()
        await holder.execute("SELECT 1 FROM game_tables WHERE id = $1 FOR UPDATE", table_id)
        pending = moves_of(store, table_id, range(2, 5))
        await eventually(lambda: _nonempty(writer_backends()), "the writer waits for the lock")
        await store.close(timeout=0.3)
        assert all(isinstance(a, StoreClosed) for a in await answers(pending))
        # The writer was ended with its statement still waiting for the lock: the server
        # must drop that statement before the lock comes free, or it would commit it then.
        await eventually(
            lambda: _empty(writer_backends()), "the abandoned writer's statement is dropped"
        )
        await tx.rollback()
        seqs = await watcher.fetch("SELECT seq FROM moves WHERE table_id = $1", table_id)
        version = await watcher.fetchval("SELECT version FROM game_tables WHERE id = $1", table_id)
    finally:
        await holder.close()
        await watcher.close()
    assert [row["seq"] for row in seqs] == [1] and version == 1, (
        "a move reported failed was written after all"
    )


async def _nonempty(found: Awaitable[list[int]]) -> bool:
    return bool(await found)


async def _empty(found: Awaitable[list[int]]) -> bool:
    return not await found


async def test_moves_that_cannot_commit_in_time_fail_and_are_not_written_later(
    store: Store, backend: str, tmp_path: Path
) -> None:
    if backend != "sqlite":
        pytest.skip("holds SQLite's file lock")
    path = tmp_path / "tapis.db"  # the `store` fixture's file
    table_id = await new_table(store, status="playing")
    await store.moves.append(table_id, 1, 0, "take", "{}")
    pid = store.moves.writer_pid  # started by the first move, its connection open
    assert pid is not None
    with write_lock(path):
        pending = moves_of(store, table_id, range(2, 5))
        # Handed to the writer process, whose next step is to wait for the lock.
        await eventually(lambda: store.moves.writing > 0, "the writer holds the moves")
        # Returns while the lock is still held: close gives up on the writer, it does not
        # wait for the lock.
        await store.close(timeout=0.3)
        assert all(isinstance(a, StoreClosed) for a in await answers(pending))
        assert store.moves.writer_pid is None
    # The lock is free now. The old writer was ended when the flush gave up on it: once it
    # is gone, nothing it held may have been committed.
    with contextlib.suppress(ChildProcessError):  # reaped already
        await asyncio.to_thread(os.waitpid, pid, 0)
    with contextlib.closing(sqlite3.connect(path)) as conn:
        seqs = [
            row[0] for row in conn.execute("SELECT seq FROM moves WHERE table_id = ?", (table_id,))
        ]
        version = conn.execute(
            "SELECT version FROM game_tables WHERE id = ?", (table_id,)
        ).fetchone()[0]
    assert seqs == [1] and version == 1, "a move reported failed was written after all"
