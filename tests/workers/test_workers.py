"""Worker processes step back for the event loop (or keep its priority when it waits for
them) and end with the bot; a pipe worker reports failures without their text."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from workers import PipeWorker, WorkerFailed, WorkerGone

ROOT = Path(__file__).resolve().parents[2]

# A bot stand-in: a pool with one worker (the AI's, or the pictures'), whose pid it writes
# down; then it waits.
CHILD = """
import asyncio, os, sys
from bot.ai import WorkerAi
from bot.pictures import BACKGROUND, URGENT, Pictures

async def main():
    if sys.argv[2] == "ai":
        pool = WorkerAi(workers=1)._executor()
        pid = await asyncio.get_running_loop().run_in_executor(pool, os.getpid)
    else:  # the background drawings' worker, or the one of the hands clicks wait for
        priority = BACKGROUND if sys.argv[2] == "pictures" else URGENT
        pid = await Pictures(1)._submit(priority, os.getpid)
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


@pytest.mark.slow
@pytest.mark.parametrize("pool", ["ai", "pictures", "urgent pictures"])
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


def _fail_naming_a_card() -> None:
    raise ValueError("secret card AS")


def _hang() -> None:
    import time

    time.sleep(60)


async def test_a_pipe_worker_answers_jobs_in_the_order_they_finish() -> None:
    worker = PipeWorker(initializer=None)
    try:
        pids = await asyncio.gather(*(worker.submit(os.getpid) for _ in range(5)))
        assert len(set(pids)) == 1 and pids[0] != os.getpid() and pids[0] == worker.pid
        assert worker.in_flight == 0
    finally:
        await worker.close()
    assert worker.pid is None and not alive(pids[0])  # asked to finish, it did


async def test_a_failing_job_sends_back_its_kind_and_never_its_text() -> None:
    worker = PipeWorker(initializer=None)
    try:
        with pytest.raises(WorkerFailed) as failed:
            await worker.submit(_fail_naming_a_card)
        assert failed.value.kind == "ValueError" and "AS" not in str(failed.value)
        assert await worker.submit(os.getpid) == worker.pid  # the worker goes on
    finally:
        await worker.close()


async def test_a_killed_worker_fails_its_jobs_and_the_next_job_starts_another() -> None:
    worker = PipeWorker(initializer=None)
    try:
        first = await worker.submit(os.getpid)
        stuck = worker.submit(_hang)
        os.kill(first, signal.SIGKILL)
        with pytest.raises(WorkerGone):
            await asyncio.wait_for(stuck, timeout=10)
        assert worker.in_flight == 0
        second = await worker.submit(os.getpid)
        assert second != first and alive(second)
    finally:
        await worker.close()
