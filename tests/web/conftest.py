"""Fixtures for the web tests: one seeded database per session, an app and its client."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from web import links
from web.app import create_app
from web.config import WebSettings

from .seed import GUILD, Seeded, build

SECRET = "a-test-secret-that-is-long-enough-0123456789"
BASE_URL = "https://tapis.example.org"


@pytest.fixture(scope="session")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Seeded:
    path = tmp_path_factory.mktemp("web") / "tapis.db"
    return asyncio.run(build(f"sqlite+aiosqlite:///{path}"))


def settings_for(seeded: Seeded, **overrides: object) -> WebSettings:
    values: dict[str, object] = {
        "web_base_url": BASE_URL,
        "web_secret": SECRET,
        "database_url": seeded.url,
        "min_rated_matches": 2,
    }
    values.update(overrides)
    return WebSettings(_env_file=None, **values)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def client(seeded: Seeded) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for(seeded))) as c:
        yield c


def signed(path: str = "", *, guild: int = GUILD, api: bool = False, **kwargs: object) -> str:
    """A signed URL path (no host) to `path` below the server's root."""
    url = links.link("", guild, SECRET, path=path, **kwargs)  # type: ignore[arg-type]
    return url.replace("/g/", "/api/g/", 1) if api else url
