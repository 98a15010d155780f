"""Seasons per guild: lazily opened, closed by `seasons.new`, old ones still queryable."""

from __future__ import annotations

import asyncio

from db import Store

from .util import GUILD, play, seasons_of, user

OTHER_GUILD = GUILD + 1


async def test_current_season_is_created_lazily_as_one(store: Store) -> None:
    assert await seasons_of(store, GUILD) == []
    first = await store.seasons.current(GUILD)
    assert (first.guild_id, first.number, first.ended_at, first.current) == (GUILD, 1, None, True)
    assert await store.seasons.current(GUILD) == first
    assert await seasons_of(store, GUILD) == [first]


async def test_new_season_closes_the_current_and_opens_the_next(store: Store) -> None:
    first = await store.seasons.current(GUILD)
    second = await store.seasons.new(GUILD)
    assert second.number == 2 and second.current
    assert await store.seasons.current(GUILD) == second
    old, new = await seasons_of(store, GUILD)
    assert (old.number, new) == (1, second)
    assert old.ended_at is not None and not old.current
    assert old.started_at == first.started_at
    assert old.ended_at <= second.started_at
    assert (await store.seasons.new(GUILD)).number == 3


async def test_new_season_on_a_fresh_guild_opens_season_one(store: Store) -> None:
    assert (await store.seasons.new(GUILD)).number == 1
    assert [s.number for s in await seasons_of(store, GUILD)] == [1]


async def test_seasons_are_per_guild(store: Store) -> None:
    await store.seasons.new(GUILD)
    await store.seasons.new(GUILD)
    assert (await store.seasons.current(OTHER_GUILD)).number == 1
    assert (await store.seasons.current(GUILD)).number == 2


async def test_results_go_to_the_current_season_and_old_ones_stay(store: Store) -> None:
    await play(store, [user(1), user(2)], [1, 2])
    await store.seasons.new(GUILD)
    await play(store, [user(2), user(3)], [1, 2])

    old = await store.leaderboard.page(GUILD, season=1)
    new = await store.leaderboard.page(GUILD)
    assert old.season == 1 and new.season == 2
    assert [r.user_id for r in old.rows] == [user(1), user(2)]
    assert [r.user_id for r in new.rows] == [user(2), user(3)]
    assert new.rows[0].matches == 1  # a new season starts from scratch
    stats = await store.leaderboard.stats(GUILD, user(2))
    assert [(r.season, r.current, r.game, r.wins) for r in stats] == [
        (2, True, None, 1),
        (2, True, "manille", 1),
        (1, False, None, 0),
        (1, False, "manille", 0),
    ]


async def test_concurrent_new_season_opens_one(store: Store) -> None:
    await store.seasons.current(GUILD)
    opened = await asyncio.gather(*(store.seasons.new(GUILD) for _ in range(4)))
    seasons = await seasons_of(store, GUILD)
    assert sum(s.current for s in seasons) == 1
    assert [s.number for s in seasons] == list(range(1, len(seasons) + 1))
    assert {s.number for s in opened} <= {s.number for s in seasons}


async def test_concurrent_first_calls_create_one_season(store: Store) -> None:
    found = await asyncio.gather(*(store.seasons.current(OTHER_GUILD) for _ in range(5)))
    assert {s.number for s in found} == {1}
    assert len(await seasons_of(store, OTHER_GUILD)) == 1
