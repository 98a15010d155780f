"""What `bench/load.py` measured and how it reads: the figures of a run (`Measures`) and the
report printed from them, against the targets (latency, memory per table, the AI, how far
behind the play the table messages are, the uploads).
"""

from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from load_players import Bench, Uploads

from tests.db.bulk import MoveTime

TARGET_P99_MS = 50.0
TARGET_KB_PER_TABLE = 200.0
LAG_GOAL_S = 3.0  # a table message at most this far behind the play
GRACE_S = 5.0  # after play, time left for the last redraws before lag is judged


def percentile(sorted_values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile of already sorted values (0 for none)."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(p / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


def ms(seconds: float) -> str:
    return "  failed" if math.isinf(seconds) else f"{seconds * 1000:6.1f} ms"


def latency_line(name: str, values: list[float]) -> str:
    ordered = sorted(values)
    failed = sum(1 for v in ordered if math.isinf(v))
    p50, p95, p99 = (percentile(ordered, p) for p in (50, 95, 99))
    worst = ordered[-1] if ordered else 0.0
    return (
        f"  {name:<7} n={len(ordered):<6} p50 {ms(p50)}  p95 {ms(p95)}  p99 {ms(p99)}  "
        f"max {ms(worst)}  failed {failed}"
    )


@dataclass
class Measures:
    setup_s: float = 0.0
    elapsed: float = 0.0
    play_from: float = 0.0  # wall-clock time of the play phase
    play_to: float = 0.0
    bot_cpu: list[float] = field(default_factory=list)  # per bot process
    workers_cpu: float = 0.0  # the bot processes' workers (pictures, AI searches) in all
    workers_rss: int = 0  # their RSS at the end (a fixed cost: faces, not tables)
    bench_cpu: float = 0.0
    database_cpu: float | None = None  # PostgreSQL's server processes (None: SQLite)
    machine_busy: float = 0.0  # cores busy on average, every process of the machine
    rss_setup: list[int] = field(default_factory=list)
    rss_end: list[int] = field(default_factory=list)
    seated: int = 0
    violations: list[str] = field(default_factory=list)
    rate_limited: Counter[str] = field(default_factory=Counter)
    requests: Counter[str] = field(default_factory=Counter)
    bot_errors: Counter[str] = field(default_factory=Counter)
    first_error: str = ""
    moves: list[MoveTime] = field(default_factory=list)


def non_interaction(requests: Counter[str]) -> int:
    """Requests that count against Discord's global limit (interaction routes do not)."""
    return sum(
        n for key, n in requests.items() if "/interactions/" not in key and "/webhooks/" not in key
    )


def ai_figures(m: Measures) -> tuple[int, list[float]]:
    """AI moves stored during play, and each one's latency: from the table's move before
    it (when its turn began) to its own storage."""
    previous: dict[tuple[int, int], float] = {}
    for move in m.moves:
        previous[(move.table_id, move.seq)] = move.stored_at.timestamp()
    count, latencies = 0, []
    for move in m.moves:
        stored = move.stored_at.timestamp()
        if not move.by_ai or not m.play_from <= stored <= m.play_to:
            continue
        count += 1
        before = previous.get((move.table_id, move.seq - 1))
        if before is not None:
            latencies.append(stored - before)
    return count, latencies


def lag_figures(bench: Bench, m: Measures) -> tuple[list[float], int]:
    """For every move stored during play: how long until its table message showed it;
    and how many were still not shown GRACE_S after play ended."""
    lags, unshown = [], 0
    for move in m.moves:
        stored = move.stored_at.timestamp()
        if not m.play_from <= stored <= m.play_to:
            continue
        shown = bench.shown.shown_after(move.table_id, move.seq, stored)
        if shown is None:
            unshown += 1
        else:
            lags.append(shown - stored)
    return lags, unshown


def moves_in_play(m: Measures) -> int:
    """Moves stored during play (the players' and the AIs')."""
    return sum(1 for move in m.moves if m.play_from <= move.stored_at.timestamp() <= m.play_to)


def upload_lines(uploads: Uploads, moves: int, elapsed: float) -> str:
    """The pictures the bot uploaded during play, as the emulator received them: per
    second, per picture and per move stored, in all and by kind (table, hand)."""
    per_move = max(1, moves)
    lines = [
        f"pictures uploaded: {uploads.files / elapsed:.0f}/s, "
        f"{uploads.bytes / elapsed / 1000:.0f} KB/s "
        f"({uploads.bytes / max(1, uploads.files) / 1000:.1f} KB each); "
        f"per move ({moves} moves): {uploads.files / per_move:.2f} pictures, "
        f"{uploads.bytes / per_move / 1000:.1f} KB; {uploads.repeats} the same as the "
        "picture their message carried"
    ]
    for kind, (files, size) in sorted(uploads.by_kind.items()):
        lines.append(
            f"  {kind:<7} {files / per_move:.2f} per move, {size / max(1, files) / 1000:.1f} KB "
            f"each, {size / per_move / 1000:.1f} KB per move"
        )
    return "\n".join(lines)


def seconds_line(name: str, values: list[float]) -> str:
    ordered = sorted(values)
    p50, p95, p99 = (percentile(ordered, p) for p in (50, 95, 99))
    worst = ordered[-1] if ordered else 0.0
    return (
        f"  {name:<7} n={len(ordered):<6} p50 {p50:5.2f} s  p95 {p95:5.2f} s  "
        f"p99 {p99:5.2f} s  max {worst:5.2f} s"
    )


def report(bench: Bench, m: Measures) -> bool:
    """Print the figures; True when both targets are met."""
    c = bench.counters
    samples = bench.watch.all_samples()
    answered = sum(1 for s in samples if not math.isinf(s))
    print(
        f"play: {m.elapsed:.1f} s, {c.actions} actions ({c.actions / m.elapsed:.0f} actions/s), "
        f"{answered} interactions answered, {c.matches_done} matches finished"
    )
    limited = ", ".join(f"{n} {kind}" for kind, n in m.rate_limited.items()) or "0"
    print(
        f"  stale clicks {c.stale}, unanswered {c.unanswered}, hands reopened {c.reopened}, "
        f"click errors {c.click_errors}, 429s {limited}, violations {len(m.violations)}"
    )
    for v in m.violations[:3]:
        print(f"    {v[:160]}")
    per_interaction = 1000 / max(answered, 1)
    bot_cpu = sum(m.bot_cpu)
    shares = " + ".join(f"{cpu / m.elapsed:.0%}" for cpu in m.bot_cpu)
    print(
        f"cpu: the bot {bot_cpu:.1f} s ({shares} of a core, "
        f"{bot_cpu * per_interaction:.2f} ms per interaction, redraws included, workers not); "
        f"its workers (pictures, AI) {m.workers_cpu / m.elapsed:.0%}; "
        f"emulator and players {m.bench_cpu / m.elapsed:.0%} of a core"
        + (
            f"; PostgreSQL {m.database_cpu / m.elapsed:.0%} of a core"
            if m.database_cpu is not None
            else ""
        )
    )
    print(
        f"  the machine: {m.machine_busy:.2f} of its {os.cpu_count()} cores busy during play "
        "(every process, the bench's included)"
    )
    channel = m.requests["PATCH /channels/{channel_id}/messages/{message_id}"]
    token = m.requests["PATCH /webhooks/{app_id}/{token}/messages/{message_id}"]
    print(
        f"requests: edits through interaction tokens (table redraws and hands) "
        f"{token / m.elapsed:.0f}/s, table redraws through the channel route "
        f"{channel / m.elapsed:.0f}/s, requests under Discord's global limit "
        f"{non_interaction(m.requests) / m.elapsed:.0f}/s (limit 50/s)"
    )
    print(upload_lines(bench.uploads, moves_in_play(m), m.elapsed))
    print("latency, interaction created -> callback accepted (Discord side):")
    print(latency_line("all", samples))
    for kind in sorted(bench.watch.samples):
        print(latency_line(kind, bench.watch.samples[kind]))

    lags, unshown = lag_figures(bench, m)
    print("table messages behind the play (move stored -> its table message shows it):")
    print(seconds_line("lag", lags) + f"  not shown {GRACE_S:.0f} s after play: {unshown}")
    ai_moves, ai_latency = ai_figures(m)
    if ai_moves or getattr(bench.args, "ai_share", 0.0):
        print(f"AI: {ai_moves / m.elapsed:.1f} AI moves/s; latency, turn start -> move stored:")
        print(seconds_line("ai", ai_latency))

    per_bot = max(1, m.seated) / max(1, len(m.rss_end))
    bot_kb = max(m.rss_end, default=0) / per_bot / 1024
    print(
        "memory, RSS of each bot process: "
        + ", ".join(f"+{r / 2**20:.1f} MB" for r in m.rss_setup)
        + " after setup, "
        + ", ".join(f"+{r / 2**20:.1f} MB" for r in m.rss_end)
        + f" at the end ({bot_kb:.0f} KB/table for the largest); "
        f"its workers (pictures, AI) {m.workers_rss / 2**20:.0f} MB in all"
    )
    if m.bot_errors:
        print(f"bot error lines: {sum(m.bot_errors.values())}")
        for kind, n in m.bot_errors.most_common(5):
            print(f"  {n:>5} x {kind}")
        print("first of them:\n" + m.first_error)
    p99 = percentile(sorted(samples), 99)
    latency_ok = answered > 0 and p99 * 1000 <= TARGET_P99_MS and not m.violations
    memory_ok = bot_kb <= TARGET_KB_PER_TABLE
    print(
        f"target p99 <= {TARGET_P99_MS:.0f} ms: {'met' if latency_ok else 'NOT met'} "
        f"({ms(p99).strip()}); <= {TARGET_KB_PER_TABLE:.0f} KB/table: "
        f"{'met' if memory_ok else 'NOT met'} ({bot_kb:.0f} KB/table for the bot)"
    )
    return latency_ok and memory_ok
