"""Shard claims: one running process per shard, freed when its holder stops."""

from __future__ import annotations

import pytest

from db import ShardTaken, Store


async def test_a_claimed_shard_cannot_be_claimed_again_until_released(store: Store) -> None:
    first = await store.shards.claim(2, [0, 1], wait=0)
    with pytest.raises(ShardTaken) as taken:
        await store.shards.claim(2, [1], wait=0.3)
    assert taken.value.shards == [1] and "another Tapis process" in str(taken.value)
    await first.release()
    again = await store.shards.claim(2, [1], wait=0)
    await again.release()


async def test_other_shards_of_the_same_bot_can_be_claimed_beside(
    store: Store, backend: str
) -> None:
    if backend == "sqlite":
        pytest.skip("SQLite runs every shard in one process: one claim covers the file")
    zero = await store.shards.claim(2, [0], wait=0)
    one = await store.shards.claim(2, [1], wait=0)
    with pytest.raises(ShardTaken):
        await store.shards.claim(2, [0, 1], wait=0)
    await zero.release()
    await one.release()
