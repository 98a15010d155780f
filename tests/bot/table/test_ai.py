"""AI seats' searches in worker processes, and the "facile" fallback when a worker fails."""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import math
import multiprocessing
import os
import threading
from typing import Any

import pytest

import games
from bot.table.ai import HINT_NICENESS, WorkerAi, easy_move, hint_for
from bot.table.hint import hint_answer
from games import Rng
from tests.bot.tables import mid_deal
from workers import NICENESS


def not_easy(state: games.GameState, seat: int, seed: int) -> str:
    """A legal move the "facile" fallback would not play: a worker's answer, told apart
    from the fallback's."""
    easy = easy_move(state, seat, seed)
    return next(a.id for a in state.legal_actions(seat) if a.id != easy)


def searched(slug: str, snapshot: str, seat: int, level: str, seed: int) -> str:
    """A search that answers at once with `not_easy`."""
    return not_easy(games.get(slug).from_json(snapshot), seat, seed)


def crash_on_seed_1(slug: str, snapshot: str, seat: int, level: str, seed: int) -> str:
    if seed == 1:
        os._exit(3)  # a worker dying mid-search (out of memory, a native crash)
    return searched(slug, snapshot, seat, level, seed)


def gated(gate: Any, slug: str, snapshot: str, seat: int, level: str, seed: int) -> str:
    """A search that takes as long as the test wants: it answers once `gate` is set."""
    gate.wait()
    return searched(slug, snapshot, seat, level, seed)


def stuck_on_seed_1(slug: str, snapshot: str, seat: int, level: str, seed: int) -> str:
    if seed == 1:
        threading.Event().wait()  # never answers: only ending the worker stops it
    return searched(slug, snapshot, seat, level, seed)


def where_and_how(slug: str, snapshot: str, seat: int, level: str, seed: int) -> str:
    """Not a move: which process searched, and at which CPU priority (the AI hands back
    whatever its search answers)."""
    idle = getattr(os, "SCHED_IDLE", None)
    policy = os.sched_getscheduler(0) if idle is not None else None
    return json.dumps({"pid": os.getpid(), "idle": policy == idle, "nice": os.nice(0)})


def a_state() -> games.GameState:
    rules = games.get("manille")
    return rules.new(players=4, seed=42, options={})


@pytest.mark.slow
async def test_a_fort_search_answers_a_legal_move() -> None:
    state = a_state()
    ai = WorkerAi(workers=1)
    try:
        seat = state.to_move()[0]
        action = await ai.choose(state, seat, "fort", seed=5)
        assert action in {a.id for a in state.legal_actions(seat)}
    finally:
        await ai.close()


@pytest.mark.slow
async def test_a_crashed_worker_falls_back_to_the_facile_move_and_the_next_search_gets_a_new_one(
    caplog: pytest.LogCaptureFixture,
) -> None:
    state = a_state()
    ai = WorkerAi(workers=1, deadline=60.0, search=crash_on_seed_1)
    seat = state.to_move()[0]
    try:
        with caplog.at_level(logging.WARNING, logger="tapis.ai"):
            action = await ai.choose(state, seat, "fort", seed=1)
        assert action == easy_move(state, seat, 1)
        assert any("WorkerGone" in r.getMessage() for r in caplog.records)
        # The dead worker was replaced: a worker answers the next search, not the fallback.
        assert await ai.choose(state, seat, "fort", seed=2) == not_easy(state, seat, 2)
    finally:
        await ai.close()


async def test_a_search_past_its_deadline_falls_back_to_the_facile_move(
    caplog: pytest.LogCaptureFixture,
) -> None:
    state = a_state()
    ai = WorkerAi(workers=1, deadline=0.0)
    seat = state.to_move()[0]
    try:
        with caplog.at_level(logging.WARNING, logger="tapis.ai"):
            action = await ai.choose(state, seat, "fort", seed=9)
        assert action == easy_move(state, seat, 9)
        assert any("TimeoutError" in r.getMessage() for r in caplog.records)
    finally:
        await ai.close()


@pytest.mark.slow
async def test_past_its_backlog_the_ai_plays_facile_at_once_instead_of_queueing(
    gate: Any,
) -> None:
    state = a_state()
    seat = state.to_move()[0]
    # Backlog: 1 running + 2 waiting. The worker holds its searches until the gate opens.
    ai = WorkerAi(workers=1, deadline=60.0, search=functools.partial(gated, gate))
    try:
        searches = [asyncio.ensure_future(ai.choose(state, seat, "fort", n)) for n in range(5)]
        beyond = await asyncio.gather(*searches[3:])
        assert beyond == [easy_move(state, seat, 3), easy_move(state, seat, 4)]
        assert not any(s.done() for s in searches[:3])  # answered while the rest still wait
        assert ai.saturated == 2
        gate.set()
        searched_moves = await asyncio.gather(*searches[:3])
        assert searched_moves == [not_easy(state, seat, n) for n in range(3)]
        # Once the backlog is gone, searches go to the worker again.
        assert await ai.choose(state, seat, "fort", seed=9) == not_easy(state, seat, 9)
    finally:
        await ai.close()


@pytest.mark.slow
async def test_searches_dropped_with_a_stuck_worker_still_get_a_move(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A stuck search ends its worker; the searches queued behind it fail with the worker,
    and their tables still get the facile move (a turn must not end without one)."""
    state = a_state()
    seat = state.to_move()[0]
    ai = WorkerAi(workers=1, deadline=0.2, search=stuck_on_seed_1)
    try:
        with caplog.at_level(logging.WARNING, logger="tapis.ai"):
            stuck = asyncio.ensure_future(ai.choose(state, seat, "fort", seed=1))
            await asyncio.sleep(0)  # the stuck search is in the worker, with its short deadline
            # The searches queued behind it have time to spare: only the kill can end them.
            ai.deadline = 60.0
            queued = [asyncio.ensure_future(ai.choose(state, seat, "fort", n)) for n in (2, 3)]
            assert await stuck == easy_move(state, seat, 1)
            assert await asyncio.gather(*queued) == [easy_move(state, seat, n) for n in (2, 3)]
        messages = [r.getMessage() for r in caplog.records]
        assert sum("TimeoutError" in m for m in messages) == 1, messages  # the stuck one only
        assert sum("WorkerGone" in m for m in messages) == 2, messages  # the queued ones
    finally:
        await ai.close()


async def test_searches_run_in_worker_processes_at_a_lower_cpu_priority_than_the_bot() -> None:
    state = a_state()
    ai = WorkerAi(workers=1, deadline=60.0, search=where_and_how)
    try:
        worker = json.loads(await ai.choose(state, state.to_move()[0], "fort", seed=1))
    finally:
        await ai.close()
    assert worker["pid"] != os.getpid()  # not on the event loop
    if hasattr(os, "SCHED_IDLE"):  # Linux: the worker runs only on an idle core
        assert worker["idle"]
        assert os.sched_getscheduler(0) != os.SCHED_IDLE  # and the bot does not
    else:
        assert worker["nice"] == min(19, os.nice(0) + NICENESS)


def how_niced(*_args: Any) -> str:
    """Not a hint: which process worked it out, and at which CPU priority."""
    return where_and_how("", "", 0, "", 0)


@pytest.mark.slow
async def test_a_hint_is_not_queued_behind_searches_and_runs_niced_not_idle(gate: Any) -> None:
    """A player waits for a hint: it runs in a worker of its own while the searches' worker
    is busy, niced rather than at idle priority, so that busy cores cannot starve it."""
    state = a_state()
    ai = WorkerAi(workers=1, deadline=60.0, search=functools.partial(gated, gate))
    try:
        busy = asyncio.ensure_future(ai.choose(state, state.to_move()[0], "fort", 1))
        worker = json.loads(await ai.advise(how_niced, deadline=60.0))
        assert not busy.done()  # answered while the only search worker is held
        gate.set()
        await busy
    finally:
        await ai.close()
    assert worker["pid"] != os.getpid()
    assert not worker["idle"]
    assert worker["nice"] == min(19, os.nice(0) + HINT_NICENESS)


async def test_a_warmed_hint_worker_is_the_one_that_answers_the_first_hint() -> None:
    ai = WorkerAi(workers=1)
    before = {p.pid for p in multiprocessing.active_children()}
    try:
        ai.warm()
        ai.warm()  # once started, warming again starts nothing
        (started,) = {p.pid for p in multiprocessing.active_children()} - before
        worker = json.loads(await ai.advise(how_niced, deadline=60.0))
    finally:
        await ai.close()
    assert worker["pid"] == started


@pytest.mark.slow
@pytest.mark.parametrize("slug", games.slugs())
def test_a_workers_hint_is_the_same_whatever_the_cards_hidden_from_the_seat(slug: str) -> None:
    """What the worker answers a *Conseil* click from the table's snapshot: two snapshots
    that differ only in cards the seat cannot see give the same hint, hence the same text
    (the iteration cap binding: no time budget)."""
    table = mid_deal(slug, 6)
    state = table.state
    assert state is not None
    seat = state.to_move()[0]
    other = state.determinize(seat, Rng(41))
    assert other.view(seat) == state.view(seat) and other.to_json() != state.to_json()
    mine = hint_for(slug, state.to_json(), seat, 7, math.inf)
    theirs = hint_for(slug, other.to_json(), seat, 7, math.inf)
    assert mine == theirs and mine.action in {a.id for a in state.legal_actions(seat)}
    names = [s.name for s in table.seats]
    for lang in ("fr", "en"):
        said = hint_answer(mine, table.rules.words, lang, names)
        assert said == hint_answer(theirs, table.rules.words, lang, names)
