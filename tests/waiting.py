"""Waiting for a condition that no event of ours announces.

Tests await events: a future, a task, `emulator.wait_for` (woken by every change of the
emulator's world), a message shown, a `ManualClock` moved by hand. A few conditions belong
to something that tells this process nothing: another process (a worker that started or
ended, a file it wrote), PostgreSQL's own state (`pg_stat_activity`), or a hand-over inside
the code under test that it does not signal. For exactly those, and only those, `eventually`
looks again every INTERVAL seconds until the condition holds.

Its `timeout` only turns a hang into a failure with a message; it says nothing about speed
(that is measured in bench/), so it is generous.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable

INTERVAL = 0.02  # seconds between two looks
TIMEOUT = 30.0  # seconds before a condition that never holds fails the test


async def eventually(
    condition: Callable[[], bool | Awaitable[bool]],
    what: str,
    *,
    timeout: float = TIMEOUT,
) -> None:
    """Return once `condition()` (a function, or a coroutine function) is true; fail with
    "never: {what}" if it is still false after `timeout` seconds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        outcome = condition()
        if inspect.isawaitable(outcome):
            outcome = await outcome
        if outcome:
            return
        if loop.time() > end:
            raise AssertionError(f"never: {what} (looked for {timeout:g} s)")
        await asyncio.sleep(INTERVAL)
