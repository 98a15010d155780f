"""The SQLite move log's group writer, run in a process of its own (db.store.sqlite_writer).

On a thread of the bot, each of a group's statements (six per move) released the
interpreter lock for SQLite and then waited to get it back from the busy event loop, up to
the interpreter's 5 ms switch interval each time: at 500 tables a click waited 10 ms for its
move's commit at the median and 65-140 ms at the 99th percentile, for a 4 ms fsync. In its
own process the writer never waits for the bot's lock.

Standard library only: db compiles the statements from its tables and hands them over
(`Statements`), so that starting the process imports neither SQLAlchemy nor the bot.
"""

from __future__ import annotations

import functools
import sqlite3
from dataclasses import dataclass
from typing import Any

# A move's outcome, as PostgreSQL's `tapis_log_moves` gives it (migration 0004); any other
# value is a gap: the version the table expected.
LOGGED, NO_TABLE, ALREADY_LOGGED = 0, -1, -2

Move = tuple[int, int, int, str, str]  # table id, seq, seat, action id, snapshot after it


@dataclass(frozen=True, slots=True)
class Statements:
    """The writer's SQL, compiled by db from its tables (named parameters)."""

    version: str
    insert_move: str
    update_snapshot: str
    insert_snapshot: str
    update_version: str


@functools.cache
def _connection(path: str, busy_ms: int) -> sqlite3.Connection:
    """The process's one connection to the file, opened on its first group. No implicit
    transactions: the writer says BEGIN IMMEDIATE itself, as db's engines do."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(f"PRAGMA busy_timeout={int(busy_ms)}")
    conn.execute("PRAGMA foreign_keys=ON")
    return conn


def write_moves(path: str, busy_ms: int, sql: Statements, moves: list[Move], now: Any) -> list[int]:
    """The whole group in one transaction, each move behind its own savepoint, judged
    against its table's version in order: a refused move (a duplicate, a gap) writes
    nothing and affects only itself. One code per move (LOGGED, NO_TABLE, ALREADY_LOGGED
    or the version expected)."""
    conn = _connection(path, busy_ms)
    codes: list[int] = []
    conn.execute("BEGIN IMMEDIATE")
    try:
        for table_id, seq, seat, action_id, snapshot in moves:
            conn.execute("SAVEPOINT move")
            code = _write_move(conn, sql, table_id, seq, seat, action_id, snapshot, now)
            if code != LOGGED:
                conn.execute("ROLLBACK TO move")
            conn.execute("RELEASE move")
            codes.append(code)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return codes


def _write_move(
    conn: sqlite3.Connection,
    sql: Statements,
    table_id: int,
    seq: int,
    seat: int,
    action_id: str,
    snapshot: str,
    now: Any,
) -> int:
    row = conn.execute(sql.version, {"table_id": table_id}).fetchone()
    if row is None:
        return NO_TABLE
    last = row[0] or 0
    if seq <= last:
        return ALREADY_LOGGED
    if seq != last + 1:
        return last + 1
    values = {"table_id": table_id, "seq": seq, "now": now}
    try:
        conn.execute(sql.insert_move, {**values, "seat": seat, "action_id": action_id})
    except sqlite3.IntegrityError:
        return ALREADY_LOGGED
    if conn.execute(sql.update_snapshot, {**values, "state": snapshot}).rowcount == 0:
        conn.execute(sql.insert_snapshot, {**values, "state": snapshot})
    conn.execute(sql.update_version, values)
    return LOGGED
