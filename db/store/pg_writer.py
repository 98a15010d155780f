"""The move log's group writer on PostgreSQL: a process with one open connection
(workers.pg_moves says why not a thread of the bot)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.engine import URL, make_url

from workers.pg_moves import Move, log_moves

from ..engine import PG_COMMAND_TIMEOUT, PG_CONNECT_TIMEOUT
from .process_writer import ProcessWriter


def asyncpg_dsn(url: str | URL) -> str:
    """The plain `postgresql://` address asyncpg takes, from SQLAlchemy's URL."""
    parsed = make_url(url).set(drivername="postgresql")
    return parsed.render_as_string(hide_password=False)


class PgWriter(ProcessWriter):
    """The move log's group writer: a process of its own (workers.pg_moves) with its one
    connection. Ending it ends the connection, and the server then drops a statement still
    running (workers.pg_moves: the connection check)."""

    def __init__(self, url: str | URL) -> None:
        super().__init__()
        self._dsn = asyncpg_dsn(url)

    async def write(self, moves: list[Move], now: datetime) -> list[int]:
        """Write a group in one transaction; one outcome code per move."""
        codes: list[int] = await self._worker.submit(
            log_moves, self._dsn, PG_CONNECT_TIMEOUT, PG_COMMAND_TIMEOUT, moves, now
        )
        return codes
