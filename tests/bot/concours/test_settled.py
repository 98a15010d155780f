"""A concours table settled when its round closed keeps a replay: it opens (the stored
mark lets it stop mid-match), stops at its last stored move, says it was stopped and at
what points, and counts as no match anywhere. An ordinary table gets no such leniency."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from sqlalchemy import update
from sqlalchemy.ext.asyncio import create_async_engine

from bot.concours.service import ConcoursService
from bot.replays.book import Replay, ReplayBook, ReplayError
from bot.replays.display import replay_embed, replay_view
from bot.table.service import TableService
from db import ConcoursRecord, Store
from db.store.concours_rows import ROUND_TABLES
from tests.bot.test_words_scan import problems
from web import replay

from .helpers import CHANNEL, GUILD, ORGANISER, Recorder, current_tables, play, services, user

MOVES = 40


@pytest.fixture
async def store(tmp_path: Path) -> Store:
    opened = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 's.db'}")
    yield opened
    await opened.close()


async def settled_round(store: Store) -> tuple[TableService, ConcoursRecord, int, tuple[int, ...]]:
    """A Manille concours of two pairs whose one table is settled after MOVES moves: the
    services, the concours after, the table, the seats' scores when it stopped."""
    recorder = Recorder()
    tables, service = services(store, recorder)
    concours = await started(store, service)
    (tid,) = current_tables(tables, concours)
    assert await play(tables, tid, random.Random(2), MOVES) == MOVES
    state = tables.session(tid).table.state
    assert state is not None and not state.is_over()
    now = state.outcome().scores
    after = await service.runner(concours.id).close_round(1)
    assert after is not None and after.tables[0].settled
    return tables, after, tid, now


async def started(store: Store, service: ConcoursService) -> ConcoursRecord:
    cid = await service.create(
        guild_id=GUILD, channel_id=CHANNEL, organiser_id=ORGANISER, game="manille", name="C"
    )
    for n in range(2):
        entry = await store.concours.register(
            cid, user(2 * n), f"Joueur {2 * n}", partner_id=user(2 * n + 1), partner_name="Paul"
        )
        await store.concours.accept(cid, entry.id, user(2 * n + 1))
    concours = await service.start(cid, checked_in_only=False)
    assert concours is not None
    return concours


async def test_a_settled_table_replays_to_its_last_move_with_the_mark_and_its_points(
    store: Store,
) -> None:
    _, _, tid, now = await settled_round(store)
    replay = await ReplayBook(store).get(GUILD, tid)
    assert replay is not None and replay.settled
    assert replay.total == MOVES
    assert not replay.state_at(replay.total).is_over()
    assert tuple(s.score for s in replay.seats) == now
    fr = replay_embed(replay, replay.total, "fr")
    assert fr.title is not None and "arrêtée à la clôture de la ronde" in fr.title
    points = {f.name: f.value for f in fr.fields}["Points à la clôture de la ronde"]
    assert points is not None and f"Joueur 0 : {now[0]}" in points
    en = replay_embed(replay, 0, "en")
    assert en.title is not None and "stopped when the round closed" in en.title
    assert "Points when the round closed" in [f.name for f in en.fields]
    for lang, embed in (("fr", fr), ("en", en)):  # the words scan reads the new texts
        shown = [embed.title or "", *(f"{f.name} {f.value}" for f in embed.fields)]
        assert problems("\n".join(shown).replace("Joueur", "").replace("Paul", ""), lang) == []
    labels = [getattr(item, "label", None) for item in replay_view(replay, 0, "fr", None).children]
    assert "Analyse" not in labels  # a review is of a recorded match


async def test_a_settled_table_is_no_match_in_any_list_or_statistic(store: Store) -> None:
    _, _, tid, _ = await settled_round(store)
    assert await store.history.recent(GUILD) == []
    assert await store.history.match_at_table(GUILD, tid) is None  # reviews never take it
    for n in range(4):
        assert await store.leaderboard.stats(GUILD, user(n)) == []
        assert (
            await store.history.player_page(GUILD, user(n), season=None, offset=0, limit=10) is None
        )
    assert await store.history.replay_at_table(GUILD + 1, tid) is None  # another server


async def test_only_the_stored_mark_lets_a_log_stop_mid_match(store: Store, tmp_path: Path) -> None:
    _, _, tid, _ = await settled_round(store)
    found = await store.history.replay_at_table(GUILD, tid)
    assert found is not None and found.summary.settled
    unmarked = replace(found, summary=replace(found.summary, settled=False))
    with pytest.raises(ReplayError):
        Replay.build(GUILD, unmarked)
    moves = [(m.seat, m.action_id) for m in found.moves]
    seats = len(found.summary.seats)
    with pytest.raises(replay.ReplayError):
        replay.walk("manille", seats, found.seed, found.options, moves)
    assert replay.walk("manille", seats, found.seed, found.options, moves, settled=True)
    engine = create_async_engine(f"sqlite+aiosqlite:///{tmp_path / 's.db'}")
    try:
        async with engine.begin() as c:  # the same closed table, its mark taken off
            await c.execute(
                update(ROUND_TABLES).where(ROUND_TABLES.c.table_id == tid).values(settled=False)
            )
    finally:
        await engine.dispose()
    assert await store.history.replay_at_table(GUILD, tid) is None
    assert await store.history.settled_at_table(GUILD, tid) is None
