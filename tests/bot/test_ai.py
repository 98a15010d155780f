"""AI seats' searches in worker processes, and the "facile" fallback when a worker fails."""

from __future__ import annotations

import logging
import os

import pytest

import games
from bot.ai import WorkerAi, easy_move


def crash(slug: str, snapshot: str, seat: int, level: str, seed: int) -> str:
    os._exit(3)  # a worker dying mid-search (out of memory, a native crash)


def a_state() -> games.GameState:
    rules = games.get("manille")
    return rules.new(players=4, seed=42, options={})


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
