"""Reads of finished play: matches, replays, rating history and the web's pages."""

from __future__ import annotations

from sqlalchemy import select

from db import MoveRecord, Store, downgrade, upgrade
from db.models import RatingHistory
from db.ratings import conservative

from .util import GUILD, new_table, play, rating_history, results, user

OTHER_GUILD = GUILD + 1


async def test_recent_matches_newest_first_scoped_by_guild_game_and_player(store: Store) -> None:
    first = await play(store, [user(1), user(2)], [1, 2])
    await play(store, [user(1), user(3)], [2, 1], game="bonanza")
    await play(store, [user(2), user(3)], [1, 2])
    await play(store, [user(1), user(2)], [1, 2], guild_id=OTHER_GUILD)

    every = await store.history.recent(GUILD)
    assert [m.game for m in every] == ["manille", "bonanza", "manille"]
    assert [m.id for m in every] == sorted((m.id for m in every), reverse=True)
    assert [m.game for m in await store.history.recent(GUILD, game="bonanza")] == ["bonanza"]
    mine = await store.history.recent(GUILD, user_id=user(1))
    assert [m.game for m in mine] == ["bonanza", "manille"]
    assert [m.id for m in await store.history.recent(GUILD, offset=1, limit=1)] == [every[1].id]
    oldest = every[-1]
    assert [(s.user_id, s.rank, s.won) for s in oldest.seats] == [
        (user(1), 1, True),
        (user(2), 2, False),
    ]
    assert oldest.season == 1 and oldest.rated
    assert (await store.history.match(GUILD, oldest.id)) is not None
    del first


async def test_finished_match_has_the_move_log_and_nothing_of_other_guilds(store: Store) -> None:
    table_id = await new_table(store, users=[user(1), user(2)])
    await store.tables.start(table_id, "{}")
    await store.moves.append(table_id, 1, 0, "play:10H", "{}")
    await store.moves.append(table_id, 2, 1, "play:JH", "{}")
    await store.results.record(
        table_id,
        guild_id=GUILD,
        game="manille",
        seats=results([user(1), user(2)], [1, 2]),
        teams=None,
    )
    (summary,) = await store.history.recent(GUILD)
    match = await store.history.match(GUILD, summary.id)
    assert match is not None
    assert match.seed == 12345 and match.options == {"target": 100}
    assert match.moves == [MoveRecord(1, 0, "play:10H"), MoveRecord(2, 1, "play:JH")]
    assert await store.history.match(OTHER_GUILD, summary.id) is None
    assert await store.history.match(GUILD, summary.id + 1000) is None


async def test_finished_table_finds_a_match_by_its_table_in_its_guild_only(store: Store) -> None:
    table_id = await play(store, [user(1), user(2)], [2, 1])
    await play(store, [user(1), user(2)], [1, 2])
    foreign = await play(store, [user(1), user(2)], [1, 2], guild_id=OTHER_GUILD)
    open_table = await new_table(store, users=[user(1), user(2)], status="playing")

    match = await store.history.match_at_table(GUILD, table_id)
    assert match is not None and match.summary.table_id == table_id
    assert [s.rank for s in match.summary.seats] == [2, 1]
    assert match.summary.id in [m.id for m in await store.history.recent(GUILD)]
    assert await store.history.match_at_table(OTHER_GUILD, table_id) is None
    assert await store.history.match_at_table(GUILD, foreign) is None
    assert await store.history.match_at_table(GUILD, open_table) is None
    assert await store.history.match_at_table(GUILD, open_table + 1000) is None


async def test_unfinished_tables_are_never_listed(store: Store) -> None:
    await new_table(store, users=[user(1), user(2)], status="playing")
    assert await store.history.recent(GUILD) == []
    assert await store.history.recent(GUILD, user_id=user(1)) == []


async def test_rating_history_ends_at_the_leaderboard_rating(store: Store) -> None:
    await play(store, [user(1), user(2)], [1, 2])
    await play(store, [user(1), user(2)], [1, 2], game="bonanza")
    await play(store, [user(1), user(3)], [2, 1])
    history = await rating_history(store, GUILD, user(1))
    assert [(p.game, p.season) for p in history] == [
        (None, 1),
        ("manille", 1),
        (None, 1),
        ("bonanza", 1),
        (None, 1),
        ("manille", 1),
    ]
    board = await store.leaderboard.page(GUILD, game="manille", min_matches=0)
    last = [p for p in history if p.game == "manille"][-1]
    (row,) = [r for r in board.rows if r.user_id == user(1)]
    assert (last.mu, last.sigma) == (row.mu, row.sigma)
    assert last.rating == conservative(row.mu, row.sigma)
    rising = [p.rating for p in history if p.game is None]
    assert rising[0] < rising[1]  # two wins in a row raise the rating


async def test_rating_history_per_season(store: Store) -> None:
    await play(store, [user(1), user(2)], [1, 2])
    await store.seasons.new(GUILD)
    await play(store, [user(1), user(2)], [2, 1])
    assert {p.season for p in await rating_history(store, GUILD, user(1), season=2)} == {2}
    assert len(await rating_history(store, GUILD, user(1))) == 4
    assert await rating_history(store, OTHER_GUILD, user(1)) == []


async def test_a_player_page_has_the_name_and_only_for_the_guild_they_played_on(
    store: Store,
) -> None:
    await play(store, [user(1), user(2)], [1, 2])
    page = await store.history.player_page(GUILD, user(1), season=None, offset=0, limit=5)
    assert page is not None and page.name == "player-1"
    for guild, who in ((GUILD, user(9)), (OTHER_GUILD, user(1))):
        assert await store.history.player_page(guild, who, season=None, offset=0, limit=5) is None


SCRIPT: list[tuple[list[int | None], list[int], str]] = [
    ([user(1), user(2)], [1, 2], "manille"),
    ([user(2), user(3), None], [1, 2, 3], "bonanza"),
    ([user(1), user(3)], [2, 1], "manille"),
    ([user(1), None], [1, 2], "manille"),  # against an AI alone: recorded, not rated
    ([user(3), user(1), user(2)], [1, 1, 3], "nain-jaune"),
]


async def everything(store: Store) -> tuple[object, ...]:
    boards = [
        (await store.leaderboard.page(GUILD, game=g, limit=50, min_matches=0)).rows
        for g in (None, "manille", "bonanza", "nain-jaune")
    ]
    stats = [await store.leaderboard.stats(GUILD, user(n)) for n in (1, 2, 3)]
    history = [
        [(p.game, p.mu, p.sigma) for p in await rating_history(store, GUILD, user(n))]
        for n in (1, 2, 3)
    ]
    matches = [(m.game, m.rated, m.seats) for m in await store.history.recent(GUILD, limit=50)]
    return boards, stats, history, matches


async def test_migration_backfills_the_history_of_matches_recorded_before_it(
    tmp_path: object,
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path}/old.db"
    store = await Store.open(url)
    for users, ranks, game in SCRIPT:
        await play(store, users, ranks, game=game)
    await store.seasons.new(GUILD)
    await play(store, [user(1), user(2)], [2, 1])

    async def rows() -> list[tuple[object, ...]]:
        async with store.engine.connect() as conn:
            table = RatingHistory.__table__
            result = await conn.execute(select(table).order_by(*table.primary_key.columns))
            return [tuple(r) for r in result]

    live = await rows()
    assert len(live) == 2 * (2 + 2 + 2 + 1 + 3 + 2)
    await store.close()
    await downgrade(url, "0001")
    await upgrade(url)
    store = await Store.open(url)
    try:
        assert await rows() == live
    finally:
        await store.close()
