"""Pacing of the bot's own channel edits under Discord's global request limit.

Discord lets a bot make about 50 requests per second in all; answers to interactions
(including edits through their tokens) do not count, but edits of the public table
messages do. A pacer hands out evenly spaced slots to every table's updater, first come
first served: with few tables nobody waits; with hundreds of busy tables each message is
redrawn less often, and every redraw then shows all the moves made meanwhile.
"""

from __future__ import annotations

import asyncio


class Pacer:
    """At most `per_second` slots per second, in the order they were asked for."""

    def __init__(self, per_second: float) -> None:
        if per_second <= 0:
            raise ValueError("per_second must be positive")
        self._interval = 1.0 / per_second
        self._next = 0.0

    def reserve(self, now: float) -> float:
        """Book the next free slot; how long to wait for it from `now`."""
        slot = max(now, self._next)
        self._next = slot + self._interval
        return slot - now

    async def wait(self) -> None:
        delay = self.reserve(asyncio.get_running_loop().time())
        if delay > 0:
            await asyncio.sleep(delay)
