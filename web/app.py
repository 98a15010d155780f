"""The FastAPI application: pages, API, static files, card pictures, and the gate."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path as FilePath
from typing import Annotated

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.types import Scope

from db import Store, current_revision, head_revision

from . import activity, api, cards, i18n, pages
from .bots import Bots
from .config import WebSettings
from .data import NotFound
from .security import Guard

STATIC = FilePath(__file__).resolve().parent / "static"
CARD_CACHE = "public, max-age=31536000, immutable"
"""A versioned card address always holds the same picture."""
CARD_REVALIDATE = "public, max-age=3600"
"""An address without the current version may be stale: kept an hour, then revalidated."""


class SchemaMismatch(RuntimeError):
    """The database is not at the schema revision this code reads."""


async def check_schema(url: str) -> None:
    found, wanted = await current_revision(url), head_revision()
    if found != wanted:
        raise SchemaMismatch(
            f"the database at DATABASE_URL is at revision {found or 'none'}, this code reads "
            f"{wanted}: run the web from the same Tapis version as the bot, and start the bot "
            "once first (it migrates the database)"
        )


def _is_api(path: str) -> bool:
    return path.startswith("/api/")


def _lang_of(scope_headers: list[tuple[bytes, bytes]], query: str) -> str:
    chosen = None
    for part in query.split("&"):
        if part.startswith("lang="):
            chosen = part[5:]
    accept = next((v.decode("latin-1") for k, v in scope_headers if k == b"accept-language"), None)
    return i18n.negotiate(chosen, accept)


def not_found_body(scope: Scope) -> tuple[str, bytes]:
    """The one 404 every refusal gets (unknown page, wrong or expired link)."""
    if _is_api(scope["path"]):
        return "application/json", json.dumps({"detail": "Not Found"}).encode()
    lang = _lang_of(scope.get("headers", []), scope.get("query_string", b"").decode("latin-1"))
    html = pages.ENV.get_template("error.html").render(
        title=i18n.text("not_found_title", lang), message=i18n.text("not_found", lang), lang=lang
    )
    return "text/html; charset=utf-8", html.encode()


def _not_found(request: Request) -> Response:
    content_type, body = not_found_body(request.scope)
    return Response(body, status_code=404, media_type=content_type.split(";")[0])


def create_app(settings: WebSettings, *, clock: Callable[[], float] | None = None) -> FastAPI:
    """The app for these settings; it opens its own Store on the database when it starts.

    `clock` replaces the wall clock when checking link expiry (tests).
    """
    problem = settings.problem()
    if problem is not None:
        raise ValueError(problem)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await check_schema(settings.database_url)
        # The art's digest and every card picture, before the first page: a page never
        # shows a hand whose pictures are still being drawn.
        await asyncio.to_thread(cards.draw_all)
        store = await Store.open(settings.database_url, migrate=False)
        app.state.store = store
        urls = settings.bot_urls()
        app.state.bots = Bots(urls) if urls else None
        try:
            yield
        finally:
            if app.state.bots is not None:
                await app.state.bots.close()
            await store.close()

    app = FastAPI(
        title="Tapis",
        summary="A server's leaderboards, players and finished matches, read only.",
        version="1",
        docs_url=None,
        redoc_url=None,
        openapi_url="/api/openapi.json",
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.bots = None  # the Activity's bot processes, once started (ACTIVITY_BOTS)
    app.include_router(api.router)
    app.include_router(pages.router)
    app.include_router(activity.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def home(request: Request, lang: str | None = None) -> HTMLResponse:
        chosen = i18n.negotiate(lang, request.headers.get("accept-language"))
        html = pages.ENV.get_template("home.html").render(
            message=i18n.text("home", chosen), lang=chosen
        )
        return HTMLResponse(html)

    @app.get("/cards/{card_id}.png", include_in_schema=False)
    def card_picture(
        request: Request,
        card_id: str,
        v: Annotated[str | None, Query(max_length=64)] = None,
        lang: Annotated[str | None, Query(max_length=8)] = None,
    ) -> Response:
        """A card's face from the art, as a `lang` page shows it (a plain `def`: a drawing
        the start did not make runs in a worker thread, off the event loop)."""
        if not cards.knows(card_id):
            raise NotFound(card_id)
        version = cards.version()
        headers = {
            "ETag": f'"{version}"',
            "Cache-Control": CARD_CACHE if v == version else CARD_REVALIDATE,
        }
        if request.headers.get("if-none-match") == headers["ETag"]:
            return Response(status_code=304, headers=headers)
        return Response(cards.png(card_id, lang), media_type="image/png", headers=headers)

    @app.exception_handler(NotFound)
    async def on_not_found(request: Request, _exc: NotFound) -> Response:
        return _not_found(request)

    @app.exception_handler(HTTPException)
    async def on_http(request: Request, exc: HTTPException) -> Response:
        if exc.status_code == 404:
            return _not_found(request)
        if _is_api(request.url.path):
            return JSONResponse({"detail": exc.detail}, status_code=exc.status_code)
        return _error_page(request, exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def on_invalid(request: Request, exc: RequestValidationError) -> Response:
        if _is_api(request.url.path):
            return JSONResponse({"detail": jsonable(exc.errors())}, status_code=422)
        return _error_page(request, 400)

    app.add_middleware(Guard, secret=settings.secret(), not_found=not_found_body, clock=clock)
    return app


def jsonable(errors: object) -> object:
    """Validation errors as plain JSON (they may hold exceptions in `ctx`)."""
    return json.loads(json.dumps(errors, default=str))


def _error_page(request: Request, status: int) -> Response:
    lang = i18n.negotiate(request.query_params.get("lang"), request.headers.get("accept-language"))
    html = pages.ENV.get_template("error.html").render(
        title=i18n.text("bad_request_title", lang),
        message=i18n.text("bad_request", lang),
        lang=lang,
    )
    return HTMLResponse(html, status_code=status)
