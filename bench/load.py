"""Load bench: N concurrent tables of simulated players against the real bot in its own process.

Usage: python bench/load.py [--tables 500] [--seconds 30] [--actions-per-table K]
                            [--game SLUG ...] [--think 3.0] [--setup-concurrency 10]

The bot is `python -m bot`, as `make run` starts it, on a throw-away SQLite file, logged into
the Discord emulator (tests/emulator) that this process runs along with the simulated
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
saturated, the latencies include its queueing.

Targets: p99 <= 50 ms over all interactions of the play phase with none failed, and
<= 200 KB per table for the bot. Exits 0 when both are met, 1 otherwise; the run always
stops by itself (time and count bounds, plus a hard time limit). Linux only (/proc).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import math
import os
import re
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games
from bot.client import quiet_gc
from games import Rng
from tests.bot.harness import (
    COMMANDS,
    MATCH_PLAYERS,
    click_random_action,
    is_my_turn,
    is_over,
    quick_options_text,
    version_of,
)
from tests.emulator.commands import CommandUsageError
from tests.emulator.drivers import Emulator
from tests.emulator.handles import APPLICATION_COMMAND, InteractionHandle
from tests.emulator.model import Channel, Guild, Message, User

ROOT = Path(__file__).resolve().parent.parent
TABLES_PER_GUILD = 100  # Discord allows 1,000 active threads per guild
TARGET_P99_MS = 50.0
TARGET_KB_PER_TABLE = 200.0
ACK_WAIT = 5.0  # longer than Discord's 3 s: a late answer is seen failing, not waited forever
STUCK_AFTER = 4.0  # nobody sees their turn for this long: everyone reopens "Ma main"
START_TIMEOUT = 30.0  # a cold `python -m bot`: imports, migration, identify, command sync
FAILED = math.inf  # the latency of an interaction Discord would have shown as failed
MENTION = re.compile(r"<#(\d+)>")
TABLE_NUMBER = re.compile(r"(?:n°|#)(\d+)")


# --- measuring -------------------------------------------------------------------------------
def kind_of(handle: InteractionHandle) -> str:
    """Which flow an interaction belongs to, from what the user did."""
    if handle.type == APPLICATION_COMMAND:
        return "slash"
    custom_id = str(handle.payload.get("data", {}).get("custom_id", ""))
    prefix = custom_id.split(":", 1)[0]
    return {"t": "action", "ts": "action", "th": "hand", "tl": "lobby"}.get(prefix, "other")


class AckWatch:
    """Discord-side latencies from the emulator's ack hook, and per-interaction waiting.

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


def percentile(sorted_values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile of already sorted values (0 for none)."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(p / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


def rss_of(pid: int) -> int:
    """Resident set size of a process now, in bytes."""
    with open(f"/proc/{pid}/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def cpu_of(pid: int) -> float:
    """User + system CPU seconds a process has used (all its threads)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# --- the bot, in its own process -------------------------------------------------------------
class BotChild:
    """`python -m bot` from an empty directory with only the environment given here, so no
    `.env` or developer setting leaks in; its output goes to a log file read at the end."""

    def __init__(self, workdir: Path, emu: Emulator) -> None:
        self.log = workdir / "bot.log"
        self.env = {
            "PATH": os.environ.get("PATH", ""),
            "DISCORD_TOKEN": "bench",
            "DATABASE_URL": f"sqlite+aiosqlite:///{workdir / 'tapis.db'}",
            "LOG_LEVEL": "WARNING",
            "PYTHONPATH": str(ROOT),
            **emu.env(),
        }
        self.workdir = workdir
        self.emu = emu
        self.proc: asyncio.subprocess.Process | None = None

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    async def start(self) -> None:
        with self.log.open("wb") as out:  # the child keeps its own copy of the descriptor
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bot",
                cwd=self.workdir,
                env=self.env,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=out,
                stderr=asyncio.subprocess.STDOUT,
            )
        ready = asyncio.ensure_future(self._ready())
        died = asyncio.ensure_future(self.proc.wait())
        try:
            done, _ = await asyncio.wait({ready, died}, return_when=asyncio.FIRST_COMPLETED)
            if died in done:
                raise RuntimeError(f"the bot exited with {self.proc.returncode}:\n{self.tail()}")
            ready.result()
        finally:
            ready.cancel()
            died.cancel()

    async def _ready(self) -> None:
        await self.emu.wait_connected(START_TIMEOUT)
        await self.emu.wait_commands(*COMMANDS, timeout=START_TIMEOUT)

    async def stop(self) -> None:
        """Ctrl-C, as an operator would; killed if it does not stop within 10 s."""
        if self.proc is None or self.proc.returncode is not None:
            return
        self.proc.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(self.proc.wait(), 10.0)
        except TimeoutError:
            self.proc.kill()
            await self.proc.wait()

    def tail(self, lines: int = 30) -> str:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return "\n".join(text.splitlines()[-lines:])

    def errors(self) -> Counter[str]:
        """The bot's ERROR/CRITICAL log lines, by logger and message start."""
        kinds: Counter[str] = Counter()
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        for line in text.splitlines():
            parts = line.split(None, 4)
            if len(parts) == 5 and parts[2] in ("ERROR", "CRITICAL"):
                kinds[f"{parts[3]} {parts[4][:100]}"] += 1
        return kinds


# --- players ---------------------------------------------------------------------------------
@dataclass(eq=False)
class Place:
    """A guild and its channel where tables are opened (each table gets its own thread)."""

    guild: Guild
    channel: Channel


@dataclass(eq=False)
class Slot:
    """One table's place in the bench: whoever sits there now and their hands."""

    index: int
    place: Place
    game: str
    rng: Rng
    table_id: int = 0
    where: Channel | None = None
    public_id: int = 0
    users: list[User] = field(default_factory=list)
    hands: dict[int, int] = field(default_factory=dict)  # user id -> hand message id
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
    def __init__(self, emu: Emulator, args: argparse.Namespace) -> None:
        self.emu = emu
        self.args = args
        self.watch = AckWatch(emu)
        self.counters = Counters()
        self.slots: list[Slot] = []
        self.users = 0

    def new_place(self, name: str) -> Place:
        guild = self.emu.create_guild(name)
        return Place(guild, self.emu.create_channel(guild, "tables"))

    async def warm_up(self, slugs: list[str]) -> None:
        """One short table per game before measuring, so that lazy imports and first-use
        caches are not counted as the memory of the first tables."""
        place = self.new_place("Échauffement")
        for n, slug in enumerate(slugs):
            slot = Slot(-1 - n, place, slug, Rng(n))
            if await self.seat(slot):
                await self.play(slot, asyncio.get_running_loop().time() + 10.0, 3, think=0.0)
        self.counters = Counters()

    def build(self, tables: int, slugs: list[str]) -> None:
        """Guilds of TABLES_PER_GUILD tables, one channel each (tables get their own thread)."""
        places = [
            self.new_place(f"Club {g + 1}") for g in range(math.ceil(tables / TABLES_PER_GUILD))
        ]
        for i in range(tables):
            rng = Rng(self.args.seed * 100_003 + i)
            self.slots.append(Slot(i, places[i // TABLES_PER_GUILD], slugs[i % len(slugs)], rng))

    async def answer(self, handle: InteractionHandle) -> Message:
        """The bot's final answer to an interaction of the setup (not measured)."""
        message = await handle.wait_final(10.0)
        if message is None:
            raise LookupError("no answer")
        return message

    async def seat(self, slot: Slot) -> bool:
        """A new match at this slot: open, join, start, and every player opens "Ma main".

        False (and the slot left out) when the bot failed a step: that is a finding to
        report, not a reason to stop the other tables.
        """
        try:
            await self._seat(slot)
        except (AssertionError, TimeoutError, LookupError, CommandUsageError) as exc:
            slot.table_id = 0
            self.counters.setup_failures.append(f"table slot {slot.index}: {exc}"[:200])
            return False
        await self.open_hands(slot)
        slot.matches += 1
        return True

    async def _seat(self, slot: Slot) -> None:
        emu, place = self.emu, slot.place
        players = MATCH_PLAYERS.get(slot.game, games.get(slot.game).min_players)
        users = []
        for _ in range(players):
            self.users += 1
            users.append(emu.create_user(f"joueur{self.users}", guild=place.guild))
        options = {"game": slot.game, "options": quick_options_text(slot.game)}
        reply = await self.answer(await emu.slash(users[0], place.channel, "table", options))
        number, mention = TABLE_NUMBER.search(reply.content), MENTION.search(reply.content)
        if number is None or mention is None:
            raise LookupError(f"unexpected answer to /table: {reply.content[:100]!r}")
        table_id = int(number[1])
        where = emu.world.channel(int(mention[1]))
        if where is None:
            raise LookupError(f"table {table_id}: no such channel {mention[1]}")
        lobby = await emu.wait_for_message(where, lambda m: has_custom_id(m, f"tl:{table_id}:"))
        for user in users[1:]:
            await self.answer(await emu.click(user, lobby, f"tl:{table_id}:join"))
        public = await self.answer(await emu.click(users[0], lobby, f"tl:{table_id}:start"))
        if not has_custom_id(public, f"th:{table_id}"):
            raise LookupError(f"table {table_id} did not start")
        slot.table_id, slot.where, slot.users, slot.public_id = table_id, where, users, public.id
        slot.hands = {}

    async def open_hands(self, slot: Slot) -> None:
        public = self.emu.message(slot.public_id)
        if public is None:
            return
        for user in slot.users:
            handle = await self.emu.click(user, public, f"th:{slot.table_id}")
            if await self.watch.wait(handle):
                hand = handle.message
                if hand is not None and hand.ephemeral:
                    slot.hands[user.id] = hand.id
            else:
                self.counters.unanswered += 1

    def hand(self, slot: Slot, user: User) -> Message | None:
        message_id = slot.hands.get(user.id)
        return self.emu.message(message_id) if message_id else None

    def finished(self, slot: Slot) -> bool:
        """The match is over, as its players see it (their hands or the table message)."""
        shown = [self.hand(slot, u) for u in slot.users] + [self.emu.message(slot.public_id)]
        return any(m is not None and is_over(m) for m in shown)

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
            if self.finished(slot):
                self.counters.matches_done += 1
                if not await self.seat(slot):
                    return
                continue
            ready = [
                (user, hand)
                for user in slot.users
                if (hand := self.hand(slot, user)) is not None and is_my_turn(hand)
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
            await self.click(slot, user, hand)

    async def click(self, slot: Slot, user: User, hand: Message) -> None:
        try:
            before = version_of(hand)
            handle = await click_random_action(self.emu, user, hand, slot.rng)
        except (CommandUsageError, LookupError, AssertionError):
            self.counters.click_errors += 1
            return
        if not await self.watch.wait(handle):
            self.counters.unanswered += 1
            return
        after = self.hand(slot, user)
        with contextlib.suppress(AssertionError):
            if after is not None and version_of(after) == before:
                self.counters.stale += 1  # answered with the current hand, nothing played
                return
        slot.actions += 1
        self.counters.actions += 1


def has_custom_id(msg: Message, prefix: str) -> bool:
    return any(str(c.get("custom_id", "")).startswith(prefix) for c in msg.iter_components())


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
    bot_cpu: float = 0.0
    bench_cpu: float = 0.0
    rss_setup: int = 0
    rss_end: int = 0
    seated: int = 0
    violations: list[str] = field(default_factory=list)
    rate_limited: int = 0
    requests: Counter[str] = field(default_factory=Counter)
    bot_errors: Counter[str] = field(default_factory=Counter)


async def measure(args: argparse.Namespace, slugs: list[str]) -> tuple[Bench, Measures]:
    """Start everything, set the tables up, play, and take the figures before shutting down."""
    m = Measures()
    with tempfile.TemporaryDirectory(prefix="tapis-load-") as tmp:
        async with Emulator() as emu:
            bot = BotChild(Path(tmp), emu)
            await bot.start()
            try:
                bench = Bench(emu, args)
                await bench.warm_up(slugs)
                await asyncio.sleep(1.5)  # the warm-up tables' last redraws
                rss_before = rss_of(bot.pid)
                bench.build(args.tables, slugs)
                m.setup_s = await setup_all(bench, args.setup_concurrency)
                m.seated = sum(1 for s in bench.slots if s.table_id)
                print(f"setup: {m.seated} tables open, started, hands shown in {m.setup_s:.1f} s")
                for failure in bench.counters.setup_failures[:3]:
                    print(f"  setup failed: {failure}")
                m.rss_setup = rss_of(bot.pid) - rss_before

                loop = asyncio.get_running_loop()
                bench.watch.start()
                started, bot_cpu, bench_cpu = loop.time(), cpu_of(bot.pid), time.process_time()
                first_request = len(emu.requests)
                deadline = started + args.seconds
                limit = args.actions_per_table
                await asyncio.gather(*(bench.play(s, deadline, limit) for s in bench.slots))
                m.elapsed = loop.time() - started
                m.bot_cpu = cpu_of(bot.pid) - bot_cpu
                m.bench_cpu = time.process_time() - bench_cpu
                m.requests = Counter(
                    f"{verb} {route}" for verb, route, _ in emu.requests[first_request:]
                )
                bench.watch.stop()
                # The bot redraws a table at most every 1.2 s: let the last redraws land.
                await asyncio.sleep(1.5)
                m.rss_end = rss_of(bot.pid) - rss_before
                m.violations = [str(v) for v in emu.violations]
                m.rate_limited = len(emu.rate_limited)
            finally:
                await bot.stop()
            m.bot_errors = bot.errors()
    return bench, m


def non_interaction(requests: Counter[str]) -> int:
    """Requests that count against Discord's global limit (interaction routes do not)."""
    return sum(
        n for key, n in requests.items() if "/interactions/" not in key and "/webhooks/" not in key
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
    print(
        f"  stale clicks {c.stale}, unanswered {c.unanswered}, hands reopened {c.reopened}, "
        f"click errors {c.click_errors}, 429s {m.rate_limited}, violations {len(m.violations)}"
    )
    for v in m.violations[:3]:
        print(f"    {v[:160]}")
    per_interaction = 1000 / max(answered, 1)
    print(
        f"cpu: the bot {m.bot_cpu:.1f} s ({m.bot_cpu / m.elapsed:.0%} of a core, "
        f"{m.bot_cpu * per_interaction:.2f} ms per interaction, redraws included); "
        f"emulator and players {m.bench_cpu / m.elapsed:.0%} of a core"
    )
    redraws = m.requests["PATCH /channels/{channel_id}/messages/{message_id}"]
    hands = sum(n for k, n in m.requests.items() if k.startswith("PATCH /webhooks/"))
    every = m.seated * m.elapsed / max(redraws, 1)
    print(
        f"requests: table redraws {redraws / m.elapsed:.0f}/s (each table every {every:.1f} s), "
        f"hand refreshes {hands / m.elapsed:.0f}/s, requests under Discord's global limit "
        f"{non_interaction(m.requests) / m.elapsed:.0f}/s"
    )
    print("latency, interaction created -> callback accepted (Discord side):")
    print(latency_line("all", samples))
    for kind in sorted(bench.watch.samples):
        print(latency_line(kind, bench.watch.samples[kind]))

    seated = max(1, m.seated)
    bot_kb = m.rss_end / seated / 1024
    print(
        f"memory, RSS of the bot's process: +{m.rss_setup / 2**20:.1f} MB after setup "
        f"({m.rss_setup / seated / 1024:.0f} KB/table), +{m.rss_end / 2**20:.1f} MB at the end "
        f"({bot_kb:.0f} KB/table)"
    )
    if m.bot_errors:
        print(f"bot error lines: {sum(m.bot_errors.values())}")
        for kind, n in m.bot_errors.most_common(5):
            print(f"  {n:>5} x {kind}")
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
    quiet_gc()  # the emulator and players keep thousands of objects too
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
    limit = args.time_limit or (args.seconds + 120 + 0.5 * args.tables)

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
