"""AI strength and speed: "facile" against random-legal players, "fort" against "facile".

Usage: python bench/ai.py [--game SLUG ...] [--matches N] [--level facile|fort|all]
                          [--players N] [--jobs J] [--iterations N] [--budget S]
                          [--first M] [--record FILE] [--set FIELD=VALUE ...]
       python bench/ai.py --summary FILE [FILE ...]
       python bench/ai.py --speed [--game SLUG ...] [--positions N] [--iterations N]
                          [--compare REF] [--rounds R]
       python bench/ai.py --advice [--game SLUG ...] [--positions N] [--matches M]  (advice.py)

Team games (fixed partners: Manille; Bianco Mano at 4) put the AI on one team, alternating
which one; the others seat the AI in one seat, rotating. A match is won when the AI's team
or seat ranks first (Bianco Mano at 4 ranks the team totals); a shared first place counts
as a fraction. A game is played at its smallest table (with fixed teams if it has them).
Targets: "facile" wins >= 65% against random, "fort" >= 60% against "facile" (head to
head; with more than two seats in a free-for-all the target keeps the same odds ratio over
the baseline share). Matches use each game's `quick_options`; a race (several seats in
`to_move`) is won by a random seat of it. Times are ms per AI decision that had a real
choice: wall clock, and the process CPU time the decision took.

`--budget S` is fort's time budget per decision (default 0.8 s, the bot's). `--budget 0`
lifts it, so every decision runs its full iteration cap: the figures then depend on the
seeds only, not on how busy the machine is (the CPU times tell whether the cap fits the
bot's budget). `--first M` starts at match M (to split a long run; matches are seeded by
their number). `--record FILE` appends every finished match to FILE, one JSON line each;
`--summary FILE ...` adds such files up (per game, level, table size, iteration cap and
`--set`). `--set FIELD=VALUE` (repeatable) plays "fort" with a `Profile` field changed (e.g.
`--set tree_depth=0 --set confidence=1.0`), for A/B runs without editing the profile.
For "fort" every result also says whether the strong bar is met: at least 65 % won, the
95 % interval's lower end at 58 % or more, at least 400 matches.

`--speed` measures the search alone: ISMCTS iterations per second of process time, over
positions taken from facile-against-facile matches (every decision with a real choice, in
turn), each searched for a fixed number of iterations with no time budget. With
`--compare REF` the same positions are searched by REF's code (a temporary git worktree)
and by the working tree, in separate processes alternated for R rounds, best time kept.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import math
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# `--tree DIR` measures the code of another checkout (the speed comparison's old side).
sys.path.insert(
    0,
    sys.argv[sys.argv.index("--tree") + 1]
    if "--tree" in sys.argv
    else str(Path(__file__).resolve().parent.parent),
)

import games
from games import Rng
from games.ai import choose, profile_for
from games.ai.ismcts import Profile, search

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {"facile": 0.65, "fort": 0.60}
# The strong bar for "fort" against "facile": at least 65 % won, the 95 % interval's lower
# end at 58 % or more, over at least 400 matches (head to head; carried to other baselines
# by the odds ratio, like TARGETS).
STRONG = {"won": 0.65, "low": 0.58, "matches": 400}
OPPONENT = {"facile": "random", "fort": "facile"}


@dataclass
class Result:
    score: float = 0.0  # matches won (fractions for shared wins)
    matches: int = 0
    times: list[float] = field(default_factory=list)  # seconds per real AI decision
    cpu: list[float] = field(default_factory=list)  # process CPU seconds per real decision

    def add(self, other: Result) -> None:
        self.score += other.score
        self.matches += other.matches
        self.times += other.times
        self.cpu += other.cpu


def ai_seats(rules: games.Rules, players: int, match: int) -> list[int]:
    teams = rules.teams(players)
    if teams:
        return teams[match % len(teams)]
    return [match % players]


def default_players(rules: games.Rules) -> int:
    """The smallest table with fixed teams, if the game has one; else its smallest table."""
    sizes = range(rules.min_players, rules.max_players + 1)
    return next((n for n in sizes if rules.teams(n)), rules.min_players)


Overrides = tuple[tuple[str, str], ...]  # `--set FIELD=VALUE` pairs, as typed


def overridden(profile: Profile, overrides: Overrides) -> Profile:
    """`profile` with the `--set` fields replaced: a number is cast to the field's type, and
    `module:name` (e.g. `redealer=games.bianco_mano.ai:informed_redealer`) is imported."""
    changes: dict[str, Any] = {}
    for name, raw in overrides:
        current = getattr(profile, name)  # AttributeError names a misspelt field
        if ":" in raw:
            module, attr = raw.split(":", 1)
            changes[name] = getattr(importlib.import_module(module), attr)
        else:
            changes[name] = type(current)(raw)
    return dataclasses.replace(profile, **changes)


def act(
    state: games.GameState,
    seat: int,
    who: str,
    rng: Rng,
    iterations: int | None,
    budget: float,
    profile: Profile | None = None,
) -> tuple[str, tuple[float, float] | None]:
    """One decision; wall and CPU times are returned for AI decisions with a real choice.
    With `profile` (a `--set` variant), "fort" searches with it instead of the game's."""
    legal = state.legal_actions(seat)
    if who == "random":
        return rng.choice(legal).id, None
    start, cpu = time.perf_counter(), time.process_time()
    if who == "fort" and profile is not None and len(legal) > 1:
        action = search(state, seat, profile, rng, iterations=iterations, budget_s=budget)
        action = action if action in {a.id for a in legal} else legal[0].id
    else:
        action = choose(state, seat, who, rng, iterations=iterations, budget_s=budget)
    spent = (time.perf_counter() - start, time.process_time() - cpu)
    return action, spent if len(legal) > 1 else None


def play_match(
    slug: str,
    players: int,
    level: str,
    match: int,
    iterations: int | None,
    budget: float,
    overrides: Overrides = (),
) -> Result:
    rules = games.get(slug)
    profile = overridden(profile_for(rules), overrides) if overrides else None
    seed = 1_000_003 * (match + 1)
    state = rules.new(players=players, seed=seed, options=rules.quick_options)
    mine = ai_seats(rules, players, match)
    who = [level if s in mine else OPPONENT[level] for s in range(players)]
    rngs = [Rng(seed * 31 + s) for s in range(players)]
    race = Rng(seed ^ 0xACE)
    result = Result(matches=1)
    while not state.is_over():
        seats = state.to_move()
        seat = seats[0] if len(seats) == 1 else race.choice(seats)  # a neutral race
        action, spent = act(state, seat, who[seat], rngs[seat], iterations, budget, profile)
        if spent is not None and seat in mine:
            result.times.append(spent[0])
            result.cpu.append(spent[1])
        state.apply(seat, action)
    result.score = won(state, mine)
    return result


def won(state: games.GameState, mine: list[int]) -> float:
    """1 for a win, 0 for a loss, a fraction for a shared first place (teams count once).

    Fixed partners whose game ranks players one by one (Bianco Mano at four) are measured
    as the pair they play as: the higher pair total wins, a tie counts half."""
    out = state.outcome()
    pairs = state.rules.teams(state.players)
    if out.teams is None and pairs and len(mine) > 1:
        totals = [sum(out.scores[s] for s in side) for side in pairs]
        ours = totals[pairs.index(mine)]
        best = max(totals)
        return 0.0 if ours < best else 1.0 / totals.count(best)
    if out.ranks[mine[0]] != 1:
        return 0.0
    sides = out.teams or tuple((s,) for s in range(len(out.ranks)))
    return 1.0 / sum(1 for side in sides if out.ranks[side[0]] == 1)


def baseline(rules: games.Rules, players: int) -> float:
    teams = rules.teams(players)
    return 1.0 / (len(teams) if teams else players)


def target(level: str, base: float, head_to_head: float | None = None) -> float:
    """The head-to-head target, carried to other baselines by keeping its odds ratio."""
    t = TARGETS[level] if head_to_head is None else head_to_head
    odds = t / (1 - t) * base / (1 - base)
    return odds / (1 + odds)


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval of a proportion (Wilson score interval)."""
    if n == 0:
        return 0.0, 1.0
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


HEADER = (
    f"{'game':<14}{'level':<7}{'vs':<7}{'n':>5}{'win':>7}{'95% CI':>15}{'base':>6}"
    f"{'target':>7}{'ms mean':>9}{'ms max':>8}{'cpu mean':>9}{'cpu max':>8}  met"
)


def report(rules: games.Rules, players: int, level: str, res: Result, tail: str) -> bool:
    """Print one result line (and, for "fort", the strong bar's checks); whether it is met."""
    p = res.score / res.matches
    lo, hi = wilson(p, res.matches)
    base = baseline(rules, players)
    goal = target(level, base)
    ok = p >= goal
    mean = 1000 * sum(res.times) / len(res.times) if res.times else 0.0
    worst = 1000 * max(res.times) if res.times else 0.0
    cpu = 1000 * sum(res.cpu) / len(res.cpu) if res.cpu else 0.0
    cpu_worst = 1000 * max(res.cpu) if res.cpu else 0.0
    print(
        f"{rules.slug:<14}{level:<7}{OPPONENT[level]:<7}{res.matches:>5}{p:>7.1%}"
        f"{f'[{lo:.0%}, {hi:.0%}]':>15}{base:>6.0%}{goal:>7.0%}{mean:>9.2f}"
        f"{worst:>8.1f}{cpu:>9.2f}{cpu_worst:>8.1f}  {'yes' if ok else 'NO'}"
        f"  score {res.score:g}/{res.matches}   {tail}",
        flush=True,
    )
    if level == "fort":
        won_goal, low_goal = (
            target("fort", base, STRONG["won"]),
            target("fort", base, STRONG["low"]),
        )
        checks = [
            (f"won >= {won_goal:.0%}", p >= won_goal),
            (f"interval low >= {low_goal:.0%}", lo >= low_goal),
            (f"matches >= {STRONG['matches']}", res.matches >= STRONG["matches"]),
        ]
        print(
            f"{'':<14}strong bar: "
            + ", ".join(f"{name} {'yes' if met else 'NO'}" for name, met in checks)
            + ("  -> met" if all(met for _, met in checks) else "  -> not met"),
            flush=True,
        )
    return ok


def summary(files: list[str]) -> int:
    """Add up `--record` files: one line per game, level, table size and iteration cap
    (a match recorded twice counts once)."""
    groups: dict[tuple[str, int, str, int | None, float, str], dict[int, Result]] = {}
    for name in files:
        for raw in Path(name).read_text().splitlines():
            if not raw.strip():
                continue
            line = json.loads(raw)
            key = (
                line["game"],
                line["players"],
                line["level"],
                line["iterations"],
                line["budget"],
                " ".join(line.get("set", [])),
            )
            r = Result(score=line["score"], matches=1, times=line["times"], cpu=line["cpu"])
            groups.setdefault(key, {})[line["match"]] = r
    print(HEADER)
    for (slug, players, level, its, budget, sets), played in sorted(
        groups.items(), key=lambda kv: (kv[0][0], kv[0][2], kv[0][3] or 0, kv[0][4], kv[0][5])
    ):
        total = Result()
        for r in played.values():
            total.add(r)
        span = f"matches {min(played)}..{max(played)}" + (
            "" if len(played) == max(played) - min(played) + 1 else " (with gaps)"
        )
        cap = "default" if its is None else str(its)
        report(
            games.get(slug),
            players,
            level,
            total,
            f"({players} players, iterations {cap}, budget {budget or 'none'}, {span}"
            + (f", set {sets})" if sets else ")"),
        )
    return 0


def _job(args: tuple[str, int, str, int, int | None, float, Overrides]) -> Result:
    return play_match(*args)


def run(
    slug: str,
    players: int,
    level: str,
    matches: range,
    jobs: int,
    iterations: int | None,
    budget: float,
    record: Path | None = None,
    overrides: Overrides = (),
) -> Result:
    """Play `matches`; with `record`, append each finished match to it as a JSON line (a
    long run killed half-way keeps what it played; `--summary` adds the lines up)."""
    total = Result()
    tasks = [(slug, players, level, m, iterations, budget, overrides) for m in matches]

    def keep(task: tuple[str, int, str, int, int | None, float, Overrides], r: Result) -> None:
        total.add(r)
        if record is not None:
            line = {"game": slug, "players": players, "level": level, "match": task[3]}
            line |= {"iterations": iterations, "budget": budget if budget < math.inf else 0}
            if overrides:
                line["set"] = [f"{k}={v}" for k, v in overrides]
            line |= {"score": r.score, "times": r.times, "cpu": r.cpu}
            with record.open("a") as out:
                out.write(json.dumps(line) + "\n")

    if jobs <= 1:
        for t in tasks:
            keep(t, _job(t))
        return total
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for t, r in zip(tasks, pool.map(_job, tasks), strict=True):
            keep(t, r)
    return total


def positions(slug: str, players: int, count: int) -> list[tuple[games.GameState, int]]:
    """`count` positions with a real choice, from facile-against-facile matches."""
    rules = games.get(slug)
    found: list[tuple[games.GameState, int]] = []
    match = 0
    while len(found) < count:
        seed = 7_000_003 * (match + 1)
        state = rules.new(players=players, seed=seed, options=rules.quick_options)
        rng = Rng(seed)
        step = 0
        while not state.is_over() and len(found) < count:
            seat = state.to_move()[0]
            if len(state.legal_actions(seat)) > 1 and step % 5 == 0:
                found.append((state.copy(), seat))
            step += 1
            state.apply(seat, choose(state, seat, "facile", rng))
        match += 1
    return found


def speed_of(slug: str, count: int, iterations: int, players: int | None) -> dict[str, float]:
    """Search `count` positions of `slug` for `iterations` each; the process time spent."""
    rules = games.get(slug)
    n = players or default_players(rules)
    profile = profile_for(rules)
    spots = positions(slug, n, count)
    start = time.process_time()
    for k, (state, seat) in enumerate(spots):
        search(state, seat, profile, Rng(k), iterations=iterations, budget_s=1e9)
    spent = time.process_time() - start
    return {
        "players": n,
        "positions": len(spots),
        "iterations": iterations * len(spots),
        "cpu": spent,
    }


def speed(slugs: list[str], count: int, iterations: int, players: int | None) -> int:
    """ISMCTS iterations per second of process time, per game."""
    print(f"{'game':<14}{'players':>8}{'positions':>10}{'iterations':>11}{'it/s':>9}{'ms/100':>8}")
    for slug in slugs:
        r = speed_of(slug, count, iterations, players)
        total, spent = r["iterations"], r["cpu"]
        print(
            f"{slug:<14}{r['players']:>8}{r['positions']:>10}{total:>11,}{total / spent:>9,.0f}"
            f"{100_000 * spent / total:>8.1f}",
            flush=True,
        )
    return 0


def compare_speed(
    ref: str, slugs: list[str], count: int, iterations: int, players: int | None, rounds: int
) -> int:
    """ISMCTS iterations per second of REF against the working tree, same positions."""
    print(f"before = {ref}, after = working tree; ISMCTS iterations per second of process")
    print(f"time, best of {rounds} rounds; {iterations} iterations on each of {count} positions")
    print(f"{'game':<14}{'players':>8}{'before it/s':>12}{'after it/s':>12}{'speed-up':>10}")
    with tempfile.TemporaryDirectory(prefix="tapis-ai-") as tmp:
        old = Path(tmp) / "old"
        git = ["git", "-C", str(ROOT), "worktree"]
        subprocess.run([*git, "add", "--detach", "-q", str(old), ref], check=True)
        try:
            for slug in slugs:
                best = {"before": math.inf, "after": math.inf}
                seen: dict[str, dict[str, float]] = {}
                for r in range(rounds):
                    order = [("before", old), ("after", ROOT)]
                    for side, tree in order if r % 2 == 0 else order[::-1]:
                        cmd = [sys.executable, __file__, "--speed", "--json", "--tree", str(tree)]
                        cmd += ["--game", slug, "--positions", str(count)]
                        cmd += ["--iterations", str(iterations)]
                        if players:
                            cmd += ["--players", str(players)]
                        out = subprocess.run(cmd, check=True, capture_output=True, text=True)
                        seen[side] = json.loads(out.stdout.splitlines()[-1])
                        best[side] = min(best[side], seen[side]["cpu"])
                before = seen["before"]["iterations"] / best["before"]
                after = seen["after"]["iterations"] / best["after"]
                print(
                    f"{slug:<14}{seen['after']['players']:>8.0f}{before:>12,.0f}{after:>12,.0f}"
                    f"{after / before:>9.2f}x",
                    flush=True,
                )
        finally:
            subprocess.run([*git, "remove", "--force", str(old)], check=True)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="slug (repeatable); default: all")
    parser.add_argument("--matches", type=int, default=None, help="default 200 facile, 60 fort")
    parser.add_argument("--level", choices=("facile", "fort", "all"), default="all")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=None, help="fort's iteration cap")
    parser.add_argument(
        "--budget", type=float, default=0.8, help="fort's seconds per decision; 0: no limit"
    )
    parser.add_argument("--first", type=int, default=0, help="number of the first match")
    parser.add_argument("--record", metavar="FILE", help="append each match to FILE (JSON lines)")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="fort plays with the game's Profile changed in FIELD (repeatable)",
    )
    parser.add_argument("--summary", nargs="+", metavar="FILE", help="add up --record files")
    parser.add_argument("--speed", action="store_true", help="ISMCTS iterations per second")
    parser.add_argument("--positions", type=int, default=20, help="positions per game (--speed)")
    parser.add_argument("--compare", metavar="REF", help="--speed of REF against the tree")
    parser.add_argument("--rounds", type=int, default=3, help="--compare alternations")
    parser.add_argument("--advice", action="store_true", help="hints and reviews (advice.py)")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--tree", help=argparse.SUPPRESS)
    args = parser.parse_args()
    slugs = args.game or games.slugs()
    if args.advice:  # bench/advice.py, beside this script
        return int(__import__("advice").main(slugs, args.positions, args.matches))
    if args.speed:
        its = args.iterations or 100
        if args.compare:
            return compare_speed(
                args.compare, slugs, args.positions, its, args.players, args.rounds
            )
        if args.json:
            print(json.dumps(speed_of(slugs[0], args.positions, its, args.players)))
            return 0
        return speed(slugs, args.positions, its, args.players)
    if args.summary:
        return summary(args.summary)
    levels = ["facile", "fort"] if args.level == "all" else [args.level]
    print(HEADER)
    budget = args.budget if args.budget > 0 else math.inf
    record = Path(args.record) if args.record else None
    overrides: Overrides = tuple(
        (k.strip(), v.strip()) for k, v in (item.split("=", 1) for item in args.set)
    )
    failed = False
    for slug in slugs:
        rules = games.get(slug)
        players = args.players or default_players(rules)
        for level in levels:
            matches = args.matches or (200 if level == "facile" else 60)
            start = time.perf_counter()
            span = range(args.first, args.first + matches)
            res = run(
                slug, players, level, span, args.jobs, args.iterations, budget, record, overrides
            )
            tail = f"({players} players, {time.perf_counter() - start:.0f} s)"
            if overrides:
                tail += " set " + " ".join(f"{k}={v}" for k, v in overrides)
            failed |= not report(rules, players, level, res, tail)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
