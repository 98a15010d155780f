"""Load bench: N concurrent tables of simulated players against the real bot in its own process.

Usage: python bench/load.py [--tables 500] [--seconds 30] [--actions-per-table K]
                            [--game SLUG ...] [--think 3.0] [--setup-concurrency 10]
                            [--ai-share 0.2] [--shards 2 --database-url postgresql+asyncpg://…]

--ai-share fills that part of all seats with "fort" AIs (never the host's seat); the bench
then prints AI moves per second and the AI move latency (from the move before to the AI's
move, both as stored: AI_DELAY's pause included). --shards N runs N bot processes, shards
0..N-1 of N, on the PostgreSQL database of --database-url (default: TAPIS_TEST_POSTGRES_URL),
which the bench EMPTIES first, with --tables tables for each process (guilds spread over the
shards). Every run prints how far behind the play the public table messages are: from a
move's storage to the first write of its table message that shows it (its "vN" last line),
and the pictures the bot uploads (table and hand pictures, as the emulator receives them) per
second and per move stored, in files and bytes.

The bot is `python -m bot`, as `make run` starts it, on a throw-away SQLite file, logged into
the Discord emulator (emulator) that this process runs along with the simulated
players: Discord's servers and the players are not on the bot's CPU in production either.
Each table has its own thread, in guilds of TABLES_PER_GUILD tables, so that Discord's
5-writes-per-5-s channel limit applies per table as it would on Discord. Setup (open, join,
start, everyone opens "Ma main") is not measured; then every table plays for --seconds (or
until each played --actions-per-table): one player who sees "your turn" on their own hand
clicks an action after a think time drawn around --think, as people do. A table whose match
ends opens a new one with new players.

Latency is measured on the Discord side: from the moment the emulator creates an interaction
(and sends it down the gateway) to the moment it accepts the bot's initial response
(callback), through the emulator's `World.ack_listeners` hook. An interaction the bot did
not answer within Discord's 3 s counts as a failure, worse than any latency. The bot's
memory is its process's RSS growth from just before setup to the end of play, per table;
its CPU is read from /proc. The emulator process's own load is printed too: when it is
saturated, the latencies include its queueing. Its garbage collector is held during play
(`hold_collector`; --emulator-gc lets it run), the bot's is not.

Targets: p99 <= 50 ms over all interactions of the play phase with none failed, and
<= 200 KB per table for each bot process. Exits 0 when both are met, 1 otherwise; the run always
stops by itself (time and count bounds, plus a hard time limit). Linux only (/proc). The
players are bench/load_players.py, the bot's process bench/load_bot.py, the report
bench/load_report.py.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import math
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from load_bot import (
    ROOT,
    BotChild,
    children_of,
    cpu_of,
    cpu_of_all,
    machine_ticks,
    processes_named,
    rss_of,
)
from load_players import Bench, setup_all
from load_report import GRACE_S, Measures, report

import games
from bot.app.client import quiet_gc
from db import Store, downgrade
from emulator.drivers import Emulator
from tests.db.bulk import move_times


class ErrorTally(logging.Handler):
    """Counts this process's error lines by their first line instead of printing each one."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.kinds: Counter[str] = Counter()

    def emit(self, record: logging.LogRecord) -> None:
        first = record.getMessage().splitlines()[0] if record.getMessage() else "?"
        self.kinds[f"{record.name}: {first[:100]}"] += 1

    def loop_error(self, _loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        exc = context.get("exception")
        what = f" ({type(exc).__name__})" if exc is not None else ""
        self.kinds[f"asyncio: {context.get('message', '?')}{what}"] += 1


async def database(args: argparse.Namespace, tmp: Path) -> str:
    """A fresh SQLite file, or the --database-url emptied (every Tapis table dropped)."""
    if not args.database_url:
        return f"sqlite+aiosqlite:///{tmp / 'tapis.db'}"
    await downgrade(args.database_url, "base")
    return str(args.database_url)


async def measure(args: argparse.Namespace, slugs: list[str]) -> tuple[Bench, Measures]:
    """Start everything, set the tables up, play, and take the figures before shutting down."""
    m = Measures()
    with tempfile.TemporaryDirectory(prefix="tapis-load-") as tmp:
        url = await database(args, Path(tmp))
        async with Emulator() as emu:
            shards = args.shards
            settings = {"PICTURE_WORKERS": str(args.picture_workers)}
            if args.hand_picture_niceness is not None:
                settings["HAND_PICTURE_NICENESS"] = str(args.hand_picture_niceness)
            bots = [
                BotChild(
                    Path(tmp),
                    emu,
                    database_url=url,
                    shard=(i, shards),
                    root=args.bot_root,
                    settings=settings,
                )
                for i in range(shards)
            ]
            try:
                for bot in bots:  # one after the other: each migrates or finds the schema ready
                    await bot.start()
                bench = Bench(emu, args)
                await bench.warm_up(slugs)
                await asyncio.sleep(1.5)  # the warm-up tables' last redraws
                rss_before = [rss_of(b.pid) for b in bots]
                bench.build(args.tables * shards, slugs)
                setup_from = datetime.now(UTC)
                m.setup_s = await setup_all(bench, args.setup_concurrency)
                m.seated = sum(1 for s in bench.slots if s.table_id)
                print(f"setup: {m.seated} tables open, started, hands shown in {m.setup_s:.1f} s")
                if bench.counters.setup_failures:
                    print(f"  {len(bench.counters.setup_failures)} setup attempts failed, retried")
                for failure in bench.counters.setup_failures[:3]:
                    print(f"  setup failed: {failure}")
                m.rss_setup = [rss_of(b.pid) - r for b, r in zip(bots, rss_before, strict=True)]

                loop = asyncio.get_running_loop()
                held = hold_collector() if not args.emulator_gc else None
                bench.watch.start()
                bench.uploads.counting = True
                started, bench_cpu = loop.time(), time.process_time()
                bot_cpu = [cpu_of(b.pid) for b in bots]
                workers = [w for b in bots for w in children_of(b.pid)]
                workers_cpu = sum(cpu_of(w) for w in workers)
                database_cpu = cpu_of_all(processes_named("postgres")) if args.database_url else {}
                ticks = machine_ticks()
                m.play_from = time.time()
                first_request, first_limited = len(emu.requests), len(emu.rate_limited)
                deadline = started + args.seconds
                limit = args.actions_per_table
                await asyncio.gather(*(bench.play(s, deadline, limit) for s in bench.slots))
                m.elapsed = loop.time() - started
                m.play_to = time.time()
                m.bot_cpu = [cpu_of(b.pid) - c for b, c in zip(bots, bot_cpu, strict=True)]
                m.workers_cpu = sum(cpu_of(w) for w in workers) - workers_cpu
                m.bench_cpu = time.process_time() - bench_cpu
                busy, every = (b - a for a, b in zip(ticks, machine_ticks(), strict=True))
                m.machine_busy = (os.cpu_count() or 1) * busy / max(every, 1)
                if args.database_url:
                    after = cpu_of_all(list(database_cpu))
                    m.database_cpu = sum(after[p] - database_cpu[p] for p in after)
                m.requests = Counter(
                    f"{verb} {route}" for verb, route, _ in emu.requests[first_request:]
                )
                m.rate_limited = Counter(
                    "global" if r.endswith(" global") else "per channel"
                    for r in emu.rate_limited[first_limited:]
                )
                bench.watch.stop()
                bench.uploads.counting = False
                if held is not None:
                    release_collector(held)
                # Let the last redraws land before judging how far behind the messages are.
                await asyncio.sleep(GRACE_S)
                m.rss_end = [rss_of(b.pid) - r for b, r in zip(bots, rss_before, strict=True)]
                m.workers_rss = sum(rss_of(w) for b in bots for w in children_of(b.pid))
                m.violations = [str(v) for v in emu.violations]
            finally:
                for bot in bots:
                    await bot.stop()
            for bot in bots:
                m.bot_errors.update(bot.errors())
                m.first_error = m.first_error or bot.first_error()
        async with await Store.open(url, migrate=False) as store:
            m.moves = await move_times(store, setup_from)
    return bench, m


def hold_collector() -> tuple[int, int, int]:
    """Keep the collector of this process (Discord's stand-in and the players) from running
    during play. It stamps the latencies: its pauses (25-30 ms for a young collection of
    its own garbage, at 500 tables) would count as the bot's, and Discord's servers do not
    share the bot's cores. The bot's own collector runs as usual."""
    thresholds = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.disable()
    return thresholds


def release_collector(thresholds: tuple[int, int, int]) -> None:
    gc.unfreeze()
    gc.set_threshold(*thresholds)
    gc.enable()
    gc.collect()


def reference_loop_ms(rounds: int = 3) -> float:
    """The best of `rounds` timings of a fixed pure-Python loop. This machine's cores are
    shared with other virtual machines, and the same code has run 10-40 % slower from one
    hour to the next: runs are comparable only at a similar figure."""
    best = math.inf
    for _ in range(rounds):
        started = time.process_time()
        total = 0
        for i in range(2_000_000):
            total += i
        best = min(best, time.process_time() - started)
    return best * 1000


async def run(args: argparse.Namespace) -> int:
    slugs = args.game or list(games.slugs())
    limit = args.actions_per_table
    processes = f"{args.shards} bot processes x " if args.shards > 1 else ""
    ais = f", {args.ai_share:.0%} of the seats 'fort' AIs" if args.ai_share else ""
    print(
        f"Tapis load bench: {processes}{args.tables} tables ({', '.join(slugs)}){ais}, "
        f"think ~{args.think} s, play {args.seconds:.0f} s"
        + (f" or {limit} actions/table" if limit else "")
    )
    print(f"machine speed: {reference_loop_ms():.0f} ms for the reference loop (lower is faster)")
    quiet_gc()  # the emulator and players keep thousands of objects too
    if not args.emulator_gc:
        print("the emulator's garbage collector is held during play (--emulator-gc: not)")
    bench, measures = await measure(args, slugs)
    return 0 if report(bench, measures) else 1


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    doc = __doc__ or ""
    parser = argparse.ArgumentParser(
        description=doc.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=500, help="concurrent tables (500)")
    parser.add_argument("--seconds", type=float, default=30.0, help="play phase length (30)")
    parser.add_argument(
        "--actions-per-table", type=int, default=None, help="stop a table after K actions"
    )
    parser.add_argument(
        "--game", action="append", choices=games.slugs(), help="only this game (repeatable)"
    )
    parser.add_argument(
        "--think", type=float, default=3.0, help="mean seconds between two moves at a table (3)"
    )
    parser.add_argument(
        "--setup-concurrency", type=int, default=10, help="tables being opened at once (10)"
    )
    parser.add_argument("--seed", type=int, default=1, help="the players' choices")
    parser.add_argument(
        "--time-limit", type=float, default=None, help="hard stop in seconds (default: generous)"
    )
    parser.add_argument(
        "--ai-share", type=float, default=0.0, help="part of the seats given to 'fort' AIs (0)"
    )
    parser.add_argument(
        "--shards", type=int, default=1, help="bot processes, one shard each (1; >1: PostgreSQL)"
    )
    parser.add_argument(
        "--database-url",
        default=None,
        help="PostgreSQL URL for --shards (EMPTIED first; default TAPIS_TEST_POSTGRES_URL)",
    )
    parser.add_argument(
        "--picture-workers",
        type=int,
        default=1,
        help="the bot's PICTURE_WORKERS (1; 0: pictures drawn in a thread of the bot)",
    )
    parser.add_argument(
        "--emulator-gc",
        action="store_true",
        help="let the collector of the emulator's process run during play (see hold_collector)",
    )
    parser.add_argument(
        "--hand-picture-niceness",
        type=int,
        default=None,
        help="the bot's HAND_PICTURE_NICENESS (default: the bot's own)",
    )
    parser.add_argument(
        "--bot-root",
        type=Path,
        default=ROOT,
        help="run the bot from this checkout (e.g. an older commit, to compare)",
    )
    args = parser.parse_args(argv)
    if args.tables < 1 or args.seconds <= 0 or args.think < 0 or args.setup_concurrency < 1:
        parser.error("--tables >= 1, --seconds > 0, --think >= 0, --setup-concurrency >= 1")
    if not 0 <= args.ai_share < 1 or args.shards < 1:
        parser.error("--ai-share in [0, 1), --shards >= 1")
    if args.shards > 1 and not args.database_url:
        args.database_url = os.environ.get("TAPIS_TEST_POSTGRES_URL")
        if not args.database_url:
            parser.error("--shards > 1 needs PostgreSQL: --database-url or TAPIS_TEST_POSTGRES_URL")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    tally = ErrorTally()
    logging.basicConfig(level=logging.ERROR, handlers=[tally])
    # Setup takes roughly 0.1 s per table; never let a stuck run hang.
    limit = args.time_limit or (args.seconds + 120 + 0.5 * args.tables * args.shards)

    async def bounded() -> int:
        asyncio.get_running_loop().set_exception_handler(tally.loop_error)
        cap = asyncio.timeout(limit)
        try:
            async with cap:
                return await run(args)
        except TimeoutError:
            if not cap.expired():
                raise  # a step inside the run timed out: show where
            print(f"stopped: the run exceeded its hard limit of {limit:.0f} s")
            return 1

    code = asyncio.run(bounded())
    if tally.kinds:
        print(f"errors logged by the emulator or the players: {sum(tally.kinds.values())}")
        for kind, n in tally.kinds.most_common(5):
            print(f"  {n:>5} x {kind}")
    return code


if __name__ == "__main__":
    sys.exit(main())
