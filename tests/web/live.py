"""The web companion served by uvicorn in the test's own event loop, on a free port."""

from __future__ import annotations

import contextlib
import socket
from collections.abc import AsyncIterator

import uvicorn

from web.app import create_app
from web.config import WebSettings

SECRET = "a-test-secret-that-is-long-enough-0123456789"


def web_settings(database_url: str, bots: list[str]) -> WebSettings:
    return WebSettings(
        _env_file=None,
        web_base_url="https://tapis.example.org",
        web_secret=SECRET,
        database_url=database_url,
        activity_bots=",".join(bots),
    )


@contextlib.asynccontextmanager
async def serving_web(settings: WebSettings) -> AsyncIterator[str]:
    """The app started (its lifespan ran) and listening; yields its origin."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    config = uvicorn.Config(create_app(settings), log_level="warning", ws="websockets-sansio")
    config.load()
    server = uvicorn.Server(config)
    server.lifespan = config.lifespan_class(config)
    await server.startup(sockets=[sock])
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        await server.shutdown(sockets=[sock])
        sock.close()
