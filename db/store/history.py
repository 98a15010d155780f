"""Finished play, read only: finished matches and their replays, rating history, and the
web companion's whole pages.

Everything here is scoped by guild: a match or a player of another server is simply not
found. Only recorded matches (so finished ones) are ever returned. A page's reads run in
one read transaction (`board_page`, `player_page`, `match`), in one trip to a worker
thread on SQLite (`Database.read_all`): one consistent snapshot, and no event loop round
trip per statement.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import ColumnElement, Select, select
from sqlalchemy.orm import Session

from .. import ratings
from ..records import (
    ALL_GAMES,
    BoardPage,
    FinishedMatch,
    HintRecord,
    MatchSeat,
    MatchSummary,
    MoveRecord,
    PlayerPage,
    RatingPoint,
    TableStatus,
    is_practice,
)
from .concours_rows import CONCOURS, ROUND_TABLES
from .database import (
    HISTORY,
    MATCHES,
    MOVES,
    RATINGS,
    RESULTS,
    SEASONS,
    SEATS,
    TABLES,
    Database,
    as_utc,
    check_game,
)
from .hints import HINTS
from .leaderboard import leaderboard_page, player_stats
from .seasons import guild_seasons

FINISHED = TableStatus.FINISHED.value
CANCELLED = TableStatus.CANCELLED.value


def _check_page(offset: int, limit: int) -> None:
    if offset < 0 or limit < 1:
        raise ValueError("offset >= 0 and limit >= 1 are required")


# --- inside a read transaction --------------------------------------------------------------
def _finished(s: Session, where: ColumnElement[bool]) -> FinishedMatch | None:
    found = _summaries(s, where, limit=1)
    if not found:
        return None
    (summary,) = found.values()
    seed, options = s.execute(
        select(TABLES.c.seed, TABLES.c.options).where(TABLES.c.id == summary.table_id)
    ).one()
    return _with_log(s, summary, int(seed), dict(options or {}))


def _with_log(
    s: Session, summary: MatchSummary, seed: int, options: dict[str, Any]
) -> FinishedMatch:
    """The match with its table's move log and the hints asked."""
    moves = [
        MoveRecord(seq, seat, action_id)
        for seq, seat, action_id in s.execute(
            select(MOVES.c.seq, MOVES.c.seat, MOVES.c.action_id)
            .where(MOVES.c.table_id == summary.table_id)
            .order_by(MOVES.c.seq)
        )
    ]
    hints = [
        HintRecord(seq, seat)
        for seq, seat in s.execute(
            select(HINTS.c.seq, HINTS.c.seat)
            .where(HINTS.c.table_id == summary.table_id)
            .order_by(HINTS.c.seq, HINTS.c.seat)
        )
    ]
    return FinishedMatch(summary, seed, options, moves, hints)


def _settled(s: Session, guild_id: int, table_id: int) -> FinishedMatch | None:
    """A concours table of the guild settled when its round closed (cancelled, its points
    stored, marked settled): its log stops mid-match, and only this mark lets a replay
    reader accept that. Its seats are as seated; their ranks and scores are the replay
    reader's to take from where the match stopped. It is no recorded match (id 0)."""
    found = s.execute(
        select(TABLES.c.game, TABLES.c.seed, TABLES.c.options, TABLES.c.updated_at)
        .join(ROUND_TABLES, ROUND_TABLES.c.table_id == TABLES.c.id)
        .join(CONCOURS, CONCOURS.c.id == ROUND_TABLES.c.concours_id)
        .where(
            (TABLES.c.id == table_id)
            & (TABLES.c.guild_id == guild_id)
            & (CONCOURS.c.guild_id == guild_id)
            & (TABLES.c.status == CANCELLED)
            & ROUND_TABLES.c.settled  # stored with its points, in one write
        )
    ).one_or_none()
    if found is None:
        return None
    seats = [
        MatchSeat(row.seat, row.user_id, bool(row.is_ai), row.name, 0, 0, 0, won=False)
        for row in s.execute(
            select(SEATS.c.seat, SEATS.c.user_id, SEATS.c.is_ai, SEATS.c.name)
            .where(SEATS.c.table_id == table_id)
            .order_by(SEATS.c.seat)
        )
    ]
    stopped = as_utc(found.updated_at)
    assert stopped is not None
    summary = MatchSummary(
        id=0,
        table_id=table_id,
        game=found.game,
        season=0,
        finished_at=stopped,
        rated=False,
        teams=None,
        seats=seats,
        settled=True,
    )
    return _with_log(s, summary, int(found.seed), dict(found.options or {}))


def _recent(
    s: Session,
    guild_id: int,
    game: str | None,
    user_id: int | None,
    offset: int,
    limit: int,
) -> list[MatchSummary]:
    _check_page(offset, limit)
    if game is not None:
        check_game(game)
    if user_id is None:
        where = MATCHES.c.guild_id == guild_id
        if game is not None:
            where &= MATCHES.c.game == game
    else:
        theirs = (RESULTS.c.guild_id == guild_id) & (RESULTS.c.user_id == user_id)
        if game is not None:
            theirs &= RESULTS.c.game == game
        ids = (
            select(RESULTS.c.match_id)
            .where(theirs)
            .distinct()
            .order_by(RESULTS.c.match_id.desc())
            .offset(offset)
            .limit(limit)
        )
        where = MATCHES.c.id.in_(ids.scalar_subquery())
        offset = 0
    found = _summaries(s, where, offset=offset, limit=limit)
    return sorted(found.values(), key=lambda m: -m.id)


def _summaries(
    s: Session,
    where: ColumnElement[bool],
    *,
    offset: int = 0,
    limit: int | None = None,
) -> dict[int, MatchSummary]:
    """Headers matching `where` (finished tables only), newest first from `offset`, at
    most `limit`, with their seats: two queries whatever the number of matches."""
    query: Select[Any] = (
        select(
            MATCHES.c.id,
            MATCHES.c.table_id,
            MATCHES.c.game,
            SEASONS.c.number,
            MATCHES.c.finished_at,
            MATCHES.c.rated,
            MATCHES.c.teams,
            TABLES.c.status,
            TABLES.c.options,
        )
        .join(SEASONS, SEASONS.c.id == MATCHES.c.season_id)
        .join(TABLES, TABLES.c.id == MATCHES.c.table_id)
        .where(where)
        .order_by(MATCHES.c.id.desc())
        .offset(offset)
        .limit(limit)
    )
    # The status is checked here rather than in SQL: as a condition it tempts SQLite
    # into walking every finished table through the status index.
    headers = [h for h in s.execute(query) if h.status == FINISHED]
    if not headers:
        return {}
    seats: dict[int, list[MatchSeat]] = defaultdict(list)
    for row in s.execute(
        select(
            RESULTS.c.match_id,
            RESULTS.c.seat,
            RESULTS.c.user_id,
            RESULTS.c.is_ai,
            RESULTS.c.name,
            RESULTS.c.rank,
            RESULTS.c.score,
            RESULTS.c.season_points,
            RESULTS.c.won,
        )
        .where(RESULTS.c.match_id.in_([h.id for h in headers]))
        .order_by(RESULTS.c.match_id, RESULTS.c.seat)
    ):
        seats[row.match_id].append(
            MatchSeat(
                seat=row.seat,
                user_id=row.user_id,
                is_ai=bool(row.is_ai),
                name=row.name,
                rank=row.rank,
                score=row.score,
                season_points=row.season_points,
                won=bool(row.won),
            )
        )
    summaries = {}
    for h in headers:
        finished = as_utc(h.finished_at)
        assert finished is not None
        summaries[h.id] = MatchSummary(
            id=h.id,
            table_id=h.table_id,
            game=h.game,
            season=h.number,
            finished_at=finished,
            rated=bool(h.rated),
            teams=h.teams,
            seats=seats.get(h.id, []),
            practice=is_practice(h.options),
        )
    return summaries


def rating_points(s: Session, guild_id: int, user_id: int, season: int | None) -> list[RatingPoint]:
    """The player's rating after each of their recorded matches, oldest first.

    One point per match for its game and one for all games (game None); season None
    gives every season (each season starts from the initial rating again).
    """
    where = (HISTORY.c.guild_id == guild_id) & (HISTORY.c.user_id == user_id)
    if season is not None:
        where &= SEASONS.c.number == season
    rows = s.execute(
        select(
            HISTORY.c.match_id,
            SEASONS.c.number,
            HISTORY.c.game,
            MATCHES.c.finished_at,
            HISTORY.c.mu,
            HISTORY.c.sigma,
        )
        .join(SEASONS, SEASONS.c.id == HISTORY.c.season_id)
        .join(MATCHES, MATCHES.c.id == HISTORY.c.match_id)
        .where(where)
        .order_by(HISTORY.c.match_id, HISTORY.c.game)
    )
    points = []
    for match_id, number, game, finished_at, mu, sigma in rows:
        finished = as_utc(finished_at)
        assert finished is not None
        points.append(
            RatingPoint(
                match_id=match_id,
                season=number,
                game=None if game == ALL_GAMES else game,
                finished_at=finished,
                mu=mu,
                sigma=sigma,
                rating=ratings.conservative(mu, sigma),
            )
        )
    return points


def _player_name(s: Session, guild_id: int, user_id: int) -> str | None:
    name = s.scalar(
        select(RATINGS.c.name)
        .where((RATINGS.c.guild_id == guild_id) & (RATINGS.c.user_id == user_id))
        .order_by(RATINGS.c.updated_at.desc(), RATINGS.c.season_id.desc())
        .limit(1)
    )
    return None if name is None else str(name)


class History:
    """What the web pages and API, and the bot's replays, read; nothing here writes."""

    def __init__(self, db: Database) -> None:
        self._db = db

    # --- whole pages ----------------------------------------------------------------------
    async def board_page(
        self,
        guild_id: int,
        *,
        game: str | None,
        season: int | None,
        offset: int,
        limit: int,
        min_matches: int,
        recent: int,
    ) -> BoardPage:
        """Seasons, one leaderboard page (as `Leaderboard.page`) and the latest matches.

        Season None is the open season, or the last one when none is open.
        """

        def read(s: Session) -> BoardPage:
            seasons = guild_seasons(s, guild_id)
            number = season
            if number is None:
                open_ = [x.number for x in seasons if x.current]
                number = open_[-1] if open_ else (seasons[-1].number if seasons else None)
            page = None
            if number is not None and any(x.number == number for x in seasons):
                page = leaderboard_page(s, guild_id, game, number, offset, limit, min_matches)
            latest = _recent(s, guild_id, game, None, 0, recent) if recent else []
            return BoardPage(seasons, page, latest)

        return await self._db.read_all(read)

    async def player_page(
        self, guild_id: int, user_id: int, *, season: int | None, offset: int, limit: int
    ) -> PlayerPage | None:
        """A player's name, record, rating history for a season (None: their latest) and
        latest matches; None if they never finished a match on the guild."""

        def read(s: Session) -> PlayerPage | None:
            name = _player_name(s, guild_id, user_id)
            if name is None:
                return None
            records = player_stats(s, guild_id, user_id)
            number = season
            if number is None and records:
                number = max(r.season for r in records)
            history = rating_points(s, guild_id, user_id, number) if number is not None else []
            matches = _recent(s, guild_id, None, user_id, offset, limit)
            return PlayerPage(name, records, number, history, matches)

        return await self._db.read_all(read)

    # --- single reads ---------------------------------------------------------------------
    async def recent(
        self,
        guild_id: int,
        *,
        game: str | None = None,
        user_id: int | None = None,
        offset: int = 0,
        limit: int = 10,
    ) -> list[MatchSummary]:
        """The guild's finished matches, newest first; only `user_id`'s if given."""
        return await self._db.read_all(lambda s: _recent(s, guild_id, game, user_id, offset, limit))

    async def match(self, guild_id: int, match_id: int) -> FinishedMatch | None:
        """A finished match of the guild with its seed, options and move log; else None."""
        where = (MATCHES.c.id == match_id) & (MATCHES.c.guild_id == guild_id)
        return await self._db.read_all(lambda s: _finished(s, where))

    async def match_at_table(self, guild_id: int, table_id: int) -> FinishedMatch | None:
        """The finished match played at a table of the guild, as `match`; None for
        a table of another guild, a table still open, or none at all (reviews)."""
        where = (MATCHES.c.table_id == table_id) & (MATCHES.c.guild_id == guild_id)
        return await self._db.read_all(lambda s: _finished(s, where))

    async def replay_at_table(self, guild_id: int, table_id: int) -> FinishedMatch | None:
        """As `match_at_table`, or else the concours table settled there when its round
        closed (`summary.settled`): what the bot's replays show."""
        where = (MATCHES.c.table_id == table_id) & (MATCHES.c.guild_id == guild_id)
        return await self._db.read_all(
            lambda s: _finished(s, where) or _settled(s, guild_id, table_id)
        )

    async def settled_at_table(self, guild_id: int, table_id: int) -> FinishedMatch | None:
        """Only the concours table settled at `table_id` (the web page of its replay)."""
        return await self._db.read_all(lambda s: _settled(s, guild_id, table_id))
