"""The pieces `bench/chaos.py` is made of: the bot's process, killed and restarted at will
(`BotChild`), the plan of kills, the tables it plays, the figures it reports, and reading a
hand's actions.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from load_bot import BotChild as LoadBotChild

from emulator.drivers import Emulator
from emulator.model import Channel, Message, User
from games import Rng

KINDS = ("write", "redraw", "ai", "end")
# The seeded delay's maximum, from the point to the kill. A played click is answered in
# about 10 ms (median here), its commit in between: 0-12 ms straddles the commit.
DELAYS = {"write": 0.012, "redraw": 0.0, "ai": 0.150, "end": 0.025}
AI_DELAY = "0.1"  # seconds an AI waits before moving (AI_DELAY of the bot)


class ChaosFailure(AssertionError):
    """An invariant broke: the run stops with what was seen."""


# --- the bot process -----------------------------------------------------------------------
class BotChild(LoadBotChild):
    """The load bench's `python -m bot` child (no `.env`, only this environment), with the
    AI's delay, INFO logs and one log file per start, killed and restarted at will."""

    def __init__(self, workdir: Path, emu: Emulator) -> None:
        super().__init__(workdir, emu)
        self.env |= {"DISCORD_TOKEN": "chaos", "LOG_LEVEL": "INFO", "AI_DELAY": AI_DELAY}
        self.starts = 0

    async def start(self) -> None:
        """A new process, ready once connected with its commands synced."""
        self.starts += 1
        self.log = self.workdir / f"bot{self.starts}.log"
        await super().start()

    def kill(self) -> None:
        """SIGKILL: nothing of the bot's runs after this, as in a crash or an OOM kill."""
        if self.proc is not None and self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.kill()

    async def wait_dead(self) -> None:
        assert self.proc is not None
        await self.proc.wait()
        await self.emu.wait_for(lambda: not self.emu.gateway.connected, timeout=10.0)

    async def stop_with(self, sig: signal.Signals) -> tuple[int, float]:
        """Send `sig` and wait for the exit: (status, seconds); killed after 15 s."""
        assert self.proc is not None
        started = time.monotonic()
        self.proc.send_signal(sig)
        try:
            code = await asyncio.wait_for(self.proc.wait(), 15.0)
        except TimeoutError:
            self.kill()
            code = await self.proc.wait()
        return code, time.monotonic() - started

    def error_lines(self) -> list[str]:
        """ERROR lines and tracebacks of every log of the run."""
        found = []
        for n in range(1, self.starts + 1):
            log = self.workdir / f"bot{n}.log"
            for line in log.read_text(errors="replace").splitlines():
                if " ERROR " in line or " CRITICAL " in line or line.startswith("Traceback"):
                    found.append(f"{log.name}: {line[:160]}")
        return found


# --- what the run keeps --------------------------------------------------------------------
@dataclass
class Plan:
    """One kill: the kind of point, how many such points to let pass, the delay after it."""

    kind: str
    skip: int
    delay: float


@dataclass
class Table:
    id: int
    game: str
    where: Channel
    public: int  # the table message's id
    humans: list[User]
    seats: dict[int, int]  # user id → seat
    hands: dict[int, int]  # user id → their hand message's id
    pick: Rng
    finished: bool = False
    last_version: int = -1  # the stored version last seen, and since when (loop time)
    still_since: float = 0.0


@dataclass
class Figures:
    kills: Counter[str] = field(default_factory=Counter)
    landed: Counter[str] = field(default_factory=Counter)  # "write: before its commit", ...
    tables: int = 0
    finished: int = 0
    moves: int = 0
    player_moves: int = 0
    resumes: int = 0
    lost: int = 0
    duplicated: int = 0
    restarts: list[float] = field(default_factory=list)  # kill → every open table moved on
    answers: list[float] = field(default_factory=list)  # a played click → its answer, s
    shutdown: tuple[int, float] | None = None  # exit status and seconds after SIGTERM
    violations: Counter[str] = field(default_factory=Counter)
    bot_errors: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        clean = not self.problems and not self.bot_errors
        return clean and self.lost == 0 and self.duplicated == 0

    def report(self, seed: int) -> str:
        kinds = ", ".join(f"{k} {self.kills[k]}" for k in (*KINDS, "fallback") if self.kills[k])
        landed = "; ".join(f"{k} {n}" for k, n in sorted(self.landed.items()))
        restart = (
            f"median {statistics.median(self.restarts):.1f} s, max {max(self.restarts):.1f} s"
            if self.restarts
            else "-"
        )
        code, secs = self.shutdown or (None, 0.0)
        lines = [
            f"chaos: {sum(self.kills.values())} kills in {self.seconds:.0f} s (seed {seed}, "
            f"{os.cpu_count()} cores)",
            f"  kills by point: {kinds}",
            f"  where they landed: {landed}",
            f"  tables {self.tables}, moves {self.moves} (players {self.player_moves}, "
            f"the rest AI), finished matches {self.finished}",
            f"  a move, click to answer (stored, then shown): median {median(self.answers)}"
            f" ms, 90th percentile {median(self.answers, 0.9)} ms",
            f"  resumes {self.resumes} (open tables redrawn and moved on after a restart); "
            f"kill to all moved on: {restart}",
            f"  SIGTERM at the end, players still clicking: exit {code} in {secs:.2f} s",
            f"  emulator: {dict(self.violations) or 'no rule broken'} "
            "(unanswered clicks of a killed bot count as ack_timeout)",
            f"  lost={self.lost} duplicated={self.duplicated}",
        ]
        lines += [f"  problem: {p}" for p in self.problems]
        lines += [f"  bot log: {e}" for e in self.bot_errors[:20]]
        return "\n".join(lines)


def median(values: list[float], q: float = 0.5) -> str:
    """A quantile of seconds, in whole milliseconds ("-" for none)."""
    if not values:
        return "-"
    ordered = sorted(values)
    return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000:.0f}"


def plan_kills(kills: int, rng: Rng) -> list[Plan]:
    """Every kind once per block of four, in a seeded order, so each is hit and counted."""
    plans: list[Plan] = []
    while len(plans) < kills:
        block = list(KINDS)
        rng.shuffle(block)
        for kind in block:
            skip = 0 if kind == "end" else rng.below(3)
            plans.append(Plan(kind, skip, rng.random() * DELAYS[kind]))
    return plans[:kills]


# --- reading messages ----------------------------------------------------------------------
def custom_ids(msg: Message) -> list[str]:
    return [str(c.get("custom_id", "")) for c in msg.iter_components()]


def choices(msg: Message) -> list[tuple[str, str | None]]:
    """(custom_id, select value) of every action a hand offers."""
    found: list[tuple[str, str | None]] = []
    for comp in msg.iter_components():
        cid = str(comp.get("custom_id", ""))
        if comp.get("type") == 2 and cid.startswith("t:") and not comp.get("disabled"):
            found.append((cid, None))
        elif comp.get("type") == 3 and cid.startswith("ts:"):
            found.extend((cid, opt["value"]) for opt in comp.get("options", []))
    return found


# --- the kill ------------------------------------------------------------------------------
class Trigger:
    """The kill the plan waits for: armed for a kind of point, fired (after the plan's delay)
    when such a point comes; where it landed is kept for the report."""

    def __init__(self, bot: BotChild) -> None:
        self.bot = bot
        self.plan: Plan | None = None
        self.fired = asyncio.Event()
        self.fire_pending = False
        self.setting_up = 0  # tables being opened: no kill meanwhile
        self.landing: tuple[str, int, int] | None = None  # kind, table, version at the kill

    def armed(self, kind: str) -> bool:
        plan = self.plan
        return plan is not None and plan.kind == kind and not self.fire_pending

    def point(self, kind: str, table_id: int, version: int) -> None:
        """A point of `kind` happens now: the kill, if it is the one the plan waits for."""
        plan = self.plan
        if not self.armed(kind) or self.setting_up or plan is None:
            return
        if plan.skip > 0:
            plan.skip -= 1
            return
        self.fire_pending = True
        self.landing = (kind, table_id, version)
        if plan.delay <= 0:
            self.fire()
        else:
            asyncio.get_running_loop().call_later(plan.delay, self.fire)

    def fire(self) -> None:
        self.bot.kill()
        self.fired.set()
