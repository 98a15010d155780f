"""A clock the test moves by hand, for the bot's turn timers and lobby expiry."""

from __future__ import annotations

import asyncio
import heapq
import itertools


class ManualClock:
    def __init__(self) -> None:
        self.t = 0.0
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self.t

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self.t + seconds, next(self._order), future))
        await future

    async def advance(self, seconds: float) -> None:
        """Move time on, waking every sleeper due by then in order."""
        target = self.t + seconds
        while self._sleepers and self._sleepers[0][0] <= target:
            when, _, future = heapq.heappop(self._sleepers)
            self.t = when
            if not future.done():
                future.set_result(None)
                for _ in range(10):
                    await asyncio.sleep(0)
        self.t = target
        for _ in range(10):
            await asyncio.sleep(0)
