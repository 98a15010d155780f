"""A concours driven without Discord: a recording publisher, scripted players, an oracle."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import games
from bot.concours.runner import results
from bot.concours.service import ConcoursService
from bot.table.model import Table
from bot.table.service import TableService
from concours import Line, round_robin, standings, swiss
from db import ConcoursRecord, RoundTableRecord, Store

GUILD = 2**40
CHANNEL = 2**41
ORGANISER = 2**42


def user(n: int) -> int:
    return 2**50 + n


class Recorder:
    """The publisher of a test: notes what would be shown, attaches a message per table."""

    def __init__(self) -> None:
        self.posted: list[int] = []
        self.changes = 0
        self.podium: ConcoursRecord | None = None
        self._ids = itertools.count(10_000)
        self.tables: TableService | None = None

    async def table_opened(
        self, concours: ConcoursRecord, entry: RoundTableRecord, table: Table
    ) -> None:
        self.posted.append(table.id)
        assert self.tables is not None
        await self.tables.session(table.id).attach_message(
            message_id=next(self._ids), thread_id=None
        )

    async def changed(self, concours: ConcoursRecord) -> None:
        self.changes += 1

    async def finished(self, concours: ConcoursRecord) -> None:
        self.podium = concours


def services(store: Store, recorder: Recorder) -> tuple[TableService, ConcoursService]:
    tables = TableService(store)
    recorder.tables = tables
    return tables, ConcoursService(store, tables, recorder)


async def play(tables: TableService, table_id: int, rng: random.Random, moves: int) -> int:
    """Up to `moves` random legal moves by the seat to move (its player, or for it); the
    number played."""
    session = tables.session(table_id)
    table = session.table
    played = 0
    while played < moves and table.status == "playing":
        state = table.state
        assert state is not None
        if state.is_over():
            break
        seat = state.to_move()[0]
        action = rng.choice(state.legal_actions(seat))
        user_id = table.seats[seat].user_id
        if table.seats[seat].automatic or user_id is None:
            await session.play_for(seat, state.version, action.id)
        else:
            await session.play(user_id, state.version, action.id)
        played += 1
    return played


def current_tables(tables: TableService, concours: ConcoursRecord) -> list[int]:
    return [
        t.table_id
        for t in concours.tables
        if t.round == concours.round and t.points is None and t.table_id in tables.sessions
    ]


def oracle(concours: ConcoursRecord) -> list[Line]:
    """The standings recomputed from the stored results, checking on the way that each
    round is the pairing the stored results before it call for."""
    entrants, played, byes = results(concours)
    rules = games.get(concours.game)
    pairs = rules.teams(concours.table_size) is not None
    sizes = (
        (2, 2, 2) if pairs else (concours.table_size - 1, concours.table_size, concours.table_size)
    )
    for number in range(1, concours.round + 1):
        before = [g for g in played if g.round < number]
        byes_before = [b for b in byes if b.round < number]
        if concours.format == "swiss":
            expected = swiss(entrants, before, byes_before, sizes=sizes)
        else:
            expected = round_robin(entrants, number, before, byes_before, sizes=sizes)
        stored = [t.sides for t in concours.tables if t.round == number]
        assert [t.sides for t in expected.tables] == stored, f"round {number}"
        assert sorted(expected.byes) == sorted(e for r, e in concours.byes if r == number)
    return standings(entrants, played, byes)


def meetings(concours: ConcoursRecord) -> Counter[frozenset[int]]:
    met: Counter[frozenset[int]] = Counter()
    for t in concours.tables:
        for a, b in itertools.combinations(t.sides, 2):
            met[frozenset((a, b))] += 1
    return met
