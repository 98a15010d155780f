"""Shard claims: at most one running process per shard, whatever the configuration says.

A table belongs to its guild's shard, and only the process running that shard may restore,
time, play AI turns for and redraw it. Two processes started with the same SHARD_IDS (a
copy-pasted service, a restart that overlaps the old process) would both do so. Each
process therefore claims its shards at start and holds the claim until it stops:

- PostgreSQL: one session-level advisory lock per (shard count, shard id), on a connection
  of its own that lives as long as the process. A process that dies (even by SIGKILL)
  loses its connection, and the server frees its locks.
- SQLite: an exclusive `flock` on a file beside the database (one process runs every shard
  there), freed by the kernel when the process ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import asyncpg

from ..engine import PG_COMMAND_TIMEOUT, PG_CONNECT_TIMEOUT, sqlite_path
from ..records import ShardTaken
from .database import Database
from .pg_writer import asyncpg_dsn

CLAIM_NAMESPACE = 0x7A5C  # the first key of Tapis' advisory locks (the second: the shard)
CLAIM_WAIT = 10.0  # seconds to wait for a dying process's claim to be freed
CLAIM_RETRY = 0.25


def claim_key(count: int, shard: int) -> int:
    """The advisory lock's second key: distinct for every (count, shard) below 10,000."""
    return count * 10_000 + shard


class ShardClaim:
    """Held shards; `release()` frees them (also done by the process's end)."""

    def __init__(self, ids: Sequence[int], conn: Any = None, fd: int | None = None) -> None:
        self.ids = tuple(ids)
        self._conn = conn
        self._fd = fd

    async def release(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(conn.close(), 2.0)
            if not conn.is_closed():
                conn.terminate()
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)  # closing the descriptor frees the flock


class ShardClaims:
    """Claiming shards for this process (see the module docstring)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def claim(self, count: int, ids: Sequence[int], wait: float = CLAIM_WAIT) -> ShardClaim:
        """Claim shards `ids` of `count`, waiting up to `wait` seconds for a previous
        holder to go; ShardTaken (naming the shards) if another process still holds one."""
        deadline = time.monotonic() + wait
        if self._db.postgres:
            return await self._claim_pg(count, ids, deadline)
        path = sqlite_path(self._db.engine.url)
        assert path is not None
        return await self._claim_file(path.with_name(path.name + ".shards.lock"), ids, deadline)

    async def _claim_pg(self, count: int, ids: Sequence[int], deadline: float) -> ShardClaim:
        conn = await asyncpg.connect(
            asyncpg_dsn(self._db.engine.url),
            timeout=PG_CONNECT_TIMEOUT,
            command_timeout=PG_COMMAND_TIMEOUT,
        )
        held: list[int] = []
        try:
            while True:
                for shard in ids:
                    if shard not in held and await conn.fetchval(
                        "SELECT pg_try_advisory_lock($1, $2)",
                        CLAIM_NAMESPACE,
                        claim_key(count, shard),
                    ):
                        held.append(shard)
                missing = [shard for shard in ids if shard not in held]
                if not missing:
                    return ShardClaim(ids, conn=conn)
                if time.monotonic() >= deadline:
                    raise ShardTaken(count, missing)
                await asyncio.sleep(CLAIM_RETRY)
        except BaseException:
            conn.terminate()  # frees what was claimed
            raise

    async def _claim_file(self, lock: Path, ids: Sequence[int], deadline: float) -> ShardClaim:
        fd = await asyncio.to_thread(os.open, lock, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    return ShardClaim(ids, fd=fd)
                except BlockingIOError:
                    if time.monotonic() >= deadline:
                        raise ShardTaken(len(ids), list(ids)) from None
                    await asyncio.sleep(CLAIM_RETRY)
        except BaseException:
            os.close(fd)
            raise
