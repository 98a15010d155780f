"""One open table's changes, one object per table: lock → check → apply to a copy → store →
make it the table's → publish `Stored`.

Until the write has committed, everything that reads the table (a redraw, another player's
hand, a timer, an AI) still sees the stored state, and a failed write changes nothing
anyone can see. Lobby changes follow the same order. What shows a change (the table
message, the hands, the turn) subscribes to `Stored`; the subscribers run from the event
loop once the change is the table's, never inside the lock nor in the task of the click
that made it, which only writes the answer the hand presenter prepared from `Stored`. A
move being stored is announced as `Applying` first, so that its pictures can be drawn
during the write; nothing is shown from it. The events and the refusals are
bot.table.changes'. The session knows nothing of Discord: the bot layer passes user ids in.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import games
from db import DuplicateMove, SeatResult, Store
from games import GameState, IllegalAction
from games.options import explain_error

from . import seating
from .changes import Applying, Move, NotStored, ServiceError, StaleVersion, Stored, storing
from .model import AI_LEVELS, TABLE_KEY, Seat, Table, ai_name
from .options import TIMER, TIMER_RANGE

log = logging.getLogger("tapis.service")

E = TypeVar("E")


class Subscribers(Generic[E]):
    """Who is told of an event; each runs as a callback of the event loop, after the
    publisher yields, and a failing one neither blocks the others nor the publisher."""

    def __init__(self) -> None:
        self._callbacks: list[Callable[[E], None]] = []

    def add(self, callback: Callable[[E], None]) -> None:
        self._callbacks.append(callback)

    def publish(self, event: E) -> None:
        loop = asyncio.get_running_loop()
        for callback in self._callbacks:
            loop.call_soon(_told, callback, event)


def _told(callback: Callable[[E], None], event: E) -> None:
    try:
        callback(event)
    except Exception:  # a display's failure must never undo or block a stored change
        log.exception("a subscriber failed")


@dataclass(frozen=True, slots=True)
class Outlets:
    """Where a session's events go, and what it calls once its table is over."""

    stored: Subscribers[Stored]
    applying: Subscribers[Applying]
    closed: Callable[[Table], None]  # finished or cancelled: the service forgets it


class TableSession:
    """The one writer of one open table: every change takes its lock."""

    def __init__(self, table: Table, store: Store, outlets: Outlets) -> None:
        self.table = table
        self.store = store
        self.outlets = outlets
        self.lock = asyncio.Lock()

    def stored(self, actor: int | None = None, move: Move | None = None) -> Stored:
        """The change is stored and the table's: a new revision, announced."""
        table = self.table
        table.revision += 1
        event = Stored(table, table.revision, actor, move)
        self.outlets.stored.publish(event)
        return event

    # --- lobby -------------------------------------------------------------------------
    async def set_options(self, user_id: int, options: dict[str, Any], timer: int) -> Table:
        """The host's new options for a lobby: checked by the game's model, stored, then
        the table's."""
        table = self.table
        async with self.lock:
            self._require_host(user_id)
            self._require_lobby()
            clean = checked_options(table.rules, options)
            low, high = TIMER_RANGE
            if not low <= timer <= high:
                raise ServiceError("err.bad_options", detail=TIMER.refusal())
            settings = {**table.settings(), "timer": timer}
            async with storing():
                await self.store.tables.update(table.id, options={**clean, TABLE_KEY: settings})
            table.options = clean
            table.timer = timer
            self.stored()
        return table

    async def attach_message(self, *, message_id: int, thread_id: int | None) -> None:
        table = self.table
        table.message_id = message_id
        table.thread_id = thread_id
        await self.store.tables.update(table.id, message_id=message_id, thread_id=thread_id)

    async def join(self, user_id: int, name: str) -> Table:
        table = self.table
        async with self.lock:
            self._require_lobby()
            await self._seat(seating.join, Seat(user_id, name))
            self.stored()
        return table

    async def leave(self, user_id: int) -> Table:
        table = self.table
        async with self.lock:
            self._require_lobby()
            await self._seat(seating.leave, user_id)
            self.stored()
        return table

    async def add_ai(self, user_id: int, level: str) -> Table:
        table = self.table
        async with self.lock:
            self._require_host(user_id)
            self._require_lobby()
            if level not in AI_LEVELS:
                raise ServiceError("err.bad_button")
            ai = Seat(None, ai_name(table, level), is_ai=True, ai_level=level)
            await self._seat(seating.add_ai, ai)
            self.stored()
        return table

    async def cancel(self, user_id: int) -> Table:
        async with self.lock:
            self._require_host(user_id)
            self._require_lobby()
            await self._close("cancelled")
            self.stored()
        return self.table

    async def settle(self) -> GameState | None:
        """Close a match before its end (a concours round closed by its organiser): the
        state it stopped at, or None if it was already over or closed."""
        async with self.lock:
            if self.table.status != "playing" or self.table.state is None:
                return None
            await self._close("cancelled")
            self.stored()
            return self.table.state

    async def expire_lobby(self) -> Table | None:
        """A lobby nobody started in time closes itself; a rematch lobby whose kept seats
        are still unconfirmed offers them to anyone instead, and lives on."""
        async with self.lock:
            if self.table.status != "lobby":
                return None
            if self.table.reserved and not self.table.lapsed:
                await self._settle(lapsed=True)
                self.stored()
                return self.table
            await self._close("cancelled")
            self.table.recent.append({"type": "lobby_expired"})
            self.stored()
        return self.table

    async def start(self, user_id: int) -> Table:
        table = self.table
        async with self.lock:
            self._require_host(user_id)
            self._require_lobby()
            rules = table.rules
            if len(table.seats) < rules.min_players:
                raise ServiceError("err.not_enough_players", n=rules.min_players)
            if table.reserved:
                raise ServiceError("err.rematch_waiting")
            state = rules.new(players=len(table.seats), seed=table.seed, options=table.options)
            snapshot = state.to_json()
            async with storing():
                await self.store.tables.start(table.id, snapshot)
            table.state = state
            table.snapshot = snapshot
            table.status = "playing"
            table.recent.extend(state.events_for(None))
            self.stored()
        return table

    async def _close(self, status: str) -> None:
        async with storing():
            await self.store.tables.update(self.table.id, status=status)
        self.table.status = status
        self.outlets.closed(self.table)

    def _require_lobby(self) -> None:
        if self.table.status != "lobby":
            raise ServiceError("err.not_in_lobby")

    def _require_host(self, user_id: int) -> None:
        if user_id != self.table.host_id:
            raise ServiceError("err.not_host")

    async def _seat(self, change: Callable[[Table, Any], seating.Seating], arg: Any) -> None:
        """A lobby's seating change (bot.table.seating), stored, then the table's."""
        try:
            new = change(self.table, arg)
        except seating.SeatRefused as exc:
            raise ServiceError(exc.key) from None
        table, before = self.table, self.table.reserved
        if new.seats != table.seats:
            await self.save_seats(new.seats)  # kept players no longer seated: no longer kept
            table.reserved = tuple(u for u in before if table.seat_of(u) is not None)
        if new.reserved != before:
            await self._settle(reserved=new.reserved)

    async def _settle(self, **settings: Any) -> None:
        """Store a rematch lobby's kept seats (`reserved`, `lapsed`), then make them the
        table's; the seats themselves are stored first, and a kept player no longer seated
        is dropped when the table is loaded (bot.table.model)."""
        table = self.table
        changed = {**table.settings(), **settings}
        changed["reserved"] = list(changed.get("reserved", ()))
        async with storing():
            await self.store.tables.update(table.id, options={**table.options, TABLE_KEY: changed})
        table.reserved = tuple(changed["reserved"])
        table.lapsed = changed.get("lapsed") is True

    async def save_seats(self, seats: list[Seat]) -> None:
        """Store the new seating, then make it the table's."""
        async with storing():
            await self.store.tables.set_seats(
                self.table.id, [s.info(i) for i, s in enumerate(seats)]
            )
        self.table.seats = seats

    # --- seats in play -----------------------------------------------------------------
    async def replace_with_ai(self, user_id: int, seat: int, *, forfeit: bool = False) -> Table:
        """The host hands an idle player's seat to the AI for the rest of the match. At a
        concours table only the concours does, its side's `forfeit` recorded first."""
        table = self.table
        async with self.lock:
            self._require_host(user_id)
            if table.concours and not forfeit:
                raise ServiceError("concours.replace_here")
            if table.status != "playing":
                raise ServiceError("err.not_playing")
            if not 0 <= seat < len(table.seats) or table.seats[seat].is_ai:
                raise ServiceError("err.bad_button")
            if table.seats[seat].user_id == table.host_id:
                raise ServiceError("err.bad_button")
            old = table.seats[seat]
            ai = Seat(None, ai_name(table, "facile"), is_ai=True, ai_level="facile")
            await self.save_seats([*table.seats[:seat], ai, *table.seats[seat + 1 :]])
            table.recent.append({"type": "replaced", "name": old.name, "seat": seat})
            self.stored()
        return table

    async def set_autopilot(self, seat: int, on: bool) -> Table:
        table = self.table
        async with self.lock:
            if table.status != "playing" or not 0 <= seat < len(table.seats):
                raise ServiceError("err.not_playing")
            current = table.seats[seat]
            if current.is_ai or current.autopilot == on:
                return table
            current.autopilot = on
            table.recent.append({"type": "autopilot" if on else "resumed", "seat": seat})
            self.stored()
        return table

    # --- play --------------------------------------------------------------------------
    async def play(
        self, user_id: int, version: int, action_id: str, *, answered: bool = True
    ) -> Stored:
        """Apply one player's action if it is theirs, current and legal; store it first.
        A click answers its player with their hand (`answered`); a move from the Activity
        does not, so that player's hand message is refreshed with the others'."""
        table = self.table
        async with self.lock:
            seat = table.seat_of(user_id) if table.status == "playing" else None
            if seat is None and table.status == "playing":
                raise ServiceError("err.not_seated")
            move = await self._move(seat, version, action_id)
            if table.seats[move.seat].autopilot:  # playing a card yourself takes it back
                table.seats[move.seat].autopilot = False
                table.recent.append({"type": "resumed", "seat": move.seat})
            return self.stored(user_id if answered else None, move)

    async def play_for(self, seat: int, version: int, action_id: str) -> Stored:
        """A move for an automatic seat (AI or autopilot): no clicker to check."""
        async with self.lock:
            if self.table.status == "playing" and not self.table.seats[seat].automatic:
                raise ServiceError("err.not_seated")
            return self.stored(None, await self._move(seat, version, action_id))

    async def _move(self, seat: int | None, version: int, action_id: str) -> Move:
        """Apply to a copy, store it, and only then let the copy be the table's state."""
        table = self.table
        if table.status != "playing" or table.state is None or seat is None:
            raise ServiceError("err.not_playing")
        await self._verify()
        if version != table.state.version:
            raise StaleVersion()
        state = table.state.copy()
        try:
            events = state.apply(seat, action_id)
        except IllegalAction as exc:
            raise ServiceError("illegal", game=table.game, code=exc.code) from None
        snapshot = state.to_json()
        self.outlets.applying.publish(Applying(table, seat, state))
        try:
            await self.store.moves.append(table.id, state.version, seat, action_id, snapshot)
        except DuplicateMove:
            # Another process already stored this version: reload the truth from storage.
            await self._reload()
            raise StaleVersion() from None
        except Exception as exc:
            # The commit may or may not have happened (a connection lost at COMMIT): the
            # table keeps its stored state and reads storage back before its next move.
            log.warning(
                "table %s: move %s not stored (%s)", table.id, state.version, type(exc).__name__
            )
            table.suspect = True
            raise NotStored() from None
        table.state = state
        table.snapshot = snapshot
        table.recent.extend(state.events_for(None))
        if state.is_over():
            try:
                await self.record()
            except Exception as exc:  # the move is stored: the next start records the match
                log.error("table %s: result not recorded yet (%s)", table.id, type(exc).__name__)
        return Move(seat, state.version, events)

    async def _verify(self) -> None:
        """After a write whose outcome is unknown, take the stored state as the truth."""
        if self.table.suspect:
            async with storing():
                await self._reload()
            self.table.suspect = False

    async def _reload(self) -> None:
        table = self.table
        record = await self.store.tables.get(table.id)
        if record is not None and record.snapshot and record.snapshot != table.snapshot:
            table.state = table.rules.from_json(record.snapshot)
            table.snapshot = record.snapshot

    async def record(self) -> None:
        """Record a finished match (its results, ratings and status) and close the table.
        Called once the last move is stored, or at start for a match that ended before it
        was recorded; storage makes a second call for the same table a no-op."""
        await record_result(self.store, self.table)
        self.outlets.closed(self.table)


async def record_result(store: Store, table: Table) -> None:
    """Store a finished match's result from the engine's outcome; the table is finished."""
    state = table.state
    assert state is not None
    out = state.outcome()
    seats = [
        SeatResult(
            seat=i,
            user_id=s.user_id,
            is_ai=s.is_ai,
            name=s.name,
            rank=out.ranks[i],
            score=out.scores[i],
        )
        for i, s in enumerate(table.seats)
    ]
    await store.results.record(
        table.id,
        guild_id=table.guild_id,
        game=table.game,
        seats=seats,
        teams=out.team_lists(),
        practice=table.practice or table.unrated,
        hints=table.hints,
    )
    table.status = "finished"


def checked_options(rules: games.Rules, options: dict[str, Any]) -> dict[str, Any]:
    """The options as stored: validated by the game's model, defaults left out."""
    try:
        parsed = rules.parse_options(options)
    except ValueError as exc:
        raise ServiceError("err.bad_options", detail=explain_error(rules.Options, exc)) from None
    return parsed.model_dump(mode="json", exclude_defaults=True)
