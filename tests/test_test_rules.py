"""Rules the tests themselves keep: no test waits a fixed time or reads private names.

A fixed sleep either wastes its time or, on a busy machine, is not long enough. A test
awaits the event it waits for, drives the bot's `Clock` (tests/bot/clock.py), or, for a
condition no event of ours announces (another process, PostgreSQL), uses
`tests.waiting.eventually`. A fake that simulates slow work blocks on a gate the test opens;
one that hangs waits for an event that never comes. Speed is measured in bench/.

A test uses the code's public names: where it needs an inside view, the code offers a
small hook documented as such. A library's internals (discord.py's, argparse's) are read by
a named helper in tests/ only, on lines that say `internals` in a comment.
"""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent

# Paced for people to watch, not a test.
EXEMPT = {"tests/bot/demo.py"}

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
    offending = sleeping_files()
    assert not offending, "\n".join(
        f"{name}:{number}: {line}  (await the event, drive the Clock, or tests.waiting)"
        for name, found in offending.items()
        for number, line in found
    )


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


# `name._private`: an attribute (or module) whose name says it is not for outside use; a
# dunder is not one, nor a helper's own `self._x`.
PRIVATE = re.compile(r"\b(\w+)\._[A-Za-z]\w*")
PUBLIC_ANYWAY = {"os._exit"}  # the standard library's own public name
OWN = {"self", "cls"}


def private_reads(text: str) -> list[tuple[int, str]]:
    """(line number, line) of each read of a private name of another object or module,
    except on lines whose comment says they read a library's `internals`."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        code, hash_, comment = line.partition("#")
        if hash_ and "internals" in comment:
            continue
        for match in PRIVATE.finditer(code):
            if match.group(1) not in OWN and match.group(0) not in PUBLIC_ANYWAY:
                found.append((number, line.strip()))
                break
    return found


def test_no_test_reads_private_names() -> None:
    offending = {}
    for path in sorted(TESTS.rglob("*.py")):
        if path == Path(__file__).resolve():
            continue  # its examples of what the rule catches
        found = private_reads(path.read_text(encoding="utf-8"))
        if found:
            offending[path.relative_to(ROOT).as_posix()] = found
    assert not offending, "\n".join(
        f"{name}:{number}: {line}  (a public name or a documented hook of the code)"
        for name, found in offending.items()
        for number, line in found
    )


def test_the_private_rule_sees_private_reads_and_passes_the_rest() -> None:
    caught = [
        "store._engine.connect()",
        "await service._record(table)",
        "tapis.bot._connection._view_store._modals",
        "from art._palette_data import PALETTE",
        "argparse._SubParsersAction",
        "x = obj._count  # a comment that says nothing of the kind",
    ]
    for line in caught:
        assert private_reads(line), line
    passed = [
        "self._sleepers.append(x)",
        "cls._order",
        "type(x).__name__",
        "os._exit(3)",
        "store.engine.connect()",
        "return list(parser._actions)  # argparse's internals",
    ]
    for line in passed:
        assert not private_reads(line), line
