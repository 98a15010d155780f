"""Random legal games through the public engine contract: games/s, actions/s, peak memory.

Usage:
  python bench/engine.py [--seconds S] [--game SLUG ...]
  python bench/engine.py --profile SLUG [--matches N] [--top K]
  python bench/engine.py --compare REF [--game SLUG ...] [--matches N] [--rounds R]
                         [--count cpu|instructions]

Every mode plays the same loop a bot or an AI would: `is_over`, `to_move`, `legal_actions`,
then `apply` of a random legal action (so `apply` checks legality again, as it must).

- The default mode prints wall-clock rates against the targets (2-core machine: Manille and
  Bianco Mano >= 100,000 actions/s; the other three >= 50,000).
- `--profile SLUG` prints a cProfile summary of a fixed set of seeded matches.
- `--compare REF` checks out REF (a commit, branch or tag) in a temporary git worktree and
  measures it against the working tree, back to back, alternating old and new processes
  for R rounds. Each process times the same seeded matches (every table size, default
  options) several times and keeps its best process-CPU time; the figure kept is the best
  over the rounds, the least disturbed by other jobs on a shared machine. Both sides must
  play exactly the same games (same actions, same outcomes), which the bench checks.
  Each process also replays its recorded matches on a stand-in engine (`Replay`: the same
  number of legal actions per step, no rules) to time the loop alone; "loop" is its share
  of the old tree's time and "engine" the speed-up of what is left, the engine's own time.
  A second stand-in (`Floor`) also does what the contract asks of every engine (a fresh
  list of actions noted per version, the legality check, a fresh event list with one
  event, the version): "floor" is its share of the old tree's time, and "at most" the
  speed-up an engine that cost no more than that would reach.
  `--count instructions` counts the machine instructions the same games take instead
  (valgrind's callgrind, collecting only while the matches are played): slow, but the
  same figure on every run however busy the machine is. It counts the two stand-ins too,
  and prints what the rules add to the floor now ("rules") and the most they could add
  for the engine to be twice as fast as `before` ("for 2x").
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import itertools
import json
import os
import pstats
import re
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if "--worker" not in sys.argv:  # a worker imports the tree it is told to measure
    sys.path.insert(0, str(ROOT))

TARGETS = {"manille": 100_000, "bianco-mano": 100_000}
DEFAULT_TARGET = 50_000


def play(
    rules: Any,
    players: int,
    seed: int,
    trace: list[str] | None = None,
    sizes: list[int] | None = None,
) -> int:
    from games import Rng

    state = rules.new(players=players, seed=seed)
    pick = Rng(seed ^ 0x5EED)
    n = 0
    while not state.is_over():
        seat = state.to_move()[0]
        actions = state.legal_actions(seat)
        action = actions[int(pick.random() * len(actions))].id
        state.apply(seat, action)
        n += 1
        if trace is not None:
            trace.append(action)
        if sizes is not None:
            sizes.append(len(actions))
    if trace is not None:
        out = state.outcome()
        trace.append(f"{out.ranks}{out.scores}")
    return n


class Replay:
    """A stand-in engine answering the bench loop from a recording of a real match: the
    same number of legal actions at each step, nothing worked out. Timing `play` on it
    gives what the loop itself costs (the calls, the random pick), not the engine."""

    __slots__ = ("actions", "sizes", "step")

    def __init__(self, sizes: list[int], actions: list[tuple[Any, ...]]) -> None:
        self.sizes = sizes
        self.actions = actions
        self.step = 0

    def is_over(self) -> bool:
        return self.step >= len(self.sizes)

    def to_move(self) -> list[int]:
        return [0]

    def legal_actions(self, seat: int) -> list[Any]:
        return list(self.actions[self.sizes[self.step]])

    def apply(self, seat: int, action_id: str) -> list[Any]:
        self.step += 1
        return []


class Floor(Replay):
    """The recording again, but keeping what the contract asks of any engine and no rule:
    a fresh list of legal actions noted per version, the legality check before the move (as
    `GameState.apply` does it), a fresh event list holding one event, a new version. Its
    time is a floor no engine under the same contract can go below."""

    __slots__ = ("events", "memo", "version")

    def __init__(self, sizes: list[int], actions: list[tuple[Any, ...]]) -> None:
        super().__init__(sizes, actions)
        self.version = 0
        self.events: list[dict[str, Any]] = []
        self.memo: tuple[int, int | None, tuple[Any, ...]] = (-1, None, ())

    def legal_actions(self, seat: int) -> list[Any]:
        actions = [*self.actions[self.sizes[self.step]]]
        self.memo = (self.version, seat, tuple(actions))
        return actions

    def apply(self, seat: int, action_id: str) -> list[Any]:
        version, who, legal = self.memo
        if (
            who is not seat
            or version != self.version
            or type(action_id) is not str
            or (action_id,) not in legal
        ):
            raise ValueError(action_id)
        self.events = []
        self.events.append({"type": "play", "seat": seat, "card": action_id})
        self.step += 1
        self.version += 1
        return self.events


class Recorded:
    """Rules whose `new` hands out the `Replay` (or `Floor`) of the recorded match with
    that seed."""

    def __init__(self, sizes: dict[int, list[int]], kind: type[Replay] = Replay) -> None:
        from games import Action

        self.sizes = sizes
        self.kind = kind
        top = max((max(s, default=1) for s in sizes.values()), default=1)
        self.actions = [tuple(Action(f"a{i}") for i in range(k)) for k in range(top + 1)]

    def new(self, players: int, seed: int) -> Replay:
        return self.kind(self.sizes[seed], self.actions)


def workload(rules: Any, matches: int) -> list[tuple[int, int]]:
    """`matches` seeded matches, table sizes in turn from the smallest to the largest."""
    counts = list(range(rules.min_players, rules.max_players + 1))
    return [(counts[m % len(counts)], m) for m in range(matches)]


def bench(rules: Any, seconds: float) -> tuple[int, int, float, float]:
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


def rates(slugs: list[str], seconds: float) -> int:
    import games

    print(f"{'game':<14}{'games/s':>10}{'actions/s':>12}{'peak KiB':>10}{'target':>10}  ok")
    failed = False
    for slug in slugs:
        n_games, n_actions, elapsed, peak = bench(games.get(slug), seconds)
        rate = n_actions / elapsed
        target = TARGETS.get(slug, DEFAULT_TARGET)
        ok = rate >= target
        failed |= not ok
        print(
            f"{slug:<14}{n_games / elapsed:>10.1f}{rate:>12,.0f}{peak:>10.0f}{target:>10,}"
            f"  {'yes' if ok else 'NO'}"
        )
    return 1 if failed else 0


def profile(slug: str, matches: int, top: int) -> int:
    import games

    rules = games.get(slug)
    jobs = workload(rules, matches)
    profiler = cProfile.Profile()
    profiler.enable()
    actions = sum(play(rules, players, seed) for players, seed in jobs)
    profiler.disable()
    print(f"{slug}: {matches} matches, {actions:,} actions")
    stats = pstats.Stats(profiler, stream=sys.stdout)
    stats.strip_dirs().sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    return 0


# --- before/after comparison -------------------------------------------------------------
def worker(root: str, slug: str, matches: int, reps: int, counted: str | None) -> int:
    """Time the fixed workload in the tree at `root`; print one JSON line. `counted` (one of
    `STAND_INS`): play it once on that engine, after a line on stdin, inside
    `itertools.starmap` (what callgrind counts)."""
    sys.path.insert(0, root)
    import games

    if not Path(games.__file__).resolve().is_relative_to(Path(root).resolve()):
        raise SystemExit(f"imported {games.__file__}, not the tree at {root}")
    rules = games.get(slug)
    jobs = workload(rules, matches)
    trace: list[str] = []
    sizes: dict[int, list[int]] = {}
    for players, seed in jobs:  # untimed: what was played, to compare both sides
        play(rules, players, seed, trace, sizes.setdefault(seed, []))
    digest = hashlib.sha256("\n".join(trace).encode()).hexdigest()[:16]
    recorded = Recorded(sizes)
    floored = Recorded(sizes, Floor)
    best = loop = floor = float("inf")
    actions = 0
    if counted:
        engine = {"engine": rules, "loop": recorded, "floor": floored}[counted]
        print("ready", flush=True)
        sys.stdin.readline()  # the bench has switched callgrind's instrumentation on
        actions = sum(itertools.starmap(lambda p, s: play(engine, p, s), jobs))
        reps = 0
    for _ in range(reps):
        start = time.process_time()
        actions = sum(play(rules, players, seed) for players, seed in jobs)
        best = min(best, time.process_time() - start)
        start = time.process_time()
        sum(play(recorded, players, seed) for players, seed in jobs)
        loop = min(loop, time.process_time() - start)
        start = time.process_time()
        sum(play(floored, players, seed) for players, seed in jobs)
        floor = min(floor, time.process_time() - start)
    out = {"actions": actions, "cpu": best, "loop": loop, "floor": floor, "digest": digest}
    print(json.dumps(out))
    return 0


STAND_INS = ("engine", "loop", "floor")


def measure(
    root: Path, slug: str, matches: int, reps: int, count: str, engine: str = "engine"
) -> dict[str, Any]:
    cmd = [sys.executable, __file__, "--worker", str(root), "--game", slug]
    cmd += ["--matches", str(matches), "--reps", str(reps)]
    if count == "cpu":
        out = subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=root).stdout
        result: dict[str, Any] = json.loads(out.splitlines()[-1])
        return result
    # Instructions: the imports run uninstrumented (fast); the matches alone are counted.
    # A fixed hash seed keeps the dicts' layouts, so the same tree counts the same on every
    # run (string hashing otherwise moves Bonanza's count by about 1 %).
    grind = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    grind += ["--instr-atstart=no", "--collect-atstart=no", "--toggle-collect=starmap_next"]
    proc = subprocess.Popen(
        [*grind, *cmd, "--counted", engine],
        cwd=root,
        env={**os.environ, "PYTHONHASHSEED": "0"},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    while proc.stdout.readline().strip() != "ready":
        pass
    subprocess.run(
        ["callgrind_control", "-i", "on", str(proc.pid)], check=True, capture_output=True
    )
    out, err = proc.communicate("go\n")
    found = re.search(r"Collected : ([\d,]+)", err)
    if proc.returncode or found is None:
        raise SystemExit(f"callgrind failed on {slug}:\n{err[-2000:]}")
    result = json.loads(out.splitlines()[-1])
    result["instructions"] = int(found.group(1).replace(",", ""))
    return result


def compare(
    ref: str, slugs: list[str], matches: int | None, rounds: int, reps: int, count: str
) -> int:
    with tempfile.TemporaryDirectory(prefix="tapis-bench-") as tmp:
        old = Path(tmp) / "old"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(old), ref],
            check=True,
        )
        try:
            if count == "instructions":
                return _count(old, ref, slugs, matches or 20)
            return _compare(old, ref, slugs, matches, rounds, reps)
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)], check=True
            )


def _compare(
    old: Path, ref: str, slugs: list[str], fixed: int | None, rounds: int, reps: int
) -> int:
    print(f"before = {ref}, after = working tree; best process-CPU time over {rounds} rounds")
    print("loop: the bench loop's own share of the time (a recording replayed, no engine);")
    print("engine: the speed-up of the time left once the loop's is taken out")
    print("floor: the share of a stand-in keeping the contract but no rule (see `Floor`),")
    print("and the most any engine under that contract could gain over `before`")
    head = f"{'game':<14}{'matches':>8}{'actions':>9}{'before/s':>12}{'after/s':>12}"
    print(f"{head}{'speed-up':>10}{'loop':>6}{'engine':>8}{'floor':>7}{'at most':>9}  same games")
    failed = False
    for slug in slugs:
        matches = fixed
        if not matches:  # about 0.3 s of the old code per timing
            probe = measure(old, slug, 10, 1, "cpu")
            matches = max(10, round(10 * 0.3 / max(probe["cpu"], 1e-3)))
        best = {"before": float("inf"), "after": float("inf")}
        loop = floor = float("inf")
        seen: dict[str, dict[str, Any]] = {}
        for r in range(rounds):
            order = [("before", old), ("after", ROOT)]
            for side, root in order if r % 2 == 0 else order[::-1]:
                res = measure(root, slug, matches, reps, "cpu")
                best[side] = min(best[side], res["cpu"])
                loop = min(loop, res["loop"])
                floor = min(floor, res["floor"])
                seen[side] = res
        same = seen["before"]["digest"] == seen["after"]["digest"]
        failed |= not same
        n = seen["after"]["actions"]
        before, after = seen["before"]["actions"] / best["before"], n / best["after"]
        engine = (best["before"] - loop) / max(best["after"] - loop, 1e-9)
        print(
            f"{slug:<14}{matches:>8}{n:>9,}{before:>12,.0f}{after:>12,.0f}{after / before:>9.2f}x"
            f"{loop / best['before']:>6.0%}{engine:>7.2f}x{floor / best['before']:>7.0%}"
            f"{best['before'] / floor:>8.1f}x  {'yes' if same else 'NO'}",
            flush=True,
        )
    return 1 if failed else 0


def _count(old: Path, ref: str, slugs: list[str], matches: int) -> int:
    print(f"before = {ref}, after = working tree; machine instructions per action (callgrind)")
    print("loop, floor: the stand-ins `Replay` and `Floor` replaying the same matches;")
    print("rules: what the engine adds to the floor, now and at most for a 2x speed-up")
    head = f"{'game':<14}{'matches':>8}{'actions':>9}{'before':>10}{'after':>10}{'speed-up':>10}"
    print(f"{head}{'loop':>8}{'floor':>8}{'rules':>8}{'for 2x':>8}  same games")
    failed = False
    for slug in slugs:
        before = measure(old, slug, matches, 1, "instructions")
        after = measure(ROOT, slug, matches, 1, "instructions")
        loop, floor = (measure(ROOT, slug, matches, 1, "instructions", k) for k in STAND_INS[1:])
        same = before["digest"] == after["digest"]
        failed |= not same
        n = after["actions"]
        b, a = before["instructions"] / before["actions"], after["instructions"] / n
        f = floor["instructions"] / n
        print(
            f"{slug:<14}{matches:>8}{n:>9,}{b:>10,.0f}{a:>10,.0f}{b / a:>9.2f}x"
            f"{loop['instructions'] / n:>8,.0f}{f:>8,.0f}{a - f:>8,.0f}{b / 2 - f:>8,.0f}"
            f"  {'yes' if same else 'NO'}",
            flush=True,
        )
    return 1 if failed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--game", action="append", help="slug (repeatable); default: all")
    parser.add_argument("--profile", metavar="SLUG", help="print a cProfile summary")
    parser.add_argument("--top", type=int, default=30, help="profile lines to print")
    parser.add_argument("--compare", metavar="REF", help="measure REF against the tree")
    parser.add_argument("--matches", type=int, default=None, help="matches per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="before/after alternations")
    parser.add_argument("--reps", type=int, default=3, help="timings per process")
    parser.add_argument("--count", choices=("cpu", "instructions"), default="cpu")
    parser.add_argument("--worker", metavar="ROOT", help=argparse.SUPPRESS)
    parser.add_argument("--counted", choices=STAND_INS, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker(args.worker, args.game[0], args.matches, args.reps, args.counted)
    import games

    slugs = args.game or games.slugs()
    if args.profile:
        return profile(args.profile, args.matches or 20, args.top)
    if args.compare:
        return compare(args.compare, slugs, args.matches, args.rounds, args.reps, args.count)
    return rates(slugs, args.seconds)


if __name__ == "__main__":
    raise SystemExit(main())
