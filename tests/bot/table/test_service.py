"""The open tables without Discord: a new table's options are checked before anything is stored."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.table.changes import ServiceError
from bot.table.service import TableService
from db import Store


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


async def test_a_practice_table_keeps_its_flag_and_ai_level_after_a_restart(
    service: TableService,
) -> None:
    table = await service.create(
        guild_id=1,
        channel_id=2,
        host_id=3,
        host_name="h",
        game="nain-jaune",
        options={},
        practice=True,
        level="fort",
    )
    assert [(s.user_id, s.is_ai, s.ai_level) for s in table.seats] == [
        (3, False, None),
        *[(None, True, "fort")] * 3,
    ]
    await service.session(table.id).start(3)
    (again,) = await TableService(service.store).restore()
    assert again.practice and again.status == "playing"
    assert [s.ai_level for s in again.seats] == [None, "fort", "fort", "fort"]
    plain = await service.create(
        guild_id=1, channel_id=2, host_id=4, host_name="p", game="nain-jaune", options={}
    )
    assert not plain.practice and len(plain.seats) == 1


async def test_an_unknown_ai_level_is_refused(service: TableService) -> None:
    with pytest.raises(ServiceError) as err:
        await service.create(
            guild_id=1,
            channel_id=2,
            host_id=3,
            host_name="h",
            game="manille",
            options={},
            practice=True,
            level="moyen",
        )
    assert err.value.key == "err.bad_options"
    assert service.tables == {}
