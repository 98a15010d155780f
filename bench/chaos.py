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
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from chaos_checks import Checks, landed  # noqa: E402
from chaos_parts import KINDS as KINDS  # noqa: E402
from chaos_parts import BotChild, ChaosFailure, Figures, Trigger, plan_kills  # noqa: E402
from chaos_players import GAMES, Players  # noqa: E402

from db import Store, TableRecord  # noqa: E402
from emulator.drivers import Emulator  # noqa: E402
from games import Rng  # noqa: E402
from tests.bot.harness import shown_version  # noqa: E402

FALLBACK_AFTER = 90.0  # a kill whose point never comes is made at once ("fallback")
EXIT_WITHIN = 5.0
PATCH_MESSAGE = "/channels/{channel_id}/messages/{message_id}"
PATCH_WEBHOOK = "/webhooks/{app_id}/{token}/messages/{message_id}"


# --- the run -------------------------------------------------------------------------------
class Chaos:
    """The run: the bot's process, the players, the kills planned and where they landed, the
    checks after each."""

    def __init__(self, emu: Emulator, workdir: Path, seed: int, *, verbose: bool = False) -> None:
        self.emu = emu
        self.verbose = verbose
        self.db_path = workdir / "tapis.db"
        self.url = f"sqlite+aiosqlite:///{self.db_path}"
        self.bot = BotChild(workdir, emu)
        self.rng = Rng(seed)
        self.seed = seed
        self.figures = Figures()
        self.trigger = Trigger(self.bot)
        self.checks = Checks(emu, self.db_path, self.figures)
        self.players = Players(emu, self.rng, self.trigger, self.checks, self.figures)
        self.patches: Counter[int] = Counter()  # table message id → edits received
        emu.world.request_listeners.append(self._on_request)

    # -- kills ------------------------------------------------------------------------------
    def _on_request(self, method: str, route: str, params: dict[str, str]) -> None:
        message_id = self._edited(method, route, params)
        if message_id is None:
            return
        self.patches[message_id] += 1
        table = next((t for t in self.players.tables.values() if t.public == message_id), None)
        if table is not None and not table.finished:
            self.trigger.point("redraw", table.id, shown_version(self.emu.message(message_id)) or 0)

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

    # -- the whole run ------------------------------------------------------------------------
    async def run(self, kills: int) -> Figures:
        started = time.monotonic()
        players = self.players
        players.guild = self.emu.create_guild("Chaos")
        players.channel = self.emu.create_channel(players.guild, "tables")
        plans = plan_kills(kills, self.rng)
        trigger = self.trigger
        await self.bot.start()
        store = players.store = await Store.open(self.url, migrate=False)
        open_before: dict[int, int] = {}
        restarted_at = time.monotonic()
        try:
            for plan in plans:
                slots = [asyncio.create_task(players.slot(game)) for game in GAMES]
                try:
                    if open_before:
                        await self._alongside(self._resumed(open_before, restarted_at), slots)
                    trigger.plan, trigger.landing = plan, None
                    trigger.fired.clear()
                    await self._alongside(self._kill_point(), slots)
                finally:
                    await self._cancel(slots)
                trigger.plan, trigger.fire_pending = None, False
                killed_at = time.monotonic()
                self.checks.moment = (
                    f"after kill {sum(self.figures.kills.values()) + 1}, {plan.kind}"
                )
                await self.bot.wait_dead()
                records = await self._stored()
                landing = trigger.landing
                self.figures.kills[plan.kind if landing else "fallback"] += 1
                if landing:
                    self.figures.landed[landed(landing, records)] += 1
                open_before = {t: r.version for t, r in records.items() if r.status == "playing"}
                self.say(
                    f"kill {sum(self.figures.kills.values())}: {plan.kind}"
                    f" -> {landed(landing, records) if landing else 'fallback'};"
                    f" {len(open_before)} open table(s), {len(records)} so far"
                )
                await self.bot.start()
                restarted_at = killed_at
            await self._finish(open_before, restarted_at)
        finally:
            self.bot.kill()
            await store.close()
        self.figures.seconds = time.monotonic() - started
        return self.figures

    async def _stored(self) -> dict[int, TableRecord]:
        return await self.checks.stored(self.players.tables, self.players.record)

    async def _resumed(self, open_before: dict[int, int], restarted_at: float) -> None:
        tables = self.players.tables
        await self.checks.resumed(tables, self.patches, open_before, restarted_at)

    async def _kill_point(self) -> None:
        """Wait for the planned point; if it never comes, kill now (counted as fallback)."""
        try:
            await asyncio.wait_for(self.trigger.fired.wait(), FALLBACK_AFTER)
        except TimeoutError:
            self.trigger.landing = None
            self.trigger.fire_pending = True
            self.trigger.fire()

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
        slots = [asyncio.create_task(self.players.slot(game)) for game in GAMES]
        try:
            if open_before:
                await self._alongside(self._resumed(open_before, restarted_at), slots)
            self.trigger.fire_pending = True  # no new table from now on
            self.figures.shutdown = await self.bot.stop_with(signal.SIGTERM)
        finally:
            await self._cancel(slots)
        code, seconds = self.figures.shutdown
        if code != 0 or seconds > EXIT_WITHIN:
            self.checks.problem(f"SIGTERM: exit {code} after {seconds:.1f} s\n{self.bot.tail()}")
        await self.emu.wait_for(lambda: not self.emu.gateway.connected, timeout=10.0)
        self.checks.moment = "after the final SIGTERM"
        records = await self._stored()
        self.figures.moves = sum(r.version for r in records.values())
        self.figures.player_moves = len(self.checks.acks)
        self.figures.finished = sum(r.status == "finished" for r in records.values())
        self.figures.violations = Counter(v.kind for v in self.emu.violations)
        unexpected = set(self.figures.violations) - {"ack_timeout"}
        if unexpected:
            broken = "\n".join(f"  {v}" for v in self.emu.violations if v.kind in unexpected)
            self.checks.problem(f"Discord rules broken: {sorted(unexpected)}\n{broken}")
        self.figures.bot_errors = self.bot.error_lines()

    def say(self, line: str) -> None:
        if self.verbose:
            print(line, flush=True)


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
