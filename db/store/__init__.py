"""The Store: the only door between the bot and the database.

Every public method is one short session (one transaction for writes) and returns plain
records from db/records.py. Queries use SQLAlchemy Core on the SQLModel tables: rows come
back as tuples, which keeps restoring a thousand tables with their move logs fast.

Concurrency: SQLite write sessions start with BEGIN IMMEDIATE (one writer at a time, the
others wait up to the busy timeout); on PostgreSQL the rows a write depends on are locked
with SELECT ... FOR UPDATE, and unique constraints settle the remaining races (a repeated
move, a result recorded twice, two seasons opened at once).

One module per concern, each a mixin over `StoreBase` (engine and sessions, base.py):
tables.py (lobby, seats, start, loading), moves.py (move log and snapshots), results.py
(a finished match and its ratings), seasons.py, leaderboard.py (leaderboard and stats),
web.py (the web companion's reads: finished matches, replays, rating history) and bulk.py
(bulk import of finished matches, for benchmarks and migrations between databases),
guilds.py (a server's own settings), claims.py (which process runs which shards).
"""

from __future__ import annotations

from .bulk import BulkMixin
from .claims import ClaimsMixin, ShardClaim
from .guilds import GuildsMixin
from .leaderboard import LeaderboardMixin
from .moves import FLUSH_TIMEOUT, MovesMixin
from .results import ResultsMixin
from .seasons import SeasonsMixin
from .tables import UPDATABLE_FIELDS, TablesMixin
from .web import WebMixin


class Store(
    TablesMixin,
    MovesMixin,
    ResultsMixin,
    BulkMixin,
    WebMixin,
    SeasonsMixin,
    LeaderboardMixin,
    GuildsMixin,
    ClaimsMixin,
):
    """Persistence for tables, moves, results, seasons and ratings. Owns its engine."""

    async def close(self, timeout: float = FLUSH_TIMEOUT) -> None:
        """Commit or fail (StoreClosed) every queued move, within `timeout`, then close."""
        await self._stop_move_writer(timeout)
        await super().close()


__all__ = ["UPDATABLE_FIELDS", "ShardClaim", "Store"]
