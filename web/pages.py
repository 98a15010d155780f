"""The HTML pages: leaderboard, player, match replay (Jinja2, French first, English)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path as FilePath
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import HTMLResponse
from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

import games
from db import MatchSummary, Store

from . import cards, charts, data, i18n, words
from .api import EXPIRY_PATTERN, GUILD_PATTERN, SIGNATURE_PATTERN, GameSlug
from .replay import Frame

TEMPLATES = FilePath(__file__).resolve().parent / "templates"
ENV = Environment(
    loader=FileSystemLoader(TEMPLATES),
    autoescape=select_autoescape(("html",), default_for_string=True, default=True),
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)
SERIES_CSS = {None: "s-all", **{slug: f"s-{slug}" for slug in games.slugs()}}


def page_guild(
    request: Request,
    guild_id: Annotated[str, Path(pattern=GUILD_PATTERN)],
    expires: Annotated[str, Path(pattern=EXPIRY_PATTERN)],
    signature: Annotated[str, Path(pattern=SIGNATURE_PATTERN)],
) -> int:
    verified = getattr(request.state, "guild_id", None)
    if verified is None or str(verified) != guild_id:
        raise data.NotFound("unsigned")
    return int(verified)


Guild = Annotated[int, Depends(page_guild)]
Page = Annotated[int, Query(ge=1, le=data.MAX_PAGE)]
Season = Annotated[int | None, Query(ge=1, le=1_000_000)]
Lang = Annotated[str | None, Query(max_length=8)]

router = APIRouter(prefix="/g/{guild_id}/{expires}/{signature}", include_in_schema=False)


@dataclass(frozen=True)
class Ctx:
    """Per-request helpers the templates use: words in the reader's language and links."""

    lang: str
    chosen: bool  # the reader picked the language with the switch (kept in links)
    base: str  # the signed prefix, ending with "/"
    request: Request

    def t(self, key: str, **values: object) -> str:
        return i18n.text(key, self.lang, **values)

    def n(self, key: str, count: int) -> str:
        return i18n.counted(key, count, self.lang)

    def url(self, path: str = "", **query: object) -> str:
        """A link inside this server's pages, keeping the chosen language."""
        params = {k: v for k, v in query.items() if v is not None}
        if self.chosen:
            params["lang"] = self.lang
        return self.base + path + ("?" + urlencode(params) if params else "")

    def switch(self) -> str:
        """This very page in the other language."""
        other = "en" if self.lang == "fr" else "fr"
        params = dict(self.request.query_params)
        params["lang"] = other
        return self.request.url.path + "?" + urlencode(params)

    def game(self, slug: str | None) -> str:
        return words.game_name(slug, self.lang)

    def date(self, when: datetime) -> str:
        month = i18n.MONTHS[self.lang][when.month - 1]
        if self.lang == "fr":
            day = "1er" if when.day == 1 else str(when.day)
            return f"{day} {month} {when.year} à {when:%H:%M} UTC"
        return f"{month} {when.day}, {when.year}, {when:%H:%M} UTC"

    def short_date(self, when: datetime) -> str:
        if self.lang == "fr":
            return f"{when:%d/%m/%Y %H:%M}"
        return f"{i18n.MONTHS['en'][when.month - 1][:3]} {when.day}, {when.year} {when:%H:%M}"

    def rating(self, value: float) -> str:
        text = f"{value:.1f}"
        return text.replace(".", ",") if self.lang == "fr" else text


def context(request: Request, lang: str | None) -> Ctx:
    chosen = lang in i18n.LANGS
    picked = i18n.negotiate(lang, request.headers.get("accept-language"))
    return Ctx(picked, chosen, request.state.signed_prefix + "/", request)


def render(name: str, ctx: Ctx, status: int = 200, **values: Any) -> HTMLResponse:
    html = ENV.get_template(name).render(c=ctx, words=words, pictures=cards.HAVE_PICTURES, **values)
    return HTMLResponse(html, status_code=status)


def store_of(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


StoreDep = Annotated[Store, Depends(store_of)]


# --- leaderboard ------------------------------------------------------------------------
@router.get("/", response_class=HTMLResponse)
async def leaderboard(
    request: Request,
    guild: Guild,
    store: StoreDep,
    game: GameSlug | None = None,
    season: Season = None,
    page: Page = 1,
    lang: Lang = None,
) -> HTMLResponse:
    ctx = context(request, lang)
    min_matches = request.app.state.settings.min_rated_matches
    board = await data.board(
        store, guild, game=game, season=season, number=page, min_matches=min_matches
    )
    return render(
        "leaderboard.html",
        ctx,
        board=board,
        game=game,
        slugs=games.slugs(),
        min_matches=min_matches,
        recent=[match_line(ctx, m) for m in board.recent],
    )


@dataclass(frozen=True)
class MatchLine:
    """A finished match in a list: game, when, who finished where, and its replay link."""

    id: int
    game: str
    when: str
    seats: list[tuple[str, bool, int | None]]  # name, won, user id (None for an AI)
    href: str


def match_line(ctx: Ctx, m: MatchSummary) -> MatchLine:
    ordered = sorted(m.seats, key=lambda s: (s.rank, s.seat))
    return MatchLine(
        id=m.id,
        game=ctx.game(m.game),
        when=ctx.short_date(m.finished_at),
        seats=[(s.name, s.won, s.user_id) for s in ordered],
        href=ctx.url(f"match/{m.id}"),
    )


# --- player -------------------------------------------------------------------------------
@router.get("/player/{user_id}", response_class=HTMLResponse)
async def player(
    request: Request,
    guild: Guild,
    store: StoreDep,
    user_id: Annotated[int, Path(ge=0, le=2**63 - 1)],
    season: Season = None,
    page: Page = 1,
    lang: Lang = None,
) -> HTMLResponse:
    ctx = context(request, lang)
    p = await data.player(store, guild, user_id, season=season, number=page)
    # x: the match's place among all the player's matches of the season, for every line.
    place = {match_id: i for i, match_id in enumerate(sorted({h.match_id for h in p.history}))}
    series = []
    for slug in (None, *games.slugs()):
        points = [(place[h.match_id], h.rating) for h in p.history if h.game == slug]
        if points:
            series.append((ctx.game(slug), SERIES_CSS[slug], points))
    return render(
        "player.html",
        ctx,
        p=p,
        chart=charts.line_chart(series, len(place)),
        matches=[match_line(ctx, m) for m in p.matches],
    )


# --- match replay ---------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    is_ai: bool
    user_id: int | None
    hand: list[words.Face]
    score: Any
    role: str | None
    dealer: bool
    to_play: bool
    moved: bool  # made the move that led to this step


def seat_views(ctx: Ctx, m: data.Match, frame: Frame) -> list[SeatView]:
    public = frame.public
    scores = public.get("scores") or []
    roles = public.get("roles") or []
    mover = m.match.moves[frame.step - 1].seat if frame.step else None
    found = []
    for s in sorted(m.summary.seats, key=lambda s: s.seat):
        role = roles[s.seat] if s.seat < len(roles) and isinstance(roles[s.seat], str) else None
        found.append(
            SeatView(
                seat=s.seat,
                name=s.name,
                is_ai=s.is_ai,
                user_id=s.user_id,
                hand=words.faces(frame.hands[s.seat], ctx.lang),
                score=scores[s.seat] if s.seat < len(scores) else None,
                role=words.role_name(role, ctx.lang) if role else None,
                dealer=public.get("dealer") == s.seat,
                to_play=s.seat in frame.to_move,
                moved=s.seat == mover,
            )
        )
    return found


def narration(ctx: Ctx, m: data.Match, frame: Frame) -> tuple[str | None, list[str]]:
    """The move that led here ("Alice joue 10♥") and what it caused, in words."""
    if frame.step == 0:
        return None, []
    move = m.match.moves[frame.step - 1]
    names = m.names
    who = names[move.seat] if move.seat < len(names) else "?"
    told = [words.describe_event(e, names, ctx.lang) for e in frame.events]
    return f"{who} {words.describe_move(move.action_id, ctx.lang)}", [x for x in told if x]


@router.get("/match/{match_id}", response_class=HTMLResponse)
async def match(
    request: Request,
    guild: Guild,
    store: StoreDep,
    match_id: Annotated[int, Path(ge=1, le=2**31 - 1)],
    step: Annotated[int | None, Query(ge=0, le=data.MAX_STEP)] = None,
    lang: Lang = None,
) -> HTMLResponse:
    ctx = context(request, lang)
    m = await data.match(store, guild, match_id, step=step)
    frame = m.frame
    values: dict[str, Any] = {"m": m, "frame": frame, "result": result_lines(m)}
    if frame is not None:
        last, told = narration(ctx, m, frame)
        values.update(
            seats=seat_views(ctx, m, frame),
            zones=words.zones(frame.public, m.names, ctx.lang),
            last=last,
            told=told,
            step_url=step_link(ctx, match_id),
        )
    return render("match.html", ctx, **values)


def step_link(ctx: Ctx, match_id: int) -> Callable[[int], str]:
    return lambda step: ctx.url(f"match/{match_id}", step=step)


def result_lines(m: data.Match) -> list[Any]:
    return sorted(m.summary.seats, key=lambda s: (s.rank, s.seat))
