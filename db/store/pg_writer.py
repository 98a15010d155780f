"""The move log's group writer on PostgreSQL: a process with one open connection
(workers.pg_moves says why not a thread of the bot)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.engine import URL, make_url

from workers import PipeWorker, end_with_parent
from workers.pg_moves import Move, log_moves

from ..engine import PG_COMMAND_TIMEOUT, PG_CONNECT_TIMEOUT


def asyncpg_dsn(url: str | URL) -> str:
    """The plain `postgresql://` address asyncpg takes, from SQLAlchemy's URL."""
    parsed = make_url(url).set(drivername="postgresql")
    return parsed.render_as_string(hide_password=False)


class PgWriter:
    """The move log's group writer: a process of its own (workers.pg_moves) with its one
    connection, fed through a pipe the event loop reads itself."""

    def __init__(self, url: str | URL) -> None:
        self._dsn = asyncpg_dsn(url)
        self._worker = PipeWorker(end_with_parent)

    @property
    def pid(self) -> int | None:
        return self._worker.pid

    async def write(self, moves: list[Move], now: datetime) -> list[int]:
        """Write a group in one transaction; one outcome code per move."""
        codes: list[int] = await self._worker.submit(
            log_moves, self._dsn, PG_CONNECT_TIMEOUT, PG_COMMAND_TIMEOUT, moves, now
        )
        return codes

    def abandon(self) -> None:
        """Nobody waits for the group being written any more: end the process at once. Its
        connection goes with it, so the server rolls back a transaction not yet committed
        rather than commit it after its callers were told it failed. A later group starts a
        new writer."""
        self._worker.kill()

    async def close(self, timeout: float | None = None) -> None:
        """Let the writer finish the group it holds (at most `timeout`), then end it."""
        await self._worker.close(2.0 if timeout is None else timeout)
