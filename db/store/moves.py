"""The move log and the snapshot that goes with it.

A move, its snapshot and the table's version are written in one transaction, so that
after a crash the log, the snapshot and the version agree and the table replays exactly.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass

from workers.sqlite_moves import ALREADY_LOGGED, LOGGED, NO_TABLE

from ..engine import sqlite_path
from ..models import MAX_ACTION
from ..records import DuplicateMove, MoveGap, StoreClosed, TableNotFound
from .database import Database, utcnow
from .pg_writer import PgWriter
from .sqlite_writer import SqliteWriter

FLUSH_TIMEOUT = 2.0
"""Seconds `Store.close()` waits for queued moves to commit before failing the rest."""


@dataclass
class _PendingMove:
    table_id: int
    seq: int
    seat: int
    action_id: str
    snapshot: str
    done: asyncio.Future[None]


_Queued = _PendingMove | asyncio.Future[None]  # a move, or a flush barrier


def _settle(move: _PendingMove, outcome: BaseException | None) -> None:
    """Answer a move's caller once; a caller that gave up (cancelled) is skipped."""
    if move.done.done():
        return
    if outcome is None:
        move.done.set_result(None)
    else:
        move.done.set_exception(outcome)


def _refusal(move: _PendingMove, code: int) -> BaseException | None:
    """The function's code for one move as the outcome `Moves.append` raises (None: logged)."""
    if code == LOGGED:
        return None
    if code == NO_TABLE:
        return TableNotFound(move.table_id)
    if code == ALREADY_LOGGED:
        return DuplicateMove(move.table_id, move.seq)
    return MoveGap(move.table_id, move.seq, code)


class Moves:
    """Appending to the tables' move logs, each move with its snapshot.

    Moves are written by one writer task in group commits: every move waiting when the
    writer is free goes into the same transaction, each behind its own savepoint, so a
    refused move (a duplicate, a gap) affects only itself. Each caller still returns only
    once its move is committed, so nothing is shown before it is stored; a busy server pays
    one commit (one fsync) for many moves instead of one each.

    Closing flushes: every move queued before `close()` is committed or failed (StoreClosed)
    before the engine goes, so no caller is left waiting on a move nobody will write.
    """

    MAX_GROUP = 64

    def __init__(self, db: Database) -> None:
        self._db = db
        self._queue: asyncio.Queue[_Queued] = asyncio.Queue()
        self._closed = False  # set by close(): append refuses from then on
        self._writing: list[_PendingMove] = []  # the group the writer is committing
        self._writer: asyncio.Task[None] | None = None
        self._sync: PgWriter | SqliteWriter | None = None  # the group writer's process

    async def append(
        self, table_id: int, seq: int, seat: int, action_id: str, snapshot: str
    ) -> None:
        """Log move `seq`, store the snapshot after it and set the table version to `seq`.

        All three in one transaction, so that after a crash the log, the snapshot and the
        version agree. `seq` is the state version after the move: the log starts at 1 and
        has no hole (MoveGap); a seq already logged raises DuplicateMove and writes nothing.
        """
        if not action_id or len(action_id) > MAX_ACTION:
            raise ValueError(f"invalid action id {action_id!r}")
        if self._closed:
            raise StoreClosed()
        loop = asyncio.get_running_loop()
        pending = _PendingMove(table_id, seq, seat, action_id, snapshot, loop.create_future())
        self._started_queue().put_nowait(pending)
        await pending.done

    def _started_queue(self) -> asyncio.Queue[_Queued]:
        """The queue, with its writer started on first use (it needs the running loop)."""
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_moves(self._queue))
        return self._queue

    async def _write_moves(self, queue: asyncio.Queue[_Queued]) -> None:
        while True:
            items = [await queue.get()]
            while len(items) < self.MAX_GROUP and not queue.empty():
                items.append(queue.get_nowait())
            group = [item for item in items if isinstance(item, _PendingMove)]
            self._writing = group
            try:
                outcomes = await self._commit_group(group) if group else []
            except Exception as exc:  # the commit itself failed: nothing of the group is stored
                outcomes = [exc] * len(group)
            except BaseException:  # cancelled by a flush out of time: fail, never drop
                for move in group:
                    _settle(move, StoreClosed())
                raise
            finally:
                self._writing = []
            for move, outcome in zip(group, outcomes, strict=True):
                _settle(move, outcome)
            for item in items:  # barriers: everything queued before them is settled now
                if not isinstance(item, _PendingMove) and not item.done():
                    item.set_result(None)

    async def _commit_group(self, group: list[_PendingMove]) -> list[BaseException | None]:
        """The whole group in one trip to the writer process: PostgreSQL's (one statement,
        migration 0004) or SQLite's; both answer one code per move."""
        moves = [(m.table_id, m.seq, m.seat, m.action_id, m.snapshot) for m in group]
        if self._db.postgres:
            codes = await self._pg_writer().write(moves, utcnow())
        else:
            async with self._db.write_gate():
                codes = await self._sqlite_moves().write(moves, utcnow())
        return [_refusal(move, code) for move, code in zip(group, codes, strict=True)]

    @property
    def writing(self) -> int:
        """How many moves the writer has in hand, being committed (tests, monitoring)."""
        return len(self._writing)

    @property
    def writer_pid(self) -> int | None:
        """The move writer's process while it runs, else None (tests, monitoring)."""
        return self._sync.pid if self._sync is not None else None

    async def flush(self, timeout: float = FLUSH_TIMEOUT) -> int:
        """Wait until every move queued so far is committed or refused.

        After `timeout` the writer is stopped and every move it held or that still waits
        fails with StoreClosed (a later append starts a new writer, unless the store is
        closed). Returns how many moves failed that way.
        """
        writer = self._writer
        if writer is not None and not writer.done():
            barrier: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._queue.put_nowait(barrier)
            await asyncio.wait({barrier}, timeout=timeout)
            if barrier.done():
                return 0
            held = sum(not move.done.done() for move in self._writing)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await writer
            if self._sync is not None:
                # The writer may still wait for a lock or the server: what it holds must
                # roll back rather than commit after its callers were told it failed. A
                # later append gets a new writer.
                self._sync.abandon()
                self._sync = None
            return held + self._fail_queued()
        return self._fail_queued()

    def _fail_queued(self) -> int:
        """Fail whatever is still queued when no writer will come for it."""
        failed = 0
        while not self._queue.empty():
            item = self._queue.get_nowait()
            if isinstance(item, _PendingMove):
                failed += not item.done.done()
                _settle(item, StoreClosed())
            elif not item.done():
                item.set_result(None)
        return failed

    def _pg_writer(self) -> PgWriter:
        """The PostgreSQL group writer's process, on the same database."""
        if self._sync is None:
            self._sync = PgWriter(self._db.engine.url)
        assert isinstance(self._sync, PgWriter)
        return self._sync

    def _sqlite_moves(self) -> SqliteWriter:
        """The SQLite group writer's process, on the same file."""
        if self._sync is None:
            path = sqlite_path(self._db.engine.url)
            assert path is not None
            self._sync = SqliteWriter(path)
        assert isinstance(self._sync, SqliteWriter)
        return self._sync

    async def close(self, timeout: float = FLUSH_TIMEOUT) -> int:
        """Refuse new moves, commit or fail the queued ones, then stop the writer."""
        self._closed = True
        failed = await self.flush(timeout)
        writer = self._writer
        if writer is not None:
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await writer
        if self._sync is not None:
            await self._sync.close(timeout)
            self._sync = None
        return failed
