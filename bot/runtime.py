"""One object per running table: its public message, the hands shown, pings and the turn.

The service decides and stores; it announces a change only once it is stored, and the
table's `TableRuntime` reacts: it redraws the public message (coalescing bursts, paced
under Discord's limits), refreshes the hands of the players now to act, mentions a player
who takes too long, and arms the turn — an AI move, the turn timer or the lobby's expiry.
Everything a table has running lives here and stops in `close()`.

Discord allows 5 edits per 5 s per channel and about 50 requests per second per bot, so
one updater task per busy table redraws its message at most every PUBLIC_MIN_INTERVAL and
takes a slot from a pacer shared by all tables; a redraw shows every move made meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import traceback
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

import discord

from .ai import AiPlayer
from .i18n import lang_of, tr
from .messages import hand_message, public_message
from .pacing import Pacer
from .replies import edit_quietly, release
from .service import ServiceError, Table, TableService

log = logging.getLogger("tapis.table")

PUBLIC_MIN_INTERVAL = 1.2  # seconds between two edits of one table message
PING_DELAY = 12.0  # a player who has not acted after this long gets a ping message
LOBBY_TTL = 15 * 60  # seconds before a lobby nobody started closes itself
TOKEN_LIFETIME = 14 * 60  # re-use an interaction token for at most this long (Discord: 15 min)


class Clock(Protocol):
    def now(self) -> float: ...

    async def sleep(self, seconds: float) -> None: ...


class LoopClock:
    """Real time, from the event loop."""

    def now(self) -> float:
        return asyncio.get_running_loop().time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))


@dataclass(frozen=True, slots=True)
class HandSlot:
    """The last ephemeral hand a player saw: its message and the interaction token that may
    edit it. Not the Interaction itself: kept for minutes, one per player, its object graph
    (full of reference cycles) outlived the young collections and piled up for the rare
    full ones."""

    application_id: int
    token: str
    message_id: int
    created_at: datetime
    lang: str

    @classmethod
    def of(cls, interaction: discord.Interaction[Any], message_id: int) -> HandSlot:
        return cls(
            application_id=interaction.application_id,
            token=interaction.token,
            message_id=message_id,
            created_at=interaction.created_at,
            lang=lang_of(interaction.locale),
        )


@dataclass
class Shared:
    """What every table's runtime uses: Discord, the service, the pacer, time and the AI."""

    client: discord.Client
    service: TableService
    ai: AiPlayer
    redraws: Pacer
    clock: Clock = field(default_factory=LoopClock)
    ai_delay: float = 0.6
    latest_seen: datetime = field(default_factory=lambda: datetime.now(UTC))

    def saw(self, interaction: discord.Interaction[Any]) -> None:
        """Note Discord's clock from an interaction's id: token ages are judged on it."""
        self.latest_seen = max(self.latest_seen, interaction.created_at)

    def discord_now(self) -> datetime:
        return max(datetime.now(UTC), self.latest_seen)


class TableRuntime:
    def __init__(self, table: Table, shared: Shared, on_closed: Callable[[int], None]) -> None:
        self.table = table
        self.shared = shared
        self.hands: dict[int, HandSlot] = {}  # user id -> their last hand ephemeral
        self._on_closed = on_closed
        self._drawn: int | None = None  # the table revision the public message shows
        self._dirty = False
        self._updater: asyncio.Task[None] | None = None
        self._ping: tuple[frozenset[int], int | None] | None = None
        self._ping_task: asyncio.Task[None] | None = None
        self._turn: asyncio.Task[None] | None = None
        self._lobby: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.closed = False

    # --- what the table shows -------------------------------------------------------------
    def drawn(self) -> None:
        """The public message was just written with the table as it is now."""
        self._drawn = self.table.revision

    def quiet(self) -> bool:
        """Everything known about the table is drawn and nothing is in flight."""
        return self._drawn == self.table.revision and not self._dirty and not self._tasks

    def keep_hand(self, interaction: discord.Interaction[Any], message_id: int) -> None:
        self.hands[interaction.user.id] = HandSlot.of(interaction, message_id)

    def changed(self, actor: int | None) -> None:
        """The table changed and the change is stored: re-arm the turn, redraw, refresh."""
        if self.closed:
            return
        self._arm_turn()
        table = self.table
        if table.status == "lobby" or table.message_id is None:
            return  # a lobby click redraws its own message
        if table.state is not None:
            self._spawn(self._refresh_hands(exclude=actor))
        self._dirty = True
        if self._updater is None or self._updater.done():
            self._updater = asyncio.create_task(self._update_loop())

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _update_loop(self) -> None:
        table = self.table
        while self._dirty:
            if self._drawn != table.revision:
                await self.shared.redraws.wait()  # moves made meanwhile go into one redraw
            self._dirty = False
            revision = table.revision
            if self._drawn != revision:
                try:
                    await self._edit_public()
                except Exception as exc:  # a drawing bug must not stop later refreshes
                    frames = "".join(traceback.format_tb(exc.__traceback__))
                    log.error(
                        "table %s: redraw failed: %s\n%s", table.id, type(exc).__name__, frames
                    )
                self._drawn = revision
            self._schedule_ping()
            await asyncio.sleep(PUBLIC_MIN_INTERVAL)
        if table.status in ("finished", "cancelled"):
            await self.close()

    async def _edit_public(self) -> None:
        table = self.table
        if table.message_id is None:
            return
        embed, view = public_message(table)
        try:
            await edit_quietly(self.shared.client, table.where_id, table.message_id, embed, view)
        except discord.HTTPException as exc:
            log.warning("could not edit table %s message: HTTP %s", table.id, exc.status)

    async def _refresh_hands(self, exclude: int | None) -> None:
        """Bring the hand ephemerals of the players now to act up to date, while their
        interaction tokens still live; older ones wait for a click on "Ma main"."""
        table = self.table
        state = table.state
        if state is None:
            return
        now = self.shared.discord_now()
        seats = state.to_move() if not state.is_over() else range(len(table.seats))
        for seat in seats:
            user_id = table.seats[seat].user_id
            if user_id is None or user_id == exclude:
                continue
            slot = self.hands.get(user_id)
            if slot is None:
                continue
            if (now - slot.created_at).total_seconds() > TOKEN_LIFETIME:
                del self.hands[user_id]
                continue
            embed, view = hand_message(table, seat, slot.lang)
            client = self.shared.client
            webhook = discord.Webhook.partial(slot.application_id, slot.token, client=client)
            try:
                await webhook.edit_message(slot.message_id, embed=embed, view=view)
            except Exception as exc:  # a dead token or a network hiccup: they can reopen it
                log.info("table %s: hand refresh skipped (%s)", table.id, type(exc).__name__)
                self.hands.pop(user_id, None)
            finally:
                release(view)

    # --- pings ----------------------------------------------------------------------------
    def _schedule_ping(self) -> None:
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
        channel = self.shared.client.get_partial_messageable(table.where_id)
        who = " ".join(f"<@{u}>" for u in sorted(movers))
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
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(previous[1]).delete()

    # --- the turn: AI seats, the timer, the lobby's expiry ----------------------------------
    def _arm_turn(self) -> None:
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
        await self.shared.clock.sleep(self.shared.ai_delay)
        if table.state is not state:
            return
        seed = (table.seed * 1_000_003 + version * 7919 + seat) & ((1 << 64) - 1)
        try:
            action = await self.shared.ai.choose(state, seat, level, seed)
            await self.shared.service.act_as(table.id, seat, version, action)
        except ServiceError:
            return  # someone moved first (a player took their seat back): nothing to do
        except Exception as exc:
            log.error("table %s: AI move failed (%s)", table.id, type(exc).__name__)

    async def _turn_timer(self, seats: list[int]) -> None:
        """Warn at half time; at the end, the AI plays for whoever has not acted."""
        table = self.table
        clock = self.shared.clock
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
        for seat in waiting:
            try:
                await self.shared.service.set_autopilot(table.id, seat, True)
            except ServiceError:
                return

    async def _warn_slow(self, seats: list[int], seconds: int) -> None:
        """Half of the turn timer is gone: mention the players who still have to act."""
        table = self.table
        users = [u for s in seats if (u := table.seats[s].user_id) is not None]
        if not users:
            return
        channel = self.shared.client.get_partial_messageable(table.where_id)
        who = " ".join(f"<@{u}>" for u in users)
        with contextlib.suppress(discord.HTTPException):
            await channel.send(
                tr("table.hurry", table.lang, who=who, n=seconds),
                allowed_mentions=discord.AllowedMentions(users=True, everyone=False, roles=False),
            )

    async def _expire_lobby(self) -> None:
        await self.shared.clock.sleep(LOBBY_TTL)
        await self.shared.service.expire_lobby(self.table.id)

    # --- the end ----------------------------------------------------------------------------
    async def close(self) -> None:
        """Stop everything this table has running; the registry forgets it."""
        if self.closed:
            return
        self.closed = True
        self._on_closed(self.table.id)
        current = asyncio.current_task()
        tasks = [
            t
            for t in (self._updater, self._ping_task, self._turn, self._lobby, *self._tasks)
            if t is not None and t is not current and not t.done()
        ]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.hands.clear()


class Runtimes:
    """The runtime of every table this process runs, made on the table's first change."""

    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self._by_id: dict[int, TableRuntime] = {}
        shared.service.on_change(self.on_change)

    def get(self, table_id: int) -> TableRuntime | None:
        return self._by_id.get(table_id)

    def of(self, table: Table) -> TableRuntime:
        runtime = self._by_id.get(table.id)
        if runtime is None or runtime.table is not table:
            runtime = TableRuntime(table, self.shared, self._forget)
            self._by_id[table.id] = runtime
        return runtime

    def _forget(self, table_id: int) -> None:
        self._by_id.pop(table_id, None)

    async def on_change(self, table: Table, actor: int | None) -> None:
        self.of(table).changed(actor)

    async def rearm(self, tables: list[Table]) -> None:
        """After a restart: redraw each restored table and arm its turn."""
        for table in tables:
            self.of(table).changed(None)

    async def close(self) -> None:
        await asyncio.gather(*(r.close() for r in list(self._by_id.values())))
