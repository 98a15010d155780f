"""Rules the tests themselves keep: no test waits a fixed time.

A fixed sleep either wastes its time or, on a busy machine, is not long enough. A test
awaits the event it waits for, drives the bot's `Clock` (tests/bot/clock.py), or, for a
condition no event of ours announces (another process, PostgreSQL), uses
`tests.waiting.eventually`. A fake that simulates slow work blocks on a gate the test opens;
one that hangs waits for an event that never comes. Speed is measured in bench/.
"""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent

# Paced for people to watch, not a test.
EXEMPT = {"tests/bot/demo.py"}

# Files that still sleep, on their way out of this list: it names exactly those.
NOT_YET = {
    "tests/bot/test_health.py",
    "tests/bot/app/test_lifecycle.py",
    "tests/bot/render/test_layout.py",
    "tests/bot/render/test_pictures.py",
    "tests/db/test_migrations.py",
    "tests/emulator/minibot.py",
    "tests/emulator/test_layout.py",
}

NUMBER = r"(\d[\d_]*\.?[\d_]*(?:[eE][-+]?\d+)?|\.\d[\d_]*(?:[eE][-+]?\d+)?)"
QUALIFIED = re.compile(r"\b(?:time|asyncio)\.sleep\(\s*" + NUMBER)
IMPORTED = re.compile(r"^\s*from\s+(?:time|asyncio)\s+import\s+[^#\n]*\bsleep\b", re.MULTILINE)
BARE = re.compile(r"(?<![\w.])sleep\(\s*" + NUMBER)


def fixed_sleeps(text: str) -> list[tuple[int, str]]:
    """(line number, line) of each `time.sleep(n)` or `asyncio.sleep(n)` with a literal
    n other than zero, in code or in a script a test writes out; a bare `sleep(n)` too
    where `sleep` is imported from either module."""
    patterns = [QUALIFIED] + ([BARE] if IMPORTED.search(text) else [])
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for pattern in patterns:
            if any(float(m.group(1).replace("_", "")) != 0 for m in pattern.finditer(line)):
                found.append((number, line.strip()))
                break
    return found


def sleeping_files() -> dict[str, list[tuple[int, str]]]:
    result = {}
    for path in sorted(TESTS.rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        found = fixed_sleeps(path.read_text(encoding="utf-8"))
        if found and name not in EXEMPT:
            result[name] = found
    return result


def test_no_test_sleeps_a_fixed_time() -> None:
    offending = {name: found for name, found in sleeping_files().items() if name not in NOT_YET}
    assert not offending, "\n".join(
        f"{name}:{number}: {line}  (await the event, drive the Clock, or tests.waiting)"
        for name, found in offending.items()
        for number, line in found
    )


def test_the_not_yet_list_names_only_files_that_still_sleep() -> None:
    done = sorted(NOT_YET - set(sleeping_files()))
    assert not done, f"no fixed sleep left in {done}: take them off NOT_YET"


def test_the_rule_sees_every_form_of_a_fixed_sleep() -> None:
    def code(text: str) -> str:  # written "S(" here, so that this file does not trip the rule
        return text.replace("S(", "sleep(")

    caught = [
        "time.S(0.3)",
        "    await asyncio.S(60)  # hangs",
        "asyncio.S( .5)",
        "time.S(1e-3)",
        "time.S(1_000)",
        'CHILD = "await asyncio.S(60)"',  # a script a test writes out
    ]
    for line in caught:
        assert fixed_sleeps(code(line)), line
    assert fixed_sleeps(code("from time import sleep\nS(2)")) == [(2, code("S(2)"))]
    passed = [
        "await asyncio.S(0)",
        "await asyncio.S(0.0)",
        "await asyncio.S(INTERVAL)",
        "await clock.S(30)",
        "S(2)",  # not the standard library's
        "time.S(seconds)",
    ]
    for line in passed:
        assert not fixed_sleeps(code(line)), line
