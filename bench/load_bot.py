"""The bot under load: `python -m bot` in its own process, and what /proc says of it."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from emulator.drivers import Emulator
from tests.bot.harness import COMMANDS

ROOT = Path(__file__).resolve().parent.parent
START_TIMEOUT = 30.0  # a cold `python -m bot`: imports, migration, identify, command sync


def rss_of(pid: int) -> int:
    """Resident set size of a process now, in bytes."""
    with open(f"/proc/{pid}/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _processes(keep: Callable[[Path], bool]) -> list[int]:
    """The pids of the processes whose /proc entry `keep` accepts (gone ones skipped)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if keep(entry):
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def children_of(pid: int) -> list[int]:
    """The processes `pid` started (its AI and picture workers)."""
    return _processes(
        lambda entry: int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid
    )


def machine_ticks() -> tuple[int, int]:
    """(busy, all) CPU ticks of the whole machine so far, every core (/proc/stat): how near
    saturation a run was, whoever used the CPU."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    idle = fields[3] + fields[4]  # idle + iowait
    return sum(fields[:8]) - idle, sum(fields[:8])


def processes_named(name: str) -> list[int]:
    """Every process whose command name is `name` (PostgreSQL's server processes)."""
    return _processes(lambda entry: (entry / "comm").read_text().strip() == name)


def cpu_of_all(pids: list[int]) -> dict[int, float]:
    """`cpu_of` for each process still there."""
    found = {}
    for pid in pids:
        try:
            found[pid] = cpu_of(pid)
        except OSError:
            continue
    return found


def cpu_of(pid: int) -> float:
    """User + system CPU seconds a process has used (all its threads)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class BotChild:
    """`python -m bot` from an empty directory with only the environment given here, so no
    `.env` or developer setting leaks in; its output goes to a log file read at the end."""

    def __init__(
        self,
        workdir: Path,
        emu: Emulator,
        *,
        database_url: str | None = None,
        shard: tuple[int, int] | None = None,
        root: Path = ROOT,
        settings: dict[str, str] | None = None,
    ) -> None:
        """`shard=(shard_id, shard_count)` runs that one shard (on `database_url`, shared);
        `root` is the checkout the bot runs from (another one compares two versions)."""
        self.log = workdir / (f"bot{shard[0]}.log" if shard and shard[1] > 1 else "bot.log")
        self.database_url = database_url or f"sqlite+aiosqlite:///{workdir / 'tapis.db'}"
        self.env = {
            "PATH": os.environ.get("PATH", ""),
            "DISCORD_TOKEN": "bench",
            "DATABASE_URL": self.database_url,
            "LOG_LEVEL": "WARNING",
            "PYTHONPATH": str(root),
            **emu.env(),
            **(settings or {}),
        }
        if shard is not None and shard[1] > 1:
            self.env |= {"SHARD_IDS": str(shard[0]), "SHARD_COUNT": str(shard[1])}
        self.shard = shard
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
        shard = self.shard[0] if self.shard and self.shard[1] > 1 else None
        await self.emu.wait_connected(START_TIMEOUT, shard=shard, identifies=1)
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

    def first_error(self, lines: int = 25) -> str:
        """The first ERROR/CRITICAL record with its traceback, to tell what the counts are."""
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        out: list[str] = []
        for line in text.splitlines():
            parts = line.split(None, 4)
            levels = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
            is_record = len(parts) == 5 and parts[2] in levels
            if out and is_record:
                break
            if out or (is_record and parts[2] in ("ERROR", "CRITICAL")):
                out.append(line)
        return "\n".join(out[:lines])

    def errors(self) -> Counter[str]:
        """The bot's ERROR/CRITICAL log lines, by logger and message start."""
        kinds: Counter[str] = Counter()
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        for line in text.splitlines():
            parts = line.split(None, 4)
            if len(parts) == 5 and parts[2] in ("ERROR", "CRITICAL"):
                kinds[f"{parts[3]} {parts[4][:100]}"] += 1
        return kinds
