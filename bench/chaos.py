"""Chaos bench: SIGKILL the bot at chosen points of mixed games; nothing may be lost.

Usage: python bench/chaos.py [--kills 50] [--seed 1]

The bot is `python -m bot` on a throw-away SQLite file, logged into the Discord emulator
that this process runs with the simulated players, as `tests/bot/test_restart.py` does.
Five tables play at once, one per game, each with AI seats (so AI moves and match ends
happen at the bot's own pace) and one or two simulated players who play from their
ephemeral hands; a table whose match ends is replaced by a new one.

Each kill aims at one kind of point, in a seeded order that hits every kind in turn:
- write: a seeded 0-12 ms after a player's click is sent (the bot applies, stores and
  answers a move in about 10 ms);
- redraw: the moment the emulator receives the edit of a table message (the redraw is in
  flight);
- ai: a seeded 0-150 ms after a player's move that hands the turn to an AI seat (the AI
  waits AI_DELAY, chooses, stores);
- end: a seeded 0-25 ms after the click that ends a match (its last move, then the result);
each at the first to third such event (seeded). Where it really landed is read from the
database afterwards and printed (e.g. "before its commit" / "after").

After each kill, with the bot dead: every table's move log is gapless (1..n), its version
and snapshot agree, seed + options + log replay to the snapshot, every finished match has
exactly one result, no message shows a version the database does not have, and every move
a player saw acknowledged is stored. After each restart: every table that was open has
its message redrawn and plays on (a player's or an AI's move). At the end the bot gets a
SIGTERM while the players still click, and must exit 0 within 5 s. Exit status 0 when
every check held (lost=0, duplicated=0), 1 otherwise.

Table seeds come from the bot (random), so two runs deal different cards; the kill
points, the players' choices and the timing plan are seeded.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import signal
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from load_bot import BotChild as LoadBotChild  # noqa: E402

import games  # noqa: E402
from bot.table.model import table_from_record  # noqa: E402
from db import Store, TableRecord  # noqa: E402
from emulator.drivers import Emulator  # noqa: E402
from emulator.handles import InteractionFailed, InteractionHandle  # noqa: E402
from emulator.model import Channel, Guild, Message, User  # noqa: E402
from games import Rng  # noqa: E402
from tests.bot.harness import (  # noqa: E402
    is_my_turn,
    is_over,
    quick_options_text,
    shown_version,
    table_command,
    text_of,
)

# game → (players, AI seats); the host is always a player.
GAMES: dict[str, tuple[int, int]] = {
    "manille": (4, 2),
    "bianco-mano": (3, 1),
    "blanche-neige": (2, 1),
    "nain-jaune": (3, 2),
    "bonanza": (2, 1),
}
KINDS = ("write", "redraw", "ai", "end")
# The seeded delay's maximum, from the point to the kill. A played click is answered in
# about 10 ms (median here), its commit in between: 0-12 ms straddles the commit.
DELAYS = {"write": 0.012, "redraw": 0.0, "ai": 0.150, "end": 0.025}
AI_DELAY = "0.1"  # seconds an AI waits before moving (AI_DELAY of the bot)
RESUME_TIMEOUT = 30.0  # every open table redrawn and moved on after a restart
STILL_FOR = 30.0  # a table that does not move for this long, bot up, is stuck
FALLBACK_AFTER = 90.0  # a kill whose point never comes is made at once ("fallback")
EXIT_WITHIN = 5.0
PATCH_MESSAGE = "/channels/{channel_id}/messages/{message_id}"
PATCH_WEBHOOK = "/webhooks/{app_id}/{token}/messages/{message_id}"
STALE = ("n'est plus à jour", "out of date")


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


# --- the run -------------------------------------------------------------------------------
class Chaos:
    def __init__(self, emu: Emulator, workdir: Path, seed: int, *, verbose: bool = False) -> None:
        self.emu = emu
        self.verbose = verbose
        self.db_path = workdir / "tapis.db"
        self.url = f"sqlite+aiosqlite:///{self.db_path}"
        self.bot = BotChild(workdir, emu)
        self.rng = Rng(seed)
        self.seed = seed
        self.figures = Figures()
        self.store: Store | None = None
        self.guild: Guild | None = None
        self.channel: Channel | None = None
        self.tables: dict[int, Table] = {}
        self.current: dict[str, Table | None] = dict.fromkeys(GAMES)
        self.acks: dict[tuple[int, int], tuple[int, str]] = {}  # (table, seq) → (user, action)
        self.settled: dict[int, TableRecord] = {}  # finished tables, checked once
        self.lost: dict[Any, int] = {}  # (table, version) → moves shown or acked, not stored
        self.duplicated: dict[Any, int] = {}
        self.seen_problems: set[str] = set()
        self.moment = "at the start"  # which check is running, for the problems it finds
        self.patches: Counter[int] = Counter()  # table message id → edits received
        self.plan: Plan | None = None
        self.fired = asyncio.Event()
        self.fire_pending = False
        self.setting_up = 0
        self.landing: tuple[str, int, int] | None = None  # kind, table, version at the kill
        self.users = 0
        emu.world.request_listeners.append(self._on_request)

    # -- kills ------------------------------------------------------------------------------
    def _on_request(self, method: str, route: str, params: dict[str, str]) -> None:
        message_id = self._edited(method, route, params)
        if message_id is None:
            return
        self.patches[message_id] += 1
        table = next((t for t in self.tables.values() if t.public == message_id), None)
        if table is not None and not table.finished:
            self._point("redraw", table.id, shown_version(self.emu.message(message_id)) or 0)

    def _edited(self, method: str, route: str, params: dict[str, str]) -> int | None:
        """The message an edit request is for: a table message is redrawn through the
        channel route, or through the live token of a click on it (its @original)."""
        if method != "PATCH":
            return None
        if route == PATCH_MESSAGE:
            return int(params["message_id"])
        if route != PATCH_WEBHOOK:
            return None
        raw = params.get("message_id", "")
        if raw.isdigit():
            return int(raw)
        handle = self.emu.world.tokens.get(params.get("token", ""))
        message = handle.message if handle is not None and raw == "@original" else None
        return message.id if message is not None else None

    def _armed(self, kind: str) -> bool:
        plan = self.plan
        return plan is not None and plan.kind == kind and not self.fire_pending

    def _point(self, kind: str, table_id: int, version: int) -> None:
        """A point of `kind` happens now: the kill, if it is the one the plan waits for."""
        plan = self.plan
        if not self._armed(kind) or self.setting_up or plan is None:
            return
        if plan.skip > 0:
            plan.skip -= 1
            return
        self.fire_pending = True
        self.landing = (kind, table_id, version)
        if plan.delay <= 0:
            self._fire()
        else:
            asyncio.get_running_loop().call_later(plan.delay, self._fire)

    def _fire(self) -> None:
        self.bot.kill()
        self.fired.set()

    # -- setting tables up ------------------------------------------------------------------
    async def _answer(self, handle: InteractionHandle, timeout: float = 10.0) -> Message:
        # wait_reply: "Ma main" on the table answers as a deferred update of the table
        # message, with the hand in a follow-up.
        msg: Message | None = await handle.wait_reply(timeout)
        if msg is None:
            raise ChaosFailure(f"no answer to {handle.describe()}")
        return msg

    def _where_messages(self) -> list[Message]:
        assert self.channel is not None
        places = [self.channel, *self.emu.threads(self.channel)]
        return [m for c in places for m in self.emu.public_messages(c)]

    async def open_table(self, game: str) -> Table:
        """Open a table of `game`, fill its AI seats, seat the players, start, open hands."""
        assert self.channel is not None and self.guild is not None
        players, ais = GAMES[game]
        humans = []
        for _ in range(players - ais):
            self.users += 1
            humans.append(self.emu.create_user(f"joueur{self.users}", guild=self.guild))
        options = f"{quick_options_text(game)} timer=0".strip()
        host = humans[0]
        command, typed = table_command(game, options)
        handle = await self.emu.slash(host, self.channel, command, typed)
        found = re.search(r"(?:n°|#)(\d+)", (await self._answer(handle)).content)
        if not found:
            raise ChaosFailure(f"no table number in the answer to /table {game}")
        table_id = int(found[1])
        prefix = f"tl:{table_id}:"
        lobby: Message = await self.emu.wait_for(
            lambda: next(
                (
                    m
                    for m in self._where_messages()
                    if any(c.startswith(prefix) for c in custom_ids(m))
                ),
                None,
            )
        )
        clicks = [(host, "ai_facile")] * ais + [(u, "join") for u in humans[1:]] + [(host, "start")]
        for user, verb in clicks:
            await self._answer(await self.emu.click(user, lobby, f"{prefix}{verb}"))
        where = self.emu.world.channel(lobby.channel_id)
        assert where is not None
        store = self.store
        assert store is not None
        record = await store.tables.get(table_id)
        assert record is not None and record.status == "playing", "the table did not start"
        seats = {s.user_id: s.seat for s in record.seats if s.user_id is not None}
        table = Table(table_id, game, where, lobby.id, humans, seats, {}, self.rng.fork())
        for user in humans:
            hand = await self._answer(await self.emu.click(user, lobby, f"th:{table_id}"))
            table.hands[user.id] = hand.id
        self.tables[table_id] = table
        self.figures.tables += 1
        return table

    # -- playing ------------------------------------------------------------------------------
    async def slot(self, game: str) -> None:
        """One table of `game` at a time, played to its end, then the next one."""
        while True:
            table = self.current[game]
            if table is None or table.finished:
                if self.fire_pending:
                    await asyncio.Event().wait()  # the kill is coming: no setup now
                self.setting_up += 1
                try:
                    table = await self.open_table(game)
                finally:
                    self.setting_up -= 1
                self.current[game] = table
            await self.play(table)

    def _ready(self, table: Table) -> tuple[User, Message] | None:
        for user in table.humans:
            hand = self.emu.message(table.hands[user.id])
            if hand is not None and is_my_turn(hand):
                return user, hand
        return None

    async def play(self, table: Table) -> None:
        """Whoever sees their turn plays; when nobody can, the database says why."""
        loop = asyncio.get_running_loop()
        while not table.finished:
            try:
                ready = await self.emu.wait_for(lambda: self._ready(table), timeout=1.0)
            except (TimeoutError, AssertionError):
                ready = None
            if ready is not None and await self.click(table, *ready):
                continue
            record = await self._record(table.id)
            if record.status == "finished":
                table.finished = True
                return
            if record.version != table.last_version:
                table.last_version, table.still_since = record.version, loop.time()
            elif loop.time() - table.still_since > STILL_FOR:
                raise ChaosFailure(f"table {table.id} ({table.game}) stuck at v{record.version}")
            state = table_from_record(record).state
            if state is None or state.is_over():
                continue  # the result is being recorded
            for seat in state.to_move():
                user = next((u for u in table.humans if table.seats[u.id] == seat), None)
                if user is not None:  # their hand is out of date (the bot restarted)
                    hand = self.emu.message(table.hands[user.id])
                    assert hand is not None
                    await self._answer_of(await self.emu.click(user, hand, f"th:{table.id}"))

    async def _record(self, table_id: int) -> TableRecord:
        assert self.store is not None
        record = await self.store.tables.get(table_id)
        assert record is not None
        return record

    async def _answer_of(self, handle: InteractionHandle) -> Message | None:
        """The bot's answer to a click. A click the bot dies on is never answered: the
        task waits to be cancelled with the kill instead of failing."""
        try:
            return await handle.wait_reply(5.0)
        except (InteractionFailed, TimeoutError):
            if self.fired.is_set() or self.fire_pending:
                await asyncio.Event().wait()
            raise

    async def click(self, table: Table, user: User, hand: Message) -> bool:
        """Play one of the hand's actions. False if the hand offers none, or if the bot
        answered with something else than this hand redrawn (the table is gone: the
        match ended while this hand still showed a turn)."""
        version = shown_version(hand)
        options = choices(hand)
        if version is None or not options:
            return False
        cid, value = table.pick.choice(options)
        action = value if value is not None else cid.split(":", 3)[3]
        ends = self._armed("end") and await self._ends_match(table, user, version, action)
        clicking = (
            self.emu.click(user, hand, cid)
            if value is None
            else self.emu.select(user, hand, cid, [value])
        )
        handle = await clicking
        self._point("write", table.id, version)
        if ends:
            self._point("end", table.id, version)
        answer = await self._answer_of(handle)
        if answer is None or answer.id != hand.id:
            return False
        if any(s in text_of(answer) for s in STALE):
            return True
        if shown_version(answer) == version + 1:
            self.acks[(table.id, version + 1)] = (user.id, action)
            if handle.acked_at is not None:
                self.figures.answers.append(handle.acked_at - handle.created_at)
            if self._armed("ai") and await self._ai_to_move(table.id, version + 1):
                self._point("ai", table.id, version + 1)
        return True

    async def _ends_match(self, table: Table, user: User, version: int, action: str) -> bool:
        record = await self._record(table.id)
        if record.version != version:
            return False
        state = table_from_record(record).state
        if state is None:
            return False
        try:
            state.apply(table.seats[user.id], action)
        except games.IllegalAction:
            return False
        return state.is_over()

    async def _ai_to_move(self, table_id: int, version: int) -> bool:
        record = await self._record(table_id)
        state = table_from_record(record).state
        if record.version != version or state is None or state.is_over():
            return False
        return any(record.seats[s].is_ai for s in state.to_move())

    # -- checks -------------------------------------------------------------------------------
    async def check_stored(self) -> dict[int, TableRecord]:
        """With the bot dead: logs, snapshots, results, what was shown, what was acked."""
        assert self.store is not None
        records: dict[int, TableRecord] = {}
        for table_id in sorted(self.tables):
            record = self.settled.get(table_id) or await self._record(table_id)
            records[table_id] = record
            if table_id not in self.settled:
                self._check_log(record)
            if record.status == "finished":
                self.settled[table_id] = record  # a finished table never changes again
        counts = await asyncio.to_thread(self._result_counts)
        for table_id, record in records.items():
            matches, results = counts.get(table_id, (0, 0))
            if matches > 1 or results > len(record.seats):
                extra = max(matches - 1, 0) + max(results - len(record.seats), 0)
                self._count(self.duplicated, (table_id, "results"), extra)
                self._problem(f"table {table_id}: {matches} results headers, {results} rows")
            if record.status == "finished" and (matches, results) != (1, len(record.seats)):
                self._problem(f"table {table_id} finished with {matches}/{results} result rows")
            if record.status != "finished" and matches:
                self._problem(f"table {table_id} has a result but is {record.status}")
            table = self.tables[table_id]
            shown = [
                shown_version(self.emu.message(i)) for i in (table.public, *table.hands.values())
            ]
            top = max((v for v in shown if v is not None), default=0)
            if top > record.version:
                for version in range(record.version + 1, top + 1):
                    self._count(self.lost, (table_id, version), 1)
                self._problem(f"table {table_id}: v{top} was shown, v{record.version} stored")
        for (table_id, seq), (user_id, action) in self.acks.items():
            record = records[table_id]
            move = record.moves[seq - 1] if seq <= len(record.moves) else None
            seat_user = record.seats[move.seat].user_id if move is not None else None
            if move is None or move.action_id != action or seat_user != user_id:
                self._count(self.lost, (table_id, seq), 1)
                self._problem(f"table {table_id}: acknowledged move {seq} ({action}) not stored")
        return records

    def _check_log(self, record: TableRecord) -> None:
        seqs = [m.seq for m in record.moves]
        if len(seqs) != len(set(seqs)):
            self._count(self.duplicated, (record.id, "moves"), len(seqs) - len(set(seqs)))
        if seqs != list(range(1, len(seqs) + 1)):
            self._problem(f"table {record.id}: move log {seqs[:5]}... has a gap")
        if record.status == "lobby":
            return
        if not record.version == record.snapshot_version == len(seqs):
            self._problem(
                f"table {record.id}: version {record.version}, snapshot "
                f"{record.snapshot_version}, {len(seqs)} moves"
            )
        table = table_from_record(record)
        replayed = games.get(record.game).replay(
            len(table.seats),
            table.seed,
            table.options,
            [(m.seat, m.action_id) for m in record.moves],
        )
        if replayed != table.state:
            self._problem(f"table {record.id}: the log does not replay to the snapshot")

    def _result_counts(self) -> dict[int, tuple[int, int]]:
        """Result headers and rows per table, straight from the file."""
        with contextlib.closing(sqlite3.connect(self.db_path)) as conn:
            headers = dict(conn.execute("SELECT table_id, COUNT(*) FROM matches GROUP BY table_id"))
            rows = dict(
                conn.execute("SELECT table_id, COUNT(*) FROM match_results GROUP BY table_id")
            )
        return {t: (headers.get(t, 0), rows.get(t, 0)) for t in {*headers, *rows}}

    def say(self, line: str) -> None:
        if self.verbose:
            print(line, flush=True)

    def _problem(self, text: str) -> None:
        """Each problem once, with the check that first saw it."""
        if text not in self.seen_problems:
            self.seen_problems.add(text)
            self.figures.problems.append(f"{text} ({self.moment})")

    def _count(self, tally: dict[Any, int], key: Any, n: int) -> None:
        """Lost or duplicated moves, each counted once however many checks see it."""
        tally[key] = n
        self.figures.lost = sum(self.lost.values())
        self.figures.duplicated = sum(self.duplicated.values())

    def landed(self, records: dict[int, TableRecord]) -> str:
        """Where the last kill really was, read from the database."""
        assert self.landing is not None
        kind, table_id, version = self.landing
        record = records[table_id]
        if kind == "write":
            return (
                "write: after its commit"
                if record.version > version
                else "write: before its commit"
            )
        if kind == "ai":
            stored = record.version > version
            return (
                "ai: after the AI's move was stored"
                if stored
                else "ai: before the AI's move was stored"
            )
        if kind == "end":
            if record.status == "finished":
                return "end: after the result was recorded"
            if record.version > version:
                return "end: last move stored, result not yet"
            return "end: before the last move was stored"
        return "redraw: mid-request"

    async def check_resumed(self, open_before: dict[int, int], restarted_at: float) -> None:
        """Every table open at the kill has its message redrawn and moves on (or ends)."""
        patches = {t: self.patches[self.tables[t].public] for t in open_before}

        def moved_on(table_id: int) -> bool:
            msg = self.emu.message(self.tables[table_id].public)
            if msg is None or self.patches[msg.id] <= patches[table_id]:
                return False  # not redrawn since the restart
            shown = shown_version(msg)
            return is_over(msg) or (shown is not None and shown > open_before[table_id])

        try:
            await self.emu.wait_for(lambda: all(map(moved_on, open_before)), RESUME_TIMEOUT)
        except TimeoutError:
            late = [t for t in open_before if not moved_on(t)]
            raise ChaosFailure(f"tables {late} did not resume after the restart") from None
        self.figures.resumes += len(open_before)
        self.figures.restarts.append(time.monotonic() - restarted_at)

    # -- the whole run ------------------------------------------------------------------------
    async def run(self, kills: int) -> Figures:
        started = time.monotonic()
        self.guild = self.emu.create_guild("Chaos")
        self.channel = self.emu.create_channel(self.guild, "tables")
        plans = plan_kills(kills, self.rng)
        await self.bot.start()
        self.store = await Store.open(self.url, migrate=False)
        open_before: dict[int, int] = {}
        restarted_at = time.monotonic()
        try:
            for plan in plans:
                slots = [asyncio.create_task(self.slot(game)) for game in GAMES]
                try:
                    if open_before:
                        await self._alongside(self.check_resumed(open_before, restarted_at), slots)
                    self.plan, self.landing = plan, None
                    self.fired.clear()
                    await self._alongside(self._kill_point(), slots)
                finally:
                    await self._cancel(slots)
                self.plan, self.fire_pending = None, False
                killed_at = time.monotonic()
                self.moment = f"after kill {sum(self.figures.kills.values()) + 1}, {plan.kind}"
                await self.bot.wait_dead()
                records = await self.check_stored()
                self.figures.kills[plan.kind if self.landing else "fallback"] += 1
                if self.landing:
                    self.figures.landed[self.landed(records)] += 1
                open_before = {t: r.version for t, r in records.items() if r.status == "playing"}
                self.say(
                    f"kill {sum(self.figures.kills.values())}: {plan.kind}"
                    f" -> {self.landed(records) if self.landing else 'fallback'};"
                    f" {len(open_before)} open table(s), {len(records)} so far"
                )
                await self.bot.start()
                restarted_at = killed_at
            await self._finish(open_before, restarted_at)
        finally:
            self.bot.kill()
            await self.store.close()
        self.figures.seconds = time.monotonic() - started
        return self.figures

    async def _kill_point(self) -> None:
        """Wait for the planned point; if it never comes, kill now (counted as fallback)."""
        try:
            await asyncio.wait_for(self.fired.wait(), FALLBACK_AFTER)
        except TimeoutError:
            self.landing = None
            self.fire_pending = True
            self._fire()

    async def _alongside(self, work: Any, slots: list[asyncio.Task[None]]) -> None:
        """Run `work` while the tables play; a table's failure stops the run."""
        task = asyncio.ensure_future(work)
        try:
            while not task.done():
                await asyncio.wait({task, *slots}, return_when=asyncio.FIRST_COMPLETED)
                for slot in slots:
                    if slot.done() and not slot.cancelled() and slot.exception() is not None:
                        raise slot.exception()  # type: ignore[misc]
            task.result()
        finally:
            task.cancel()

    async def _cancel(self, tasks: list[asyncio.Task[None]]) -> None:
        """Cancel and wait. Again while any runs on: Python 3.11's asyncio.wait_for can
        swallow a cancellation that comes as its inner wait completes."""
        running = {task for task in tasks if not task.done()}
        while running:
            for task in running:
                task.cancel()
            _, running = await asyncio.wait(running, timeout=0.5)

    async def _finish(self, open_before: dict[int, int], restarted_at: float) -> None:
        """The last restart resumes too; then SIGTERM while players click; final checks."""
        slots = [asyncio.create_task(self.slot(game)) for game in GAMES]
        try:
            if open_before:
                await self._alongside(self.check_resumed(open_before, restarted_at), slots)
            self.fire_pending = True  # no new table from now on
            self.figures.shutdown = await self.bot.stop_with(signal.SIGTERM)
        finally:
            await self._cancel(slots)
        code, seconds = self.figures.shutdown
        if code != 0 or seconds > EXIT_WITHIN:
            self._problem(f"SIGTERM: exit {code} after {seconds:.1f} s\n{self.bot.tail()}")
        await self.emu.wait_for(lambda: not self.emu.gateway.connected, timeout=10.0)
        self.moment = "after the final SIGTERM"
        records = await self.check_stored()
        self.figures.moves = sum(r.version for r in records.values())
        self.figures.player_moves = len(self.acks)
        self.figures.finished = sum(r.status == "finished" for r in records.values())
        self.figures.violations = Counter(v.kind for v in self.emu.violations)
        unexpected = set(self.figures.violations) - {"ack_timeout"}
        if unexpected:
            broken = "\n".join(f"  {v}" for v in self.emu.violations if v.kind in unexpected)
            self._problem(f"Discord rules broken: {sorted(unexpected)}\n{broken}")
        self.figures.bot_errors = self.bot.error_lines()


async def run_chaos(
    emu: Emulator, workdir: Path, *, kills: int, seed: int, verbose: bool = False
) -> Figures:
    """The whole bench against a started emulator; the bot's files go in `workdir`."""
    return await Chaos(emu, workdir, seed, verbose=verbose).run(kills)


async def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python bench/chaos.py", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-v", "--verbose", action="store_true", help="a line per kill")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="tapis-chaos-") as tmp:
        async with Emulator() as emu:
            try:
                figures = await run_chaos(
                    emu, Path(tmp), kills=args.kills, seed=args.seed, verbose=args.verbose
                )
            except (ChaosFailure, RuntimeError) as exc:  # RuntimeError: the bot died
                print(f"chaos: FAILED: {exc}", file=sys.stderr)
                return 1
    print(figures.report(args.seed))
    return 0 if figures.ok else 1


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
