"""The JSON API: the pages' data under `/api/g/{guild}/{expiry}/{signature}/`.

Discord ids are strings (they do not fit a JavaScript number). The schema FastAPI
generates from these models is served at `/api/openapi.json`.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request
from pydantic import BaseModel, Field

import games
from db import MatchSummary, SeasonInfo, Store

from . import data
from .replay import Frame
from .security import Guild

if TYPE_CHECKING:

    class GameSlug(StrEnum):
        """A registered game's slug (its members are known only when the app starts)."""

else:
    # Every game registered when the web starts, as the OpenAPI schema's enumeration. A
    # StrEnum: its members are their slugs wherever a string is made of one (links, SQL).
    GameSlug = StrEnum("GameSlug", {slug: slug for slug in games.slugs()})


def slug_of(game: GameSlug | None) -> str | None:
    """The plain slug the Store and the games take (None: every game)."""
    return None if game is None else game.value


class ErrorOut(BaseModel):
    detail: str


Page = Annotated[int, Query(ge=1, le=data.MAX_PAGE, description="1-based page number.")]
Season = Annotated[int | None, Query(ge=1, le=1_000_000, description="Season number.")]

router = APIRouter(
    prefix="/api/g/{guild_id}/{expires}/{signature}",
    tags=["server"],
    responses={404: {"model": ErrorOut, "description": "Not found, or a wrong or expired link."}},
)


def store_of(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


StoreDep = Annotated[Store, Depends(store_of)]


# --- models -------------------------------------------------------------------------------
class SeasonOut(BaseModel):
    number: int
    current: bool
    started_at: datetime
    ended_at: datetime | None

    @classmethod
    def of(cls, s: SeasonInfo) -> SeasonOut:
        return cls(number=s.number, current=s.current, started_at=s.started_at, ended_at=s.ended_at)


class BoardRowOut(BaseModel):
    rank: int | None = Field(description="Place among ranked players; null while unranked.")
    user_id: str
    name: str
    rating: float | None = Field(description="mu - 3 sigma; null while unranked.")
    matches: int
    wins: int
    points: int


class SeatOut(BaseModel):
    seat: int
    user_id: str | None
    is_ai: bool
    name: str
    rank: int
    score: int
    season_points: int
    won: bool


class MatchOut(BaseModel):
    id: int
    game: GameSlug
    season: int
    finished_at: datetime
    rated: bool
    teams: list[list[int]] | None
    seats: list[SeatOut]

    @classmethod
    def of(cls, m: MatchSummary) -> MatchOut:
        return cls(
            id=m.id,
            game=GameSlug(m.game),
            season=m.season,
            finished_at=m.finished_at,
            rated=m.rated,
            teams=m.teams,
            seats=[
                SeatOut(
                    seat=s.seat,
                    user_id=None if s.user_id is None else str(s.user_id),
                    is_ai=s.is_ai,
                    name=s.name,
                    rank=s.rank,
                    score=s.score,
                    season_points=s.season_points,
                    won=s.won,
                )
                for s in m.seats
            ],
        )


class LeaderboardOut(BaseModel):
    season: int | None
    seasons: list[SeasonOut]
    game: GameSlug | None
    page: int
    pages: int
    total: int
    ranked: int
    min_matches: int
    rows: list[BoardRowOut]
    recent: list[MatchOut]


class MatchListOut(BaseModel):
    page: int
    has_next: bool
    matches: list[MatchOut]


class RecordOut(BaseModel):
    season: int
    current: bool
    game: GameSlug | None = Field(description="null: all games together.")
    matches: int
    wins: int
    points: int
    rating: float


class PointOut(BaseModel):
    match_id: int
    season: int
    game: GameSlug | None
    finished_at: datetime
    rating: float


class PlayerOut(BaseModel):
    user_id: str
    name: str
    records: list[RecordOut]
    season: int | None = Field(description="The season `history` covers.")
    history: list[PointOut]
    page: int
    has_next: bool
    matches: list[MatchOut]


class MoveOut(BaseModel):
    seq: int
    seat: int
    action: str


class MatchDetailOut(BaseModel):
    match: MatchOut
    replayable: bool
    moves: list[MoveOut]
    deal_starts: list[int] = Field(description="Steps where each deal starts.")


class StepOut(BaseModel):
    match_id: int
    step: int = Field(description="0: after the deal; n: after move n.")
    total: int
    deal: int
    deals: int
    hands: list[list[str]] = Field(
        description="Every seat's hand as its player sorts it (the match is over)."
    )
    public: dict[str, Any] = Field(description="What a spectator saw at this step.")
    to_move: list[int]
    last_move: MoveOut | None


# --- routes -------------------------------------------------------------------------------
@router.get("/leaderboard", response_model=LeaderboardOut)
async def leaderboard(
    request: Request,
    guild: Guild,
    store: StoreDep,
    game: GameSlug | None = None,
    season: Season = None,
    page: Page = 1,
) -> LeaderboardOut:
    """The season leaderboard, ordered as the bot's /leaderboard."""
    min_matches = request.app.state.settings.min_rated_matches
    board = await data.board(
        store, guild, game=slug_of(game), season=season, number=page, min_matches=min_matches
    )
    rows = board.page.rows if board.page else []
    return LeaderboardOut(
        season=board.season.number if board.season else None,
        seasons=[SeasonOut.of(s) for s in board.seasons],
        game=game,
        page=board.number,
        pages=board.pages,
        total=board.page.total if board.page else 0,
        ranked=board.page.ranked if board.page else 0,
        min_matches=min_matches,
        rows=[
            BoardRowOut(
                rank=r.rank,
                user_id=str(r.user_id),
                name=r.name,
                rating=r.rating if r.matches >= min_matches else None,
                matches=r.matches,
                wins=r.wins,
                points=r.points,
            )
            for r in rows
        ],
        recent=[MatchOut.of(m) for m in board.recent],
    )


@router.get("/matches", response_model=MatchListOut)
async def match_list(
    guild: Guild, store: StoreDep, game: GameSlug | None = None, page: Page = 1
) -> MatchListOut:
    """The server's finished matches, newest first."""
    found, more = await data.matches(store, guild, game=slug_of(game), number=page)
    return MatchListOut(page=page, has_next=more, matches=[MatchOut.of(m) for m in found])


@router.get("/players/{user_id}", response_model=PlayerOut)
async def player(
    guild: Guild,
    store: StoreDep,
    user_id: Annotated[int, Path(ge=0, le=2**63 - 1)],
    season: Season = None,
    page: Page = 1,
) -> PlayerOut:
    """A player's record per game and season, rating history and latest matches."""
    p = await data.player(store, guild, user_id, season=season, number=page)
    return PlayerOut(
        user_id=str(p.user_id),
        name=p.name,
        records=[
            RecordOut(
                season=r.season,
                current=r.current,
                game=None if r.game is None else GameSlug(r.game),
                matches=r.matches,
                wins=r.wins,
                points=r.points,
                rating=r.rating,
            )
            for r in p.records
        ],
        season=p.season,
        history=[
            PointOut(
                match_id=h.match_id,
                season=h.season,
                game=None if h.game is None else GameSlug(h.game),
                finished_at=h.finished_at,
                rating=h.rating,
            )
            for h in p.history
        ],
        page=p.number,
        has_next=p.has_next,
        matches=[MatchOut.of(m) for m in p.matches],
    )


MatchId = Annotated[int, Path(ge=1, le=2**31 - 1)]


@router.get("/matches/{match_id}", response_model=MatchDetailOut)
async def match_detail(guild: Guild, store: StoreDep, match_id: MatchId) -> MatchDetailOut:
    """A finished match: result, move log and where each deal starts."""
    m = await data.match(store, guild, match_id, step=0)
    return MatchDetailOut(
        match=MatchOut.of(m.summary),
        replayable=m.frame is not None,
        moves=[MoveOut(seq=x.seq, seat=x.seat, action=x.action_id) for x in m.match.moves],
        deal_starts=list(m.frame.deal_starts) if m.frame else [],
    )


@router.get("/matches/{match_id}/steps/{step}", response_model=StepOut)
async def match_step(
    guild: Guild,
    store: StoreDep,
    match_id: MatchId,
    step: Annotated[int, Path(ge=0, le=data.MAX_STEP)],
) -> StepOut:
    """The replayed position after `step` moves, every hand shown."""
    m = await data.match(store, guild, match_id, step=step)
    if m.frame is None:
        raise data.NotFound("not replayable")
    return step_out(match_id, m.frame, m.match.moves[step - 1] if step else None)


def step_out(match_id: int, frame: Frame, last: Any) -> StepOut:
    return StepOut(
        match_id=match_id,
        step=frame.step,
        total=frame.total,
        deal=frame.deal,
        deals=frame.deals,
        hands=[list(hand.cards) for hand in frame.hands],
        public=frame.public,
        to_move=frame.to_move,
        last_move=None
        if last is None
        else MoveOut(seq=last.seq, seat=last.seat, action=last.action_id),
    )
