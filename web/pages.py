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
from markupsafe import Markup

import games
from concours import same_cards as held
from db import MatchSummary, Store
from games.lang import amount
from games.words import Words

from . import charts, data, i18n, reviews, words
from .api import GameSlug, slug_of
from .replay import Frame
from .security import Guild

TEMPLATES = FilePath(__file__).resolve().parent / "templates"
ENV = Environment(
    loader=FileSystemLoader(TEMPLATES),
    autoescape=select_autoescape(("html",), default_for_string=True, default=True),
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)


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

    def n(self, unit: str, count: int) -> str:
        """`count` with a shared noun of games/words.py: `0 partie`, `2 matches`."""
        return amount(count, unit, self.lang)

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

    def m(self, text: str) -> Markup:
        """A game's text with its family marks drawn as shapes (no emoji on a page)."""
        return words.marked(text, self.lang)

    def score(self, m: data.Match, n: int | None) -> str:
        """A final score with what it counts (`3 cartes`, `152 points`): a bare number
        reads as points. Empty when there is none; bare only when the unit is unknown (a
        log that no longer replays)."""
        if n is None:
            return ""
        game = games.words_of(m.summary.game)
        if game is None or m.unit is None:
            return str(n)
        return game.amount(n, m.unit, self.lang)

    def game(self, slug: str | None) -> str:
        """The game's own name; None is every game."""
        if slug is None:
            return i18n.text("all_games", self.lang)
        return games.game_name(slug, self.lang)

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
    html = ENV.get_template(name).render(c=ctx, **values)
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
    slug = slug_of(game)
    board = await data.board(
        store, guild, game=slug, season=season, number=page, min_matches=min_matches
    )
    return render(
        "leaderboard.html",
        ctx,
        board=board,
        game=slug,
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
    practice: bool = False  # a practice match: listed, marked, counted nowhere


def match_line(ctx: Ctx, m: MatchSummary) -> MatchLine:
    ordered = sorted(m.seats, key=lambda s: (s.rank, s.seat))
    return MatchLine(
        id=m.id,
        game=ctx.game(m.game),
        when=ctx.short_date(m.finished_at),
        seats=[(s.name, s.won, s.user_id) for s in ordered],
        href=ctx.url(f"match/{m.id}"),
        practice=m.practice,
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
            series.append((ctx.game(slug), charts.colour_of(slug), points))
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
    """A seat of the replay: who sat there (the Store) and what the table showed (the game)."""

    name: str
    is_ai: bool
    user_id: int | None
    moved: bool  # made the move that led to this step
    shows: words.SeatWords


def seat_views(ctx: Ctx, m: data.Match, frame: Frame, game: Words) -> list[SeatView]:
    mover = m.match.moves[frame.step - 1].seat if frame.step else None
    shown = {s.seat: s for s in words.seats(game, frame.facts, frame.hands, m.names, ctx.lang)}
    found = []
    for s in sorted(m.summary.seats, key=lambda s: s.seat):
        if s.seat in shown:
            found.append(SeatView(s.name, s.is_ai, s.user_id, s.seat == mover, shown[s.seat]))
    return found


def narration(ctx: Ctx, m: data.Match, frame: Frame, game: Words) -> tuple[str | None, list[str]]:
    """The move that led here ("Alice joue 10♥") and what it caused, in the game's words,
    and who asked for a hint before it."""
    if frame.step == 0:
        return None, []
    move = m.match.moves[frame.step - 1]
    last, told = words.narration(game, frame.events, (move.seat, move.action_id), m.names, ctx.lang)
    names = m.names
    hinted = [
        i18n.text("hinted", ctx.lang, who=names[h.seat] if 0 <= h.seat < len(names) else "?")
        for h in m.match.hints
        if h.seq == frame.step
    ]
    return last, [*told, *hinted]


@router.get("/match/{match_id}", response_class=HTMLResponse)
async def match(
    request: Request,
    guild: Guild,
    store: StoreDep,
    match_id: Annotated[int, Path(ge=1, le=2**31 - 1)],
    step: Annotated[int | None, Query(ge=0, le=data.MAX_STEP)] = None,
    lang: Lang = None,
    review: Annotated[int | None, Query(ge=0, le=99)] = None,
    rt: Annotated[str | None, Query(max_length=64)] = None,
) -> HTMLResponse:
    ctx = context(request, lang)
    m = await data.match(store, guild, match_id, step=step)
    secret = request.app.state.settings.secret()
    marks = await reviews.reviewed(store, secret, guild, m, review, rt, ctx.lang)
    return replay_page(
        ctx, m, marks, step_link(ctx, f"match/{match_id}", (review, rt) if marks else None)
    )


@router.get("/table/{table_id}", response_class=HTMLResponse)
async def settled(
    request: Request,
    guild: Guild,
    store: StoreDep,
    table_id: Annotated[int, Path(ge=1, le=2**31 - 1)],
    step: Annotated[int | None, Query(ge=0, le=data.MAX_STEP)] = None,
    lang: Lang = None,
) -> HTMLResponse:
    """A concours table settled when its round closed: its replay, stopping there."""
    ctx = context(request, lang)
    m = await data.settled(store, guild, table_id, step=step)
    return replay_page(ctx, m, None, step_link(ctx, f"table/{table_id}"))


def replay_page(
    ctx: Ctx, m: data.Match, marks: reviews.Reviewed | None, step_url: Callable[[int], str]
) -> HTMLResponse:
    """The page of a match (or a settled concours table) at its frame."""
    frame = m.frame
    values: dict[str, Any] = {"m": m, "frame": frame, "result": result_lines(m), "marks": marks}
    game = games.words_of(m.summary.game)
    if game is None:  # a game this version no longer has: its log could not replay anyway
        values["frame"] = frame = None
    if frame is not None and game is not None:
        last, told = narration(ctx, m, frame, game)
        values.update(
            seats=seat_views(ctx, m, frame, game),
            table=words.table(game, frame.facts, m.names, ctx.lang),
            last=last,
            told=told,
            step_url=step_url,
        )
    return render("match.html", ctx, **values)


def step_link(
    ctx: Ctx, path: str, marks: tuple[int | None, str | None] | None = None
) -> Callable[[int], str]:
    """A step's link; a page marking a review keeps marking it."""
    review, rt = marks or (None, None)
    return lambda step: ctx.url(path, step=step, review=review, rt=rt)


def result_lines(m: data.Match) -> list[Any]:
    return sorted(m.summary.seats, key=lambda s: (s.rank, s.seat))


# --- concours -------------------------------------------------------------------------------
@dataclass(frozen=True)
class RoundView:
    number: int
    tables: list[Any]  # RoundTableRecord
    byes: list[str]
    # Duplicate deals: for each place at the table, who held those cards at each table and
    # what they made of them, best first: (name, points, table number).
    same_cards: list[list[tuple[str, int, int]]]


def same_cards(tables: list[Any], names: dict[int, str]) -> list[list[tuple[str, int, int]]]:
    return [[(names[h.entrant], h.points, h.table) for h in place] for place in held(tables)]


@router.get("/concours/{concours_id}", response_class=HTMLResponse)
async def concours(
    request: Request,
    guild: Guild,
    store: StoreDep,
    concours_id: Annotated[int, Path(ge=1, le=2**31 - 1)],
    lang: Lang = None,
) -> HTMLResponse:
    """A concours: its standings (points per round, byes) and every round's tables, each
    finished one linked to its replay. Scores only: never a card, never the deal seed."""
    ctx = context(request, lang)
    page = await data.concours(store, guild, concours_id)
    found = page.concours
    names = {e.id: entrant_name(ctx, e) for e in found.entrants}
    ai = i18n.text("concours_ai", ctx.lang)
    names.update((s, ai) for t in found.tables for s in t.sides if s <= 0)  # ai_bye sides
    rounds = []
    for n in range(1, found.round + 1):
        tables = [t for t in found.tables if t.round == n]
        compared = same_cards(tables, names) if found.duplicate and tables else []
        rounds.append(RoundView(n, tables, [names[e] for r, e in found.byes if r == n], compared))
    byes = {(r, e) for r, e in found.byes}
    return render(
        "concours.html",
        ctx,
        k=found,
        lines=page.lines,
        names=names,
        rounds=rounds,
        byes=byes,
        replays=page.replays,
    )


def entrant_name(ctx: Ctx, entrant: Any) -> str:
    if entrant.partner_id is None:
        return str(entrant.name)
    return ctx.t("concours_pair", a=entrant.name, b=entrant.partner_name or "?")
