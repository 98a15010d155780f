"""Hints asked at a table (*Conseil*, shown again by the replays) and the first table of
each game a player sat at (the game's summary is shown there once)."""

from __future__ import annotations

from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError

from ..models import FirstTable, HintRequest
from ..records import HintRecord
from .database import Database, check_game, core_table, utcnow

HINTS = core_table(HintRequest)
FIRSTS = core_table(FirstTable)


class Hints:
    """The hint requests of every table and the players' first tables."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def record(self, table_id: int, seq: int, seat: int, user_id: int) -> bool:
        """Note that `seat` asked for a hint before move `seq`; committed when this returns.
        True when new, False when that seat had already asked before that move."""
        async with self._db.read() as s:
            found = await s.scalar(
                select(HINTS.c.seq).where(
                    (HINTS.c.table_id == table_id) & (HINTS.c.seq == seq) & (HINTS.c.seat == seat)
                )
            )
        if found is not None:
            return False
        try:
            async with self._db.write() as s:
                await s.execute(
                    insert(HINTS).values(
                        table_id=table_id, seq=seq, seat=seat, user_id=user_id, created_at=utcnow()
                    )
                )
        except IntegrityError:  # the same click twice at once: one row, already committed
            return False
        return True

    async def of_table(self, table_id: int) -> list[HintRecord]:
        """The table's hint requests, in the order of the moves they came before."""
        async with self._db.read() as s:
            rows = await s.execute(
                select(HINTS.c.seq, HINTS.c.seat)
                .where(HINTS.c.table_id == table_id)
                .order_by(HINTS.c.seq, HINTS.c.seat)
            )
            return [HintRecord(seq, seat) for seq, seat in rows]

    async def first_table(self, user_id: int, game: str, table_id: int) -> bool:
        """Whether `table_id` is `user_id`'s first table of `game` (noted now, so that it
        is True once per player and game, whatever restarts come between)."""
        check_game(game)
        key = (FIRSTS.c.user_id == user_id) & (FIRSTS.c.game == game)
        async with self._db.read() as s:
            first = await s.scalar(select(FIRSTS.c.table_id).where(key))
        if first is not None:
            return False
        try:
            async with self._db.write() as s:
                await s.execute(
                    insert(FIRSTS).values(
                        user_id=user_id, game=game, table_id=table_id, created_at=utcnow()
                    )
                )
        except IntegrityError:  # noted meanwhile by another click of the same player
            return False
        return True
