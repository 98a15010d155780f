"""What each running table has running, and what a stored change sets off.

The table's session (bot.table.session) publishes every change once stored; the table's
`TableRuntime` hears of it and hands it to its `Turns` (bot.table.turns: an AI's move, the
turn timer, pings, a lobby's expiry) and its `TableMessage` (bot.table.message: the public
message, redrawn); the hand presenter (bot.table.hands) hears of it too and refreshes the
players' hands. A move being stored has its next hands drawn ahead (`Runtimes.draw_ahead`).
Everything a table has running stops in `close()`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import discord

from ..app.clock import Clock
from ..render.layout import Display
from .ai import AiPlayer
from .changes import Applying, Stored
from .hands import HandPresenter
from .message import Pacers, TableMessage
from .model import Table
from .service import TableService
from .turns import Turns


class TableRuntime:
    """One running table's turn and public message (and its hands, for the redraws' urgency)."""

    def __init__(self, table: Table, runtimes: Runtimes, on_closed: Callable[[int], None]) -> None:
        self.table = table
        self._on_closed = on_closed
        self._presenter = runtimes.hands
        self.turns = Turns(
            table,
            client=runtimes.client,
            service=runtimes.service,
            ai=runtimes.ai,
            clock=runtimes.clock,
            ai_delay=runtimes.ai_delay,
            pings=runtimes.pacers.channel_writes,
        )
        self.hands = runtimes.hands.of(table)
        self.message = TableMessage(
            table,
            client=runtimes.client,
            display=runtimes.display,
            writes=runtimes.writes,
            pacers=runtimes.pacers,
            hands=self.hands,
            redrawn=self.turns.ping_movers,
            over=self.close,
        )
        self.closed = False

    def stored(self) -> None:
        """The table changed and the change is stored: re-arm the turn, redraw the message
        (the hand presenter refreshes the hands)."""
        if self.closed:
            return
        self.turns.arm()
        self.message.changed()

    def quiet(self) -> bool:
        """Everything known about the table is drawn and nothing is in flight."""
        return self.message.quiet() and not self.hands.tasks

    async def close(self) -> None:
        """Stop everything this table has running; the registry forgets it."""
        if self.closed:
            return
        self.closed = True
        self._on_closed(self.table.id)
        current = asyncio.current_task()
        hands = self._presenter.forget(self.table)
        running = [*self.message.running(), *self.turns.running(), *hands]
        tasks = [t for t in running if t is not current and not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


class Runtimes:
    """The runtime of every table this process runs, made on the table's first change, and
    the parts they share (Discord, the AI, time, the display and the write budgets)."""

    def __init__(
        self,
        *,
        client: discord.Client,
        service: TableService,
        ai: AiPlayer,
        clock: Clock,
        ai_delay: float,
        display: Display,
        pacers: Pacers,
        hands: HandPresenter,
    ) -> None:
        self.client = client
        self.service = service
        self.ai = ai
        self.clock = clock
        self.ai_delay = ai_delay
        self.display = display
        self.pacers = pacers
        self.hands = hands
        self.writes = hands.writes
        self._by_id: dict[int, TableRuntime] = {}
        service.stored.add(self.on_stored)
        service.stored.add(hands.stored)
        service.applying.add(self.draw_ahead)

    def get(self, table_id: int) -> TableRuntime | None:
        return self._by_id.get(table_id)

    def of(self, table: Table) -> TableRuntime:
        runtime = self._by_id.get(table.id)
        if runtime is None or runtime.table is not table:
            runtime = TableRuntime(table, self, self._forget)
            self._by_id[table.id] = runtime
        return runtime

    def _forget(self, table_id: int) -> None:
        self._by_id.pop(table_id, None)

    def on_stored(self, event: Stored) -> None:
        self.of(event.table).stored()

    def draw_ahead(self, event: Applying) -> None:
        """While a move is stored, draw ahead the hands it will show: the mover's (the
        click's answer) and those of the players it hands the turn to (their refreshes),
        for the players who have a hand message."""
        if event.table.id not in self._by_id:
            return
        table, seat, state = event.table, event.seat, event.state
        pictures = self.display.pictures
        slots = self.hands.of(table).slots
        with_hand = {s for s, user in enumerate(table.seats) if user.user_id in slots}
        if seat in with_hand:
            pictures.prepare(table, (seat,), state)
        if not state.is_over():
            nexts = with_hand.intersection(state.to_move()) - {seat}
            pictures.prepare(table, sorted(nexts), state, urgent=False)

    async def rearm(self, tables: list[Table]) -> None:
        """After a restart: redraw each restored table and arm its turn."""
        for table in tables:
            self.of(table).stored()
            self.hands.stored(Stored(table, table.revision))

    async def close(self) -> None:
        await asyncio.gather(*(r.close() for r in list(self._by_id.values())))
