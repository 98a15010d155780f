"""One running concours: pair a round, open its tables, collect their results, go on.

Each step is stored before anything shows it, and each is idempotent, so `advance` can be
called any number of times, after any crash, and always takes the concours exactly one step
further from what storage holds: a round is paired once (the store refuses a second pairing
and the pairing is deterministic from the stored results), a table is opened once (the
store links it to its round in the transaction that creates it), a result is recorded once.
The runner knows no Discord: what shows a step is the `Publisher` the bot gives it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any, Protocol

import games
from concours import Bye, Game, round_robin, swiss
from concours.seating import Format, round_options, round_seed, side_points
from db import ConcoursRecord, ConcoursRefused, ConcoursStatus, RoundTableRecord, SeatInfo, Store
from games import GameState

from ..table.model import AI_NAMES, TABLE_KEY, Table, table_from_record
from ..table.service import TableService
from ..table.session import ServiceError

log = logging.getLogger("tapis.concours")


class Publisher(Protocol):
    """What shows a concours: the bot's Discord side, or a test's recorder."""

    async def table_opened(
        self, concours: ConcoursRecord, entry: RoundTableRecord, table: Table
    ) -> None:
        """Post a newly started table of round table `entry` (its thread, its players
        mentioned)."""

    async def changed(self, concours: ConcoursRecord) -> None:
        """Redraw the concours message (standings, round)."""

    async def finished(self, concours: ConcoursRecord) -> None:
        """The podium."""


def rules_of(concours: ConcoursRecord) -> games.Rules:
    return games.get(concours.game)


def format_of(concours: ConcoursRecord) -> Format:
    return Format.of(rules_of(concours), concours.table_size)


def is_ai_side(side: int) -> bool:
    """AI sides (`ai_bye`) have ids 0, -1, -2...: entrant ids start at 1."""
    return side <= 0


def ai_tables(concours: ConcoursRecord) -> list[Bye]:
    """The entrants who played the AI rather than sit out, and when."""
    return [
        Bye(t.round, side)
        for t in concours.tables
        if any(is_ai_side(s) for s in t.sides)
        for side in t.sides
        if not is_ai_side(side)
    ]


def results(concours: ConcoursRecord) -> tuple[list[int], list[Game], list[Bye]]:
    """The entrants (registration order), the recorded games and the byes, as
    `concours.standings` takes them."""
    entrants = [e.id for e in concours.entrants if e.active]
    played = [
        Game(t.round, dict(zip(t.sides, t.points, strict=True)))
        for t in concours.tables
        if t.points is not None
    ]
    return entrants, played, [Bye(r, e) for r, e in concours.byes]


def next_round(concours: ConcoursRecord) -> tuple[list[list[int]], list[int]]:
    """The tables and byes of the round after the last paired one, from the stored results."""
    entrants, played, byes = results(concours)
    sizes = format_of(concours).sizes(rules_of(concours))
    number = concours.round + 1
    sat_out = ai_tables(concours)
    if concours.format == "round_robin":
        paired = round_robin(entrants, number, played, byes, sizes=sizes, sat_out=sat_out)
    else:
        paired = swiss(entrants, played, byes, sizes=sizes, sat_out=sat_out)
    tables, out = [list(t.sides) for t in paired.tables], list(paired.byes)
    if concours.ai_bye and out:  # the left over play the AI, as many AI sides as needed
        tables.append([*out, *(-n for n in range(max(sizes[0] - len(out), 1)))])
        out = []
    return tables, out


def table_options(concours: ConcoursRecord, round_: int) -> dict[str, Any]:
    """A round table's stored options: the concours' game options, its round length, the
    round's deal seed for duplicate deals, and the table settings."""
    rules = rules_of(concours)
    options: dict[str, Any] = round_options(rules, concours.options, concours.round_deals)
    if concours.duplicate:
        options["deal_seed"] = round_seed(concours.deal_seed, round_)
    clean = rules.parse_options(options).model_dump(mode="json", exclude_defaults=True)
    settings: dict[str, Any] = {"lang": concours.lang, "timer": concours.timer, "concours": True}
    if not concours.rated:
        settings["unrated"] = True
    return {**clean, TABLE_KEY: settings}


def seats_of(concours: ConcoursRecord, table: RoundTableRecord) -> list[SeatInfo]:
    """The seats of a round table: side n on the game's n-th partnership (or seat n)."""
    entrants = {e.id: e for e in concours.entrants}
    layout = format_of(concours).seats(rules_of(concours), len(table.sides))
    seats: list[SeatInfo] = []
    robots = iter(AI_NAMES)
    for side, places in zip(table.sides, layout, strict=True):
        if is_ai_side(side):
            seats += [SeatInfo(s, None, True, "fort", next(robots)) for s in places]
            continue
        entrant = entrants[side]
        names = (entrant.name, entrant.partner_name or entrant.name)
        for n, (seat, user) in enumerate(zip(places, entrant.users, strict=True)):
            seats.append(SeatInfo(seat, user, name=names[n]))
    return sorted(seats, key=lambda s: s.seat)


def points_of(concours: ConcoursRecord, table: RoundTableRecord, state: GameState) -> list[int]:
    """Each side's points from where its match stands (finished, or settled)."""
    layout = format_of(concours).seats(rules_of(concours), len(table.sides))
    forfeits = [n for n, side in enumerate(table.sides) if side in table.forfeits]
    return side_points(state.outcome(), layout, forfeits)


class ConcoursRunner:
    """The one object that moves one concours on; every step takes its lock."""

    def __init__(
        self,
        concours_id: int,
        store: Store,
        tables: TableService,
        publisher: Publisher,
        seed_source: Callable[[], int],
    ) -> None:
        self.id = concours_id
        self.store = store
        self.tables = tables
        self.publisher = publisher
        self.seed_source = seed_source
        self.lock = asyncio.Lock()
        self.table_ids: set[int] = set()  # the game tables of the current round

    async def advance(self) -> ConcoursRecord | None:
        """Take every step storage allows now; the concours as it then stands."""
        async with self.lock:
            return await self._advance()

    async def _advance(self) -> ConcoursRecord | None:
        while True:
            concours = await self.store.concours.get(self.id)
            if concours is None or concours.status is not ConcoursStatus.RUNNING:
                return concours
            if concours.round == 0 or self._round_done(concours):
                if concours.round >= concours.rounds:
                    await self.store.concours.move(
                        self.id, ConcoursStatus.FINISHED, (ConcoursStatus.RUNNING,)
                    )
                    done = await self.store.concours.get(self.id)
                    assert done is not None
                    await self.publisher.finished(done)
                    return done
                tables, byes = next_round(concours)
                await self.store.concours.pair_round(self.id, concours.round + 1, tables, byes)
                continue
            if not await self._play_round(concours):
                return await self.store.concours.get(self.id)

    @staticmethod
    def _round_done(concours: ConcoursRecord) -> bool:
        return all(t.points is not None for t in concours.tables if t.round == concours.round)

    async def _play_round(self, concours: ConcoursRecord) -> bool:
        """Open what is not open yet, record what finished; True if a result was recorded."""
        recorded = False
        current = [t for t in concours.tables if t.round == concours.round]
        for entry in current:
            if entry.points is not None:
                continue
            table = await self._open(concours, entry)
            self.table_ids.add(table.id)
            if table.status == "finished" and table.state is not None:
                points = points_of(concours, entry, table.state)
                await self.store.concours.record_table(self.id, entry.round, entry.number, points)
                recorded = True
            elif table.status == "cancelled":  # settled, then a crash before its points
                await self._record_settled(concours, entry, table.state)
                recorded = True
        if recorded:
            latest = await self.store.concours.get(self.id)
            if latest is not None:
                await self.publisher.changed(latest)
        return recorded

    async def _open(self, concours: ConcoursRecord, entry: RoundTableRecord) -> Table:
        """The round table's game table, opened, started and posted once."""
        table_id = entry.table_id
        if table_id is None:
            table_id = await self.store.concours.open_table(
                self.id,
                entry.round,
                entry.number,
                channel_id=concours.channel_id,
                options=table_options(concours, entry.round),
                seed=self.seed_source(),
                seats=seats_of(concours, entry),
            )
        table = self.tables.tables.get(table_id)
        if table is None:
            record = await self.store.tables.get(table_id)
            assert record is not None
            if record.status.value not in ("lobby", "playing"):
                return table_from_record(record)
            table = self.tables.adopt(record)
        if table.status == "lobby":
            await self.tables.session(table.id).start(table.host_id)
        if table.message_id is None and table.status == "playing":
            await self.publisher.table_opened(concours, entry, table)
        return table

    # --- the organiser's controls --------------------------------------------------------
    async def close_round(self, round_: int) -> ConcoursRecord | None:
        """Settle every unfinished table of round `round_` by its score now, then go on.
        A round that is not the current one (closed already) is refused."""
        async with self.lock:
            concours = await self.store.concours.get(self.id)
            if concours is None or concours.round != round_ or self._round_done(concours):
                raise ConcoursRefused("round_closed")
            for entry in concours.tables:
                if entry.round == round_ and entry.points is None:
                    await self._record_settled(concours, entry, await self._settle(entry))
            return await self._advance()

    async def _record_settled(
        self, concours: ConcoursRecord, entry: RoundTableRecord, state: GameState | None
    ) -> None:
        """A table stopped before its end scores where it stood (nothing if never started)."""
        points = points_of(concours, entry, state) if state is not None else [0] * len(entry.sides)
        await self.store.concours.record_table(
            self.id, entry.round, entry.number, points, settled=True
        )

    async def _settle(self, entry: RoundTableRecord) -> GameState | None:
        if entry.table_id is None:
            return None
        session = self.tables.sessions.get(entry.table_id)
        if session is not None:
            state = await session.settle()
            if state is not None:
                return state
        record = await self.store.tables.get(entry.table_id)
        if record is None or record.snapshot is None:
            return None
        return table_from_record(record).state

    async def replace(self, entrant_id: int) -> None:
        """A no-show's seats at the current round's table go to the AI: that side forfeits
        the game (scores nothing there), the others play on."""
        async with self.lock:
            concours = await self.store.concours.get(self.id)
            if concours is None or concours.status is not ConcoursStatus.RUNNING:
                raise ConcoursRefused("not_running")
            entry = next(
                (t for t in concours.tables if t.round == concours.round and entrant_id in t.sides),
                None,
            )
            if entry is None or entry.table_id is None:
                raise ConcoursRefused("bad_button")
            await self.store.concours.forfeit(self.id, entry.round, entry.number, entrant_id)
            session = self.tables.sessions.get(entry.table_id)
            if session is None:
                return
            users = next(e.users for e in concours.entrants if e.id == entrant_id)
            for seat, place in enumerate(session.table.seats):
                if place.user_id in users and not place.is_ai:
                    try:
                        await session.replace_with_ai(session.table.host_id, seat, forfeit=True)
                    except ServiceError:  # the organiser's own seat: the AI plays it too
                        await session.set_autopilot(seat, True)
