"""Keeping tables moving: AI seats, the turn timer ("pilote automatique") and lobby expiry.

One task per table at most for its turn (an AI move or a timer) and one for an open lobby.
Any change to a table re-arms its turn task, so a timer always measures the current turn.
The AI thinks in a worker thread on a copy of the state, so the event loop stays free; its
move then goes through the same pipeline as a click (lock, version check, store, render).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import games.ai
from games import GameState, Rng

from .service import ServiceError, Table, TableService

log = logging.getLogger("tapis.autoplay")

LOBBY_TTL = 15 * 60  # seconds before a lobby nobody started closes itself

Chooser = Callable[[GameState, int, str, Rng], str]
Warn = Callable[[Table, list[int], int], Awaitable[None]]


class Clock(Protocol):
    def now(self) -> float: ...

    async def sleep(self, seconds: float) -> None: ...


class LoopClock:
    """Real time, from the event loop."""

    def now(self) -> float:
        return asyncio.get_running_loop().time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))


def default_chooser(state: GameState, seat: int, level: str, rng: Rng) -> str:
    return games.ai.choose(state, seat, level, rng)


class Autoplay:
    def __init__(
        self,
        service: TableService,
        *,
        clock: Clock | None = None,
        chooser: Chooser = default_chooser,
        ai_delay: float = 0.6,
        on_warning: Warn | None = None,
    ) -> None:
        self.service = service
        self.clock = clock or LoopClock()
        self.chooser = chooser
        self.ai_delay = ai_delay
        self.on_warning = on_warning
        self._turns: dict[int, asyncio.Task[None]] = {}
        self._lobbies: dict[int, asyncio.Task[None]] = {}
        service.on_change(self.watch)

    async def watch(self, table: Table) -> None:
        """Re-arm the table's tasks after any change."""
        if table.status == "lobby":
            if table.id not in self._lobbies:
                self._lobbies[table.id] = asyncio.create_task(self._expire(table))
            return
        lobby = self._lobbies.pop(table.id, None)
        if lobby is not None and lobby is not asyncio.current_task():
            lobby.cancel()
        old = self._turns.pop(table.id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        if table.status != "playing" or table.state is None or table.state.is_over():
            return
        seats = table.state.to_move()
        auto = [s for s in seats if table.seats[s].automatic]
        if auto:
            self._turns[table.id] = asyncio.create_task(self._ai_move(table, auto[0]))
        elif table.timer > 0:
            self._turns[table.id] = asyncio.create_task(self._turn_timer(table, seats))

    async def _ai_move(self, table: Table, seat: int) -> None:
        state = table.state
        assert state is not None
        version = state.version
        level = table.seats[seat].ai_level or "facile"
        await self.clock.sleep(self.ai_delay)
        if table.state is not state or state.version != version:
            return
        rng = Rng((table.seed * 1_000_003 + version * 7919 + seat) & ((1 << 64) - 1))
        snapshot = state.clone()
        try:
            action = await asyncio.to_thread(self.chooser, snapshot, seat, level, rng)
            await self.service.act_as(table.id, seat, version, action)
        except ServiceError:
            return  # someone moved first (a player took their seat back): nothing to do
        except Exception as exc:
            log.error("table %s: AI move failed (%s)", table.id, type(exc).__name__)

    async def _turn_timer(self, table: Table, seats: list[int]) -> None:
        """Warn at half time; at the end, the AI plays for whoever has not acted."""
        version = table.version()
        half = table.timer / 2
        await self.clock.sleep(half)
        if table.version() != version or table.status != "playing":
            return
        waiting = [s for s in seats if not table.seats[s].automatic]
        if self.on_warning is not None and waiting:
            await self.on_warning(table, waiting, int(table.timer - half))
        await self.clock.sleep(table.timer - half)
        if table.version() != version or table.status != "playing":
            return
        for seat in waiting:
            try:
                await self.service.set_autopilot(table.id, seat, True)
            except ServiceError:
                return

    async def _expire(self, table: Table) -> None:
        await self.clock.sleep(LOBBY_TTL)
        self._lobbies.pop(table.id, None)
        await self.service.expire_lobby(table.id)

    async def rearm(self, tables: list[Table]) -> None:
        for table in tables:
            await self.watch(table)

    async def close(self) -> None:
        tasks = [*self._turns.values(), *self._lobbies.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._turns.clear()
        self._lobbies.clear()


def pending(autoplay: Autoplay) -> dict[str, Any]:
    """What is armed, for tests and diagnostics."""
    return {"turns": sorted(autoplay._turns), "lobbies": sorted(autoplay._lobbies)}
