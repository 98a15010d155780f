"""Plain records the Store hands to the bot, and the errors it raises.

These are frozen dataclasses on purpose: the bot must never hold a SQLModel object (it
would drag SQLAlchemy sessions, lazy loads and expiry rules into the Discord layer).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

ALL_GAMES = "*"
"""The `game` key of the guild-wide rating row that aggregates every game."""

TABLE_SETTINGS = "__table__"
"""The key of the bot's own table settings (language, timer, practice) in a table's stored
options, beside the game's options."""


def is_practice(options: dict[str, Any] | None) -> bool:
    """Whether a table's stored options mark it a practice table (unrated, never counted)."""
    settings = (options or {}).get(TABLE_SETTINGS)
    return isinstance(settings, dict) and settings.get("practice") is True


REMATCH = "rematch"
"""The key, in a finished table's settings, of its rematch's table id (`Tables.rematch`)."""


def rematch_of(options: dict[str, Any] | None) -> int | None:
    """The table id of a finished table's rematch, once one was opened."""
    settings = (options or {}).get(TABLE_SETTINGS)
    found = settings.get(REMATCH) if isinstance(settings, dict) else None
    return found if isinstance(found, int) and not isinstance(found, bool) else None


class TableStatus(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    CANCELLED = "cancelled"


OPEN_STATUSES: tuple[TableStatus, ...] = (TableStatus.LOBBY, TableStatus.PLAYING)


class StoreError(Exception):
    """Base class of the errors the Store raises on purpose."""


class StoreClosed(StoreError):
    """The store closed before this move's commit was confirmed: treat it as not played.

    Raised by `Moves.append` once `Store.close()` has begun, and for every move still
    queued when the flush at close runs out of time, so that no caller waits forever on a
    dropped move.
    """

    def __init__(self) -> None:
        super().__init__("the store is closed: the move was not confirmed")


class ShardTaken(StoreError):
    """Another running process holds one of the shards this process was told to run."""

    def __init__(self, count: int, shards: list[int]) -> None:
        names = ", ".join(map(str, shards))
        super().__init__(
            f"shard(s) {names} of {count} are already run by another Tapis process on this "
            "database; stop it first, or give this process other SHARD_IDS"
        )
        self.count = count
        self.shards = shards


class DuplicateMove(StoreError):
    """The move log already holds this (table, seq): the move was applied before.

    The bot sees it when a click is delivered twice; nothing was written.
    """

    def __init__(self, table_id: int, seq: int) -> None:
        super().__init__(f"table {table_id}: move {seq} is already logged")
        self.table_id = table_id
        self.seq = seq


class MoveGap(StoreError, ValueError):
    """The move would leave a hole in the log (seq is not the last logged seq + 1).

    A hole would make the table impossible to replay, so it is refused.
    """

    def __init__(self, table_id: int, seq: int, expected: int) -> None:
        super().__init__(f"table {table_id}: move {seq} given, {expected} expected")
        self.table_id = table_id
        self.seq = seq
        self.expected = expected


class TableNotFound(StoreError, LookupError):
    def __init__(self, table_id: int) -> None:
        super().__init__(f"no table {table_id}")
        self.table_id = table_id


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat at a table: a Discord user, or an AI (`user_id` None, `is_ai` True)."""

    seat: int
    user_id: int | None
    is_ai: bool = False
    ai_level: str | None = None
    name: str = ""


@dataclass(frozen=True, slots=True)
class SeatResult:
    """A seat's final result as the engine's `outcome()` gives it (rank 1 is best)."""

    seat: int
    user_id: int | None
    is_ai: bool
    name: str
    rank: int
    score: int = 0


@dataclass(frozen=True, slots=True)
class HintRecord:
    """A hint `seat` asked for before move `seq` (db/store/hints.py)."""

    seq: int
    seat: int


@dataclass(frozen=True, slots=True)
class MoveRecord:
    seq: int
    seat: int
    action_id: str


@dataclass(frozen=True, slots=True)
class TableRecord:
    """A table with everything needed to resume it: seats, latest snapshot and move log."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    message_id: int | None
    game: str
    options: dict[str, Any]
    seed: int
    status: TableStatus
    version: int
    host_id: int
    seats: list[SeatInfo] = field(default_factory=list)
    snapshot: str | None = None
    snapshot_version: int | None = None
    moves: list[MoveRecord] = field(default_factory=list)
    created_at: datetime | None = None
    updated_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class SeasonInfo:
    guild_id: int
    number: int
    started_at: datetime
    ended_at: datetime | None

    @property
    def current(self) -> bool:
        return self.ended_at is None


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    """`rank` is the 1-based place among qualified players, None for the others."""

    rank: int | None
    user_id: int
    name: str
    matches: int
    wins: int
    points: int
    mu: float
    sigma: float
    rating: float


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    """One page of a leaderboard; `total` counts every row, `ranked` the qualified ones."""

    season: int
    game: str | None
    rows: list[LeaderboardRow]
    total: int
    ranked: int
    offset: int
    limit: int
    min_matches: int


@dataclass(frozen=True, slots=True)
class StatRow:
    """A player's record for one game (None: all games together) in one season."""

    season: int
    current: bool
    game: str | None
    matches: int
    wins: int
    points: int
    mu: float
    sigma: float
    rating: float


@dataclass(frozen=True, slots=True)
class MatchSeat:
    """One seat of a recorded match as it finished (`user_id` None for an AI seat)."""

    seat: int
    user_id: int | None
    is_ai: bool
    name: str
    rank: int
    score: int
    season_points: int
    won: bool


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """A recorded (so finished) match: its game, season, time and every seat's result."""

    id: int
    table_id: int  # the table it was played at (the bot's replay buttons name the table)
    game: str
    season: int
    finished_at: datetime
    rated: bool
    teams: list[list[int]] | None
    seats: list[MatchSeat]
    practice: bool = False  # played at a practice table: never rated nor counted
    # A concours table settled when its round closed: no recorded match (id 0), its log
    # stops mid-match, its seats' ranks and scores are where it stopped; counted nowhere.
    settled: bool = False


@dataclass(frozen=True, slots=True)
class FinishedMatch:
    """A recorded match with what replays it: seed, options as stored, and the move log."""

    summary: MatchSummary
    seed: int
    options: dict[str, Any]
    moves: list[MoveRecord]
    hints: list[HintRecord] = field(default_factory=list)  # hints asked, before which move


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """A player's rating for one game (None: all games) right after one recorded match."""

    match_id: int
    season: int
    game: str | None
    finished_at: datetime
    mu: float
    sigma: float
    rating: float


@dataclass(frozen=True, slots=True)
class BoardPage:
    """What a leaderboard page shows, read in one transaction.

    `page` is None when the guild has no season yet, or not the one asked for.
    """

    seasons: list[SeasonInfo]
    page: LeaderboardPage | None
    recent: list[MatchSummary]


@dataclass(frozen=True, slots=True)
class PlayerPage:
    """What a player page shows, read in one transaction; `season` is the history's."""

    name: str
    records: list[StatRow]
    season: int | None
    history: list[RatingPoint]
    matches: list[MatchSummary]


class ReviewStatus(StrEnum):
    PENDING = "pending"
    DONE = "done"


@dataclass(frozen=True, slots=True)
class ReviewLine:
    """One costly decision of a review: the move number (from 1), its deal (None where the
    game shows none), the action played, the strong AI's, its estimated gain in `unit`,
    and the game's reason for the AI's move (`reason`: code and data) when it has one."""

    move: int
    deal: int | None
    played: str
    best: str
    gain: float
    unit: str
    reason: tuple[str, dict[str, Any]] | None = None


@dataclass(frozen=True, slots=True)
class ReviewRecord:
    """The review of one seat of a finished table; `lines` costliest first (empty while
    pending, or when the seat made no costly decision)."""

    table_id: int
    seat: int
    status: ReviewStatus
    lines: tuple[ReviewLine, ...] = field(default_factory=tuple)


# --- concours -----------------------------------------------------------------------------
class ConcoursStatus(StrEnum):
    REGISTRATION = "registration"  # entrants register and withdraw
    CLOSED = "closed"  # registration closed by the organiser, not started yet
    CHECKIN = "checkin"  # entrants say they are here; the organiser starts the first round
    RUNNING = "running"
    PAUSED = "paused"  # no new round is paired or opened until resumed
    FINISHED = "finished"
    CANCELLED = "cancelled"


ACTIVE_CONCOURS: tuple[ConcoursStatus, ...] = (
    ConcoursStatus.REGISTRATION,
    ConcoursStatus.CLOSED,
    ConcoursStatus.CHECKIN,
    ConcoursStatus.RUNNING,
    ConcoursStatus.PAUSED,
)


class ConcoursRefused(StoreError):
    """A concours change the rules refuse (`code`, a catalog key's last part): nothing was
    written."""

    def __init__(self, code: str) -> None:
        super().__init__(f"concours change refused: {code}")
        self.code = code


@dataclass(frozen=True, slots=True)
class EntrantRecord:
    id: int
    number: int  # registration order, from 1
    user_id: int
    name: str
    partner_id: int | None = None
    partner_name: str | None = None
    confirmed: bool = True  # a pair: once the partner accepted
    checked_in: bool = False
    withdrawn: bool = False

    @property
    def users(self) -> tuple[int, ...]:
        return (self.user_id,) if self.partner_id is None else (self.user_id, self.partner_id)

    @property
    def active(self) -> bool:
        return self.confirmed and not self.withdrawn


@dataclass(frozen=True, slots=True)
class RoundTableRecord:
    round: int
    number: int  # from 0 within its round
    sides: tuple[int, ...]  # entrant ids in seat order
    table_id: int | None = None  # the game table, once opened
    points: tuple[int, ...] | None = None  # per side, once finished or settled
    settled: bool = False  # closed by the organiser before its end
    forfeits: tuple[int, ...] = ()  # entrants replaced by the AI: they score nothing


@dataclass(frozen=True, slots=True)
class ConcoursRecord:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    organiser_id: int
    game: str
    name: str
    format: str  # "swiss" or "round_robin"
    rounds: int
    round_deals: int | None  # deals a round lasts; None: the game's own end
    timer: int
    table_size: int
    options: dict[str, Any]
    duplicate: bool
    deal_seed: int = field(repr=False)  # never shown: it gives away every duplicate hand
    lang: str = "fr"
    rated: bool = True  # its matches count in the season leaderboard
    ai_bye: bool = False  # an odd entrant plays an AI side rather than sit out (unrated)
    starts_at: datetime | None = None  # check-in opens then by itself (UTC)
    status: ConcoursStatus = ConcoursStatus.REGISTRATION
    round: int = 0  # the last round paired
    entrants: list[EntrantRecord] = field(default_factory=list)
    tables: list[RoundTableRecord] = field(default_factory=list)
    byes: list[tuple[int, int]] = field(default_factory=list)  # (round, entrant id)
