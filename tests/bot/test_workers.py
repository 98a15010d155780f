"""The bot's worker processes step back for the event loop and end with the bot."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# A bot stand-in: a pool with one worker (the AI's, or the pictures'), whose pid it writes
# down; then it waits.
CHILD = """
import asyncio, os, sys
from bot.ai import WorkerAi
from bot.pictures import Pictures

async def main():
    pool = WorkerAi(workers=1)._executor() if sys.argv[2] == "ai" else Pictures(1)._pool()
    pid = await asyncio.get_running_loop().run_in_executor(pool, os.getpid)
    with open(sys.argv[1] + ".tmp", "w") as out:
        out.write(str(pid))
    os.rename(sys.argv[1] + ".tmp", sys.argv[1])
    await asyncio.sleep(60)

if __name__ == "__main__":
    asyncio.run(main())
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.parametrize("pool", ["ai", "pictures"])
async def test_workers_end_when_the_bot_is_killed_outright(tmp_path: Path, pool: str) -> None:
    script = tmp_path / "bot_stand_in.py"
    script.write_text(CHILD)
    said = tmp_path / "worker.pid"
    bot = await asyncio.create_subprocess_exec(
        sys.executable,
        str(script),
        str(said),
        pool,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=asyncio.subprocess.DEVNULL,  # the worker would hold a pipe open
    )
    for _ in range(300):
        if said.exists():
            break
        await asyncio.sleep(0.1)
    worker = int(said.read_text())
    assert alive(worker)
    bot.send_signal(signal.SIGKILL)  # no shutdown of the pool runs
    await bot.wait()
    for _ in range(100):  # the worker looks at its parent every second
        if not alive(worker):
            break
        await asyncio.sleep(0.1)
    else:
        os.kill(worker, signal.SIGKILL)
        raise AssertionError(f"the {pool} worker outlived its bot")
