"""What the move log's two group writers share: a worker process of their own, fed through
a pipe the event loop reads itself, ended at once when nobody waits for its group."""

from __future__ import annotations

from workers import PipeWorker, end_with_parent


class ProcessWriter:
    """A group writer in a process of its own (SQLite's or PostgreSQL's)."""

    def __init__(self) -> None:
        self._worker = PipeWorker(end_with_parent)

    @property
    def pid(self) -> int | None:
        return self._worker.pid

    def abandon(self) -> None:
        """Nobody waits for the group being written any more: end the process at once, so
        that what it holds rolls back rather than commits after its callers were told it
        failed (a write waiting for another process's lock, say). A later group starts a
        new writer."""
        self._worker.kill()

    async def close(self, timeout: float | None = None) -> None:
        """Let the writer finish the group it holds (at most `timeout`), then end it."""
        await self._worker.close(2.0 if timeout is None else timeout)
