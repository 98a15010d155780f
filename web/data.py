"""What each page shows, read from the Store once and shared by the HTML pages and the API.

Raises NotFound for anything that does not exist on this server (an unknown season,
player or match, a page past the last); the app turns it into the same 404 as a bad link.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from concours import Bye, Game, Line, standings
from db import (
    ConcoursRecord,
    FinishedMatch,
    LeaderboardPage,
    MatchSummary,
    RatingPoint,
    SeasonInfo,
    StatRow,
    Store,
)

from . import replay

BOARD_PAGE = 25
MATCHES_PAGE = 20
RECENT = 8
MAX_PAGE = 1000
"""Pages are numbered 1..MAX_PAGE; a larger number is refused before any query."""
MAX_STEP = 100_000


class NotFound(LookupError):
    """Nothing to show here; answered by the same 404 as a wrong link."""


@dataclass(frozen=True, slots=True)
class Board:
    seasons: list[SeasonInfo]
    season: SeasonInfo | None
    page: LeaderboardPage | None
    number: int  # 1-based page number
    pages: int
    size: int
    recent: list[MatchSummary]


@dataclass(frozen=True, slots=True)
class Player:
    user_id: int
    name: str
    records: list[StatRow]
    seasons: list[int]  # seasons they played, newest first
    season: int | None  # the season the chart shows
    history: list[RatingPoint]
    matches: list[MatchSummary]
    number: int
    has_next: bool


@dataclass(frozen=True, slots=True)
class Match:
    match: FinishedMatch
    frame: replay.Frame | None  # None when the log no longer replays
    unit: str | None = None  # what the final scores count (`card`...); None: unknown

    @property
    def summary(self) -> MatchSummary:
        return self.match.summary

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in sorted(self.summary.seats, key=lambda s: s.seat)]


async def board(
    store: Store,
    guild_id: int,
    *,
    game: str | None,
    season: int | None,
    number: int,
    min_matches: int,
    size: int = BOARD_PAGE,
) -> Board:
    """One page of the season leaderboard, ordered and counted exactly as /leaderboard."""
    found = await store.history.board_page(
        guild_id,
        game=game,
        season=season,
        offset=(number - 1) * size,
        limit=size,
        min_matches=min_matches,
        recent=RECENT if number == 1 else 0,
    )
    if season is not None and found.page is None:
        raise NotFound(f"season {season}")
    chosen = None
    if found.page is not None:
        chosen = next(s for s in found.seasons if s.number == found.page.season)
    pages = max(1, -(-found.page.total // size)) if found.page else 1
    if number > pages:
        raise NotFound(f"page {number}")
    return Board(found.seasons, chosen, found.page, number, pages, size, found.recent)


async def player(
    store: Store, guild_id: int, user_id: int, *, season: int | None, number: int
) -> Player:
    found = await store.history.player_page(
        guild_id,
        user_id,
        season=season,
        offset=(number - 1) * MATCHES_PAGE,
        limit=MATCHES_PAGE + 1,
    )
    if found is None:
        raise NotFound(f"player {user_id}")
    seasons = sorted({r.season for r in found.records}, reverse=True)
    if season is not None and season not in seasons:
        raise NotFound(f"season {season}")
    if number > 1 and not found.matches:
        raise NotFound(f"page {number}")
    return Player(
        user_id=user_id,
        name=found.name,
        records=found.records,
        seasons=seasons,
        season=found.season,
        history=found.history,
        matches=found.matches[:MATCHES_PAGE],
        number=number,
        has_next=len(found.matches) > MATCHES_PAGE,
    )


async def matches(
    store: Store, guild_id: int, *, game: str | None, number: int
) -> tuple[list[MatchSummary], bool]:
    """A page of the server's finished matches, newest first, and whether more follow."""
    found = await store.history.recent(
        guild_id, game=game, offset=(number - 1) * MATCHES_PAGE, limit=MATCHES_PAGE + 1
    )
    if number > 1 and not found:
        raise NotFound(f"page {number}")
    return found[:MATCHES_PAGE], len(found) > MATCHES_PAGE


async def match(store: Store, guild_id: int, match_id: int, *, step: int | None) -> Match:
    """A finished match and, when its log replays, the position at `step` (0 if None)."""
    found = await store.history.match(guild_id, match_id)
    if found is None:
        raise NotFound(f"match {match_id}")
    return shown(found, step)


async def settled(store: Store, guild_id: int, table_id: int, *, step: int | None) -> Match:
    """A concours table settled when its round closed, as `match`: it stops mid-match."""
    found = await store.history.settled_at_table(guild_id, table_id)
    if found is None:
        raise NotFound(f"settled table {table_id}")
    return shown(found, step)


def shown(found: FinishedMatch, step: int | None) -> Match:
    """The match at `step`; a settled table's seats ranked and scored where it stopped."""
    moves = [(m.seat, m.action_id) for m in found.moves]
    wanted = 0 if step is None else step
    if wanted > len(moves):
        raise NotFound(f"step {wanted}")
    summary = found.summary
    game, players = summary.game, len(summary.seats)
    try:
        walked = replay.walk(
            game, players, found.seed, found.options, moves, settled=summary.settled
        )
        frame = replay.frame(game, players, found.seed, found.options, moves, wanted, walked.starts)
    except replay.ReplayError:
        return Match(found, None)
    if summary.settled:
        seats = [
            dataclasses.replace(s, rank=walked.ranks[s.seat], score=walked.scores[s.seat])
            for s in summary.seats
        ]
        found = dataclasses.replace(found, summary=dataclasses.replace(summary, seats=seats))
    return Match(found, frame, walked.unit)


@dataclass(frozen=True, slots=True)
class Concours:
    """A concours page: the concours, its standings and each finished table's match."""

    concours: ConcoursRecord
    lines: list[Line]
    replays: dict[int, str]  # game table id -> its replay page's path


async def concours(store: Store, guild_id: int, concours_id: int) -> Concours:
    found = await store.concours.get(concours_id)
    if found is None or found.guild_id != guild_id:
        raise NotFound(f"concours {concours_id}")
    entrants = [e.id for e in found.entrants if e.active]
    played = [
        Game(t.round, dict(zip(t.sides, t.points, strict=True)))
        for t in found.tables
        if t.points is not None
    ]
    lines = standings(entrants, played, [Bye(r, e) for r, e in found.byes])
    replays = {t: f"match/{m}" for t, m in (await store.concours.replays(concours_id)).items()}
    for t in found.tables:
        if t.settled and t.table_id is not None and t.points is not None:
            replays[t.table_id] = f"table/{t.table_id}"
    return Concours(found, lines, replays)
