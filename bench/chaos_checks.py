"""What `bench/chaos.py` checks: with the bot dead after each kill, the move logs, the
snapshots, the results and what the players were shown and acknowledged; after each
restart, that every table open at the kill moves on. Each problem is kept once, with the
check that first saw it; lost and duplicated moves are counted once however many checks
see them.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from chaos_parts import ChaosFailure, Figures, Table

import games
from bot.table.model import table_from_record
from db import TableRecord
from emulator.drivers import Emulator
from tests.bot.harness import is_over, shown_version

RESUME_TIMEOUT = 30.0  # every open table redrawn and moved on after a restart


class Checks:
    """The invariants, checked against the database file and the emulator's messages."""

    def __init__(self, emu: Emulator, db_path: Path, figures: Figures) -> None:
        self.emu = emu
        self.db_path = db_path
        self.figures = figures
        self.acks: dict[tuple[int, int], tuple[int, str]] = {}  # (table, seq) → (user, action)
        self.settled: dict[int, TableRecord] = {}  # finished tables, checked once
        self.lost: dict[Any, int] = {}  # (table, version) → moves shown or acked, not stored
        self.duplicated: dict[Any, int] = {}
        self.seen_problems: set[str] = set()
        self.moment = "at the start"  # which check is running, for the problems it finds

    async def stored(
        self, tables: dict[int, Table], read: Callable[[int], Awaitable[TableRecord]]
    ) -> dict[int, TableRecord]:
        """With the bot dead: logs, snapshots, results, what was shown, what was acked."""
        records: dict[int, TableRecord] = {}
        for table_id in sorted(tables):
            record = self.settled.get(table_id) or await read(table_id)
            records[table_id] = record
            if table_id not in self.settled:
                self._check_log(record)
            if record.status == "finished":
                self.settled[table_id] = record  # a finished table never changes again
        counts = await asyncio.to_thread(self._result_counts)
        for table_id, record in records.items():
            matches, results = counts.get(table_id, (0, 0))
            if matches > 1 or results > len(record.seats):
                extra = max(matches - 1, 0) + max(results - len(record.seats), 0)
                self._count(self.duplicated, (table_id, "results"), extra)
                self.problem(f"table {table_id}: {matches} results headers, {results} rows")
            if record.status == "finished" and (matches, results) != (1, len(record.seats)):
                self.problem(f"table {table_id} finished with {matches}/{results} result rows")
            if record.status != "finished" and matches:
                self.problem(f"table {table_id} has a result but is {record.status}")
            table = tables[table_id]
            shown = [
                shown_version(self.emu.message(i)) for i in (table.public, *table.hands.values())
            ]
            top = max((v for v in shown if v is not None), default=0)
            if top > record.version:
                for version in range(record.version + 1, top + 1):
                    self._count(self.lost, (table_id, version), 1)
                self.problem(f"table {table_id}: v{top} was shown, v{record.version} stored")
        for (table_id, seq), (user_id, action) in self.acks.items():
            record = records[table_id]
            move = record.moves[seq - 1] if seq <= len(record.moves) else None
            seat_user = record.seats[move.seat].user_id if move is not None else None
            if move is None or move.action_id != action or seat_user != user_id:
                self._count(self.lost, (table_id, seq), 1)
                self.problem(f"table {table_id}: acknowledged move {seq} ({action}) not stored")
        return records

    def _check_log(self, record: TableRecord) -> None:
        seqs = [m.seq for m in record.moves]
        if len(seqs) != len(set(seqs)):
            self._count(self.duplicated, (record.id, "moves"), len(seqs) - len(set(seqs)))
        if seqs != list(range(1, len(seqs) + 1)):
            self.problem(f"table {record.id}: move log {seqs[:5]}... has a gap")
        if record.status == "lobby":
            return
        if not record.version == record.snapshot_version == len(seqs):
            self.problem(
                f"table {record.id}: version {record.version}, snapshot "
                f"{record.snapshot_version}, {len(seqs)} moves"
            )
        table = table_from_record(record)
        replayed = games.get(record.game).replay(
            len(table.seats),
            table.seed,
            table.options,
            [(m.seat, m.action_id) for m in record.moves],
        )
        if replayed != table.state:
            self.problem(f"table {record.id}: the log does not replay to the snapshot")

    def _result_counts(self) -> dict[int, tuple[int, int]]:
        """Result headers and rows per table, straight from the file."""
        with contextlib.closing(sqlite3.connect(self.db_path)) as conn:
            headers = dict(conn.execute("SELECT table_id, COUNT(*) FROM matches GROUP BY table_id"))
            rows = dict(
                conn.execute("SELECT table_id, COUNT(*) FROM match_results GROUP BY table_id")
            )
        return {t: (headers.get(t, 0), rows.get(t, 0)) for t in {*headers, *rows}}

    def problem(self, text: str) -> None:
        """Each problem once, with the check that first saw it."""
        if text not in self.seen_problems:
            self.seen_problems.add(text)
            self.figures.problems.append(f"{text} ({self.moment})")

    def _count(self, tally: dict[Any, int], key: Any, n: int) -> None:
        """Lost or duplicated moves, each counted once however many checks see it."""
        tally[key] = n
        self.figures.lost = sum(self.lost.values())
        self.figures.duplicated = sum(self.duplicated.values())

    async def resumed(
        self,
        tables: dict[int, Table],
        edits: Counter[int],
        open_before: dict[int, int],
        restarted_at: float,
    ) -> None:
        """Every table open at the kill has its message redrawn and moves on (or ends)."""
        patches = {t: edits[tables[t].public] for t in open_before}

        def moved_on(table_id: int) -> bool:
            msg = self.emu.message(tables[table_id].public)
            if msg is None or edits[msg.id] <= patches[table_id]:
                return False  # not redrawn since the restart
            shown = shown_version(msg)
            return is_over(msg) or (shown is not None and shown > open_before[table_id])

        try:
            await self.emu.wait_for(lambda: all(map(moved_on, open_before)), RESUME_TIMEOUT)
        except TimeoutError:
            late = [t for t in open_before if not moved_on(t)]
            raise ChaosFailure(f"tables {late} did not resume after the restart") from None
        self.figures.resumes += len(open_before)
        self.figures.restarts.append(time.monotonic() - restarted_at)


def landed(landing: tuple[str, int, int], records: dict[int, TableRecord]) -> str:
    """Where the last kill really was, read from the database."""
    kind, table_id, version = landing
    record = records[table_id]
    if kind == "write":
        return "write: after its commit" if record.version > version else "write: before its commit"
    if kind == "ai":
        stored = record.version > version
        return (
            "ai: after the AI's move was stored"
            if stored
            else "ai: before the AI's move was stored"
        )
    if kind == "end":
        if record.status == "finished":
            return "end: after the result was recorded"
        if record.version > version:
            return "end: last move stored, result not yet"
        return "end: before the last move was stored"
    return "redraw: mid-request"
