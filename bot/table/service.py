"""The table service: owns every open table, one lock each, and the move pipeline.

A move is: check the clicker and the version → `apply` to a copy of the state → persist
(log row + snapshot in one transaction) → only then make the copy the table's state and
tell the listeners. Until the write has committed, everything that reads the table (a
redraw, another player's hand, a timer, an AI) still sees the stored state; a failed write
changes nothing anyone can see. Lobby changes follow the same order: stored, then kept.
The service knows nothing of Discord messages: the bot layer passes user ids in and listens
for changes.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import games
from db import DuplicateMove, SeatResult, Store
from games import GameState, IllegalAction
from games.options import explain_error

from ..app.shards import Shards
from .model import (
    AI_LEVELS,
    DEFAULT_TIMER,
    TABLE_KEY,
    Seat,
    Table,
    ai_name,
    table_from_record,
)
from .options import TIMER, TIMER_RANGE

log = logging.getLogger("tapis.service")


class ServiceError(Exception):
    """A refusal to show the user: `key` is a catalog key, `params` fill it in."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


class StaleVersion(ServiceError):
    def __init__(self) -> None:
        super().__init__("err.stale")


class NotStored(ServiceError):
    """The database did not take the change (outage, lock held too long): nothing changed."""

    def __init__(self) -> None:
        super().__init__("err.not_stored")


# Told of every stored change: the table, and the user whose click made it (their own
# hand is redrawn by the answer to that click), if any.
Listener = Callable[[Table, int | None], Awaitable[None]]
Preparer = Callable[[Table, int, GameState], None]


@contextlib.asynccontextmanager
async def storing() -> AsyncIterator[None]:
    """A write the player waits for: if storage fails, they hear "not done, try again"."""
    try:
        yield
    except ServiceError:
        raise
    except Exception as exc:
        log.warning("storage refused a change (%s)", type(exc).__name__)
        raise NotStored() from None


@dataclass
class MoveResult:
    table: Table
    seat: int
    events: list[dict[str, Any]]
    finished: bool


class TableService:
    def __init__(self, store: Store, *, seed_source: Callable[[], int] | None = None) -> None:
        self.store = store
        self.tables: dict[int, Table] = {}
        self._seed_source = seed_source or (lambda: secrets.randbits(63))
        self._listeners: list[Listener] = []
        self._preparers: list[Preparer] = []

    def on_change(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def on_applied(self, preparer: Preparer) -> None:
        """`preparer(table, seat, state)` is told of each move (its seat and its new state)
        while it is stored, to prepare what will show it (pictures). It must show nothing:
        the move may still be refused, and it is stored, then shown."""
        self._preparers.append(preparer)

    async def _changed(self, table: Table, actor: int | None = None) -> None:
        table.revision += 1
        for listener in self._listeners:
            try:
                await listener(table, actor)
            except Exception:  # a renderer failure must never undo or block a stored move
                log.exception("listener failed for table %s", table.id)

    # --- lookup ------------------------------------------------------------------------
    def get(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise ServiceError("err.no_table")
        return table

    def guild_tables(self, guild_id: int) -> list[Table]:
        return sorted(
            (t for t in self.tables.values() if t.guild_id == guild_id), key=lambda t: t.id
        )

    # --- lobby -------------------------------------------------------------------------
    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game: str,
        options: dict[str, Any],
        lang: str = "fr",
        timer: int = DEFAULT_TIMER,
    ) -> Table:
        if not games.known(game):
            raise ServiceError("err.unknown_game")
        rules = games.get(game)
        clean = _checked_options(rules, options)
        seed = self._seed_source()
        async with storing():
            table_id = await self.store.tables.create(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game,
                options={**clean, TABLE_KEY: {"lang": lang, "timer": timer}},
                seed=seed,
                host_id=host_id,
            )
        table = Table(
            id=table_id,
            guild_id=guild_id,
            channel_id=channel_id,
            thread_id=None,
            game=game,
            options=clean,
            seed=seed,
            host_id=host_id,
            lang=lang,
            timer=timer,
        )
        await self._save_seats(table, [Seat(host_id, host_name)])
        self.tables[table_id] = table
        await self._changed(table)  # arms the lobby's expiry
        return table

    async def set_options(
        self, table_id: int, user_id: int, options: dict[str, Any], timer: int
    ) -> Table:
        """The host's new options for a lobby: checked by the game's model, stored, then
        the table's."""
        table = self.get(table_id)
        async with table.lock:
            if user_id != table.host_id:
                raise ServiceError("err.not_host")
            self._require_lobby(table)
            clean = _checked_options(table.rules, options)
            low, high = TIMER_RANGE
            if not low <= timer <= high:
                raise ServiceError("err.bad_options", detail=TIMER.refusal())
            settings = {"lang": table.lang, "timer": timer}
            async with storing():
                await self.store.tables.update(table.id, options={**clean, TABLE_KEY: settings})
            table.options = clean
            table.timer = timer
        await self._changed(table)
        return table

    async def attach_message(self, table: Table, *, message_id: int, thread_id: int | None) -> None:
        table.message_id = message_id
        table.thread_id = thread_id
        await self.store.tables.update(table.id, message_id=message_id, thread_id=thread_id)

    async def join(self, table_id: int, user_id: int, name: str) -> Table:
        table = self.get(table_id)
        async with table.lock:
            self._require_lobby(table)
            if table.seat_of(user_id) is not None:
                raise ServiceError("err.already_seated")
            if len(table.seats) >= table.rules.max_players:
                raise ServiceError("err.table_full")
            await self._save_seats(table, [*table.seats, Seat(user_id, name)])
        await self._changed(table)
        return table

    async def leave(self, table_id: int, user_id: int) -> Table:
        table = self.get(table_id)
        async with table.lock:
            self._require_lobby(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise ServiceError("err.not_seated")
            if user_id == table.host_id:
                raise ServiceError("err.host_leave")
            await self._save_seats(table, [s for i, s in enumerate(table.seats) if i != seat])
        await self._changed(table)
        return table

    async def add_ai(self, table_id: int, user_id: int, level: str) -> Table:
        table = self.get(table_id)
        async with table.lock:
            if user_id != table.host_id:
                raise ServiceError("err.not_host")
            self._require_lobby(table)
            if level not in AI_LEVELS:
                raise ServiceError("err.bad_button")
            if len(table.seats) >= table.rules.max_players:
                raise ServiceError("err.table_full")
            ai = Seat(None, ai_name(table, level), is_ai=True, ai_level=level)
            await self._save_seats(table, [*table.seats, ai])
        await self._changed(table)
        return table

    async def replace_with_ai(self, table_id: int, user_id: int, seat: int) -> Table:
        """The host hands an idle player's seat to the AI for the rest of the match."""
        table = self.get(table_id)
        async with table.lock:
            if user_id != table.host_id:
                raise ServiceError("err.not_host")
            if table.status != "playing":
                raise ServiceError("err.not_playing")
            if not 0 <= seat < len(table.seats) or table.seats[seat].is_ai:
                raise ServiceError("err.bad_button")
            if table.seats[seat].user_id == table.host_id:
                raise ServiceError("err.bad_button")
            old = table.seats[seat]
            ai = Seat(None, ai_name(table, "facile"), is_ai=True, ai_level="facile")
            await self._save_seats(table, [*table.seats[:seat], ai, *table.seats[seat + 1 :]])
            table.recent.append({"type": "replaced", "name": old.name, "seat": seat})
        await self._changed(table)
        return table

    async def set_autopilot(self, table_id: int, seat: int, on: bool) -> Table:
        table = self.get(table_id)
        async with table.lock:
            if table.status != "playing" or not 0 <= seat < len(table.seats):
                raise ServiceError("err.not_playing")
            current = table.seats[seat]
            if current.is_ai or current.autopilot == on:
                return table
            current.autopilot = on
            table.recent.append({"type": "autopilot" if on else "resumed", "seat": seat})
        await self._changed(table)
        return table

    async def expire_lobby(self, table_id: int) -> Table | None:
        """A lobby nobody started in time closes itself."""
        table = self.tables.get(table_id)
        if table is None:
            return None
        async with table.lock:
            if table.status != "lobby":
                return None
            async with storing():
                await self.store.tables.update(table.id, status="cancelled")
            table.status = "cancelled"
            self.tables.pop(table.id, None)
            table.recent.append({"type": "lobby_expired"})
        await self._changed(table)
        return table

    async def act_as(self, table_id: int, seat: int, version: int, action_id: str) -> MoveResult:
        """A move for an automatic seat (AI or autopilot): no clicker to check."""
        table = self.get(table_id)
        async with table.lock:
            if table.status != "playing" or table.state is None:
                raise ServiceError("err.not_playing")
            if not table.seats[seat].automatic:
                raise ServiceError("err.not_seated")
            await self._verify(table)
            if version != table.state.version:
                raise StaleVersion()
            result = await self._apply_and_store(table, seat, action_id)
        await self._changed(table)
        return result

    async def cancel(self, table_id: int, user_id: int) -> Table:
        table = self.get(table_id)
        async with table.lock:
            if user_id != table.host_id:
                raise ServiceError("err.not_host")
            self._require_lobby(table)
            async with storing():
                await self.store.tables.update(table.id, status="cancelled")
            table.status = "cancelled"
            self.tables.pop(table.id, None)
        await self._changed(table)
        return table

    async def start(self, table_id: int, user_id: int) -> Table:
        table = self.get(table_id)
        async with table.lock:
            if user_id != table.host_id:
                raise ServiceError("err.not_host")
            self._require_lobby(table)
            rules = table.rules
            if len(table.seats) < rules.min_players:
                raise ServiceError("err.not_enough_players", n=rules.min_players)
            state = rules.new(players=len(table.seats), seed=table.seed, options=table.options)
            snapshot = state.to_json()
            async with storing():
                await self.store.tables.start(table.id, snapshot)
            table.state = state
            table.snapshot = snapshot
            table.status = "playing"
            self._remember(table, state.events_for(None))
        await self._changed(table)
        return table

    def _require_lobby(self, table: Table) -> None:
        if table.status != "lobby":
            raise ServiceError("err.not_in_lobby")

    async def _save_seats(self, table: Table, seats: list[Seat]) -> None:
        """Store the new seating, then make it the table's."""
        async with storing():
            await self.store.tables.set_seats(table.id, [s.info(i) for i, s in enumerate(seats)])
        table.seats = seats

    # --- play --------------------------------------------------------------------------
    async def act(self, table_id: int, user_id: int, version: int, action_id: str) -> MoveResult:
        """Apply one player's action if it is theirs, current and legal; store it first."""
        table = self.get(table_id)
        async with table.lock:
            if table.status != "playing" or table.state is None:
                raise ServiceError("err.not_playing")
            seat = table.seat_of(user_id)
            if seat is None:
                raise ServiceError("err.not_seated")
            await self._verify(table)
            if version != table.state.version:
                raise StaleVersion()
            result = await self._apply_and_store(table, seat, action_id)
            if table.seats[seat].autopilot:  # playing a card yourself takes the seat back
                table.seats[seat].autopilot = False
                table.recent.append({"type": "resumed", "seat": seat})
        await self._changed(table, actor=user_id)
        return result

    async def _apply_and_store(self, table: Table, seat: int, action_id: str) -> MoveResult:
        """Apply to a copy, store it, and only then let the copy be the table's state."""
        assert table.state is not None
        state = table.state.copy()
        try:
            events = state.apply(seat, action_id)
        except IllegalAction as exc:
            raise ServiceError("illegal", game=table.game, code=exc.code) from None
        snapshot = state.to_json()
        for prepare in self._preparers:
            try:
                prepare(table, seat, state)
            except Exception:  # only a head start: the move goes on without it
                log.exception("preparing table %s failed", table.id)
        try:
            await self.store.moves.append(table.id, state.version, seat, action_id, snapshot)
        except DuplicateMove:
            # Another process already stored this version: reload the truth from storage.
            await self._reload(table)
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
        self._remember(table, state.events_for(None))
        finished = state.is_over()
        if finished:
            try:
                await self.record(table)
            except Exception as exc:  # the move is stored: the next start records the match
                log.error("table %s: result not recorded yet (%s)", table.id, type(exc).__name__)
        return MoveResult(table=table, seat=seat, events=events, finished=finished)

    async def _verify(self, table: Table) -> None:
        """After a write whose outcome is unknown, take the stored state as the truth."""
        if table.suspect:
            async with storing():
                await self._reload(table)
            table.suspect = False

    async def _reload(self, table: Table) -> None:
        record = await self.store.tables.get(table.id)
        if record is not None and record.snapshot and record.snapshot != table.snapshot:
            table.state = table.rules.from_json(record.snapshot)
            table.snapshot = record.snapshot

    def _remember(self, table: Table, events: list[dict[str, Any]]) -> None:
        table.recent.extend(events)

    async def record(self, table: Table) -> None:
        """Record a finished match (its results, ratings and status) and forget the table.
        `act` calls it once the last move is stored, `restore` for a match that ended
        before it was recorded; storage makes a second call for the same table a no-op."""
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
        await self.store.results.record(
            table.id, guild_id=table.guild_id, game=table.game, seats=seats, teams=out.team_lists()
        )
        table.status = "finished"
        self.tables.pop(table.id, None)

    # --- restore -----------------------------------------------------------------------
    async def restore(self, shards: Shards | None = None) -> list[Table]:
        """Load every open table from storage, exactly where it was; with `shards`, only
        the tables of guilds on those shards (the other processes restore theirs)."""
        restored = []
        if shards is None:
            records = await self.store.tables.all_open()
        else:
            records = await self.store.tables.all_open(
                shard_count=shards.count, shard_ids=shards.ids
            )
        for record in records:
            table = table_from_record(record)
            if table.status == "playing" and table.state is not None and table.state.is_over():
                await self.record(table)  # died between the last move and the recording
                restored.append(table)  # its message still needs the final scores
                continue
            self.tables[table.id] = table
            restored.append(table)
        return restored


def _checked_options(rules: games.Rules, options: dict[str, Any]) -> dict[str, Any]:
    """The options as stored: validated by the game's model, defaults left out."""
    try:
        parsed = rules.parse_options(options)
    except ValueError as exc:
        raise ServiceError("err.bad_options", detail=explain_error(rules.Options, exc)) from None
    return parsed.model_dump(mode="json", exclude_defaults=True)
