"""Worker processes step back for the event loop (or keep its priority when it waits for
them) and end with the bot; a pipe worker reports failures without their text."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import threading
from pathlib import Path

import pytest

from tests.waiting import eventually
from workers import PipePool, PipeWorker, WorkerFailed, WorkerGone

ROOT = Path(__file__).resolve().parents[2]

# A bot stand-in: one worker (the AI's, the background pictures', or the one of the hands
# clicks wait for) answers a job with its own pid, which the stand-in writes down; then it
# waits to be killed.
CHILD = """
import asyncio, os, sys

import games
from bot.table.ai import WorkerAi
from bot.render.pictures import Pictures
from tests.bot.tables import mid_deal


def pid_as_move(slug, snapshot, seat, level, seed):
    return str(os.getpid())


def pid_as_picture(*_args):
    return str(os.getpid()).encode()


async def main():
    if sys.argv[2] == "ai":
        state = games.get("manille").new(players=4, seed=1, options={})
        ai = WorkerAi(workers=1, deadline=600.0, search=pid_as_move)
        pid = int(await ai.choose(state, state.to_move()[0], "fort", 1))
    else:
        pictures = Pictures(1, draw_table=pid_as_picture, draw_hand=pid_as_picture)
        table = mid_deal("manille")
        if sys.argv[2] == "pictures":
            picture = await pictures.table(table)
        else:
            picture = await pictures.hand(table, 0, "fr")
        pid = int(picture.png)
    with open(sys.argv[1] + ".tmp", "w") as out:
        out.write(str(pid))
    os.rename(sys.argv[1] + ".tmp", sys.argv[1])
    await asyncio.Event().wait()

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
    try:
        await eventually(
            lambda: said.exists() or bot.returncode is not None,
            "the bot stand-in wrote down its worker's pid",
        )
    finally:
        if not said.exists() and bot.returncode is None:
            bot.kill()
    assert said.exists(), f"the bot stand-in ended first (exit code {bot.returncode})"
    worker = int(said.read_text())
    assert worker != bot.pid and alive(worker)
    bot.send_signal(signal.SIGKILL)  # no shutdown of the pool runs
    await bot.wait()
    try:  # the worker looks at its parent every PARENT_CHECK seconds
        await eventually(lambda: not alive(worker), f"the {pool} worker ended with its bot")
    except AssertionError:
        os.kill(worker, signal.SIGKILL)
        raise


def _fail_naming_a_card() -> None:
    raise ValueError("secret card AS")


def _hang() -> None:
    threading.Event().wait()  # never answers: only killing the worker ends it


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


async def test_a_pool_shares_its_jobs_and_kills_a_worker_past_a_deadline() -> None:
    pool = PipePool(2, initializer=None)
    try:
        stuck = asyncio.ensure_future(pool.run(_hang, deadline=0.5))
        await asyncio.sleep(0)  # in the first worker
        other = await pool.run(os.getpid, deadline=60.0)  # the idle worker takes it
        with pytest.raises(TimeoutError):
            await stuck
        assert pool.in_flight == 0
        ours = await asyncio.gather(*(pool.run(os.getpid, deadline=60.0) for _ in range(2)))
        assert other in ours, "the worker that kept up was kept"
        assert len(set(ours)) == 2 and all(alive(pid) for pid in ours), "the stuck one replaced"
    finally:
        await pool.close()


def big_answer(size: int) -> bytes:
    return bytes(range(256)) * (size // 256)


@pytest.mark.slow
def test_a_large_answer_arrives_whole_on_the_bots_event_loop() -> None:
    """The bot runs on uvloop (bot/__main__.py), whose add_reader makes the worker's socket
    non-blocking: an answer larger than the socket's buffer (a picture) must still be read
    whole, not cut short by EAGAIN and taken for a dead worker."""
    from bot.__main__ import event_loop

    async def main() -> list[int]:
        worker = PipeWorker()
        try:
            answers = await asyncio.gather(*(worker.submit(big_answer, 1 << 20) for _ in range(3)))
            return [len(a) for a in answers]
        finally:
            await worker.close()

    with asyncio.Runner(loop_factory=event_loop) as runner:
        assert runner.run(main()) == [1 << 20] * 3
