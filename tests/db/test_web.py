"""The web companion's reads (finished matches, replays, rating history) and bulk import."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import select

from db import (
    ImportedMatch,
    MoveRecord,
    SeatInfo,
    Store,
    TableRecord,
    TableStatus,
    downgrade,
    upgrade,
)
from db.models import RatingHistory
from db.ratings import conservative

from .util import CHANNEL, GUILD, HOST, new_table, play, results, user

OTHER_GUILD = GUILD + 1


async def test_recent_matches_newest_first_scoped_by_guild_game_and_player(store: Store) -> None:
    first = await play(store, [user(1), user(2)], [1, 2])
    await play(store, [user(1), user(3)], [2, 1], game="bonanza")
    await play(store, [user(2), user(3)], [1, 2])
    await play(store, [user(1), user(2)], [1, 2], guild_id=OTHER_GUILD)

    every = await store.recent_matches(GUILD)
    assert [m.game for m in every] == ["manille", "bonanza", "manille"]
    assert [m.id for m in every] == sorted((m.id for m in every), reverse=True)
    assert [m.game for m in await store.recent_matches(GUILD, game="bonanza")] == ["bonanza"]
    mine = await store.recent_matches(GUILD, user_id=user(1))
    assert [m.game for m in mine] == ["bonanza", "manille"]
    assert [m.id for m in await store.recent_matches(GUILD, offset=1, limit=1)] == [every[1].id]
    oldest = every[-1]
    assert [(s.user_id, s.rank, s.won) for s in oldest.seats] == [
        (user(1), 1, True),
        (user(2), 2, False),
    ]
    assert oldest.season == 1 and oldest.rated
    assert (await store.finished_match(GUILD, oldest.id)) is not None
    del first


async def test_finished_match_has_the_move_log_and_nothing_of_other_guilds(store: Store) -> None:
    table_id = await new_table(store, users=[user(1), user(2)])
    await store.start_table(table_id, "{}")
    await store.append_move(table_id, 1, 0, "play:10H", "{}")
    await store.append_move(table_id, 2, 1, "play:JH", "{}")
    await store.record_result(
        table_id,
        guild_id=GUILD,
        game="manille",
        seats=results([user(1), user(2)], [1, 2]),
        teams=None,
    )
    (summary,) = await store.recent_matches(GUILD)
    match = await store.finished_match(GUILD, summary.id)
    assert match is not None
    assert match.seed == 12345 and match.options == {"target": 100}
    assert match.moves == [MoveRecord(1, 0, "play:10H"), MoveRecord(2, 1, "play:JH")]
    assert await store.finished_match(OTHER_GUILD, summary.id) is None
    assert await store.finished_match(GUILD, summary.id + 1000) is None


async def test_finished_table_finds_a_match_by_its_table_in_its_guild_only(store: Store) -> None:
    table_id = await play(store, [user(1), user(2)], [2, 1])
    await play(store, [user(1), user(2)], [1, 2])
    foreign = await play(store, [user(1), user(2)], [1, 2], guild_id=OTHER_GUILD)
    open_table = await new_table(store, users=[user(1), user(2)], status="playing")

    match = await store.finished_table(GUILD, table_id)
    assert match is not None and match.summary.table_id == table_id
    assert [s.rank for s in match.summary.seats] == [2, 1]
    assert match.summary.id in [m.id for m in await store.recent_matches(GUILD)]
    assert await store.finished_table(OTHER_GUILD, table_id) is None
    assert await store.finished_table(GUILD, foreign) is None
    assert await store.finished_table(GUILD, open_table) is None
    assert await store.finished_table(GUILD, open_table + 1000) is None


async def test_unfinished_tables_are_never_listed(store: Store) -> None:
    await new_table(store, users=[user(1), user(2)], status="playing")
    assert await store.recent_matches(GUILD) == []
    assert await store.recent_matches(GUILD, user_id=user(1)) == []


async def test_rating_history_ends_at_the_leaderboard_rating(store: Store) -> None:
    await play(store, [user(1), user(2)], [1, 2])
    await play(store, [user(1), user(2)], [1, 2], game="bonanza")
    await play(store, [user(1), user(3)], [2, 1])
    history = await store.rating_history(GUILD, user(1))
    assert [(p.game, p.season) for p in history] == [
        (None, 1),
        ("manille", 1),
        (None, 1),
        ("bonanza", 1),
        (None, 1),
        ("manille", 1),
    ]
    board = await store.leaderboard(GUILD, game="manille", min_matches=0)
    last = [p for p in history if p.game == "manille"][-1]
    (row,) = [r for r in board.rows if r.user_id == user(1)]
    assert (last.mu, last.sigma) == (row.mu, row.sigma)
    assert last.rating == conservative(row.mu, row.sigma)
    rising = [p.rating for p in history if p.game is None]
    assert rising[0] < rising[1]  # two wins in a row raise the rating


async def test_rating_history_per_season(store: Store) -> None:
    await play(store, [user(1), user(2)], [1, 2])
    await store.new_season(GUILD)
    await play(store, [user(1), user(2)], [2, 1])
    assert {p.season for p in await store.rating_history(GUILD, user(1), season=2)} == {2}
    assert len(await store.rating_history(GUILD, user(1))) == 4
    assert await store.rating_history(OTHER_GUILD, user(1)) == []


async def test_player_name_is_the_latest_one(store: Store) -> None:
    await play(store, [user(1), user(2)], [1, 2])
    assert await store.player_name(GUILD, user(1)) == "player-1"
    assert await store.player_name(GUILD, user(9)) is None
    assert await store.player_name(OTHER_GUILD, user(1)) is None


def imported(n: int, users: list[int | None], ranks: list[int], game: str) -> ImportedMatch:
    when = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(minutes=n)
    table = TableRecord(
        id=0,
        guild_id=GUILD,
        channel_id=CHANNEL,
        thread_id=None,
        message_id=None,
        game=game,
        options={"target": 100},
        seed=n,
        status=TableStatus.FINISHED,
        version=0,
        host_id=HOST,
        seats=[SeatInfo(i, uid, uid is None, None, f"p{i}") for i, uid in enumerate(users)],
        moves=[MoveRecord(1, 0, "play:10H"), MoveRecord(2, 1, "play:JH")],
    )
    return ImportedMatch(table, results(users, ranks), None, when)


SCRIPT: list[tuple[list[int | None], list[int], str]] = [
    ([user(1), user(2)], [1, 2], "manille"),
    ([user(2), user(3), None], [1, 2, 3], "bonanza"),
    ([user(1), user(3)], [2, 1], "manille"),
    ([user(1), None], [1, 2], "manille"),  # against an AI alone: recorded, not rated
    ([user(3), user(1), user(2)], [1, 1, 3], "nain-jaune"),
]


async def everything(store: Store) -> tuple[object, ...]:
    boards = [
        (await store.leaderboard(GUILD, game=g, limit=50, min_matches=0)).rows
        for g in (None, "manille", "bonanza", "nain-jaune")
    ]
    stats = [await store.stats(GUILD, user(n)) for n in (1, 2, 3)]
    history = [
        [(p.game, p.mu, p.sigma) for p in await store.rating_history(GUILD, user(n))]
        for n in (1, 2, 3)
    ]
    matches = [(m.game, m.rated, m.seats) for m in await store.recent_matches(GUILD, limit=50)]
    return boards, stats, history, matches


async def test_bulk_import_writes_what_recording_one_by_one_writes(
    store: Store, tmp_path: object
) -> None:
    for users, ranks, game in SCRIPT:
        await play(store, users, ranks, game=game)
    one_by_one = await everything(store)

    other = await Store.open(f"sqlite+aiosqlite:///{tmp_path}/bulk.db")
    try:
        items = [imported(n, *step) for n, step in enumerate(SCRIPT)]
        assert await other.import_finished(items, chunk=2) == len(SCRIPT)
        assert await everything(other) == one_by_one
        (newest,) = await other.recent_matches(GUILD, limit=1)
        match = await other.finished_match(GUILD, newest.id)
        assert match is not None and [m.action_id for m in match.moves] == ["play:10H", "play:JH"]
        assert newest.finished_at == datetime(2026, 1, 1, 0, 4, tzinfo=UTC)
    finally:
        await other.close()


async def test_migration_backfills_the_history_of_matches_recorded_before_it(
    tmp_path: object,
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path}/old.db"
    store = await Store.open(url)
    for users, ranks, game in SCRIPT:
        await play(store, users, ranks, game=game)
    await store.new_season(GUILD)
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
