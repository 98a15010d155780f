"""The move log's group writer on SQLite: a process with one open connection.

The writer's statements are compiled once from the SQLAlchemy tables and run on a plain
`sqlite3` connection, in a process of its own (workers.sqlite_moves says why not a thread
of the bot). Keeping one connection open also saves reopening the file and rereading the
schema on every group.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.dialects import sqlite

from workers.sqlite_moves import Move, Statements, write_moves

from ..engine import BUSY_TIMEOUT_MS
from ..models import TIME
from .database import MOVES, SNAPSHOTS, TABLES
from .process_writer import ProcessWriter

_DIALECT = sqlite.dialect(paramstyle="named")
_TIME = TIME.dialect_impl(_DIALECT).bind_processor(_DIALECT)


def _sql(statement: Any) -> str:
    return str(statement.compile(dialect=_DIALECT))


def db_time(value: datetime) -> Any:
    """A datetime as SQLAlchemy stores it in SQLite, so both paths read back the same."""
    return _TIME(value) if _TIME is not None else value


VERSION_SQL = _sql(select(TABLES.c.version).where(TABLES.c.id == bindparam("table_id")))
INSERT_MOVE_SQL = _sql(
    insert(MOVES).values(
        table_id=bindparam("table_id"),
        seq=bindparam("seq"),
        seat=bindparam("seat"),
        action_id=bindparam("action_id"),
        created_at=bindparam("now"),
    )
)
UPDATE_SNAPSHOT_SQL = _sql(
    update(SNAPSHOTS)
    .where(SNAPSHOTS.c.table_id == bindparam("table_id"))
    .values(version=bindparam("seq"), state=bindparam("state"), updated_at=bindparam("now"))
)
INSERT_SNAPSHOT_SQL = _sql(
    insert(SNAPSHOTS).values(
        table_id=bindparam("table_id"),
        version=bindparam("seq"),
        state=bindparam("state"),
        updated_at=bindparam("now"),
    )
)
UPDATE_VERSION_SQL = _sql(
    update(TABLES)
    .where(TABLES.c.id == bindparam("table_id"))
    .values(version=bindparam("seq"), updated_at=bindparam("now"))
)


STATEMENTS = Statements(
    version=VERSION_SQL,
    insert_move=INSERT_MOVE_SQL,
    update_snapshot=UPDATE_SNAPSHOT_SQL,
    insert_snapshot=INSERT_SNAPSHOT_SQL,
    update_version=UPDATE_VERSION_SQL,
)


class SqliteWriter(ProcessWriter):
    """The move log's group writer: a process of its own (workers.sqlite_moves) with its
    one connection to the file."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self._path = str(path)

    async def write(self, moves: list[Move], now: datetime) -> list[int]:
        """Write a group in one transaction; one outcome code per move."""
        codes: list[int] = await self._worker.submit(
            write_moves, self._path, BUSY_TIMEOUT_MS, STATEMENTS, moves, db_time(now)
        )
        return codes
