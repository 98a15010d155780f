"""A concours run end to end without Discord: rounds paired from the stored standings,
tables opened once and started with the round's deals, results recorded, a restart in the
middle of a round, a round closed by the organiser, a forfeit, the podium."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import games
from bot.concours.runner import results
from bot.concours.service import ConcoursService
from bot.table.changes import ServiceError
from bot.table.components import table_view
from bot.table.model import table_from_record
from concours import standings
from db import ConcoursRecord, ConcoursRefused, ConcoursStatus, Store

from .helpers import (
    CHANNEL,
    GUILD,
    ORGANISER,
    Recorder,
    current_tables,
    meetings,
    oracle,
    play,
    services,
    user,
)


@pytest.fixture
async def store(tmp_path: Path) -> Store:
    opened = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'c.db'}")
    yield opened
    await opened.close()


async def register_pairs(store: Store, concours_id: int, pairs: int) -> None:
    for n in range(pairs):
        entry = await store.concours.register(
            concours_id,
            user(2 * n),
            f"Joueur {2 * n}",
            partner_id=user(2 * n + 1),
            partner_name=f"Joueur {2 * n + 1}",
        )
        await store.concours.accept(concours_id, entry.id, user(2 * n + 1))


async def first_hands(store: Store, table_id: int) -> list[list[str]]:
    record = await store.tables.get(table_id)
    assert record is not None
    table = table_from_record(record)
    state = table.rules.new(len(table.seats), table.seed, table.options)
    return [sorted(state.hand(s)) for s in range(len(table.seats))]


async def side_scores(store: Store, concours: ConcoursRecord) -> dict[int, int]:
    """What each entrant scored over its games, read from the game tables themselves."""
    scored: dict[int, int] = {}
    rules = games.get(concours.game)
    teams = rules.teams(concours.table_size)
    for t in concours.tables:
        assert t.table_id is not None
        record = await store.tables.get(t.table_id)
        assert record is not None and record.snapshot is not None
        outcome = rules.from_json(record.snapshot).outcome()
        for n, side in enumerate(t.sides):
            seat = teams[n][0] if teams else n
            got = 0 if side in t.forfeits else outcome.scores[seat]
            scored[side] = scored.get(side, 0) + got
    return scored


@pytest.mark.slow
async def test_a_swiss_manille_concours_with_duplicate_deals_survives_a_restart(
    store: Store,
) -> None:
    recorder = Recorder()
    tables, service = services(store, recorder)
    cid = await service.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser_id=ORGANISER,
        game="manille",
        name="Concours du comité",
        rounds=3,
        duplicate=True,
    )
    await register_pairs(store, cid, 8)
    rng = random.Random(31)
    concours = await service.start(cid, checked_in_only=False)
    assert concours is not None and concours.round == 1
    restarted = False
    while concours.status is ConcoursStatus.RUNNING:
        round_tables = [t.table_id for t in concours.tables if t.round == concours.round]
        assert len(round_tables) == 4 and None not in round_tables
        hands = [await first_hands(store, tid) for tid in round_tables if tid is not None]
        assert all(h == hands[0] for h in hands), f"round {concours.round}: deals differ"
        if concours.round == 2 and not restarted:
            for tid in current_tables(tables, concours):
                await play(tables, tid, rng, 20)
            restarted = True
            recorder = Recorder()
            tables, service = services(store, recorder)  # the old objects are dropped
            await tables.restore()
            await service.restore()
            assert recorder.posted == []  # nothing opened nor posted twice
        for tid in current_tables(tables, concours):
            await play(tables, tid, rng, 10_000)
        await service.settled()
        latest = await store.concours.get(cid)
        assert latest is not None
        concours = latest
    assert concours.status is ConcoursStatus.FINISHED and concours.round == 3
    assert recorder.podium is not None and recorder.podium.id == cid
    assert len({t.table_id for t in concours.tables}) == 12
    assert max(meetings(concours).values()) == 1  # no two pairs met twice
    lines = oracle(concours)
    entrants, played, byes = results(concours)
    assert lines == standings(entrants, played, byes)
    scored = await side_scores(store, concours)
    assert {line.entrant: line.points for line in lines} == scored
    assert [line.points for line in lines] == sorted(scored.values(), reverse=True)


@pytest.mark.slow
async def test_a_round_robin_nain_jaune_of_five_gives_everyone_one_bye(store: Store) -> None:
    recorder = Recorder()
    tables, service = services(store, recorder)
    cid = await service.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser_id=ORGANISER,
        game="nain-jaune",
        name="Nain Jaune du jeudi",
        format="round_robin",
        rounds=5,
        round_deals=1,
        table_size=4,
        duplicate=True,
    )
    for n in range(5):
        await store.concours.register(cid, user(n), f"Joueur {n}")
    rng = random.Random(5)
    concours = await service.start(cid, checked_in_only=False)
    assert concours is not None
    while concours.status is ConcoursStatus.RUNNING:
        for tid in current_tables(tables, concours):
            await play(tables, tid, rng, 10_000)
        await service.settled()
        latest = await store.concours.get(cid)
        assert latest is not None
        concours = latest
    assert concours.status is ConcoursStatus.FINISHED
    assert sorted(e for _, e in concours.byes) == sorted(e.id for e in concours.entrants)
    assert [len(t.sides) for t in concours.tables] == [4] * 5
    lines = oracle(concours)
    bye_points = {line.entrant: line.by_round for line in lines}
    for round_, entrant in concours.byes:
        at_tables = [p for t in concours.tables if t.round == round_ for p in t.points or ()]
        mean = sum(at_tables) / len(at_tables)
        assert abs(bye_points[entrant][round_] - mean) <= 0.5


async def started(store: Store, service: ConcoursService, pairs: int = 2) -> ConcoursRecord:
    cid = await service.create(
        guild_id=GUILD, channel_id=CHANNEL, organiser_id=ORGANISER, game="manille", name="C"
    )
    await register_pairs(store, cid, pairs)
    concours = await service.start(cid, checked_in_only=False)
    assert concours is not None
    return concours


async def test_closing_a_round_settles_its_tables_by_the_score_then(store: Store) -> None:
    recorder = Recorder()
    tables, service = services(store, recorder)
    concours = await started(store, service)
    (tid,) = current_tables(tables, concours)
    await play(tables, tid, random.Random(2), 40)
    state = tables.session(tid).table.state
    assert state is not None
    now = state.outcome().scores
    after = await service.runner(concours.id).close_round(1)
    assert after is not None and after.round == 2
    first = after.tables[0]
    assert first.settled and first.points == (now[0], now[1])
    assert tables.tables.get(tid) is None  # the settled table is closed
    with pytest.raises(ConcoursRefused, match="round_closed"):
        await service.runner(concours.id).close_round(1)


async def test_a_side_replaced_by_the_ai_forfeits_its_game(store: Store) -> None:
    recorder = Recorder()
    tables, service = services(store, recorder)
    concours = await started(store, service)
    (tid,) = current_tables(tables, concours)
    absent = concours.tables[0].sides[1]
    await service.runner(concours.id).replace(absent)
    seats = tables.session(tid).table.seats
    assert [s.is_ai for s in seats] == [False, True, False, True]
    await play(tables, tid, random.Random(3), 10_000)
    await service.settled()
    latest = await store.concours.get(concours.id)
    assert latest is not None
    done = latest.tables[0]
    assert done.points is not None and done.points[1] == 0 and done.forfeits == (absent,)


async def test_the_tables_own_replace_is_refused_and_absent_at_a_concours_table(
    store: Store,
) -> None:
    recorder = Recorder()
    tables, service = services(store, recorder)
    concours = await started(store, service)
    (tid,) = current_tables(tables, concours)
    session = tables.session(tid)
    before = list(session.table.seats)
    with pytest.raises(ServiceError) as refused:
        await session.replace_with_ai(session.table.host_id, 1)
    assert refused.value.key == "concours.replace_here"
    assert session.table.seats == before
    latest = await store.concours.get(concours.id)
    assert latest is not None and latest.tables[0].forfeits == ()
    stored = await store.tables.get(tid)
    assert stored is not None and table_from_record(stored).concours
    shown = [type(item).__name__ for item in table_view(tid, "fr", 1, replace=False).children]
    assert "ReplaceButton" not in shown


async def test_a_paused_concours_records_results_and_pairs_only_once_resumed(
    store: Store,
) -> None:
    recorder = Recorder()
    tables, service = services(store, recorder)
    concours = await started(store, service)
    (tid,) = current_tables(tables, concours)
    await store.concours.move(concours.id, ConcoursStatus.PAUSED, (ConcoursStatus.RUNNING,))
    await play(tables, tid, random.Random(4), 10_000)
    await service.settled()
    paused = await store.concours.get(concours.id)
    assert paused is not None and paused.round == 1 and paused.tables[0].points is None
    resumed = await service.resume(concours.id)
    assert resumed is not None and resumed.status is ConcoursStatus.RUNNING
    assert resumed.round == 2 and resumed.tables[0].points is not None
    with pytest.raises(ConcoursRefused, match="status_running"):
        await service.resume(concours.id)


async def test_a_table_settled_just_before_a_crash_scores_where_it_stood(store: Store) -> None:
    recorder = Recorder()
    tables, service = services(store, recorder)
    concours = await started(store, service)
    (tid,) = current_tables(tables, concours)
    await play(tables, tid, random.Random(6), 30)
    state = await tables.session(tid).settle()  # the round's closing, cut short by a crash
    assert state is not None
    now = state.outcome().scores
    again, service = services(store, Recorder())
    await again.restore()
    (resumed,) = await service.restore()
    assert resumed.round == 2
    assert resumed.tables[0].settled and resumed.tables[0].points == (now[0], now[1])


async def test_an_unranked_concours_records_its_matches_outside_the_season(store: Store) -> None:
    from sqlalchemy import text

    recorder = Recorder()
    tables, service = services(store, recorder)
    cid = await service.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser_id=ORGANISER,
        game="manille",
        name="Amical",
        rounds=1,
        rated=False,
    )
    await register_pairs(store, cid, 2)
    concours = await service.start(cid, checked_in_only=False)
    assert concours is not None and not concours.rated
    (tid,) = current_tables(tables, concours)
    assert tables.session(tid).table.unrated
    await play(tables, tid, random.Random(8), 10_000)
    await service.settled()
    finished = await store.concours.get(cid)
    assert finished is not None and finished.status is ConcoursStatus.FINISHED
    async with store.engine.connect() as conn:
        rated = (await conn.execute(text("SELECT rated FROM matches"))).scalars().all()
        ratings = (await conn.execute(text("SELECT count(*) FROM ratings"))).scalar()
    assert [bool(r) for r in rated] == [False] and ratings == 0


@pytest.mark.slow
async def test_with_an_ai_side_the_odd_pair_plays_the_ai_in_turn_and_nothing_is_rated(
    store: Store,
) -> None:
    from sqlalchemy import text

    recorder = Recorder()
    tables, service = services(store, recorder)
    cid = await service.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser_id=ORGANISER,
        game="manille",
        name="Impair",
        rounds=3,
        round_deals=1,
        ai_bye=True,
    )
    await register_pairs(store, cid, 3)
    concours = await service.start(cid, checked_in_only=False)
    assert concours is not None and concours.ai_bye and not concours.rated
    rng = random.Random(11)
    while concours.status is ConcoursStatus.RUNNING:
        current = current_tables(tables, concours)
        assert len(current) == 2
        for tid in current:
            await play(tables, tid, rng, 10_000)
        await service.settled()
        latest = await store.concours.get(cid)
        assert latest is not None
        concours = latest
    assert concours.status is ConcoursStatus.FINISHED and concours.byes == []
    against_ai = [s for t in concours.tables if 0 in t.sides for s in t.sides if s != 0]
    assert sorted(against_ai) == sorted(e.id for e in concours.entrants)  # once each
    ai_table = next(t for t in concours.tables if 0 in t.sides)
    assert ai_table.sides[1] == 0 and ai_table.points is not None
    record = await store.tables.get(ai_table.table_id or 0)
    assert record is not None
    seats = table_from_record(record).seats
    assert [s.is_ai for s in seats] == [False, True, False, True]
    lines = {line.entrant: line for line in standings(*results(concours))}
    assert set(lines) == {e.id for e in concours.entrants}
    assert lines[ai_table.sides[0]].by_round[ai_table.round] == ai_table.points[0]
    async with store.engine.connect() as conn:
        rated = (await conn.execute(text("SELECT rated FROM matches"))).scalars().all()
    assert len(rated) == 6 and not any(rated)
