"""The open tables without Discord: a new table's options are checked before anything is stored."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.table.service import TableService
from bot.table.session import ServiceError
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
