"""Leaderboard order, qualification, pagination; per-player stats."""

from __future__ import annotations

import itertools

import pytest

from db import LeaderboardPage, Store

from .util import GUILD, play, seasons_of, user

PLAYERS = 57


async def ladder(store: Store, players: int = PLAYERS) -> None:
    """A chain of duels, i beats i + 1: ratings spread out, and the first and last players
    play once while everyone else plays twice."""
    for i in range(players - 1):
        await play(store, [user(i), user(i + 1)], [1, 2])


@pytest.mark.slow
async def test_pagination_with_many_players(store: Store) -> None:
    await ladder(store)
    pages: list[LeaderboardPage] = []
    offset = 0
    while True:
        page = await store.leaderboard.page(
            GUILD, game="manille", offset=offset, limit=10, min_matches=2
        )
        pages.append(page)
        offset += 10
        if offset >= page.total:
            break
    assert len(pages) == 6
    assert [len(p.rows) for p in pages] == [10, 10, 10, 10, 10, 7]
    assert {(p.total, p.ranked) for p in pages} == {(PLAYERS, PLAYERS - 2)}
    rows = [row for page in pages for row in page.rows]
    assert len({r.user_id for r in rows}) == PLAYERS
    # Qualified players first, ranked 1..55 by rating; the two one-match players last.
    assert [r.rank for r in rows] == [*range(1, PLAYERS - 1), None, None]
    ranked = rows[: PLAYERS - 2]
    assert all(a.rating >= b.rating for a, b in itertools.pairwise(ranked))
    assert {r.user_id for r in rows[-2:]} == {user(0), user(PLAYERS - 1)}
    assert all(r.matches == 2 for r in ranked)
    assert all(r.rating == pytest.approx(r.mu - 3 * r.sigma) for r in rows)
    # Past the end: an empty page, same totals.
    beyond = await store.leaderboard.page(GUILD, game="manille", offset=60, limit=10, min_matches=2)
    assert beyond.rows == [] and beyond.total == PLAYERS


async def test_min_matches_one_ranks_everyone_and_all_games_agree(store: Store) -> None:
    await ladder(store, 12)
    page = await store.leaderboard.page(GUILD, limit=100)
    assert page.game is None and page.ranked == page.total == 12
    assert [r.rank for r in page.rows] == list(range(1, 13))
    per_game = await store.leaderboard.page(GUILD, game="manille", limit=100)
    # One game only: the all-games rating equals the game's.
    assert [r.user_id for r in page.rows] == [r.user_id for r in per_game.rows]


async def test_order_ties_break_on_points_then_matches(store: Store) -> None:
    # Against AIs only: no rating change, so every rating is equal (0) and points are 0;
    # then more matches come first, then the smaller user id.
    await play(store, [user(5), None], [1, 2])
    await play(store, [user(3), None], [2, 1])
    await play(store, [user(3), None], [2, 1])
    page = await store.leaderboard.page(GUILD, game="manille")
    assert [r.user_id for r in page.rows] == [user(3), user(5)]
    assert [r.wins for r in page.rows] == [0, 1]


async def test_leaderboard_filters_by_game(store: Store) -> None:
    await play(store, [user(1), user(2)], [1, 2], game="manille")
    await play(store, [user(3), user(4)], [1, 2], game="bonanza")
    manille = await store.leaderboard.page(GUILD, game="manille")
    assert {r.user_id for r in manille.rows} == {user(1), user(2)}
    everything = await store.leaderboard.page(GUILD)
    assert everything.total == 4


async def test_unknown_season_or_guild_is_empty(store: Store) -> None:
    await play(store, [user(1), user(2)], [1, 2])
    assert (await store.leaderboard.page(GUILD, season=7)).rows == []
    empty = await store.leaderboard.page(GUILD + 5)
    assert (empty.season, empty.total, empty.rows) == (1, 0, [])
    assert await seasons_of(store, GUILD + 5) == []  # a read creates nothing


async def test_leaderboard_validates_paging(store: Store) -> None:
    for kwargs in ({"offset": -1}, {"limit": 0}, {"min_matches": -1}):
        with pytest.raises(ValueError):
            await store.leaderboard.page(GUILD, **kwargs)  # type: ignore[arg-type]


async def test_stats_per_game_and_season(store: Store) -> None:
    await play(store, [user(1), user(2)], [1, 2], game="manille")
    await play(store, [user(1), user(2)], [2, 1], game="manille")
    await play(store, [user(1), user(2), user(3)], [1, 3, 2], game="bonanza")
    await store.seasons.new(GUILD)
    await play(store, [user(1), user(3)], [1, 2], game="manille")
    stats = await store.leaderboard.stats(GUILD, user(1))
    summary = [(r.season, r.current, r.game, r.matches, r.wins, r.points) for r in stats]
    assert summary == [
        (2, True, None, 1, 1, 1),
        (2, True, "manille", 1, 1, 1),
        (1, False, None, 3, 2, 3),
        (1, False, "bonanza", 1, 1, 2),
        (1, False, "manille", 2, 1, 1),
    ]
    assert all(r.rating == pytest.approx(r.mu - 3 * r.sigma) for r in stats)
    assert await store.leaderboard.stats(GUILD, user(99)) == []
    assert await store.leaderboard.stats(GUILD + 1, user(1)) == []


@pytest.mark.slow
async def test_every_page_is_a_slice_of_the_full_order(store: Store) -> None:
    """Ranked then unranked, each by rating, points, matches, user id: whatever the page
    boundaries, the pages put together are that one order (ties included)."""
    await ladder(store, 14)
    for i in range(6):  # equal ratings among AI-only players, with different match counts
        for _ in range(i % 3 + 1):
            await play(store, [user(100 + i), None], [1 + i % 2, 2 - i % 2])
    for min_matches in (1, 2, 3):
        full = await store.leaderboard.page(
            GUILD, game="manille", limit=100, min_matches=min_matches
        )
        expected = sorted(
            full.rows,
            key=lambda r: (
                r.matches < min_matches,
                -r.rating,
                -r.points,
                -r.matches,
                r.user_id,
            ),
        )
        assert full.rows == expected
        for size in (1, 3, 7):
            pieced = []
            for offset in range(0, full.total, size):
                page = await store.leaderboard.page(
                    GUILD, game="manille", offset=offset, limit=size, min_matches=min_matches
                )
                pieced += page.rows
            assert pieced == full.rows
