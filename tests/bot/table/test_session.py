"""A table's session without Discord: every change stored, then the table's, then
published; results recorded once."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.table.changes import Stored
from bot.table.model import Table
from bot.table.service import TableService
from bot.table.session import record_result
from db import Store
from games import GameState
from tests.db.util import logged_moves


@pytest.fixture
async def service(tmp_path: Path) -> TableService:
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 't.db'}")
    yield TableService(store, seed_source=lambda: 1234)
    await store.close()


async def play_to_the_end(service: TableService, table: Table) -> GameState:
    """Every seat plays its first legal action until the match is over."""
    while True:  # the table's state is a new object after each stored move
        state = table.state
        assert state is not None
        if state.is_over():
            return state
        seat = state.to_move()[0]
        user = table.seats[seat].user_id
        assert user is not None
        await service.session(table.id).play(user, state.version, state.legal_actions(seat)[0].id)


async def test_a_move_is_published_once_stored_outside_the_movers_task(
    service: TableService,
) -> None:
    """Subscribers hear of a move after its write, with the table already in its new state,
    from the event loop rather than inside the task (and the lock) of the move."""
    table = await service.create(
        guild_id=1, channel_id=2, host_id=10, host_name="h", game="nain-jaune", options={}
    )
    await service.session(table.id).join(11, "p11")
    await service.session(table.id).start(10)
    heard: list[tuple[Stored, int, asyncio.Task[Any] | None, bool]] = []
    told = asyncio.Event()
    session = service.session(table.id)

    def listen(event: Stored) -> None:
        version = event.table.version()
        heard.append((event, version, asyncio.current_task(), session.lock.locked()))
        told.set()

    service.stored.add(listen)
    state = table.state
    assert state is not None
    seat = state.to_move()[0]
    user = table.seats[seat].user_id
    assert user is not None
    stored = await session.play(user, state.version, state.legal_actions(seat)[0].id)
    assert heard == [], "told before the mover's task went on"
    await told.wait()
    [(event, version, task, locked)] = heard
    assert event is stored and event.actor == user
    assert event.move is not None and event.move.seat == seat
    assert version == event.move.version == state.version + 1
    assert [m.seq for m in await logged_moves(service.store, table.id)] == [version]
    assert task is None and not locked


async def test_a_finished_match_is_recorded_once_even_if_recorded_again(
    service: TableService,
) -> None:
    table = await service.create(
        guild_id=1, channel_id=2, host_id=10, host_name="h", game="manille", options={}
    )
    for uid in (11, 12, 13):
        await service.session(table.id).join(uid, f"p{uid}")
    await service.session(table.id).start(10)
    await play_to_the_end(service, table)
    assert table.id not in service.tables
    page = await service.store.leaderboard.page(1, game="manille")
    assert page.total == 4
    await record_result(service.store, table)  # recorded again (a second restore): none
    again = await service.store.leaderboard.page(1, game="manille")
    assert [r.matches for r in again.rows] == [1, 1, 1, 1]


async def test_fixed_partners_ranked_one_by_one_are_recorded_and_rated_one_by_one(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bianco Mano at four: partners are fixed in play but the result is individual; the
    session passes the engine's outcome on as it is (the bot holds no game rule), so
    storage rates four sides and `/stats` counts each player's own place."""
    recorded: dict[str, Any] = {}
    original = service.store.results.record

    async def spy(table_id: int, **kwargs: Any) -> bool:
        recorded.update(kwargs)
        return await original(table_id, **kwargs)

    monkeypatch.setattr(service.store.results, "record", spy)
    table = await service.create(
        guild_id=1,
        channel_id=2,
        host_id=10,
        host_name="h",
        game="bianco-mano",
        options={"deals": 1},
    )
    for uid in (11, 12, 13):
        await service.session(table.id).join(uid, f"p{uid}")
    await service.session(table.id).start(10)
    state = await play_to_the_end(service, table)
    out = state.outcome()
    assert recorded["teams"] is None
    assert [s.rank for s in recorded["seats"]] == list(out.ranks)
    assert [s.score for s in recorded["seats"]] == list(out.scores)
    # One deal was played: the taker and the partner scored apart, and so ranked apart.
    assert len(set(out.scores)) > 1 and len(set(out.ranks)) > 2
    for seat in range(4):
        user = table.seats[seat].user_id
        assert user is not None
        (row,) = [
            r for r in await service.store.leaderboard.stats(1, user) if r.game == "bianco-mano"
        ]
        behind = sum(1 for r in out.ranks if r > out.ranks[seat])
        assert (row.wins, row.points) == (int(out.ranks[seat] == 1), behind), seat
