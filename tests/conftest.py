"""Shared test setup.

The toy game of tests/toygame registers itself here, before any test is collected, so
every suite that runs over the registered games (the engine contract, the AI, the words,
whole matches through the Discord emulator) covers it like the built-in ones.

Every test also gets the markers that say what it needs, from where it lives and which
fixtures it takes, so that `make check` can leave the slow kinds out (`pytest -m "not
slow and not emulator ..."`) without each test file having to say it.
"""

from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import create_async_engine

import tests.toygame  # noqa: F401  (registers the game `plus-fort`)
from bot.app.logs import not_silenced

pytest_plugins = ["emulator.fixtures"]

ROOT = Path(__file__).resolve().parent.parent

MARKERS = {
    "slow": "takes seconds, not milliseconds (whole matches, subprocesses, AI searches)",
    "emulator": "runs a real discord.py client against the Discord emulator",
    "browser": "drives Debian's Chromium through Playwright",
    "chaos": "kills bot processes at random points and checks nothing is lost",
    "postgres": "needs the PostgreSQL server named by TAPIS_TEST_POSTGRES_URL",
    "alone": "runs by itself, after the parallel run: bot processes killed, restarted or"
    " racing Discord's 3-second deadline, which a busy second worker would make miss it",
}

# Whole files whose tests all need one of the kinds above, by path from the repository root.
FILE_MARKERS = {
    "tests/web/test_browser.py": ("browser", "slow"),
    "tests/bench/test_chaos.py": ("chaos", "slow", "alone"),
    "tests/bot/test_processes.py": ("alone",),
    "tests/bot/test_restart.py": ("alone",),
    "tests/bot/concours/test_restart.py": ("alone", "slow"),
    "tests/bot/app/test_lifecycle.py": ("alone",),
    "tests/bot/test_demo.py": ("alone",),
}


POSTGRES_ENV = "TAPIS_TEST_POSTGRES_URL"


def pytest_configure(config: pytest.Config) -> None:
    for name, meaning in MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {meaning}")
    # As `python -m bot` does: discord.py's once-per-process start-up warnings about voice
    # say nothing of Tapis, and would otherwise fall into whichever test makes the first
    # client of its process, one that asserts its logs hold no warning.
    logging.getLogger("discord.client").addFilter(not_silenced)
    worker = os.environ.get("PYTEST_XDIST_WORKER")  # set by pytest-xdist in its workers
    url = os.environ.get(POSTGRES_ENV)
    if worker and url:
        # Each worker empties and fills its own database, so tests running side by side in
        # two workers never see each other's rows; the bots the tests start inherit it.
        os.environ[POSTGRES_ENV] = asyncio.run(own_database(url, worker))


async def own_database(url: str, worker: str) -> str:
    """The URL of the database `<name>_<worker>` on `url`'s server, created if missing.
    `url` itself when the server cannot be reached: the tests that need it then skip."""
    base = make_url(url)
    name = f"{base.database}_{worker}"
    engine = create_async_engine(base, isolation_level="AUTOCOMMIT", connect_args={"timeout": 5})
    try:
        async with engine.connect() as conn:
            query = text("SELECT 1 FROM pg_database WHERE datname = :name")
            if await conn.scalar(query, {"name": name}) is None:
                await conn.execute(text(f'CREATE DATABASE "{name}"'))
    except (OSError, TimeoutError):
        return url
    except DBAPIError as exc:
        raise pytest.UsageError(
            f"{POSTGRES_ENV}: cannot create the database {name} for test worker {worker}"
            f" (grant CREATEDB, or run pytest without -n): {exc.orig}"
        ) from exc
    finally:
        await engine.dispose()
    return base.set(database=name).render_as_string(hide_password=False)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        for name in needs(item):
            item.add_marker(name)


def needs(item: pytest.Item) -> set[str]:
    """The markers `item` gets from its place and its fixtures."""
    path = Path(str(item.path)).resolve().relative_to(ROOT).as_posix()
    names = set(FILE_MARKERS.get(path, ()))
    fixtures = set(getattr(item, "fixturenames", ()))
    if path.startswith("tests/emulator/") or "emulator" in fixtures:
        names.add("emulator")
    callspec = getattr(item, "callspec", None)
    if callspec is not None and callspec.params.get("backend") == "postgresql":
        names.add("postgres")
    return names
