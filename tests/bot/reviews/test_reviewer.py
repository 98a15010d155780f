"""The reviewer: what an earlier run left pending is found and computed at start-up, a
review is stored once, and it is the engine's review of the match split into jobs."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, cast

import pytest

import games
from bot.reviews import jobs
from bot.reviews.reviewer import Reviewer
from db import ReviewStatus, Store
from games.ai.advice import costliest, review
from tests.web.seed import GUILD, play
from workers import PipeWorker

ITERATIONS = 24
# A seeded random match of each game where seat 0 makes costly mistakes at ITERATIONS.
SEEDS = {"manille": 2, "bianco-mano": 1, "blanche-neige": 2, "nain-jaune": 1, "bonanza": 2}


class InlineWorker:
    """The review worker's interface, running each job at once in the test's process."""

    def __init__(self) -> None:
        self.jobs = 0
        self.killed = False

    def submit(self, fn: Callable[..., Any], *args: Any) -> asyncio.Future[Any]:
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        done.set_result(fn(*args))
        self.jobs += 1
        return done

    def kill(self) -> None:
        self.killed = True


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'tapis.db'}")
    yield opened
    await opened.close()


class StuckWorker(InlineWorker):
    """A worker busy with a job that never ends (a long review at shutdown)."""

    def __init__(self) -> None:
        super().__init__()
        self.started = asyncio.Event()

    def submit(self, fn: Callable[..., Any], *args: Any) -> asyncio.Future[Any]:
        self.jobs += 1
        self.started.set()
        return asyncio.get_running_loop().create_future()


def reviewer_of(store: Store, worker: InlineWorker) -> Reviewer:
    return Reviewer(store, iterations=ITERATIONS, worker=cast(PipeWorker, worker))


@pytest.mark.slow
async def test_start_up_computes_the_reviews_an_earlier_run_left_pending(store: Store) -> None:
    table_id = await play(store, "manille", [11, None, 13, None], 4)
    await store.reviews.want(table_id, [0])  # the earlier run stopped before computing it
    worker = InlineWorker()
    reviewer = reviewer_of(store, worker)
    assert await reviewer.resume() == 1  # and seat 2 had no row yet: it is found too
    await reviewer.join()
    await reviewer.close()
    found = await store.reviews.of_table(table_id)
    assert [(r.seat, r.status) for r in found] == [(0, ReviewStatus.DONE), (2, ReviewStatus.DONE)]
    assert reviewer.computed == 2 and worker.killed

    again = reviewer_of(store, InlineWorker())
    assert await again.resume() == 0  # stored once: nothing left for the next start
    assert await store.reviews.of_table(table_id) == found


async def test_a_stop_drops_the_job_running_and_leaves_its_review_pending(store: Store) -> None:
    table_id = await play(store, "manille", [11, None, None, None], 5)
    worker = StuckWorker()
    reviewer = reviewer_of(store, worker)
    reviewer.want(GUILD, table_id, [0])
    await worker.started.wait()
    await reviewer.close()  # returns at once: nothing waits for the worker
    assert worker.killed and worker.jobs == 1
    found = await store.reviews.get(table_id, 0)
    assert found is not None and found.status is ReviewStatus.PENDING
    assert await reviewer_of(store, InlineWorker()).resume() == 1  # the next start resumes it


@pytest.mark.slow
@pytest.mark.parametrize("slug", sorted(SEEDS))
async def test_a_review_split_into_jobs_is_the_engines_review_of_the_seeded_match(
    store: Store, slug: str
) -> None:
    rules = games.get(slug)
    players = rules.quick_players or rules.min_players
    seed = SEEDS[slug]
    table_id = await play(store, slug, [21, *([None] * (players - 1))], seed)
    reviewer = reviewer_of(store, InlineWorker())
    reviewer.want(GUILD, table_id, [0])
    await reviewer.join()
    await reviewer.close()
    stored = await store.reviews.get(table_id, 0)
    assert stored is not None and stored.status is ReviewStatus.DONE

    found = await store.history.match_at_table(GUILD, table_id)
    assert found is not None
    options = {k: v for k, v in found.options.items() if k != "__table__"}
    moves = [(m.seat, m.action_id) for m in found.moves]
    whole = costliest(review(rules, players, seed, options, moves, 0, iterations=ITERATIONS))
    assert [(x.move, x.played, x.best) for x in stored.lines] == [
        (d.move, d.played, d.best) for d in whole
    ]
    assert [x.gain for x in stored.lines] == [round(d.gain, 3) for d in whole]
    assert all(moves[x.move - 1] == (0, x.played) for x in stored.lines)
    assert 0 < len(stored.lines) <= jobs.SHOWN  # random moves: costly mistakes


def test_every_game_has_its_seeded_review() -> None:
    assert set(SEEDS) == set(games.slugs()) - {"plus-fort"}  # the tests' toy game aside
