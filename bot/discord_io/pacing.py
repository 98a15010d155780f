"""Pacing of the bot's own channel writes under Discord's global request limit.

Discord lets a bot make 50 requests per second in all; the interaction endpoints (answers
to clicks, and edits through an interaction's token) do not count, but the bot-token
writes do: a table message edited through the channel route, a ping, a reminder. A pacer
hands out evenly spaced slots for those to every table, the most urgent waiter first (then
first come, first served): with few tables nobody waits; with hundreds, a table whose
player cannot learn otherwise that it is their turn goes before one where an AI thinks.
Every redraw shows all the moves made while it waited.

Every other bot-token request (a thread opened for a new table, its first message, a
command's own writes) takes a slot too, as it goes out (`Pacer.before_request`, hooked
into discord.py's HTTP client by bot.discord_io.private): unpaced, a burst of tables opened
at once went past the limit beside the paced redraws, Discord answered 429 and the tables
were refused. A caller that took its slot beforehand (`wait`) does not take a second one.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..app.clock import Clock

# Urgency of a bot-token write, lowest first (see bot.table.message for who gets which).
PING = 0  # mention a player who has to act
BLIND_TURN = 1  # a human's turn, and their hand cannot be refreshed: only the table shows it
HUMAN_TURN = 2  # a human's turn; their own hand already shows it
OTHER = 3  # an AI's turn, a finished match...
# Any other bot-token request: a player waits for it (a table being opened, a command).
ASKED = PING

Urgency = int | Callable[[], int]
RERANK = 0.25  # seconds a ranking of the waiters serves before they are asked again

# A slot taken by `Pacer.wait` for the bot-token request its caller is about to make: that
# request's `before_request` finds it here and takes no second one.
_slot_held: ContextVar[bool] = ContextVar("tapis_pacer_slot_held", default=False)


@dataclass(eq=False, slots=True)
class _Waiter:
    rank: Callable[[], int]
    granted: asyncio.Future[None]


_Entry = tuple[int, int, _Waiter]  # (urgency, order, waiter): the heap's order, then first come


class Pacer:
    """At most `per_second` slots per second, the most urgent waiter first.

    A waiter's urgency may be a function: it is asked again when a slot comes up (at most
    every RERANK seconds: with hundreds of tables waiting, asking all of them at every slot
    cost the event loop a sixth of a core), so that a table whose situation changed while
    it waited is served for what it is now. Time is the event loop's unless a `clock` is
    given (a test's).
    """

    def __init__(self, per_second: float, clock: Clock | None = None) -> None:
        if per_second <= 0:
            raise ValueError("per_second must be positive")
        self._clock = clock
        self._interval = 1.0 / per_second
        self._next = 0.0
        self._waiting: list[_Entry] = []  # a heap; a waiter gone or granted is skipped
        self._order = itertools.count()
        self._dispatcher: asyncio.Task[None] | None = None
        self._ranked_at = -RERANK

    @property
    def waiting(self) -> int:
        return sum(1 for _, _, w in self._waiting if not w.granted.done())

    def _now(self) -> float:
        return self._clock.now() if self._clock is not None else asyncio.get_running_loop().time()

    async def _sleep(self, seconds: float) -> None:
        await (self._clock.sleep(seconds) if self._clock is not None else asyncio.sleep(seconds))

    def reserve(self, now: float) -> float:
        """Book the next free slot; how long to wait for it from `now`."""
        slot = max(now, self._next)
        self._next = slot + self._interval
        return slot - now

    async def wait(self, urgency: Urgency = OTHER) -> None:
        """Return once this caller may make one bot-token request."""
        await self._slot(urgency)
        _slot_held.set(True)

    async def before_request(self) -> None:
        """Just before a bot-token request goes out: its slot, unless the task sending it
        took one already (`wait`)."""
        if not _slot_held.get():
            await self._slot(ASKED)
        _slot_held.set(False)

    async def _slot(self, urgency: Urgency) -> None:
        loop = asyncio.get_running_loop()
        now = self._now()
        if not self._waiting and self._next <= now:
            self.reserve(now)
            return
        rank = urgency if callable(urgency) else (lambda: urgency)
        waiter = _Waiter(rank, loop.create_future())
        heapq.heappush(self._waiting, (rank(), next(self._order), waiter))
        if self._dispatcher is None or self._dispatcher.done():
            self._dispatcher = asyncio.create_task(self._dispatch())
        await waiter.granted  # cancelled: its future is done, and the dispatcher skips it

    async def _dispatch(self) -> None:
        while self._waiting:
            delay = self._next - self._now()
            if delay > 0:
                await self._sleep(delay)
                continue
            now = self._now()
            if now - self._ranked_at >= RERANK:
                self._waiting = [
                    (w.rank(), order, w) for _, order, w in self._waiting if not w.granted.done()
                ]
                heapq.heapify(self._waiting)
                self._ranked_at = now
            while self._waiting and self._waiting[0][2].granted.done():
                heapq.heappop(self._waiting)
            if not self._waiting:
                return
            best = heapq.heappop(self._waiting)[2]
            self.reserve(now)
            best.granted.set_result(None)
