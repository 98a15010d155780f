"""Random legal games through the public engine contract: games/s, actions/s, peak memory.

Usage: python bench/engine.py [--seconds S] [--game SLUG ...]
Targets (2-core machine): Manille and Bianco Mano >= 100,000 actions/s; the other three
>= 50,000 actions/s. The figures count `legal_actions` + `apply` per action, as a bot or
an AI would call them.
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games
from games import Rng

TARGETS = {"manille": 100_000, "bianco-mano": 100_000}
DEFAULT_TARGET = 50_000


def play(rules: games.Rules, players: int, seed: int) -> int:
    state = rules.new(players=players, seed=seed)
    pick = Rng(seed ^ 0x5EED)
    n = 0
    while not state.is_over():
        seat = state.to_move()[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[int(pick.random() * len(actions))].id)
        n += 1
    return n


def bench(rules: games.Rules, seconds: float) -> tuple[int, int, float, float]:
    counts = list(range(rules.min_players, rules.max_players + 1))
    n_games = n_actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        n_actions += play(rules, counts[n_games % len(counts)], n_games)
        n_games += 1
    elapsed = time.perf_counter() - start
    tracemalloc.start()
    play(rules, rules.max_players, 12345)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return n_games, n_actions, elapsed, peak / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--game", action="append", help="slug (repeatable); default: all")
    args = parser.parse_args()
    slugs = args.game or games.slugs()
    print(f"{'game':<14}{'games/s':>10}{'actions/s':>12}{'peak KiB':>10}{'target':>10}  ok")
    failed = False
    for slug in slugs:
        n_games, n_actions, elapsed, peak = bench(games.get(slug), args.seconds)
        rate = n_actions / elapsed
        target = TARGETS.get(slug, DEFAULT_TARGET)
        ok = rate >= target
        failed |= not ok
        print(
            f"{slug:<14}{n_games / elapsed:>10.1f}{rate:>12,.0f}{peak:>10.0f}{target:>10,}"
            f"  {'yes' if ok else 'NO'}"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
