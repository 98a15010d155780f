"""The move log and the snapshot that goes with it.

A move, its snapshot and the table's version are written in one transaction, so that
after a crash the log, the snapshot and the version agree and the table replays exactly.
"""

from __future__ import annotations

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError

from ..models import MAX_ACTION
from ..records import DuplicateMove, MoveGap, MoveRecord
from .base import MOVES, TABLES, StoreBase, utcnow


class MovesMixin(StoreBase):
    """Appending to and reading a table's move log."""

    async def append_move(
        self, table_id: int, seq: int, seat: int, action_id: str, snapshot: str
    ) -> None:
        """Log move `seq`, store the snapshot after it and set the table version to `seq`.

        All three in one transaction, so that after a crash the log, the snapshot and the
        version agree. `seq` is the state version after the move: the log starts at 1 and
        has no hole (MoveGap); a seq already logged raises DuplicateMove and writes nothing.
        """
        if not action_id or len(action_id) > MAX_ACTION:
            raise ValueError(f"invalid action id {action_id!r}")
        now = utcnow()
        async with self._write() as s:
            # The table's version is the last logged seq: both change in the same transaction.
            last = (await self._lock_table(s, table_id)).version or 0
            if seq <= last:
                raise DuplicateMove(table_id, seq)
            if seq != last + 1:
                raise MoveGap(table_id, seq, last + 1)
            try:
                await s.execute(
                    insert(MOVES).values(
                        table_id=table_id, seq=seq, seat=seat, action_id=action_id, created_at=now
                    )
                )
            except IntegrityError as exc:  # a concurrent writer logged it first
                raise DuplicateMove(table_id, seq) from exc
            await self._save_snapshot(s, table_id, seq, snapshot, now)
            await s.execute(
                update(TABLES).where(TABLES.c.id == table_id).values(version=seq, updated_at=now)
            )

    async def moves(self, table_id: int) -> list[MoveRecord]:
        """The table's log in order, which with the seed and options replays the table."""
        async with self._read() as s:
            rows = await s.execute(
                select(MOVES.c.seq, MOVES.c.seat, MOVES.c.action_id)
                .where(MOVES.c.table_id == table_id)
                .order_by(MOVES.c.seq)
            )
            return [MoveRecord(seq, seat, action_id) for seq, seat, action_id in rows]
