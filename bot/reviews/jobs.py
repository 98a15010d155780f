"""What the review worker process runs: plain functions of plain data (they pickle), which
rebuild the match from its seed and moves and judge the seat's decisions (games.ai.advice).

A seat's review is split into jobs of a few decisions, so that the worker never holds a
long job: the reviewer can let AI moves and hints go first between two jobs, and a stop
loses at most one job's work (the review stays pending and resumes at the next start).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import games
from games.ai import profile_for
from games.ai.advice import choices, costliest, review, review_iterations

SHOWN = 3  # the costliest decisions a review keeps

Moves = Sequence[tuple[int, str]]


def plan(
    slug: str, players: int, seed: int, options: dict[str, Any], moves: Moves, seat: int
) -> tuple[list[int], int]:
    """The seat's decisions (move indices from 0) and the simulations each gets: the
    match's review budget shared among them (`review_iterations`)."""
    rules = games.get(slug)
    found = choices(rules, players, seed, options, moves, seat)
    return found, review_iterations(profile_for(rules).iterations, len(found))


def judge(
    slug: str,
    players: int,
    seed: int,
    options: dict[str, Any],
    moves: Moves,
    seat: int,
    indices: Sequence[int],
    iterations: int,
) -> list[dict[str, Any]]:
    """The costly decisions among those at `indices`, costliest first (SHOWN at most), as
    the review's stored lines (db.store.reviews)."""
    rules = games.get(slug)
    found = review(
        rules, players, seed, options, moves, seat, iterations=iterations, only=set(indices)
    )
    return [
        dict(
            move=d.move,
            deal=d.deal,
            played=d.played,
            best=d.best,
            gain=round(d.gain, 3),
            unit=d.unit,
            reason=None if d.reason is None else [d.reason.code, dict(d.reason.data)],
        )
        for d in costliest(found, SHOWN)
    ]


def keep(found: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The SHOWN costliest of the lines every job found, costliest first."""
    return sorted(found, key=lambda d: (-d["gain"], d["move"]))[:SHOWN]
