"""Concours storage: registration rules, a round paired once, a table opened once, a result
recorded once, and loading back everything (on SQLite and PostgreSQL)."""

from __future__ import annotations

import asyncio

import pytest

from db import ConcoursRefused, ConcoursStatus, SeatInfo, Store, TableStatus

from .util import CHANNEL, GUILD, HOST, user

SEED = 2**62 + 99


async def new_concours(store: Store, game: str = "manille", guild_id: int = GUILD) -> int:
    return await store.concours.create(
        guild_id=guild_id,
        channel_id=CHANNEL,
        organiser_id=HOST,
        game=game,
        name="Concours de la Saint-Jean",
        format="swiss",
        rounds=3,
        round_deals=None,
        timer=60,
        table_size=2,
        options={"target": 100},
        duplicate=True,
        deal_seed=SEED,
        lang="fr",
    )


async def running(store: Store, pairs: int) -> tuple[int, list[int]]:
    """A started concours of `pairs` confirmed pairs; their entrant ids."""
    cid = await new_concours(store)
    ids = []
    for n in range(pairs):
        entry = await store.concours.register(
            cid, user(2 * n), f"J{2 * n}", partner_id=user(2 * n + 1), partner_name="P"
        )
        await store.concours.accept(cid, entry.id, user(2 * n + 1))
        ids.append(entry.id)
    await store.concours.start(cid, checked_in_only=False)
    return cid, ids


async def test_concours_round_trips_and_keeps_its_seed(store: Store) -> None:
    cid = await new_concours(store)
    record = await store.concours.get(cid)
    assert record is not None
    assert (record.guild_id, record.organiser_id, record.game) == (GUILD, HOST, "manille")
    assert record.deal_seed == SEED and record.duplicate
    assert record.status is ConcoursStatus.REGISTRATION and record.round == 0
    assert "deal_seed" not in repr(record) and str(SEED) not in repr(record)
    assert [c.id for c in await store.concours.active()] == [cid]


async def test_a_pair_registers_once_its_partner_accepts(store: Store) -> None:
    cid = await new_concours(store)
    entry = await store.concours.register(cid, user(1), "Aline", partner_id=user(2))
    assert not entry.confirmed
    with pytest.raises(ConcoursRefused, match="not_invited"):
        await store.concours.accept(cid, entry.id, user(3))
    await store.concours.accept(cid, entry.id, user(2))
    record = await store.concours.get(cid)
    assert record is not None and record.entrants[0].active
    with pytest.raises(ConcoursRefused, match="already_in"):
        await store.concours.accept(cid, entry.id, user(2))


@pytest.mark.parametrize(
    ("who", "partner", "code"),
    [(1, None, "already_in"), (2, None, "already_in"), (3, 2, "partner_taken"), (4, 4, "self")],
)
async def test_a_player_is_in_one_entry_at_most(
    store: Store, who: int, partner: int | None, code: str
) -> None:
    cid = await new_concours(store)
    await store.concours.register(cid, user(1), "Aline", partner_id=user(2))
    with pytest.raises(ConcoursRefused, match=code):
        await store.concours.register(
            cid, user(who), "X", partner_id=None if partner is None else user(partner)
        )
    record = await store.concours.get(cid)
    assert record is not None and len(record.entrants) == 1


async def test_withdrawing_frees_the_player_and_keeps_the_order(store: Store) -> None:
    cid = await new_concours(store, game="nain-jaune")
    await store.concours.register(cid, user(1), "A")
    await store.concours.register(cid, user(2), "B")
    await store.concours.withdraw(cid, user(1))
    with pytest.raises(ConcoursRefused, match="not_in"):
        await store.concours.withdraw(cid, user(1))
    again = await store.concours.register(cid, user(1), "A")
    assert again.number == 3
    record = await store.concours.get(cid)
    assert record is not None
    assert [(e.number, e.withdrawn) for e in record.entrants] == [(1, True), (2, False), (3, False)]


async def test_start_drops_the_absent_and_unaccepted(store: Store) -> None:
    cid = await new_concours(store, game="nain-jaune")
    for n in (1, 2, 3):
        await store.concours.register(cid, user(n), f"J{n}")
    await store.concours.move(cid, ConcoursStatus.CHECKIN, (ConcoursStatus.REGISTRATION,))
    with pytest.raises(ConcoursRefused, match="status_checkin"):
        await store.concours.register(cid, user(4), "late")
    await store.concours.check_in(cid, user(1))
    await store.concours.check_in(cid, user(3))
    with pytest.raises(ConcoursRefused, match="already_checked_in"):
        await store.concours.check_in(cid, user(3))
    await store.concours.start(cid, checked_in_only=True)
    record = await store.concours.get(cid)
    assert record is not None and record.status is ConcoursStatus.RUNNING
    assert [e.user_id for e in record.entrants if e.active] == [user(1), user(3)]


async def test_a_round_is_paired_once(store: Store) -> None:
    cid, ids = await running(store, 5)
    tables = [(ids[0], ids[1]), (ids[2], ids[3])]
    assert await store.concours.pair_round(cid, 1, tables, [ids[4]])
    assert not await store.concours.pair_round(cid, 1, [(ids[0], ids[4])], [ids[1]])
    with pytest.raises(ValueError, match="round 3"):
        await store.concours.pair_round(cid, 3, tables, [])
    record = await store.concours.get(cid)
    assert record is not None and record.round == 1
    assert [t.sides for t in record.tables] == tables
    assert record.byes == [(1, ids[4])]


async def test_a_table_is_opened_once_even_when_asked_twice_at_once(store: Store) -> None:
    cid, ids = await running(store, 2)
    await store.concours.pair_round(cid, 1, [(ids[0], ids[1])], [])
    seats = [SeatInfo(i, user(i), name=f"J{i}") for i in range(4)]

    async def open_it() -> int:
        return await store.concours.open_table(
            cid, 1, 0, channel_id=CHANNEL, options={"deal_seed": 5}, seed=7, seats=seats
        )

    first, second = await asyncio.gather(open_it(), open_it())
    assert first == second
    table = await store.tables.get(first)
    assert table is not None and table.status is TableStatus.LOBBY
    assert [s.user_id for s in table.seats] == [user(i) for i in range(4)]
    assert table.host_id == HOST and table.options == {"deal_seed": 5}
    record = await store.concours.get(cid)
    assert record is not None and record.tables[0].table_id == first


async def test_the_first_result_of_a_table_stands(store: Store) -> None:
    cid, ids = await running(store, 2)
    await store.concours.pair_round(cid, 1, [(ids[0], ids[1])], [])
    await store.concours.forfeit(cid, 1, 0, ids[1])
    with pytest.raises(ConcoursRefused, match="already_replaced"):
        await store.concours.forfeit(cid, 1, 0, ids[1])
    assert await store.concours.record_table(cid, 1, 0, [101, 0], settled=True)
    assert not await store.concours.record_table(cid, 1, 0, [3, 4])
    record = await store.concours.get(cid)
    assert record is not None
    assert record.tables[0].points == (101, 0) and record.tables[0].settled
    assert record.tables[0].forfeits == (ids[1],)


async def test_nothing_changes_in_a_cancelled_concours(store: Store) -> None:
    cid = await new_concours(store)
    await store.concours.move(cid, ConcoursStatus.CANCELLED, (ConcoursStatus.REGISTRATION,))
    with pytest.raises(ConcoursRefused, match="status_cancelled"):
        await store.concours.register(cid, user(1), "A")
    with pytest.raises(ConcoursRefused, match="status_cancelled"):
        await store.concours.move(cid, ConcoursStatus.CANCELLED, (ConcoursStatus.REGISTRATION,))
    assert await store.concours.active() == []


async def test_active_concours_of_other_shards_are_left_out(store: Store) -> None:
    mine = await new_concours(store, guild_id=0 << 22)
    await new_concours(store, guild_id=1 << 22)
    found = await store.concours.active(shard_count=2, shard_ids=[0])
    assert [c.id for c in found] == [mine]


async def test_replays_map_each_finished_table_to_its_match(store: Store) -> None:
    from db import SeatResult

    cid, ids = await running(store, 2)
    await store.concours.pair_round(cid, 1, [(ids[0], ids[1])], [])
    seats = [SeatInfo(i, user(i), name=f"J{i}") for i in range(4)]
    table_id = await store.concours.open_table(
        cid, 1, 0, channel_id=CHANNEL, options={}, seed=7, seats=seats
    )
    assert await store.concours.replays(cid) == {}
    await store.tables.start(table_id, "{}")
    results = [SeatResult(i, user(i), False, f"J{i}", 1 + i % 2, 100 - i % 2) for i in range(4)]
    await store.results.record(
        table_id, guild_id=GUILD, game="manille", seats=results, teams=[[0, 2], [1, 3]]
    )
    (match_id,) = (await store.concours.replays(cid)).values()
    found = await store.history.match(GUILD, match_id)
    assert found is not None and found.summary.table_id == table_id


async def test_the_organiser_adds_a_confirmed_pair_and_removes_an_entrant(store: Store) -> None:
    cid = await new_concours(store)
    await store.concours.move(cid, ConcoursStatus.CHECKIN, (ConcoursStatus.REGISTRATION,))
    with pytest.raises(ConcoursRefused, match="status_checkin"):
        await store.concours.register(cid, user(1), "A", partner_id=user(2))
    added = await store.concours.register(
        cid, user(1), "A", partner_id=user(2), partner_name="B", by_organiser=True
    )
    assert added.confirmed and added.checked_in
    await store.concours.drop(cid, added.id)
    with pytest.raises(ConcoursRefused, match="no_entrant"):
        await store.concours.drop(cid, added.id)
    record = await store.concours.get(cid)
    assert record is not None and [e.active for e in record.entrants] == [False]


async def test_a_settled_table_reads_back_with_its_log_and_is_no_match(store: Store) -> None:
    cid, ids = await running(store, 2)
    await store.concours.pair_round(cid, 1, [(ids[0], ids[1])], [])
    seats = [SeatInfo(i, user(i), name=f"J{i}") for i in range(4)]
    table_id = await store.concours.open_table(
        cid, 1, 0, channel_id=CHANNEL, options={}, seed=7, seats=seats
    )
    await store.tables.start(table_id, "{}")
    await store.moves.append(table_id, 1, 0, "play:7C", "{}")
    await store.moves.append(table_id, 2, 1, "play:8C", "{}")
    assert await store.history.replay_at_table(GUILD, table_id) is None  # still playing
    await store.tables.update(table_id, status="cancelled")
    assert await store.history.replay_at_table(GUILD, table_id) is None  # not marked yet
    assert await store.concours.record_table(cid, 1, 0, [12, 3], settled=True)
    found = await store.history.replay_at_table(GUILD, table_id)
    assert found is not None and found.summary.settled and found.summary.id == 0
    assert [(m.seat, m.action_id) for m in found.moves] == [(0, "play:7C"), (1, "play:8C")]
    assert [s.name for s in found.summary.seats] == ["J0", "J1", "J2", "J3"]
    assert await store.history.settled_at_table(GUILD, table_id) == found
    assert await store.history.settled_at_table(GUILD + 1, table_id) is None
    assert await store.history.match_at_table(GUILD, table_id) is None  # no recorded match
    assert await store.history.recent(GUILD) == []
    assert await store.concours.replays(cid) == {}
