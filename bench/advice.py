"""The strong AI's advice: hint latency, review CPU per match, and how noisy a verdict is.

Run through `python bench/ai.py --advice [--game SLUG ...] [--positions N] [--matches M]`.

- Hint latency: what a *Conseil* click waits for in the bot, on N positions of
  facile-against-facile matches: `bot.table.ai.hint_for` at the bot's budget
  (`HINT_BUDGET`, or the game's iteration cap if it comes first) in an AI worker process
  through `WorkerAi.run`, from the table's snapshot, wall time from the request to the
  answer, p50 and p95; and the process time of the same hint searched in place (CPU p95).
- Review CPU: the bot's review (`review_match`: iteration-bound, so deterministic, with the
  match's budget shared among its decisions) of seat 0 over M whole facile-against-facile
  matches at the game's default options, process time per match, decisions judged and
  mistakes found. The bot's target: a whole match within 60 s.
- Self-agreement: the same N positions searched twice with other seeds (each at the game's
  iteration cap). How often the two choices agree, and the gain the first search credits
  its choice with over the second search's choice: both are the strong AI's own moves, so
  that gain is noise. Its 95th percentile (reward units, 0..1) is the least difference the
  review may call a mistake (`Profile.noise`). `--matches 0` leaves the reviews out,
  `--positions 0` the hints and the agreement.
"""

from __future__ import annotations

import asyncio
import math
import statistics
import time

import games
from bot.table.ai import HINT_BUDGET, HINT_DEADLINE, WorkerAi, hint_for
from games import Rng
from games.ai import choose, profile_for
from games.ai.advice import choices, costliest, decision_text, hint, review_match, stand_in
from games.ai.ismcts import decide, simulate


def facile_match(
    slug: str, seed: int, options: dict[str, object] | None = None
) -> tuple[int, list[tuple[int, str]]]:
    """A facile-against-facile match (at `options`, the quick ones by default): its table
    size and moves."""
    rules = games.get(slug)
    players = rules.quick_players or rules.min_players
    options = rules.quick_options if options is None else options
    state = rules.new(players=players, seed=seed, options=options)
    rng = Rng(seed)
    moves: list[tuple[int, str]] = []
    while not state.is_over():
        seats = state.to_move()
        seat = seats[0] if len(seats) == 1 else rng.choice(seats)
        action = choose(state, seat, "facile", rng)
        moves.append((seat, action))
        state.apply(seat, action)
    return players, moves


def spots(slug: str, count: int) -> list[tuple[games.GameState, int]]:
    """`count` positions with a choice, every fifth decision of facile matches."""
    rules = games.get(slug)
    found: list[tuple[games.GameState, int]] = []
    match = 0
    while len(found) < count:
        seed = 9_000_011 * (match + 1)
        players, moves = facile_match(slug, seed)
        state = rules.new(players=players, seed=seed, options=rules.quick_options)
        for step, (seat, action) in enumerate(moves):
            if step % 5 == 0 and len(state.legal_actions(seat)) > 1 and len(found) < count:
                found.append((state.copy(), seat))
            state.apply(seat, action)
        match += 1
    return found


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)] if ordered else 0.0


def latency(slug: str, positions: list[tuple[games.GameState, int]]) -> tuple[list[float], ...]:
    """Wall seconds of one hint per position through an AI worker, as the bot asks for it,
    and process seconds of the same hint searched here."""
    wall = asyncio.run(through_worker(slug, positions))
    cpu: list[float] = []
    for k, (state, seat) in enumerate(positions):
        c = time.process_time()
        hint(state, seat, Rng(k), budget_s=HINT_BUDGET)
        cpu.append(time.process_time() - c)
    return wall, cpu


async def through_worker(slug: str, positions: list[tuple[games.GameState, int]]) -> list[float]:
    """The bot's path: the snapshot to a worker, `hint_for` there, the hint back."""
    ai = WorkerAi(1)
    try:
        state, seat = positions[0]  # the worker's start-up is not a click's wait
        await ai.advise(hint_for, slug, state.to_json(), seat, 0, HINT_BUDGET, deadline=60.0)
        wall: list[float] = []
        for k, (state, seat) in enumerate(positions):
            start = time.perf_counter()
            snapshot = state.to_json()
            await ai.advise(hint_for, slug, snapshot, seat, k, HINT_BUDGET, deadline=HINT_DEADLINE)
            wall.append(time.perf_counter() - start)
        return wall
    finally:
        await ai.close()


def agreement(positions: list[tuple[games.GameState, int]]) -> tuple[float, list[float]]:
    """Share of positions where two seeds choose alike, and the noise gains (see above)."""
    same = 0
    gains: list[float] = []
    for k, (state, seat) in enumerate(positions):
        profile = profile_for(state.rules)
        picks = []
        runs = []
        for seed in (1000 + k, 2000 + k):
            rng = Rng(seed)
            found = simulate(stand_in(state, seat, rng), seat, profile, rng, budget_s=math.inf)
            runs.append(found)
            picks.append(decide(found, profile.confidence))
        same += picks[0] == picks[1]
        gains.append(runs[0].versus(picks[0], picks[1])[0] if picks[0] != picks[1] else 0.0)
    return same / len(positions), gains


def review_cpu(slug: str, matches: int) -> tuple[list[float], int, int]:
    """Process seconds to review seat 0 of each match at the default options, as the bot
    does; decisions judged; mistakes shown."""
    rules = games.get(slug)
    cpu: list[float] = []
    judged = shown = 0
    for m in range(matches):
        seed = 5_000_077 * (m + 1)
        players, moves = facile_match(slug, seed, {})
        start = time.process_time()
        found = review_match(rules, players, seed, {}, moves, 0)
        cpu.append(time.process_time() - start)
        assert len(found) == len(choices(rules, players, seed, {}, moves, 0))
        judged += len(found)
        shown += len(costliest(found))
        if m == 0:  # the first match's costliest decisions, as the seat would read them
            for d in costliest(found):
                print(f"  {slug} seed {seed}: {decision_text(d, rules.words, 'fr')}")
    return cpu, judged, shown


def main(slugs: list[str], count: int, matches: int | None) -> int:
    matches = 2 if matches is None else matches
    print(f"hints: {HINT_BUDGET} s budget, in an AI worker (wall), in place (cpu)")
    print(
        f"{'game':<14}{'hint p50':>9}{'p95':>6}{'cpu p95':>8}{'review cpu':>11}{'judged':>7}"
        f"{'shown':>6}{'agree':>7}{'noise p95':>10}{'unit':>8}{'reward':>8}",
        flush=True,
    )
    pooled: list[float] = []
    for slug in slugs:
        rules = games.get(slug)
        positions = spots(slug, count) if count else []
        wall, cpu = latency(slug, positions)
        rcpu, judged, shown = review_cpu(slug, matches) if matches else ([0.0], 0, 0)
        agree, gains = agreement(positions) if positions else (0.0, [])
        pooled += gains
        scale, unit = profile_for(rules).scale(rules.quick_players or rules.min_players)
        per = max(1, matches)
        print(
            f"{slug:<14}{percentile(wall, 0.5):>9.2f}{percentile(wall, 0.95):>6.2f}"
            f"{percentile(cpu, 0.95):>8.2f}{statistics.mean(rcpu):>6.1f}/{max(rcpu):<4.1f}"
            f"{judged / per:>7.0f}"
            f"{shown / per:>6.1f}{agree:>7.0%}{percentile(gains, 0.95) * scale:>10.2f}"
            f"{unit:>8}{percentile(gains, 0.95):>8.3f}",
            flush=True,
        )
    print("review cpu: mean/max seconds per match (default options, the bot's budget; target 60 s)")
    print(f"noise p95 over every game: {percentile(pooled, 0.95):.3f} (reward units, 0..1)")
    return 0
