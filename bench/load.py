"""Load bench: N concurrent tables of simulated players against the real bot, in one process.

Usage: python bench/load.py [--tables 500] [--seconds 30] [--actions-per-table K]
                            [--game SLUG ...] [--think 3.0] [--setup-concurrency 10]

The Discord emulator (tests/emulator) and the real Tapis bot run in one event loop on a
throw-away SQLite file, as in `make demo`, with the bot's timers on real time. Each table has
its own thread, in guilds of TABLES_PER_GUILD tables, so that Discord's 5-writes-per-5-s
channel limit applies per table as it would on Discord. Setup (open, join, start, everyone
opens "Ma main") is not measured; then every table plays for --seconds (or until each played
--actions-per-table): one player who sees "your turn" on their own hand clicks an action
after a think time drawn around --think, as people do. A table whose match ends opens a new
one with new players.

Latency is measured server-side: from the moment the emulator creates an interaction (and
sends it down the gateway) to the moment it accepts the bot's initial response (callback),
through the emulator's `World.ack_listeners` hook, so the players' own scheduling does not
count. An interaction the bot did not answer within Discord's 3 s counts as a failure, worse
than any latency. Memory is the RSS growth of the whole process from just before setup to
the end of play; the data the emulator and the players hold is then weighed by walking their
objects and taken away, which leaves the bot's share (an estimate: RSS also counts allocator
slack). The emulator and the players share the bot's CPU and garbage collector, so the
figures are somewhat worse than the bot alone would do.

Targets: p99 <= 50 ms over all interactions of the play phase with none failed, and
<= 200 KB per table for the bot. Exits 0 when both are met, 1 otherwise; the run always
stops by itself (time and count bounds, plus a hard time limit).
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
from collections import Counter, deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games
from bot.autoplay import LoopClock
from bot.client import quiet_gc
from games import Rng
from tests.bot.harness import (
    MATCH_PLAYERS,
    Tapis,
    click_random_action,
    is_my_turn,
    quick_options_text,
    running_tapis,
)
from tests.emulator.commands import CommandUsageError
from tests.emulator.drivers import Emulator
from tests.emulator.handles import APPLICATION_COMMAND, InteractionHandle
from tests.emulator.model import Channel, Message, User

TABLES_PER_GUILD = 100  # Discord allows 1,000 active threads per guild
TARGET_P99_MS = 50.0
TARGET_KB_PER_TABLE = 200.0
ACK_WAIT = 5.0  # longer than Discord's 3 s: a late answer is seen failing, not waited forever
STUCK_AFTER = 4.0  # nobody sees their turn for this long: everyone reopens "Ma main"
FAILED = math.inf  # the latency of an interaction Discord would have shown as failed
LEAVES = (str, bytes, int, float, type(None))
CONTAINERS = (dict, list, tuple, set, frozenset, deque)


# --- measuring -------------------------------------------------------------------------------
def kind_of(handle: InteractionHandle) -> str:
    """Which flow an interaction belongs to, from what the user did."""
    if handle.type == APPLICATION_COMMAND:
        return "slash"
    custom_id = str(handle.payload.get("data", {}).get("custom_id", ""))
    prefix = custom_id.split(":", 1)[0]
    return {"t": "action", "ts": "action", "th": "hand", "tl": "lobby"}.get(prefix, "other")


class AckWatch:
    """Server-side latencies from the emulator's ack hook, and per-interaction waiting.

    One future per awaited interaction instead of the emulator's `wait_for` (which wakes every
    waiter on every change of the world): with thousands of players that polling would be
    the bench measuring itself.
    """

    def __init__(self, emu: Emulator) -> None:
        self.samples: dict[str, list[float]] = {}
        self.recording = False
        self._since = 0.0
        self._waiters: dict[int, asyncio.Future[None]] = {}
        self._clock = emu.clock
        emu.world.ack_listeners.append(self._on_ack)

    def start(self) -> None:
        self.recording = True
        self._since = self._clock.now()
        self.samples.clear()

    def stop(self) -> None:
        self.recording = False

    def _record(self, handle: InteractionHandle, latency: float) -> None:
        if self.recording and handle.created_at >= self._since:
            self.samples.setdefault(kind_of(handle), []).append(latency)

    def _on_ack(self, handle: InteractionHandle) -> None:
        if handle.acked_at is not None:
            self._record(handle, handle.acked_at - handle.created_at)
        waiter = self._waiters.pop(handle.id, None)
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def wait(self, handle: InteractionHandle, timeout: float = ACK_WAIT) -> bool:
        """True once the bot answered `handle`; False (and a failure) if it did not in time."""
        if handle.acknowledged:
            return True
        waiter = asyncio.get_running_loop().create_future()
        self._waiters[handle.id] = waiter
        try:
            await asyncio.wait_for(waiter, timeout)
        except TimeoutError:
            if handle.acknowledged:
                return True
            self._record(handle, FAILED)
            return False
        finally:
            self._waiters.pop(handle.id, None)
        return True

    def all_samples(self) -> list[float]:
        return [x for values in self.samples.values() for x in values]


class GcPauses:
    """Collector pauses by generation: with the database out of the way they are what the
    slowest interactions wait for."""

    def __init__(self) -> None:
        self.pauses: dict[int, list[float]] = {}
        self._started = 0.0
        self.recording = False

    def __enter__(self) -> GcPauses:
        gc.callbacks.append(self._callback)
        return self

    def __exit__(self, *_exc: object) -> None:
        gc.callbacks.remove(self._callback)

    def _callback(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        elif self.recording:
            pause = time.perf_counter() - self._started
            self.pauses.setdefault(info["generation"], []).append(pause)


class ErrorTally(logging.Handler):
    """Counts the bot's error lines by their first line instead of printing each traceback:
    under overload the same few errors repeat by the hundred."""

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


def percentile(sorted_values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile of already sorted values (0 for none)."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(p / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


def rss_bytes() -> int:
    """Resident set size now (Linux /proc), else the peak from getrusage."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def held_bytes(roots: Iterable[object], modules: tuple[str, ...]) -> int:
    """Bytes of the data reachable from `roots` through plain containers and instances of
    classes defined in `modules`; nothing else is entered (no bot, event loop or socket),
    so the emulator's world can be weighed apart from the bot that shares its process."""
    seen: set[int] = set()
    stack = list(roots)
    total = 0
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        if isinstance(obj, LEAVES):
            seen.add(id(obj))
            total += sys.getsizeof(obj)
        elif isinstance(obj, CONTAINERS) or (
            not isinstance(obj, type) and type(obj).__module__.startswith(modules)
        ):
            seen.add(id(obj))
            total += sys.getsizeof(obj)
            stack.extend(gc.get_referents(obj))
    return total


def emulator_bytes(emu: Emulator) -> int:
    return held_bytes([emu.world, emu.gateway], ("tests.emulator",))


# --- players ---------------------------------------------------------------------------------
@dataclass(eq=False)
class Slot:
    """One table's place in the bench: whoever sits there now and their hands."""

    index: int
    tapis: Tapis
    game: str
    rng: Rng
    table_id: int = 0
    where: Channel | None = None
    users: list[User] = field(default_factory=list)
    hands: dict[int, Message] = field(default_factory=dict)
    actions: int = 0
    matches: int = 0


@dataclass
class Counters:
    actions: int = 0
    stale: int = 0
    unanswered: int = 0
    reopened: int = 0
    click_errors: int = 0
    matches_done: int = 0
    setup_failures: list[str] = field(default_factory=list)


class Bench:
    def __init__(self, emu: Emulator, base: Tapis, args: argparse.Namespace) -> None:
        self.emu = emu
        self.base = base
        self.args = args
        self.watch = AckWatch(emu)
        self.counters = Counters()
        self.slots: list[Slot] = []

    async def warm_up(self, slugs: list[str]) -> None:
        """One short table per game before measuring, so that lazy imports and first-use
        caches are not counted as the memory of the first tables."""
        for n, slug in enumerate(slugs):
            slot = Slot(-1 - n, self.base, slug, Rng(n))
            if await self.seat(slot):
                await self.play(slot, asyncio.get_running_loop().time() + 10.0, 3, think=0.0)
        self.counters = Counters()

    def build(self, tables: int, slugs: list[str]) -> None:
        """Guilds of TABLES_PER_GUILD tables, one channel each (tables get their own thread)."""
        places: list[Tapis] = []
        for g in range(math.ceil(tables / TABLES_PER_GUILD)):
            guild = self.emu.create_guild(f"Club {g + 1}")
            channel = self.emu.create_channel(guild, "tables")
            places.append(Tapis(self.emu, self.base.bot, self.base.store, guild, channel))
        for i in range(tables):
            rng = Rng(self.args.seed * 100_003 + i)
            self.slots.append(Slot(i, places[i // TABLES_PER_GUILD], slugs[i % len(slugs)], rng))

    async def seat(self, slot: Slot) -> bool:
        """A new match at this slot: open, join, start, and every player opens "Ma main".

        False (and the slot left out) when the bot failed a step: that is a finding to
        report, not a reason to stop the other tables.
        """
        players = MATCH_PLAYERS.get(slot.game, games.get(slot.game).min_players)
        try:
            table_id, where, users = await slot.tapis.seat_and_start(
                slot.game, players, quick_options_text(slot.game)
            )
        except (AssertionError, TimeoutError, LookupError, CommandUsageError) as exc:
            slot.table_id = 0
            self.counters.setup_failures.append(f"table slot {slot.index}: {exc}"[:200])
            return False
        slot.table_id, slot.where, slot.users = table_id, where, users
        slot.hands = {}
        await self.open_hands(slot)
        slot.matches += 1
        return True

    async def open_hands(self, slot: Slot) -> None:
        assert slot.where is not None
        public = slot.tapis.public_message(slot.table_id, slot.where)
        for user in slot.users:
            handle = await self.emu.click(user, public, f"th:{slot.table_id}")
            if await self.watch.wait(handle):
                hand = handle.message
                if hand is not None and hand.ephemeral:
                    slot.hands[user.id] = hand
            else:
                self.counters.unanswered += 1

    def version(self, slot: Slot) -> int:
        """The table's state version, -1 once finished: did a click play something?"""
        table = self.base.bot.service.tables.get(slot.table_id)
        return table.version() if table is not None else -1

    async def play(
        self, slot: Slot, deadline: float, limit: int | None, *, think: float | None = None
    ) -> None:
        """Think, then let one player whose hand says "your turn" click; until time or count."""
        if not slot.table_id:
            return
        loop = asyncio.get_running_loop()
        think = self.args.think if think is None else think
        stuck_since: float | None = None
        # Tables start out of phase, like real ones.
        await asyncio.sleep(min(slot.rng.random() * think, max(0.0, deadline - loop.time())))
        while loop.time() < deadline and (limit is None or slot.actions < limit):
            pause = think * (0.5 + slot.rng.random())
            await asyncio.sleep(min(pause, max(0.0, deadline - loop.time())))
            if loop.time() >= deadline:
                return
            if self.version(slot) < 0:
                self.counters.matches_done += 1
                if not await self.seat(slot):
                    return
                continue
            ready = [
                (user, hand)
                for user in slot.users
                if (hand := slot.hands.get(user.id)) is not None and is_my_turn(hand)
            ]
            if not ready:
                now = loop.time()
                if stuck_since is None:
                    stuck_since = now
                elif now - stuck_since > STUCK_AFTER:
                    # A hand whose refresh failed stays stale: reopen them all, as people would.
                    self.counters.reopened += 1
                    await self.open_hands(slot)
                    stuck_since = None
                continue
            stuck_since = None
            user, hand = slot.rng.choice(ready)
            version = self.version(slot)
            try:
                handle = await click_random_action(slot.tapis, user, hand, slot.rng)
            except (CommandUsageError, LookupError, AssertionError):
                self.counters.click_errors += 1
                continue
            if not await self.watch.wait(handle):
                self.counters.unanswered += 1
            elif self.version(slot) == version:
                self.counters.stale += 1  # answered with the current hand, nothing played
            else:
                slot.actions += 1
                self.counters.actions += 1


# --- the run ---------------------------------------------------------------------------------
async def setup_all(bench: Bench, concurrency: int) -> float:
    started = time.perf_counter()
    gate = asyncio.Semaphore(concurrency)

    async def one(slot: Slot) -> None:
        async with gate:
            await bench.seat(slot)

    await asyncio.gather(*(one(s) for s in bench.slots))
    return time.perf_counter() - started


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
    cpu_loop: float = 0.0
    cpu_all: float = 0.0
    rss_setup: int = 0
    rss_end: int = 0
    emulator: int = 0
    players: int = 0
    violations: list[str] = field(default_factory=list)
    rate_limited: int = 0


async def measure(
    args: argparse.Namespace, slugs: list[str], gcs: GcPauses
) -> tuple[Bench, Measures]:
    """Start everything, set the tables up, play, and take the figures before shutting down."""
    m = Measures()
    with tempfile.TemporaryDirectory(prefix="tapis-load-") as tmp:
        emu = Emulator()
        # Real time for the bot's timers, as in production (the tests use a manual clock).
        tapis = running_tapis(emu, Path(tmp), token="bench", clock=LoopClock())
        async with emu, tapis as base:
            bench = Bench(emu, base, args)
            await bench.warm_up(slugs)
            gc.collect()
            rss_before, emulator_before = rss_bytes(), emulator_bytes(emu)
            bench.build(args.tables, slugs)
            m.setup_s = await setup_all(bench, args.setup_concurrency)
            seated = sum(1 for s in bench.slots if s.table_id)
            print(f"setup: {seated} tables open, started, hands shown in {m.setup_s:.1f} s")
            for failure in bench.counters.setup_failures[:3]:
                print(f"  setup failed: {failure}")
            m.rss_setup = rss_bytes() - rss_before

            loop = asyncio.get_running_loop()
            bench.watch.start()
            gcs.recording = True
            started, cpu_all, cpu_loop = loop.time(), time.process_time(), time.thread_time()
            deadline = started + args.seconds
            limit = args.actions_per_table
            await asyncio.gather(*(bench.play(s, deadline, limit) for s in bench.slots))
            m.elapsed = loop.time() - started
            m.cpu_all, m.cpu_loop = time.process_time() - cpu_all, time.thread_time() - cpu_loop
            gcs.recording = False
            bench.watch.stop()
            # The bot redraws a table at most every 1.2 s: let the last redraws land, so that
            # none is cut off mid-request when the emulator closes.
            await asyncio.sleep(1.5)
            gc.collect()
            m.rss_end = rss_bytes() - rss_before
            m.emulator = emulator_bytes(emu) - emulator_before
            m.players = held_bytes([bench.slots, bench.watch.samples], (__name__,))
            m.violations = [str(v) for v in emu.violations]
            m.rate_limited = len(emu.rate_limited)
    return bench, m


def report(args: argparse.Namespace, bench: Bench, m: Measures, gcs: GcPauses) -> bool:
    """Print the figures; True when both targets are met."""
    c = bench.counters
    samples = bench.watch.all_samples()
    answered = sum(1 for s in samples if not math.isinf(s))
    print(
        f"play: {m.elapsed:.1f} s, {c.actions} actions ({c.actions / m.elapsed:.0f} actions/s), "
        f"{answered} interactions answered, {c.matches_done} matches finished"
    )
    print(
        f"  stale clicks {c.stale}, unanswered {c.unanswered}, hands reopened {c.reopened}, "
        f"click errors {c.click_errors}, 429s {m.rate_limited}, violations {len(m.violations)}"
    )
    for v in m.violations[:3]:
        print(f"    {v[:160]}")
    per_action = 1000 / max(c.actions, 1)
    print(
        f"cpu: event loop thread {m.cpu_loop:.1f} s ({m.cpu_loop / m.elapsed:.0%} busy, "
        f"{m.cpu_loop * per_action:.1f} ms/action), all threads {m.cpu_all * per_action:.1f} "
        f"ms/action (bot, emulator and players together)"
    )
    for generation, pauses in sorted(gcs.pauses.items()):
        print(
            f"  gc generation {generation}: {len(pauses)} collections, "
            f"{sum(pauses):.2f} s in all, longest {max(pauses) * 1000:.0f} ms"
        )
    print("latency, interaction created -> callback accepted (emulator side):")
    print(latency_line("all", samples))
    for kind in sorted(bench.watch.samples):
        print(latency_line(kind, bench.watch.samples[kind]))

    seated = max(1, sum(1 for s in bench.slots if s.matches))
    bot_kb = (m.rss_end - m.emulator - m.players) / seated / 1024
    print(
        f"memory, RSS of the whole process: +{m.rss_setup / 2**20:.1f} MB after setup "
        f"({m.rss_setup / seated / 1024:.0f} KB/table), +{m.rss_end / 2**20:.1f} MB at the end "
        f"({m.rss_end / seated / 1024:.0f} KB/table)"
    )
    print(
        f"  held by the emulator (messages, interactions, gateway replay, logs) "
        f"{m.emulator / 2**20:.1f} MB, by the players {m.players / 2**20:.1f} MB: "
        f"the bot's share ~ {bot_kb:.0f} KB/table"
    )
    p99 = percentile(sorted(samples), 99)
    latency_ok = answered > 0 and p99 * 1000 <= TARGET_P99_MS and not m.violations
    memory_ok = bot_kb <= TARGET_KB_PER_TABLE
    print(
        f"target p99 <= {TARGET_P99_MS:.0f} ms: {'met' if latency_ok else 'NOT met'} "
        f"({ms(p99).strip()}); <= {TARGET_KB_PER_TABLE:.0f} KB/table: "
        f"{'met' if memory_ok else 'NOT met'} ({bot_kb:.0f} KB/table for the bot)"
    )
    return latency_ok and memory_ok


async def run(args: argparse.Namespace) -> int:
    available = games.available()
    wanted = args.game or list(games.SLUGS)
    slugs = [g for g in wanted if g in available]
    if not slugs:
        print(f"no game to play among {wanted} (available: {available})")
        return 2
    limit = args.actions_per_table
    print(
        f"Tapis load bench: {args.tables} tables ({', '.join(slugs)}), think ~{args.think} s, "
        f"play {args.seconds:.0f} s" + (f" or {limit} actions/table" if limit else "")
    )
    skipped = [g for g in wanted if g not in available]
    if skipped:
        print(f"  skipped (engine not available): {', '.join(skipped)}")
    quiet_gc()  # what `python -m bot` does once started
    with GcPauses() as gcs:
        bench, measures = await measure(args, slugs, gcs)
    return 0 if report(args, bench, measures, gcs) else 1


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
        "--game", action="append", choices=games.SLUGS, help="only this game (repeatable)"
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
    args = parser.parse_args(argv)
    if args.tables < 1 or args.seconds <= 0 or args.think < 0 or args.setup_concurrency < 1:
        parser.error("--tables >= 1, --seconds > 0, --think >= 0, --setup-concurrency >= 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    tally = ErrorTally()
    logging.basicConfig(level=logging.ERROR, handlers=[tally])
    # Setup takes roughly 0.1 s per table; never let a stuck run hang.
    limit = args.time_limit or (args.seconds + 90 + 0.5 * args.tables)

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
        print(f"errors logged during the run (bot, libraries): {sum(tally.kinds.values())}")
        for kind, n in tally.kinds.most_common(5):
            print(f"  {n:>5} x {kind}")
    return code


if __name__ == "__main__":
    sys.exit(main())
