"""The bulk helpers of tests/db/bulk.py, which the benches fill their databases with."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from db import MoveRecord, SeatInfo, Store, TableRecord, TableStatus

from .bulk import ImportedMatch, import_finished, import_tables, move_times
from .test_history import SCRIPT, everything
from .util import CHANNEL, GUILD, HOST, new_table, play, results, user


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


async def test_bulk_import_writes_what_recording_one_by_one_writes(
    store: Store, tmp_path: object
) -> None:
    for users, ranks, game in SCRIPT:
        await play(store, users, ranks, game=game)
    one_by_one = await everything(store)

    other = await Store.open(f"sqlite+aiosqlite:///{tmp_path}/bulk.db")
    try:
        items = [imported(n, *step) for n, step in enumerate(SCRIPT)]
        assert await import_finished(other, items, chunk=2) == len(SCRIPT)
        assert await everything(other) == one_by_one
        (newest,) = await other.history.recent(GUILD, limit=1)
        match = await other.history.match(GUILD, newest.id)
        assert match is not None and [m.action_id for m in match.moves] == ["play:10H", "play:JH"]
        assert newest.finished_at == datetime(2026, 1, 1, 0, 4, tzinfo=UTC)
    finally:
        await other.close()


async def test_move_times_tell_when_each_move_was_stored_and_by_whom(store: Store) -> None:
    table_id = await new_table(store, users=[user(1), None])
    await store.moves.append(table_id, 1, 0, "take", '{"v":1}')
    middle = datetime.now(UTC)
    await store.moves.append(table_id, 2, 1, "take", '{"v":2}')
    await store.moves.append(table_id, 3, 0, "take", '{"v":3}')
    everything = await move_times(store, middle - timedelta(hours=1))
    assert [(m.table_id, m.seq, m.by_ai) for m in everything] == [
        (table_id, 1, False),
        (table_id, 2, True),
        (table_id, 3, False),
    ]
    assert all(m.stored_at.tzinfo is not None for m in everything)
    assert [m.seq for m in await move_times(store, middle)] == [2, 3]


async def test_import_tables_copies_open_tables(store: Store) -> None:
    source = await new_table(store, users=[user(1), None], status="playing")
    await store.moves.append(source, 1, 0, "take", '{"v":1}')
    original = await store.tables.get(source)
    assert original is not None
    (copy_id,) = await import_tables(store, [original])
    copy = await store.tables.get(copy_id)
    assert copy is not None and copy_id != source
    for name in ("game", "options", "seed", "status", "version", "seats", "snapshot", "moves"):
        assert getattr(copy, name) == getattr(original, name), name
