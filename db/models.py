"""SQLModel tables. Private to db/: the Store converts rows to the records in db/records.py.

The tables live in their own registry/metadata (not SQLModel's global one) so that nothing
else can add tables to what Alembic compares, and so that every constraint gets a stable
name from the naming convention (SQLite batch migrations can only drop named constraints).

Discord ids and seeds are `BigInteger` (64-bit); internal ids are plain integers so that
SQLite keeps them as rowid aliases. Every time is stored timezone-aware (UTC).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

from .records import TableStatus

NAMING_CONVENTION: dict[str, str] = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

METADATA = MetaData(naming_convention=NAMING_CONVENTION)

MAX_SLUG = 32
MAX_NAME = 100
MAX_ACTION = 64
SLUG = String(MAX_SLUG)
NAME = String(MAX_NAME)
TIME = DateTime(timezone=True)
_STATUSES = ", ".join(f"'{status.value}'" for status in TableStatus)


class Base(SQLModel, registry=registry(metadata=METADATA)):
    """Root of Tapis' tables: binds them to METADATA instead of SQLModel.metadata."""


class GameTable(Base, table=True):
    """A table (one match of one game) in a channel, from lobby to finished."""

    __tablename__ = "game_tables"
    __table_args__ = (
        CheckConstraint(f"status IN ({_STATUSES})", name="status"),
        Index(None, "status"),
        Index(None, "guild_id"),
    )

    id: int | None = Field(default=None, sa_type=Integer, primary_key=True)
    guild_id: int = Field(sa_type=BigInteger)
    channel_id: int = Field(sa_type=BigInteger)
    thread_id: int | None = Field(default=None, sa_type=BigInteger, nullable=True)
    message_id: int | None = Field(default=None, sa_type=BigInteger, nullable=True)
    game: str = Field(sa_type=SLUG)
    options: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    seed: int = Field(sa_type=BigInteger)
    status: str = Field(default="lobby", sa_type=String(16))
    version: int = Field(default=0, sa_type=Integer)
    host_id: int = Field(sa_type=BigInteger)
    created_at: datetime = Field(sa_type=TIME)
    updated_at: datetime = Field(sa_type=TIME)


class Seat(Base, table=True):
    __tablename__ = "seats"

    table_id: int = Field(
        sa_type=Integer,
        primary_key=True,
        sa_column_args=[ForeignKey("game_tables.id", ondelete="CASCADE")],
    )
    seat: int = Field(sa_type=Integer, primary_key=True, sa_column_kwargs={"autoincrement": False})
    user_id: int | None = Field(default=None, sa_type=BigInteger, nullable=True)
    is_ai: bool = Field(default=False, sa_type=Boolean)
    ai_level: str | None = Field(default=None, sa_type=String(16), nullable=True)
    name: str = Field(default="", sa_type=NAME)


class Move(Base, table=True):
    """Append-only move log; the (table_id, seq) primary key refuses a repeated move."""

    __tablename__ = "moves"

    table_id: int = Field(
        sa_type=Integer,
        primary_key=True,
        sa_column_args=[ForeignKey("game_tables.id", ondelete="CASCADE")],
    )
    seq: int = Field(sa_type=Integer, primary_key=True, sa_column_kwargs={"autoincrement": False})
    seat: int = Field(sa_type=Integer)
    action_id: str = Field(sa_type=String(MAX_ACTION))
    created_at: datetime = Field(sa_type=TIME)


class Snapshot(Base, table=True):
    """The latest full state of a table (engine `to_json()`), overwritten on every move."""

    __tablename__ = "snapshots"

    table_id: int = Field(
        sa_type=Integer,
        primary_key=True,
        sa_column_args=[ForeignKey("game_tables.id", ondelete="CASCADE")],
        sa_column_kwargs={"autoincrement": False},
    )
    version: int = Field(sa_type=Integer)
    state: str = Field(sa_type=Text)
    updated_at: datetime = Field(sa_type=TIME)


class HintRequest(Base, table=True):
    """A hint (*Conseil*) a seat asked for: `seq` is the move it was asked before (the
    table's version then, plus one). Written before the hint is shown; a replay says so
    at that move. The primary key makes a repeated click one row."""

    __tablename__ = "hint_requests"

    table_id: int = Field(
        sa_type=Integer,
        primary_key=True,
        sa_column_args=[ForeignKey("game_tables.id", ondelete="CASCADE")],
        sa_column_kwargs={"autoincrement": False},
    )
    seq: int = Field(sa_type=Integer, primary_key=True, sa_column_kwargs={"autoincrement": False})
    seat: int = Field(sa_type=Integer, primary_key=True, sa_column_kwargs={"autoincrement": False})
    user_id: int = Field(sa_type=BigInteger)
    created_at: datetime = Field(sa_type=TIME)


class FirstTable(Base, table=True):
    """A player who has been shown a game's summary at their first table of it: once per
    player and game, across restarts."""

    __tablename__ = "first_tables"

    user_id: int = Field(
        sa_type=BigInteger, primary_key=True, sa_column_kwargs={"autoincrement": False}
    )
    game: str = Field(sa_type=SLUG, primary_key=True)
    table_id: int = Field(sa_type=Integer)
    created_at: datetime = Field(sa_type=TIME)


class Season(Base, table=True):
    """A guild's season; the open one has `ended_at` NULL."""

    __tablename__ = "seasons"
    __table_args__ = (
        UniqueConstraint("guild_id", "number"),
        # At most one open season per guild, even under concurrent `Seasons.new` calls.
        Index(
            "uq_seasons_open_guild_id",
            "guild_id",
            unique=True,
            sqlite_where=text("ended_at IS NULL"),
            postgresql_where=text("ended_at IS NULL"),
        ),
    )

    id: int | None = Field(default=None, sa_type=Integer, primary_key=True)
    guild_id: int = Field(sa_type=BigInteger)
    number: int = Field(sa_type=Integer)
    started_at: datetime = Field(sa_type=TIME)
    ended_at: datetime | None = Field(default=None, sa_type=TIME, nullable=True)


class GuildSettings(Base, table=True):
    """A server's own choices, set by its admins (`/config`); no row: the defaults."""

    __tablename__ = "guild_settings"

    guild_id: int = Field(
        sa_type=BigInteger, primary_key=True, sa_column_kwargs={"autoincrement": False}
    )
    lang: str | None = Field(default=None, sa_type=String(8), nullable=True)
    updated_at: datetime = Field(sa_type=TIME)


class Match(Base, table=True):
    """Header of a recorded result; its unique `table_id` makes recording idempotent."""

    __tablename__ = "matches"
    __table_args__ = (
        UniqueConstraint("table_id"),
        Index(None, "season_id", "game"),
        # A server's latest matches, of all games or of one (the web companion's lists).
        Index(None, "guild_id", "id"),
        Index(None, "guild_id", "game", "id"),
    )

    id: int | None = Field(default=None, sa_type=Integer, primary_key=True)
    table_id: int = Field(sa_type=Integer, sa_column_args=[ForeignKey("game_tables.id")])
    guild_id: int = Field(sa_type=BigInteger)
    season_id: int = Field(sa_type=Integer, sa_column_args=[ForeignKey("seasons.id")])
    game: str = Field(sa_type=SLUG)
    teams: list[list[int]] | None = Field(default=None, sa_type=JSON, nullable=True)
    rated: bool = Field(sa_type=Boolean)
    finished_at: datetime = Field(sa_type=TIME)


class MatchResult(Base, table=True):
    """One seat's result in a recorded match (AI seats included, for history)."""

    __tablename__ = "match_results"
    # A player's matches, newest first, from the index alone (the web's player page).
    __table_args__ = (Index(None, "guild_id", "user_id", "match_id"),)

    match_id: int = Field(
        sa_type=Integer,
        primary_key=True,
        sa_column_args=[ForeignKey("matches.id", ondelete="CASCADE")],
    )
    seat: int = Field(sa_type=Integer, primary_key=True, sa_column_kwargs={"autoincrement": False})
    table_id: int = Field(sa_type=Integer)
    guild_id: int = Field(sa_type=BigInteger)
    season_id: int = Field(sa_type=Integer, sa_column_args=[ForeignKey("seasons.id")])
    game: str = Field(sa_type=SLUG)
    user_id: int | None = Field(default=None, sa_type=BigInteger, nullable=True)
    is_ai: bool = Field(sa_type=Boolean)
    name: str = Field(sa_type=NAME)
    rank: int = Field(sa_type=Integer)
    score: int = Field(sa_type=Integer)
    season_points: int = Field(sa_type=Integer)
    won: bool = Field(sa_type=Boolean)


class Rating(Base, table=True):
    """A player's rating and season totals for one game, or ALL_GAMES ("*")."""

    __tablename__ = "ratings"
    __table_args__ = (
        Index(None, "guild_id", "user_id"),
        # The leaderboard's order, covering everything a page reads: a page is a walk
        # (backwards) along the index, ranked players then the others, instead of a sort of
        # a season's 10,000 players. Plain ascending columns: only ties on (rating, points,
        # matches) are sorted by user id, and every database compares it the same way.
        Index(
            "ix_ratings_rank",
            "season_id",
            "game",
            "rating",
            "points",
            "matches",
            "user_id",
            "name",
            "wins",
            "mu",
            "sigma",
        ),
    )

    season_id: int = Field(
        sa_type=Integer, primary_key=True, sa_column_args=[ForeignKey("seasons.id")]
    )
    game: str = Field(sa_type=SLUG, primary_key=True)
    user_id: int = Field(
        sa_type=BigInteger, primary_key=True, sa_column_kwargs={"autoincrement": False}
    )
    guild_id: int = Field(sa_type=BigInteger)
    name: str = Field(sa_type=NAME)
    mu: float = Field(sa_type=Float)
    sigma: float = Field(sa_type=Float)
    rating: float = Field(sa_type=Float)  # mu - 3 sigma, stored so that it can be indexed
    matches: int = Field(default=0, sa_type=Integer)
    wins: int = Field(default=0, sa_type=Integer)
    points: int = Field(default=0, sa_type=Integer)
    updated_at: datetime = Field(sa_type=TIME)


class RatingHistory(Base, table=True):
    """A player's rating right after one recorded match, for one game or ALL_GAMES ("*").

    The ratings table only keeps the latest value; this is what a rating-over-time chart
    needs. Written with the ratings in the same transaction, one row per human user.
    """

    __tablename__ = "rating_history"
    # A player's season of ratings from the index alone (the web's chart).
    __table_args__ = (
        Index(
            "ix_rating_history_player",
            "guild_id",
            "user_id",
            "season_id",
            "match_id",
            "game",
            "mu",
            "sigma",
        ),
    )

    match_id: int = Field(
        sa_type=Integer,
        primary_key=True,
        sa_column_args=[ForeignKey("matches.id", ondelete="CASCADE")],
        sa_column_kwargs={"autoincrement": False},
    )
    game: str = Field(sa_type=SLUG, primary_key=True)
    user_id: int = Field(
        sa_type=BigInteger, primary_key=True, sa_column_kwargs={"autoincrement": False}
    )
    guild_id: int = Field(sa_type=BigInteger)
    season_id: int = Field(sa_type=Integer, sa_column_args=[ForeignKey("seasons.id")])
    mu: float = Field(sa_type=Float)
    sigma: float = Field(sa_type=Float)


class Review(Base, table=True):
    """The strong AI's review of one human seat of a finished match: `pending` until a
    worker has computed it, then `done` with its costliest decisions (at most three)."""

    __tablename__ = "reviews"
    __table_args__ = (
        CheckConstraint("status IN ('pending', 'done')", name="status"),
        Index(None, "status"),
    )

    table_id: int = Field(
        sa_type=Integer,
        primary_key=True,
        sa_column_args=[ForeignKey("game_tables.id", ondelete="CASCADE")],
    )
    seat: int = Field(sa_type=Integer, primary_key=True, sa_column_kwargs={"autoincrement": False})
    status: str = Field(default="pending", sa_type=String(16))
    # [{"move", "deal", "played", "best", "gain", "unit", "reason": [code, data] | None}]
    decisions: list[dict[str, Any]] = Field(default_factory=list, sa_type=JSON)
    updated_at: datetime = Field(sa_type=TIME)


# --- concours (club tournaments) ----------------------------------------------------------
class Concours(Base, table=True):
    """A club tournament in a channel, from registration to its podium.

    `deal_seed` is drawn at random at creation and never shown: whoever knew it could work
    out every hand of every duplicate deal (games/deals.py)."""

    __tablename__ = "concours"
    __table_args__ = (Index(None, "guild_id", "status"),)

    id: int | None = Field(default=None, sa_type=Integer, primary_key=True)
    guild_id: int = Field(sa_type=BigInteger)
    channel_id: int = Field(sa_type=BigInteger)
    message_id: int | None = Field(default=None, sa_type=BigInteger, nullable=True)
    organiser_id: int = Field(sa_type=BigInteger)
    game: str = Field(sa_type=SLUG)
    name: str = Field(sa_type=NAME)
    format: str = Field(sa_type=String(16))
    rounds: int = Field(sa_type=Integer)
    round_deals: int | None = Field(default=None, sa_type=Integer, nullable=True)
    timer: int = Field(sa_type=Integer)
    table_size: int = Field(sa_type=Integer)
    options: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    duplicate: bool = Field(sa_type=Boolean)
    rated: bool = Field(default=True, sa_type=Boolean)  # its matches count in the season
    ai_bye: bool = Field(default=False, sa_type=Boolean)  # an AI side rather than a bye
    starts_at: datetime | None = Field(default=None, sa_type=TIME, nullable=True)  # check-in
    deal_seed: int = Field(sa_type=BigInteger)
    lang: str = Field(sa_type=String(8))
    status: str = Field(sa_type=String(16))
    round: int = Field(default=0, sa_type=Integer)
    created_at: datetime = Field(sa_type=TIME)
    updated_at: datetime = Field(sa_type=TIME)


class ConcoursEntrant(Base, table=True):
    """A player, or a fixed pair (`partner_id`, confirmed once the partner accepts)."""

    __tablename__ = "concours_entrants"
    __table_args__ = (UniqueConstraint("concours_id", "number"),)

    id: int | None = Field(default=None, sa_type=Integer, primary_key=True)
    concours_id: int = Field(
        sa_type=Integer, sa_column_args=[ForeignKey("concours.id", ondelete="CASCADE")]
    )
    number: int = Field(sa_type=Integer)  # registration order, from 1
    user_id: int = Field(sa_type=BigInteger)
    name: str = Field(sa_type=NAME)
    partner_id: int | None = Field(default=None, sa_type=BigInteger, nullable=True)
    partner_name: str | None = Field(default=None, sa_type=NAME, nullable=True)
    confirmed: bool = Field(sa_type=Boolean)
    checked_in: bool = Field(default=False, sa_type=Boolean)
    withdrawn: bool = Field(default=False, sa_type=Boolean)


class ConcoursTable(Base, table=True):
    """One table of one round: its sides (entrant ids, in seat order), its game table once
    opened, and the points each side scored once it finished or was settled."""

    __tablename__ = "concours_tables"

    concours_id: int = Field(
        sa_type=Integer,
        primary_key=True,
        sa_column_args=[ForeignKey("concours.id", ondelete="CASCADE")],
    )
    round: int = Field(sa_type=Integer, primary_key=True, sa_column_kwargs={"autoincrement": False})
    number: int = Field(
        sa_type=Integer, primary_key=True, sa_column_kwargs={"autoincrement": False}
    )
    sides: list[int] = Field(sa_type=JSON)
    table_id: int | None = Field(
        default=None,
        sa_type=Integer,
        nullable=True,
        sa_column_args=[ForeignKey("game_tables.id")],
        sa_column_kwargs={"unique": True},
    )
    points: list[int] | None = Field(default=None, sa_type=JSON, nullable=True)
    settled: bool = Field(default=False, sa_type=Boolean)
    forfeits: list[int] = Field(default_factory=list, sa_type=JSON)


class ConcoursBye(Base, table=True):
    """An entrant who sat out a round (scored as concours/standings.py says)."""

    __tablename__ = "concours_byes"

    concours_id: int = Field(
        sa_type=Integer,
        primary_key=True,
        sa_column_args=[ForeignKey("concours.id", ondelete="CASCADE")],
    )
    round: int = Field(sa_type=Integer, primary_key=True, sa_column_kwargs={"autoincrement": False})
    entrant_id: int = Field(
        sa_type=Integer, primary_key=True, sa_column_kwargs={"autoincrement": False}
    )
