"""AI seats' searches in worker processes, and the "facile" fallback when a worker fails."""

from __future__ import annotations

import asyncio
import logging
import os
import time

import pytest

import games
from bot.ai import WorkerAi, easy_move
from workers import NICENESS


def crash(slug: str, snapshot: str, seat: int, level: str, seed: int) -> str:
    os._exit(3)  # a worker dying mid-search (out of memory, a native crash)


def slow(slug: str, snapshot: str, seat: int, level: str, seed: int) -> str:
    """A search that takes a while, then plays the first legal action."""
    time.sleep(0.3)
    state = games.get(slug).from_json(snapshot)
    return state.legal_actions(seat)[0].id


def stuck_on_seed_1(slug: str, snapshot: str, seat: int, level: str, seed: int) -> str:
    if seed == 1:
        time.sleep(60)
    return slow(slug, snapshot, seat, level, seed)


def a_state() -> games.GameState:
    rules = games.get("manille")
    return rules.new(players=4, seed=42, options={})


@pytest.mark.slow
async def test_a_fort_search_runs_in_a_worker_and_answers_a_legal_move() -> None:
    state = a_state()
    ai = WorkerAi(workers=1)
    try:
        seat = state.to_move()[0]
        action = await ai.choose(state, seat, "fort", seed=5)
        assert action in {a.id for a in state.legal_actions(seat)}
        assert ai._pool is not None  # it went to the pool, not the event loop
    finally:
        await ai.close()


@pytest.mark.slow
async def test_a_crashed_worker_falls_back_to_the_facile_move_and_says_so(
    caplog: pytest.LogCaptureFixture,
) -> None:
    state = a_state()
    ai = WorkerAi(workers=1, search=crash)
    seat = state.to_move()[0]
    try:
        with caplog.at_level(logging.WARNING, logger="tapis.ai"):
            action = await ai.choose(state, seat, "fort", seed=5)
        assert action == easy_move(state, seat, 5)
        assert any("BrokenProcessPool" in r.getMessage() for r in caplog.records)
        assert ai._pool is None  # the broken pool is dropped; the next search starts anew
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
async def test_past_its_backlog_the_ai_plays_facile_at_once_instead_of_queueing() -> None:
    state = a_state()
    seat = state.to_move()[0]
    ai = WorkerAi(workers=1, search=slow)  # backlog: 1 running + 2 waiting
    try:
        moves = await asyncio.gather(*(ai.choose(state, seat, "fort", seed=n) for n in range(5)))
        first = state.legal_actions(seat)[0].id
        assert moves[:3] == [first] * 3  # searched in the worker
        assert moves[3:] == [easy_move(state, seat, 3), easy_move(state, seat, 4)]
        assert ai.saturated == 2
        # Once the backlog is gone, searches go to the worker again.
        assert await ai.choose(state, seat, "fort", seed=9) == first
    finally:
        await ai.close()


@pytest.mark.slow
async def test_a_search_dropped_with_a_reset_pool_still_gets_a_move(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A stuck search resets the pool; the searches queued behind it fail or are cancelled
    with the pool, and their tables still get the facile move (a turn must not end without
    one)."""
    state = a_state()
    seat = state.to_move()[0]
    ai = WorkerAi(workers=1, deadline=1.0, search=stuck_on_seed_1)
    try:
        with caplog.at_level(logging.WARNING, logger="tapis.ai"):
            stuck = asyncio.ensure_future(ai.choose(state, seat, "fort", seed=1))
            await asyncio.sleep(0.5)
            queued = await asyncio.gather(*(ai.choose(state, seat, "fort", seed=n) for n in (2, 3)))
            assert await stuck == easy_move(state, seat, 1)
        assert queued == [easy_move(state, seat, 2), easy_move(state, seat, 3)]
        messages = [r.getMessage() for r in caplog.records]
        assert any("TimeoutError" in m for m in messages)
    finally:
        await ai.close()


async def test_workers_search_at_a_lower_cpu_priority_than_the_bot() -> None:
    ai = WorkerAi(workers=1)
    try:
        loop = asyncio.get_running_loop()
        if hasattr(os, "SCHED_IDLE"):  # Linux: the worker runs only on an idle core
            policy = await loop.run_in_executor(ai._executor(), os.sched_getscheduler, 0)
            assert policy == os.SCHED_IDLE
            assert os.sched_getscheduler(0) != os.SCHED_IDLE  # and the bot does not
        else:
            theirs = await loop.run_in_executor(ai._executor(), os.nice, 0)
            assert theirs == min(19, os.nice(0) + NICENESS)
    finally:
        await ai.close()
