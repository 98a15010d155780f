"""A table's turn: an AI seat's move, the turn timer and its autopilot, the pings to the
players to act, and a lobby's expiry. One per running table, armed after each stored change
(a callback of the event loop, after the change's own task has moved on) and stopped with
the table (bot.table.runtime)."""

from __future__ import annotations

import asyncio
import contextlib
import logging

import discord

from ..app.clock import Clock
from ..discord_io import pacing
from ..discord_io.pacing import Pacer
from ..i18n.translate import tr
from .ai import AiPlayer
from .changes import ServiceError
from .model import Table
from .service import TableService

log = logging.getLogger("tapis.table")

PING_DELAY = 12.0  # a player who has not acted after this long gets a ping message
LOBBY_TTL = 15 * 60  # seconds before a lobby nobody started closes itself


class Turns:
    """What a table has running between moves, besides its messages."""

    def __init__(
        self,
        table: Table,
        *,
        client: discord.Client,
        service: TableService,
        ai: AiPlayer,
        clock: Clock,
        ai_delay: float,
        pings: Pacer,
    ) -> None:
        self.table = table
        self.client = client
        self.service = service
        self.ai = ai
        self.clock = clock
        self.ai_delay = ai_delay
        self.pings = pings  # the bot-token writes' pacer
        self._ping: tuple[frozenset[int], int | None] | None = None
        self._ping_task: asyncio.Task[None] | None = None
        self._turn: asyncio.Task[None] | None = None
        self._lobby: asyncio.Task[None] | None = None

    def running(self) -> list[asyncio.Task[None]]:
        """The tasks to stop when the table closes."""
        return [t for t in (self._ping_task, self._turn, self._lobby) if t is not None]

    def ping_movers(self) -> None:
        """Mention the players to act after a while, once per set of them."""
        movers = frozenset(self.table.to_move_users())
        if not movers or (self._ping and self._ping[0] == movers):
            return
        if self._ping_task and not self._ping_task.done():
            self._ping_task.cancel()
        self._ping_task = asyncio.create_task(self._ping_later(movers))

    async def _ping_later(self, movers: frozenset[int]) -> None:
        """Mention the players to act if they have not acted after a short while."""
        table = self.table
        version = table.version()
        await asyncio.sleep(PING_DELAY)
        if table.version() != version or table.status != "playing":
            return
        previous = self._ping
        channel = self.client.get_partial_messageable(table.where_id)
        who = " ".join(f"<@{u}>" for u in sorted(movers))
        await self.pings.wait(pacing.PING)
        try:
            sent = await channel.send(
                tr("table.ping", table.lang, who=who),
                allowed_mentions=discord.AllowedMentions(users=True, everyone=False, roles=False),
            )
        except Exception as exc:  # closed session at shutdown, HTTP error: no ping this time
            log.info("table %s: ping skipped (%s)", table.id, type(exc).__name__)
            return
        self._ping = (movers, sent.id)
        if previous and previous[1]:
            await self.pings.wait(pacing.OTHER)
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(previous[1]).delete()

    def arm(self) -> None:
        """After a stored change: the lobby's expiry, an AI seat's move or the turn timer."""
        table = self.table
        current = asyncio.current_task()
        if table.status == "lobby":
            if self._lobby is None:
                self._lobby = asyncio.create_task(self._expire_lobby())
            return
        if self._lobby is not None and self._lobby is not current:
            self._lobby.cancel()
        self._lobby = None
        if self._turn is not None and self._turn is not current:
            self._turn.cancel()
        self._turn = None
        state = table.state
        if table.status != "playing" or state is None or state.is_over():
            return
        seats = state.to_move()
        auto = [s for s in seats if table.seats[s].automatic]
        if auto:
            self._turn = asyncio.create_task(self._ai_move(auto[0]))
        elif table.timer > 0:
            self._turn = asyncio.create_task(self._turn_timer(seats))

    async def _ai_move(self, seat: int) -> None:
        table = self.table
        state = table.state
        assert state is not None
        version = state.version
        level = table.seats[seat].ai_level or "facile"
        await self.clock.sleep(self.ai_delay)
        if table.state is not state:
            return
        seed = (table.seed * 1_000_003 + version * 7919 + seat) & ((1 << 64) - 1)
        try:
            action = await self.ai.choose(state, seat, level, seed)
            await self.service.session(table.id).play_for(seat, version, action)
        except ServiceError:
            return  # someone moved first (a player took their seat back): nothing to do
        except Exception as exc:
            log.error("table %s: AI move failed (%s)", table.id, type(exc).__name__)

    async def _turn_timer(self, seats: list[int]) -> None:
        """Warn at half time; at the end, the AI plays for whoever has not acted."""
        table = self.table
        clock = self.clock
        version = table.version()
        half = table.timer / 2
        await clock.sleep(half)
        if table.version() != version or table.status != "playing":
            return
        waiting = [s for s in seats if not table.seats[s].automatic]
        if waiting:
            await self._warn_slow(waiting, int(table.timer - half))
        await clock.sleep(table.timer - half)
        if table.version() != version or table.status != "playing":
            return
        self._turn = None  # what the autopilot changes re-arms the turn: not this timer
        for seat in waiting:
            try:
                await self.service.session(table.id).set_autopilot(seat, True)
            except ServiceError:
                return

    async def _warn_slow(self, seats: list[int], seconds: int) -> None:
        """Half of the turn timer is gone: mention the players who still have to act."""
        table = self.table
        users = [u for s in seats if (u := table.seats[s].user_id) is not None]
        if not users:
            return
        channel = self.client.get_partial_messageable(table.where_id)
        who = " ".join(f"<@{u}>" for u in users)
        await self.pings.wait(pacing.PING)
        with contextlib.suppress(discord.HTTPException):
            await channel.send(
                tr("table.hurry", table.lang, who=who, n=seconds),
                allowed_mentions=discord.AllowedMentions(users=True, everyone=False, roles=False),
            )

    async def _expire_lobby(self) -> None:
        await self.clock.sleep(LOBBY_TTL)
        with contextlib.suppress(ServiceError):  # closed meanwhile
            table = await self.service.session(self.table.id).expire_lobby()
            if table is not None and table.status == "lobby":  # a rematch's kept seats lapsed
                self._lobby = asyncio.create_task(self._expire_lobby())  # one more lifetime
