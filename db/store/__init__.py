"""The Store: the only door between the bot and the database.

Every public method is one short session (one transaction for writes) and returns plain
records from db/records.py. Queries use SQLAlchemy Core on the SQLModel tables: rows come
back as tuples, which keeps restoring a thousand tables with their move logs fast.

Concurrency: SQLite write sessions start with BEGIN IMMEDIATE (one writer at a time, the
others wait up to the busy timeout); on PostgreSQL the rows a write depends on are locked
with SELECT ... FOR UPDATE, and unique constraints settle the remaining races (a repeated
move, a result recorded twice, two seasons opened at once).

The Store is one object per concern, each a plain class of its own module that holds the
store's one `Database` (the engine and its sessions, database.py): `tables` (lobby,
seats, start, loading), `moves` (the move log, its snapshots and its group writer),
`results` (a finished match and its ratings), `seasons`, `leaderboard` (leaderboard and
per-player statistics), `history` (finished matches and their replays, and the web
companion's pages), `guilds` (a server's own settings), `hints` (the hints asked, the
players' first tables), `shards` (which process runs which shards), `reviews` (the
strong AI's reviews of finished matches) and `concours` (club tournaments: entrants,
rounds, results). Callers name the concern: `store.moves.append(...)`.
"""

from __future__ import annotations

from typing import Self

from sqlalchemy.ext.asyncio import AsyncEngine

from ..engine import make_engine, prepare
from ..schema import upgrade
from .claims import ShardClaim, ShardClaims
from .concours import ConcoursStore
from .database import Database
from .guilds import Guilds
from .hints import Hints
from .history import History
from .leaderboard import Leaderboard
from .moves import FLUSH_TIMEOUT, Moves
from .results import Results
from .reviews import Reviews
from .seasons import Seasons
from .tables import UPDATABLE_FIELDS, Tables


class Store:
    """Persistence for tables, moves, results, seasons and ratings. Owns its engine."""

    def __init__(self, engine: AsyncEngine) -> None:
        """Prefer `Store.open(url)`, which also migrates the database to the head revision."""
        self._db = Database(engine)
        self.tables = Tables(self._db)
        self.moves = Moves(self._db)
        self.results = Results(self._db)
        self.seasons = Seasons(self._db)
        self.leaderboard = Leaderboard(self._db)
        self.history = History(self._db)
        self.guilds = Guilds(self._db)
        self.hints = Hints(self._db)
        self.shards = ShardClaims(self._db)
        self.reviews = Reviews(self._db)
        self.concours = ConcoursStore(self._db)

    @classmethod
    async def open(cls, url: str, *, migrate: bool = True) -> Self:
        """Engine for `url`, after upgrading the schema to head (unless `migrate=False`)."""
        await prepare(url)
        if migrate:
            await upgrade(url)
        return cls(make_engine(url))

    @property
    def engine(self) -> AsyncEngine:
        """The engine itself, for tests and maintenance tools that look at the database
        directly (raw rows, the statements a method runs); the bot uses the concerns."""
        return self._db.engine

    async def close(self, timeout: float = FLUSH_TIMEOUT) -> None:
        """Commit or fail (StoreClosed) every queued move, within `timeout`, then close."""
        await self.moves.close(timeout)
        await self._db.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *_exc: object) -> None:
        await self.close()


__all__ = ["UPDATABLE_FIELDS", "ShardClaim", "Store"]
