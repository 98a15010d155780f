"""Reviews of finished matches: pending once, stored once, found again at start-up."""

from __future__ import annotations

from datetime import timedelta

from db import ReviewLine, ReviewStatus, Store
from db.store.database import utcnow

from .util import GUILD, new_table, play, user

LINE = ReviewLine(12, 2, "play:KC", "play:10C", 1.84, "point", ("partner_holds", {"n": 1}))


async def test_a_review_is_pending_then_stored_once_with_its_lines(store: Store) -> None:
    table_id = await play(store, [user(1), None, user(2)], [1, 2, 3])
    assert await store.reviews.want(table_id, [0, 2]) == [0, 2]
    pending = await store.reviews.get(table_id, 0)
    assert pending is not None and pending.status is ReviewStatus.PENDING and not pending.lines
    await store.reviews.save(table_id, 0, [LINE])
    await store.reviews.save(table_id, 0, [])  # a second computation changes nothing
    done = await store.reviews.get(table_id, 0)
    assert done is not None and done.status is ReviewStatus.DONE and done.lines == (LINE,)
    assert await store.reviews.want(table_id, [0, 2]) == [2]  # only what is still pending
    assert [r.seat for r in await store.reviews.of_table(table_id)] == [0, 2]
    assert await store.reviews.get(table_id, 1) is None


async def test_start_up_finds_pending_and_recently_missing_reviews_of_human_seats(
    store: Store,
) -> None:
    pending = await play(store, [user(1), None], [1, 2])
    await store.reviews.want(pending, [0])
    done = await play(store, [user(1), user(2)], [2, 1])
    await store.reviews.want(done, [0, 1])
    await store.reviews.save(done, 0, [])
    await store.reviews.save(done, 1, [LINE])
    missing = await play(store, [None, user(3)], [1, 2])
    await new_table(store, users=[user(4), user(5)], status="playing")

    found = await store.reviews.to_resume(utcnow() - timedelta(days=1))
    assert found == [(GUILD, pending, [0]), (GUILD, missing, [1])]
    # An older match without any review row is left alone; a pending one never is.
    assert await store.reviews.to_resume(utcnow() + timedelta(days=1)) == [(GUILD, pending, [0])]


async def test_start_up_resumes_only_the_guilds_of_its_own_shards(store: Store) -> None:
    mine = await play(store, [user(1), user(2)], [1, 2])
    await store.reviews.want(mine, [0, 1])
    other = GUILD + (1 << 22)  # the next shard of two
    theirs = await play(store, [user(1), user(2)], [1, 2], guild_id=other)
    await store.reviews.want(theirs, [0, 1])
    since = utcnow()
    shard = (GUILD >> 22) % 2
    assert [t for _, t, _ in await store.reviews.to_resume(since)] == [mine, theirs]
    found = await store.reviews.to_resume(since, shard_count=2, shard_ids=[shard])
    assert [t for _, t, _ in found] == [mine]
