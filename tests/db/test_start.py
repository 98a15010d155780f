"""Starting a table stores its opening snapshot and status together."""

from __future__ import annotations

import pytest

from db import SeatInfo, Store


async def test_start_stores_version_zero_snapshot_and_playing_status(store: Store) -> None:
    table_id = await store.tables.create(
        guild_id=1, channel_id=2, game="manille", options={}, seed=7, host_id=10
    )
    await store.tables.set_seats(
        table_id,
        [
            SeatInfo(seat=i, user_id=10 + i, is_ai=False, ai_level=None, name=f"p{i}")
            for i in range(4)
        ],
    )
    await store.tables.start(table_id, '{"x": 1}')
    record = await store.tables.get(table_id)
    assert record is not None
    assert record.status == "playing"
    assert record.version == 0
    assert record.snapshot == '{"x": 1}'
    assert [t.id for t in await store.tables.all_open()] == [table_id]


async def test_a_table_cannot_start_twice(store: Store) -> None:
    table_id = await store.tables.create(
        guild_id=1, channel_id=2, game="manille", options={}, seed=7, host_id=10
    )
    await store.tables.start(table_id, "{}")
    with pytest.raises(ValueError):
        await store.tables.start(table_id, "{}")
