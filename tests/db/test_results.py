"""Recording finished matches: once, atomically, with season points and ratings."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from sqlalchemy import func, select

import db.store.results
from db import ALL_GAMES, TABLE_SETTINGS, Store, TableNotFound
from db.models import Match, MatchResult, RatingHistory
from db.records import StatRow

from .util import GUILD, new_table, play, results, user

DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3


async def count_rows(store: Store, model: Any) -> int:
    async with store.engine.connect() as conn:
        return int((await conn.execute(select(func.count()).select_from(model))).scalar_one())


async def by_user(store: Store, game: str | None = "manille") -> dict[int, Any]:
    page = await store.leaderboard.page(GUILD, game=game, limit=100, min_matches=0)
    return {row.user_id: row for row in page.rows}


async def test_record_result_once(store: Store) -> None:
    users = [user(1), user(2)]
    table_id = await new_table(store, users=users, status="playing")
    args: dict[str, Any] = {"guild_id": GUILD, "game": "manille", "teams": None}
    assert await store.results.record(table_id, seats=results(users, [1, 2]), **args)
    assert not await store.results.record(table_id, seats=results(users, [1, 2]), **args)
    assert not await store.results.record(table_id, seats=results(users, [2, 1]), **args)
    table = await store.tables.get(table_id)
    assert table is not None and table.status == "finished"
    assert await count_rows(store, Match) == 1
    assert await count_rows(store, MatchResult) == 2
    rows = await by_user(store)
    assert {uid: (r.matches, r.wins) for uid, r in rows.items()} == {
        user(1): (1, 1),
        user(2): (1, 0),
    }
    assert await store.tables.all_open() == []


async def test_concurrent_finishing_clicks_record_once(store: Store) -> None:
    users = [user(1), user(2), user(3)]
    table_id = await new_table(store, game="bonanza", users=users, status="playing")
    outcomes = await asyncio.gather(
        *(
            store.results.record(
                table_id,
                guild_id=GUILD,
                game="bonanza",
                seats=results(users, [1, 2, 3]),
                teams=None,
            )
            for _ in range(6)
        )
    )
    assert sorted(outcomes) == [False] * 5 + [True]
    assert await count_rows(store, Match) == 1
    rows = await by_user(store, "bonanza")
    assert all(r.matches == 1 for r in rows.values())


async def test_concurrent_matches_of_the_same_players_lose_no_update(store: Store) -> None:
    """Different tables finishing together all count (no lost read-modify-write)."""
    users = [user(1), user(2)]
    tables = [await new_table(store, users=users, status="playing") for _ in range(5)]
    outcomes = await asyncio.gather(
        *(
            store.results.record(
                t, guild_id=GUILD, game="manille", seats=results(users, [1, 2]), teams=None
            )
            for t in tables
        )
    )
    assert outcomes == [True] * 5
    rows = await by_user(store)
    assert (rows[user(1)].matches, rows[user(1)].wins, rows[user(1)].points) == (5, 5, 5)
    assert rows[user(2)].matches == 5


async def test_a_crash_while_recording_leaves_nothing(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dying mid-way (here: in the rating update) rolls everything back; a retry records."""
    users = [user(1), user(2)]
    table_id = await new_table(store, users=users, status="playing")

    def crash(*_args: Any) -> None:
        raise RuntimeError("killed")

    monkeypatch.setattr(db.store.results, "standings_after", crash)
    with pytest.raises(RuntimeError):
        await store.results.record(
            table_id, guild_id=GUILD, game="manille", seats=results(users, [1, 2]), teams=None
        )
    monkeypatch.undo()
    assert await count_rows(store, Match) == 0
    assert await count_rows(store, MatchResult) == 0
    table = await store.tables.get(table_id)
    assert table is not None and table.status == "playing"
    assert await store.results.record(
        table_id, guild_id=GUILD, game="manille", seats=results(users, [1, 2]), teams=None
    )


async def test_free_for_all_ratings_and_points(store: Store) -> None:
    users = [user(1), user(2), user(3), user(4)]
    await play(store, users, [2, 1, 4, 3], game="nain-jaune")
    rows = await by_user(store, "nain-jaune")
    mu = [rows[u].mu for u in users]
    assert mu[1] > mu[0] > DEFAULT_MU > mu[3] > mu[2]  # by final rank
    assert [rows[u].points for u in users] == [2, 3, 0, 1]
    assert [rows[u].wins for u in users] == [0, 1, 0, 0]
    assert all(rows[u].sigma < DEFAULT_SIGMA for u in users)


async def test_team_game_is_rated_as_teams(store: Store) -> None:
    users = [user(1), user(2), user(3), user(4)]
    await play(store, users, [1, 2, 1, 2], teams=[[0, 2], [1, 3]])
    rows = await by_user(store)
    assert rows[user(1)].mu == pytest.approx(rows[user(3)].mu)
    assert rows[user(2)].mu == pytest.approx(rows[user(4)].mu)
    assert rows[user(1)].mu > DEFAULT_MU > rows[user(2)].mu
    assert [rows[u].points for u in users] == [1, 0, 1, 0]
    assert [rows[u].wins for u in users] == [1, 0, 1, 0]

    # The same result as a free-for-all moves ratings differently: 1st/3rd are not equal.
    other = [user(11), user(12), user(13), user(14)]
    await play(store, other, [1, 2, 3, 4])
    rows = await by_user(store)
    assert rows[user(11)].mu > rows[user(13)].mu
    assert rows[user(11)].points == 3


async def test_ai_seats_are_not_rated(store: Store) -> None:
    users = [user(1), None, user(2), None]
    table_id = await play(store, users, [3, 1, 2, 4])
    rows = await by_user(store)
    assert set(rows) == {user(1), user(2)}  # no rating row for an AI
    assert rows[user(2)].mu > DEFAULT_MU > rows[user(1)].mu  # rated against each other only
    assert (rows[user(1)].points, rows[user(2)].points) == (1, 2)  # places among 4 sides
    assert rows[user(1)].wins == rows[user(2)].wins == 0  # an AI won
    async with store.engine.connect() as conn:
        ai_rows = (
            await conn.execute(
                select(MatchResult.__table__.c.seat, MatchResult.__table__.c.user_id).where(
                    MatchResult.__table__.c.table_id == table_id
                )
            )
        ).all()
    assert sorted(ai_rows) == [(0, user(1)), (1, None), (2, user(2)), (3, None)]


async def test_one_human_side_changes_no_rating(store: Store) -> None:
    """A game against AIs counts as played (and won) but moves no rating, earns no points."""
    await play(store, [user(1), None, None], [1, 2, 3], game="blanche-neige")
    # Team game where both humans sit on one side: still a single human side.
    await play(store, [user(1), None, user(2), None], [2, 1, 2, 1], teams=[[0, 2], [1, 3]])
    rows = await by_user(store, "blanche-neige")
    assert (rows[user(1)].mu, rows[user(1)].sigma) == (DEFAULT_MU, DEFAULT_SIGMA)
    assert (rows[user(1)].matches, rows[user(1)].wins, rows[user(1)].points) == (1, 1, 0)
    team = await by_user(store)
    assert all((r.mu, r.sigma, r.points) == (DEFAULT_MU, DEFAULT_SIGMA, 0) for r in team.values())


async def test_humans_with_ai_partners_are_still_rated_as_teams(store: Store) -> None:
    users = [user(1), user(2), None, None]
    await play(store, users, [1, 2, 1, 2], teams=[[0, 2], [1, 3]])
    rows = await by_user(store)
    assert rows[user(1)].mu > DEFAULT_MU > rows[user(2)].mu


async def test_all_games_rows_sum_every_game(store: Store) -> None:
    await play(store, [user(1), user(2)], [1, 2], game="manille")
    await play(store, [user(1), user(2), user(3)], [2, 1, 3], game="bonanza")
    overall = await by_user(store, None)
    assert (overall[user(1)].matches, overall[user(1)].wins, overall[user(1)].points) == (2, 1, 2)
    assert (overall[user(2)].matches, overall[user(2)].wins, overall[user(2)].points) == (2, 1, 2)
    assert overall[user(3)].matches == 1
    assert (await by_user(store, "manille"))[user(1)].matches == 1
    stats = await store.leaderboard.stats(GUILD, user(1))
    assert [(r.season, r.game, r.matches) for r in stats] == [
        (1, None, 2),
        (1, "bonanza", 1),
        (1, "manille", 1),
    ]
    assert all(isinstance(r, StatRow) and r.current for r in stats)
    assert ALL_GAMES not in {r.game for r in stats}


async def test_record_result_validates(store: Store) -> None:
    users = [user(1), user(2), user(3), user(4)]
    table_id = await new_table(store, users=users, status="playing")
    seats = results(users, [1, 2, 1, 2])
    with pytest.raises(ValueError, match="cover"):
        await store.results.record(
            table_id, guild_id=GUILD, game="manille", seats=seats, teams=[[0, 2], [1]]
        )
    with pytest.raises(ValueError, match="ranks"):
        await store.results.record(
            table_id,
            guild_id=GUILD,
            game="manille",
            seats=results(users, [1, 2, 3, 2]),
            teams=[[0, 2], [1, 3]],
        )
    with pytest.raises(ValueError, match="bonanza"):
        await store.results.record(
            table_id, guild_id=GUILD, game="bonanza", seats=seats, teams=None
        )
    with pytest.raises(ValueError):
        await store.results.record(
            table_id, guild_id=GUILD + 1, game="manille", seats=seats, teams=None
        )
    with pytest.raises(TableNotFound):
        await store.results.record(
            table_id + 99, guild_id=GUILD, game="manille", seats=seats, teams=None
        )
    assert await count_rows(store, Match) == 0


async def test_a_practice_match_keeps_its_result_but_counts_nowhere(store: Store) -> None:
    """Practice: the result stays (for its replay), unrated, with no points, no rating or
    rating-history row, so no board, season or statistics sees it."""
    users = [user(1), user(2), None, None]
    table_id = await store.tables.create(
        guild_id=GUILD,
        channel_id=1,
        game="manille",
        options={TABLE_SETTINGS: {"lang": "fr", "timer": 0, "practice": True}},
        seed=7,
        host_id=user(1),
    )
    assert await store.results.record(
        table_id,
        guild_id=GUILD,
        game="manille",
        seats=results(users, [1, 2, 1, 2]),
        teams=[[0, 2], [1, 3]],
        practice=True,
    )
    assert await by_user(store) == {}
    assert await by_user(store, None) == {}
    assert await store.leaderboard.stats(GUILD, user(1)) == []
    assert await count_rows(store, RatingHistory) == 0
    (match,) = await store.history.recent(GUILD)
    assert match.practice and not match.rated
    assert [s.season_points for s in match.seats] == [0, 0, 0, 0]
    assert [s.won for s in match.seats] == [True, False, True, False]

    await play(store, users, [1, 2, 1, 2], teams=[[0, 2], [1, 3]])
    newest, _ = await store.history.recent(GUILD)
    assert not newest.practice and newest.rated
    assert set(await by_user(store)) == {user(1), user(2)}


async def test_a_match_with_hints_is_counted_but_unrated(store: Store) -> None:
    """Hints allowed: played and won count as at any unrated match, but no rating moves and
    no season points are earned."""
    users = [user(1), user(2)]
    table_id = await new_table(store, users=users, status="playing")
    assert await store.results.record(
        table_id,
        guild_id=GUILD,
        game="manille",
        seats=results(users, [1, 2]),
        teams=None,
        hints=True,
    )
    (match,) = await store.history.recent(GUILD)
    assert not match.rated and not match.practice
    rows = await by_user(store)
    assert rows[user(1)].matches == 1 and rows[user(1)].wins == 1
    assert rows[user(1)].points == 0 and rows[user(1)].mu == rows[user(2)].mu
