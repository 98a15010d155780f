"""Tables, seats, the move log and snapshots; restoring open tables."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import event, insert
from sqlalchemy.exc import DBAPIError

from db import (
    DuplicateMove,
    MoveGap,
    MoveRecord,
    SeatInfo,
    Store,
    TableNotFound,
    TableStatus,
)
from db.store import sqlite_writer
from db.store.database import MOVES

from .util import CHANNEL, GUILD, HOST, logged_moves, new_table, play, user

BIG = 2**63 - 1  # the largest Discord snowflake a BIGINT can hold, far beyond 2**53


async def test_create_and_get_table_round_trips_big_ids(store: Store) -> None:
    table_id = await store.tables.create(
        guild_id=BIG,
        channel_id=BIG - 1,
        game="nain-jaune",
        options={"variant": "classic", "target": 3, "nested": {"a": [1, 2]}},
        seed=BIG - 2,
        host_id=BIG - 3,
        thread_id=BIG - 4,
    )
    await store.tables.update(table_id, message_id=BIG - 5)
    await store.tables.set_seats(
        table_id, [SeatInfo(0, BIG - 6, name="Zoé"), SeatInfo(1, None, True)]
    )
    table = await store.tables.get(table_id)
    assert table is not None
    assert (table.guild_id, table.channel_id, table.seed, table.host_id) == (
        BIG,
        BIG - 1,
        BIG - 2,
        BIG - 3,
    )
    assert (table.thread_id, table.message_id) == (BIG - 4, BIG - 5)
    assert table.seats[0] == SeatInfo(0, BIG - 6, False, None, "Zoé")
    assert table.options == {"variant": "classic", "target": 3, "nested": {"a": [1, 2]}}
    assert table.status is TableStatus.LOBBY
    assert table.version == 0
    assert table.snapshot is None and table.moves == []
    assert table.created_at is not None and table.created_at.tzinfo is not None


async def test_get_unknown_table_is_none(store: Store) -> None:
    assert await store.tables.get(999) is None


async def test_update_table_validates(store: Store) -> None:
    table_id = await new_table(store)
    await store.tables.update(table_id, status=TableStatus.PLAYING, thread_id=5, version=3)
    table = await store.tables.get(table_id)
    assert table is not None
    assert (table.status, table.thread_id, table.version) == ("playing", 5, 3)
    with pytest.raises(TypeError, match="guild_id"):
        await store.tables.update(table_id, guild_id=1)
    with pytest.raises(ValueError):
        await store.tables.update(table_id, status="paused")
    with pytest.raises(TableNotFound):
        await store.tables.update(table_id + 1000, status="finished")


async def test_set_seats_replaces_the_list(store: Store) -> None:
    table_id = await new_table(store, users=[user(1), user(2), None])
    await store.tables.set_seats(
        table_id, [SeatInfo(0, user(3), name="c"), SeatInfo(2, None, True, "hard", "Bot")]
    )
    table = await store.tables.get(table_id)
    assert table is not None
    assert table.seats == [
        SeatInfo(0, user(3), False, None, "c"),
        SeatInfo(2, None, True, "hard", "Bot"),
    ]
    with pytest.raises(ValueError):
        await store.tables.set_seats(table_id, [SeatInfo(0, user(1)), SeatInfo(0, user(2))])
    with pytest.raises(ValueError):
        await store.tables.set_seats(table_id, [SeatInfo(0, None, is_ai=False)])
    with pytest.raises(TableNotFound):
        await store.tables.set_seats(table_id + 1000, [])


async def test_append_move_writes_log_snapshot_and_version(store: Store) -> None:
    table_id = await new_table(store, status="playing")
    for seq in range(1, 6):
        await store.moves.append(table_id, seq, seq % 4, f"play:{seq}H", f'{{"v":{seq}}}')
    table = await store.tables.get(table_id)
    assert table is not None
    assert table.version == 5
    assert (table.snapshot, table.snapshot_version) == ('{"v":5}', 5)
    expected = [MoveRecord(seq, seq % 4, f"play:{seq}H") for seq in range(1, 6)]
    assert table.moves == expected
    assert await logged_moves(store, table_id) == expected


async def test_duplicate_move_is_refused_and_writes_nothing(store: Store) -> None:
    table_id = await new_table(store, status="playing")
    await store.moves.append(table_id, 1, 0, "take", '{"v":1}')
    await store.moves.append(table_id, 2, 1, "pass", '{"v":2}')
    for seq in (1, 2):
        with pytest.raises(DuplicateMove) as caught:
            await store.moves.append(table_id, seq, 3, "other", '{"v":"dup"}')
        assert (caught.value.table_id, caught.value.seq) == (table_id, seq)
    table = await store.tables.get(table_id)
    assert table is not None
    assert [(m.seq, m.action_id) for m in table.moves] == [(1, "take"), (2, "pass")]
    assert (table.snapshot, table.version) == ('{"v":2}', 2)


async def test_a_gap_in_the_log_is_refused(store: Store) -> None:
    table_id = await new_table(store, status="playing")
    with pytest.raises(MoveGap):
        await store.moves.append(table_id, 2, 0, "take", "{}")
    await store.moves.append(table_id, 1, 0, "take", "{}")
    with pytest.raises(MoveGap) as caught:
        await store.moves.append(table_id, 3, 0, "take", "{}")
    assert caught.value.expected == 2
    assert [m.seq for m in await logged_moves(store, table_id)] == [1]


async def test_concurrent_appends_of_one_seq_log_it_once(store: Store) -> None:
    """The same click delivered five times at once: one move, the others DuplicateMove."""
    table_id = await new_table(store, status="playing")
    outcomes = await asyncio.gather(
        *(store.moves.append(table_id, 1, 0, "take", f'{{"try":{i}}}') for i in range(5)),
        return_exceptions=True,
    )
    assert sum(o is None for o in outcomes) == 1
    assert all(isinstance(o, DuplicateMove) for o in outcomes if o is not None)
    winner = outcomes.index(None)
    table = await store.tables.get(table_id)
    assert table is not None
    assert table.moves == [MoveRecord(1, 0, "take")]
    assert (table.snapshot, table.version) == (f'{{"try":{winner}}}', 1)


async def test_moves_written_together_are_each_judged_on_their_own(store: Store) -> None:
    """One group commit: the good moves of two tables are stored; a gap and an unknown
    table are refused without taking the others down."""
    first = await new_table(store, status="playing")
    second = await new_table(store, status="playing")
    outcomes = await asyncio.gather(
        store.moves.append(first, 1, 0, "take", '{"v":1}'),
        store.moves.append(first, 2, 1, "take", '{"v":2}'),
        store.moves.append(second, 2, 0, "take", '{"w":2}'),
        store.moves.append(second + 1000, 1, 0, "take", "{}"),
        store.moves.append(second, 1, 0, "take", '{"w":1}'),
        store.moves.append(first, 2, 1, "take", '{"v":"again"}'),
        return_exceptions=True,
    )
    assert [type(o).__name__ for o in outcomes] == [
        "NoneType",
        "NoneType",
        "MoveGap",
        "TableNotFound",
        "NoneType",
        "DuplicateMove",
    ]
    one, two = await store.tables.get(first), await store.tables.get(second)
    assert one is not None and two is not None
    assert (one.snapshot, one.version, [m.seq for m in one.moves]) == ('{"v":2}', 2, [1, 2])
    assert (two.snapshot, two.version, [m.seq for m in two.moves]) == ('{"w":1}', 1, [1])


async def test_a_move_logged_behind_the_version_is_a_duplicate(store: Store) -> None:
    """A log row the table's version does not know of (written by hand, or by another
    writer): the move that collides with it is refused, the rest of its group is stored."""
    table_id = await new_table(store, status="playing")
    other = await new_table(store, status="playing")
    async with store.engine.begin() as conn:
        await conn.execute(
            insert(MOVES).values(
                table_id=table_id, seq=1, seat=0, action_id="take", created_at=datetime.now(UTC)
            )
        )
    outcomes = await asyncio.gather(
        store.moves.append(other, 1, 0, "take", '{"v":1}'),
        store.moves.append(table_id, 1, 0, "take", '{"v":1}'),
        return_exceptions=True,
    )
    assert outcomes[0] is None and isinstance(outcomes[1], DuplicateMove)
    assert [m.seq for m in await logged_moves(store, other)] == [1]


async def test_append_move_is_atomic(
    store: Store, backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failure after the log row (here: the snapshot write) leaves no trace at all."""
    table_id = await new_table(store, status="playing")
    await store.moves.append(table_id, 1, 0, "take", '{"v":1}')

    # SQLite's writer takes its statements from db: break its snapshot write, which comes
    # after the log row. PostgreSQL's is one server-side statement: give it a snapshot the
    # server refuses (a NUL character).
    broken = replace(sqlite_writer.STATEMENTS, update_snapshot="UPDATE snapshots SET nope = 1")
    monkeypatch.setattr(sqlite_writer, "STATEMENTS", broken)
    state = '{"v":"\x00"}' if backend == "postgresql" else '{"v":2}'
    with pytest.raises(Exception) as failed:
        await store.moves.append(table_id, 2, 1, "pass", state)
    assert not isinstance(failed.value, DuplicateMove | MoveGap | TableNotFound)
    monkeypatch.undo()
    table = await store.tables.get(table_id)
    assert table is not None
    assert [m.seq for m in table.moves] == [1]
    assert (table.snapshot, table.version) == ('{"v":1}', 1)
    await store.moves.append(table_id, 2, 1, "pass", '{"v":2}')  # the retry goes through


async def test_append_move_to_unknown_table(store: Store) -> None:
    with pytest.raises(TableNotFound):
        await store.moves.append(4242, 1, 0, "take", "{}")


async def test_open_tables_returns_everything_needed(store: Store) -> None:
    lobby = await new_table(store, game="bonanza", users=[user(1), None])
    playing = await new_table(store, game="manille", users=[user(1), user(2), None, user(3)])
    await store.tables.update(playing, status="playing", message_id=77, thread_id=78)
    for seq in range(1, 4):
        await store.moves.append(playing, seq, seq - 1, f"play:{seq}S", f'{{"v":{seq}}}')
    finished = await play(store, [user(4), user(5)], [1, 2])
    cancelled = await new_table(store, users=[user(6)], status="cancelled")

    tables = await store.tables.all_open()
    assert [t.id for t in tables] == [lobby, playing]
    first, second = tables
    assert first.status == "lobby" and first.game == "bonanza"
    assert first.seats == [
        SeatInfo(0, user(1), False, None, "player-1"),
        SeatInfo(1, None, True, "easy", "AI 1"),
    ]
    assert first.snapshot is None and first.moves == []
    assert second.status == "playing" and (second.message_id, second.thread_id) == (77, 78)
    assert (second.guild_id, second.channel_id, second.host_id) == (GUILD, CHANNEL, HOST)
    assert (second.seed, second.options) == (12345, {"target": 100})
    assert len(second.seats) == 4
    assert (second.snapshot, second.snapshot_version, second.version) == ('{"v":3}', 3, 3)
    assert second.moves == [MoveRecord(s, s - 1, f"play:{s}S") for s in range(1, 4)]
    assert finished not in {t.id for t in tables} and cancelled not in {t.id for t in tables}


async def test_open_tables_of_some_shards_keeps_only_their_guilds(store: Store) -> None:
    """Each process restores the tables of its own shards: Discord's (id >> 22) % count."""
    guilds = [GUILD + (n << 22) for n in range(6)]  # shards 0..5 of 6, in some order
    by_guild = {g: await new_table(store, guild_id=g, users=[user(1)]) for g in guilds}

    def shard(guild_id: int, count: int) -> int:
        return (guild_id >> 22) % count

    for count, ids in ((3, [0]), (3, [1, 2]), (2, [1]), (6, [5, 0])):
        found = await store.tables.all_open(shard_count=count, shard_ids=ids)
        expected = sorted(t for g, t in by_guild.items() if shard(g, count) in ids)
        assert [t.id for t in found] == expected, (count, ids)
        assert all(shard(t.guild_id, count) in ids for t in found)
    everything = sorted(by_guild.values())
    assert [
        t.id for t in await store.tables.all_open(shard_count=3, shard_ids=[0, 1, 2])
    ] == everything
    assert [t.id for t in await store.tables.all_open()] == everything


async def test_open_tables_uses_a_fixed_number_of_queries(store: Store) -> None:
    """Restoring is O(1) queries, not one per table (the bot restores 1,000 at start-up)."""
    for i in range(12):
        table_id = await new_table(store, users=[user(i), None], status="playing")
        await store.moves.append(table_id, 1, 0, "take", "{}")
    statements: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip().upper().startswith("SELECT"):
            statements.append(statement)

    event.listen(store.engine.sync_engine, "before_cursor_execute", count)
    try:
        tables = await store.tables.all_open()
    finally:
        event.remove(store.engine.sync_engine, "before_cursor_execute", count)
    assert len(tables) == 12
    assert 0 < len(statements) <= 4  # counted at all, and few


async def test_long_names_are_cut_and_bad_action_ids_refused(store: Store) -> None:
    table_id = await new_table(store)
    await store.tables.set_seats(table_id, [SeatInfo(0, user(1), name="é" * 300)])
    table = await store.tables.get(table_id)
    assert table is not None and table.seats[0].name == "é" * 100
    for action_id in ("", "x" * 65):
        with pytest.raises(ValueError):
            await store.moves.append(table_id, 1, 0, action_id, "{}")
    with pytest.raises(ValueError):
        await store.tables.create(
            guild_id=GUILD, channel_id=1, game="*", options={}, seed=1, host_id=1
        )


def _rematch_seats() -> list[SeatInfo]:
    return [SeatInfo(0, user(1), name="Ada"), SeatInfo(1, None, True, "facile", "Marcel")]


async def _finished(store: Store) -> int:
    table_id = await new_table(store, users=[user(1), None], status="finished")
    settings = {"target": 100, "__table__": {"lang": "fr", "timer": 90}}
    await store.tables.update(table_id, options=settings)
    return table_id


async def test_concurrent_rematch_claims_open_one_lobby(store: Store) -> None:
    """Clicks at once in this process and in another one (a second Store on the same
    database): one lobby, whose id every caller gets, written into the finished table's
    settings beside what they held."""
    old = await _finished(store)
    url = store.engine.url.render_as_string(hide_password=False)
    async with await Store.open(url, migrate=False) as other:
        claims = [
            s.tables.rematch(
                old, options={"target": 200}, seed=7 + n, host_id=user(1), seats=_rematch_seats()
            )
            for n, s in enumerate([store, other, store, other])
        ]
        answers = await asyncio.gather(*claims)
    ids = {new for new, _opened in answers}
    assert len(ids) == 1 and [opened for _new, opened in answers].count(True) == 1
    (new,) = ids
    record = await store.tables.get(old)
    assert record is not None and record.status is TableStatus.FINISHED
    assert record.options == {
        "target": 100,
        "__table__": {"lang": "fr", "timer": 90, "rematch": new},
    }
    lobby = await store.tables.get(new)
    assert lobby is not None and lobby.status is TableStatus.LOBBY
    assert (lobby.guild_id, lobby.channel_id, lobby.game) == (GUILD, CHANNEL, "manille")
    assert lobby.options == {"target": 200} and lobby.seats == _rematch_seats()
    assert [t.id for t in await store.tables.all_open()] == [new]
    again = await store.tables.rematch(
        old, options={}, seed=1, host_id=user(2), seats=_rematch_seats()
    )
    assert again == (new, False)


async def test_a_rematch_claim_that_fails_leaves_no_lobby_and_no_claim(store: Store) -> None:
    """The lobby's row is inserted, then its seats fail (an id no BIGINT holds): the whole
    transaction rolls back, so a later click can still open the rematch."""
    old = await _finished(store)
    too_big = [SeatInfo(0, 2**64, name="Ada")]
    with pytest.raises((OverflowError, DBAPIError)):  # SQLite's driver, PostgreSQL's
        await store.tables.rematch(old, options={}, seed=1, host_id=user(1), seats=too_big)
    record = await store.tables.get(old)
    assert record is not None and "rematch" not in record.options["__table__"]
    assert await store.tables.all_open() == []
    new, opened = await store.tables.rematch(
        old, options={}, seed=1, host_id=user(1), seats=_rematch_seats()
    )
    assert opened and [t.id for t in await store.tables.all_open()] == [new]


async def test_only_a_finished_table_gets_a_rematch(store: Store) -> None:
    playing = await new_table(store, users=[user(1), None], status="playing")
    with pytest.raises(ValueError):
        await store.tables.rematch(playing, options={}, seed=1, host_id=user(1), seats=[])
    with pytest.raises(TableNotFound):
        await store.tables.rematch(playing + 99, options={}, seed=1, host_id=user(1), seats=[])
    assert [t.id for t in await store.tables.all_open()] == [playing]
