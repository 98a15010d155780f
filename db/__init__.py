"""Storage for Tapis: tables, move log, snapshots, seasons, results and ratings.

The only package that imports SQLModel/SQLAlchemy. The bot talks to `Store` and gets plain
records back (db/records.py); it never sees a session or a model object.

    store = await Store.open(database_url())   # migrates to head first
    table_id = await store.tables.create(...)
"""

from .engine import DEFAULT_URL, database_url
from .records import (
    ACTIVE_CONCOURS,
    ALL_GAMES,
    OPEN_STATUSES,
    TABLE_SETTINGS,
    BoardPage,
    ConcoursRecord,
    ConcoursRefused,
    ConcoursStatus,
    DuplicateMove,
    EntrantRecord,
    FinishedMatch,
    LeaderboardPage,
    LeaderboardRow,
    MatchSeat,
    MatchSummary,
    MoveGap,
    MoveRecord,
    PlayerPage,
    RatingPoint,
    RoundTableRecord,
    SeasonInfo,
    SeatInfo,
    SeatResult,
    ShardTaken,
    StatRow,
    StoreClosed,
    StoreError,
    TableNotFound,
    TableRecord,
    TableStatus,
    is_practice,
)
from .schema import current_revision, downgrade, head_revision, upgrade
from .store import ShardClaim, Store

__all__ = [
    "ACTIVE_CONCOURS",
    "ALL_GAMES",
    "DEFAULT_URL",
    "OPEN_STATUSES",
    "TABLE_SETTINGS",
    "BoardPage",
    "ConcoursRecord",
    "ConcoursRefused",
    "ConcoursStatus",
    "DuplicateMove",
    "EntrantRecord",
    "FinishedMatch",
    "LeaderboardPage",
    "LeaderboardRow",
    "MatchSeat",
    "MatchSummary",
    "MoveGap",
    "MoveRecord",
    "PlayerPage",
    "RatingPoint",
    "RoundTableRecord",
    "SeasonInfo",
    "SeatInfo",
    "SeatResult",
    "ShardClaim",
    "ShardTaken",
    "StatRow",
    "Store",
    "StoreClosed",
    "StoreError",
    "TableNotFound",
    "TableRecord",
    "TableStatus",
    "current_revision",
    "database_url",
    "downgrade",
    "head_revision",
    "is_practice",
    "upgrade",
]
