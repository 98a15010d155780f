"""Storage for Tapis: tables, move log, snapshots, seasons, results and ratings.

The only package that imports SQLModel/SQLAlchemy. The bot talks to `Store` and gets plain
records back (db/records.py); it never sees a session or a model object.

    store = await Store.open(database_url())   # migrates to head first
    table_id = await store.tables.create(...)
"""

from .engine import DEFAULT_URL, database_url
from .records import (
    ALL_GAMES,
    OPEN_STATUSES,
    TABLE_SETTINGS,
    BoardPage,
    DuplicateMove,
    FinishedMatch,
    HintRecord,
    LeaderboardPage,
    LeaderboardRow,
    MatchSeat,
    MatchSummary,
    MoveGap,
    MoveRecord,
    PlayerPage,
    RatingPoint,
    ReviewLine,
    ReviewRecord,
    ReviewStatus,
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
    rematch_of,
)
from .schema import current_revision, downgrade, head_revision, upgrade
from .store import ShardClaim, Store

__all__ = [
    "ALL_GAMES",
    "DEFAULT_URL",
    "OPEN_STATUSES",
    "TABLE_SETTINGS",
    "BoardPage",
    "DuplicateMove",
    "FinishedMatch",
    "HintRecord",
    "LeaderboardPage",
    "LeaderboardRow",
    "MatchSeat",
    "MatchSummary",
    "MoveGap",
    "MoveRecord",
    "PlayerPage",
    "RatingPoint",
    "ReviewLine",
    "ReviewRecord",
    "ReviewStatus",
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
    "rematch_of",
    "upgrade",
]
