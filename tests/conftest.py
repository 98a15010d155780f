"""Shared test setup.

The toy game of tests/toygame registers itself here, before any test is collected, so
every suite that runs over the registered games (the engine contract, the AI, the words,
whole matches through the Discord emulator) covers it like the built-in ones.

Every test also gets the markers that say what it needs, from where it lives and which
fixtures it takes, so that `make check` can leave the slow kinds out (`pytest -m "not
slow and not emulator ..."`) without each test file having to say it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import tests.toygame  # noqa: F401  (registers the game `plus-fort`)

pytest_plugins = ["emulator.fixtures"]

ROOT = Path(__file__).resolve().parent.parent

MARKERS = {
    "slow": "takes seconds, not milliseconds (whole matches, subprocesses, AI searches)",
    "emulator": "runs a real discord.py client against the Discord emulator",
    "browser": "drives Debian's Chromium through Playwright",
    "chaos": "kills bot processes at random points and checks nothing is lost",
    "postgres": "needs the PostgreSQL server named by TAPIS_TEST_POSTGRES_URL",
}

# Whole files whose tests all need one of the kinds above, by path from the repository root.
FILE_MARKERS = {
    "tests/web/test_browser.py": ("browser", "slow"),
    "tests/bench/test_chaos.py": ("chaos", "slow"),
}


def pytest_configure(config: pytest.Config) -> None:
    for name, meaning in MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {meaning}")


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
