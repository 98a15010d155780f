"""The table service without Discord: ratings sides, options, recording once."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import ServiceError, TableService, rated_outcome
from db import Store


def test_bianco_mano_at_four_is_rated_as_fixed_teams() -> None:
    out = {"ranks": [1, 3, 2, 4], "scores": [6, -2, 3, -5], "teams": None}
    rated = rated_outcome("bianco-mano", out)
    assert rated["teams"] == [[0, 2], [1, 3]]
    assert rated["ranks"] == [1, 2, 1, 2]


def test_other_counts_and_games_keep_their_outcome() -> None:
    out = {"ranks": [1, 2, 3], "scores": [4, 1, -5], "teams": None}
    assert rated_outcome("bianco-mano", out) is out
    manille = {"ranks": [1, 2, 1, 2], "scores": [100, 80, 100, 80], "teams": [[0, 2], [1, 3]]}
    assert rated_outcome("manille", manille) is manille


@pytest.fixture
async def service(tmp_path: Path) -> TableService:
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 't.db'}")
    yield TableService(store, seed_source=lambda: 1234)
    await store.close()


async def test_bad_options_are_refused_before_anything_is_stored(service: TableService) -> None:
    with pytest.raises(ServiceError) as err:
        await service.create(
            guild_id=1,
            channel_id=2,
            host_id=3,
            host_name="h",
            game="manille",
            options={"target": 150},
        )
    assert err.value.key == "err.bad_options"
    assert service.tables == {}


async def test_a_finished_match_is_recorded_once_even_if_recorded_again(
    service: TableService,
) -> None:
    table = await service.create(
        guild_id=1, channel_id=2, host_id=10, host_name="h", game="manille", options={}
    )
    for uid in (11, 12, 13):
        await service.join(table.id, uid, f"p{uid}")
    await service.start(table.id, 10)
    while table.state is not None and not table.state.is_over():
        state = table.state
        seat = state.to_move()[0]
        user = table.seats[seat].user_id
        assert user is not None
        await service.act(table.id, user, state.version, state.legal_actions(seat)[0].id)
    assert table.id not in service.tables
    page = await service.store.leaderboard(1, game="manille")
    assert page.total == 4
    await service._record(table)  # the finishing click delivered twice: no second result
    again = await service.store.leaderboard(1, game="manille")
    assert [r.matches for r in again.rows] == [1, 1, 1, 1]
