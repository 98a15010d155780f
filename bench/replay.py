"""What a Discord replay costs: building it once, then each click of ◀ ▶.

Usage: python bench/replay.py [--seed N] [--every K]

For every game, one whole match on its default options, played by seeded random legal
moves. Prints the moves of the match, the time to build its replay (one pass over the log,
keeping a state every K moves: bot.replays.book), the time of one click from the built replay
(the state at the step from the nearest kept state; then drawing the embed and the
buttons), and, for comparison, the time to rebuild the state from the start of the log at
each step (what a click would cost without the cache). Figures over every step of the
match: median and 99th percentile.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games
from bot.replays.book import CHECKPOINT_EVERY, Replay
from bot.replays.display import replay_embed, replay_view
from db import FinishedMatch, MatchSeat, MatchSummary, MoveRecord
from games import Rng
from games.testing import random_moves


def whole_match(slug: str, seed: int) -> FinishedMatch:
    rules = games.get(slug)
    players = rules.max_players if rules.max_players <= 4 else rules.min_players
    state = rules.new(players=players, seed=seed)
    moves = [
        MoveRecord(n, m.seat, m.action) for n, m in enumerate(random_moves(state, Rng(seed)), 1)
    ]
    out = state.outcome()
    seats = [
        MatchSeat(i, 1 + i, False, f"P{i}", out.ranks[i], out.scores[i], 0, out.ranks[i] == 1)
        for i in range(players)
    ]
    summary = MatchSummary(1, 1, slug, 1, datetime.now(UTC), True, None, seats)
    return FinishedMatch(summary, seed, {}, moves)


def quantiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def cell(values: list[float]) -> str:
    median, p99 = quantiles(values)
    return f"{median:.0f} / {p99:.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--every", type=int, default=CHECKPOINT_EVERY)
    args = parser.parse_args()
    print(f"checkpoint every {args.every} moves; times per step: median / p99")
    header = f"{'game':<14}{'moves':>6}{'deals':>6}{'build ms':>10}"
    header += f"{'state µs':>16}{'from scratch µs':>20}{'drawing µs':>16}"
    print(header)
    for slug in games.slugs():
        found = whole_match(slug, args.seed)
        rules = games.get(slug)
        started = time.perf_counter()
        replay = Replay.build(0, found, args.every)
        build = (time.perf_counter() - started) * 1000
        states, scratch, drawing = [], [], []
        moves = list(replay.moves)
        players = len(replay.seats)
        for step in range(replay.total + 1):
            started = time.perf_counter()
            replay.state_at(step)
            states.append((time.perf_counter() - started) * 1e6)
            started = time.perf_counter()
            rules.replay(players, found.seed, {}, moves[:step])
            scratch.append((time.perf_counter() - started) * 1e6)
            started = time.perf_counter()
            replay_embed(replay, step, "fr")  # its own state_at, then the drawing
            replay_view(replay, step, "fr", None)
            drawing.append((time.perf_counter() - started) * 1e6 - states[-1])
        print(
            f"{slug:<14}{replay.total:>6}{replay.deals:>6}{build:>10.1f}"
            + "".join(f"{cell(v):>18}" for v in (states, scratch, drawing))
        )


if __name__ == "__main__":
    main()
