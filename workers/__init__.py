"""Processes beside the bot's event loop: what each does first (step back, die with the
bot), and a worker fed through a pipe the event loop reads itself (`PipeWorker`). Its own
package, with only the standard library, so that db's move writer (workers.sqlite_moves)
starts one without importing the bot or SQLAlchemy.

Workers (the AI's searches in a `PipePool`, the pictures, the move writers) run beside the
bot's event loop. Each worker of CPU-heavy work, at its start, lowers its own CPU priority
so that the loop, which answers the clicks, goes first on a machine with few cores; and
every worker watches its parent, because a bot killed outright (SIGKILL, the OOM killer)
never shuts its workers down and they would otherwise live on, idle, for ever. Every
worker ignores SIGINT: Ctrl-C in a terminal reaches every process of the group, and the bot
stops its workers itself, in order
(bot.app.lifecycle), once it has finished what they were doing for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

NICENESS = 10  # how much lower than the bot's the workers' priority is, where SCHED_IDLE is not
PARENT_CHECK = 1.0  # seconds between two looks at whether the bot is still there


def ignore_interrupts() -> None:
    """A worker's first step: leave Ctrl-C to the bot. A SIGINT that came while the worker
    was starting (held back by `interrupts_held`) is dropped here."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextlib.contextmanager
def interrupts_held() -> Iterator[None]:
    """Start worker processes inside this: SIGINT is blocked in the calling thread, and a
    process started meanwhile inherits the block, so a Ctrl-C while its interpreter starts
    waits for `ignore_interrupts` instead of ending it with a traceback. The bot's own
    SIGINT is not lost: it is delivered once the block is lifted (CPython's
    multiprocessing starts its resource tracker the same way)."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def lower_priority(niceness: int | None = None) -> None:
    """Linux's SCHED_IDLE runs the worker only on a core nothing else wants, so a click never
    waits behind a search; a niced worker still took its share of a busy core. Elsewhere
    (or where it is refused) the worker is niced instead. With `niceness`, the worker is
    only niced that much: for work a click waits for, which must not starve."""
    idle = getattr(os, "SCHED_IDLE", None)
    if idle is not None and niceness is None:
        try:
            os.sched_setscheduler(0, idle, os.sched_param(0))
            return
        except OSError:
            pass
    with contextlib.suppress(OSError):  # not permitted or not supported: run as is
        os.nice(NICENESS if niceness is None else niceness)


def exit_with_parent(parent: int, every: float = PARENT_CHECK) -> threading.Thread:
    """A daemon thread that ends this process once `parent` is gone (re-parented)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(0)  # nothing of the worker's is worth saving: its bot is gone

    thread = threading.Thread(target=watch, name="tapis-parent-watch", daemon=True)
    thread.start()
    return thread


def start_worker(niceness: int | None = None) -> None:
    """The `initializer` of a worker of CPU-heavy work: lowest priority, or only niced by
    `niceness` for work a player waits for (`lower_priority`)."""
    ignore_interrupts()
    lower_priority(niceness)
    exit_with_parent(os.getppid())


def end_with_parent() -> None:
    """The `initializer` of a worker something waits for (a click's picture, a move's
    commit): it keeps the bot's priority, and ends with the bot."""
    ignore_interrupts()
    exit_with_parent(os.getppid())


class WorkerFailed(Exception):
    """A job raised in the worker: only the exception's type crosses back (its text could
    name a hidden card), and the bot logs that type."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind


class WorkerGone(Exception):
    """The worker process ended (killed, crashed) with jobs in flight."""


def _serve(conn: Connection, initializer: Callable[[], None] | None) -> None:
    """A worker's life: run each job the pipe brings, answer on the same pipe."""
    ignore_interrupts()
    if initializer is not None:
        initializer()
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        number, fn, args = job
        try:
            answer = (number, True, fn(*args))
        except Exception as exc:
            answer = (number, False, type(exc).__name__)
        try:
            conn.send(answer)
        except (BrokenPipeError, OSError):
            return


class PipeWorker:
    """One worker process fed through its own pipe, read by the event loop itself.

    A ProcessPoolExecutor hands each job and each result through two helper threads of the
    bot (its feeder and its manager), and every hand-over waits for the interpreter lock
    that a busy event loop holds: at 500 tables a 2 ms drawing came back 5.3 ms after it was
    asked (bench/load.py), so one worker drew 170 pictures a second at a third of a core.
    Here the loop writes the job on the pipe and a reader callback on the pipe takes the
    answer: no thread, no lock to wait for. Jobs are small (a scene, a hand); answers of
    tens of kilobytes are read whole as soon as they start to arrive.
    """

    def __init__(self, initializer: Callable[[], None] | None = start_worker) -> None:
        self._initializer = initializer
        self._conn: Connection | None = None
        self._process: BaseProcess | None = None
        self._pending: dict[int, asyncio.Future[Any]] = {}
        self._numbers = itertools.count()

    @property
    def in_flight(self) -> int:
        return len(self._pending)

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    def _start(self) -> Connection:
        # spawn: a fresh interpreter, nothing of the bot's loop or sockets.
        context = multiprocessing.get_context("spawn")
        mine, theirs = context.Pipe(duplex=True)
        process = context.Process(
            target=_serve, args=(theirs, self._initializer), name="tapis-worker", daemon=True
        )
        with interrupts_held():
            process.start()
        theirs.close()
        self._conn, self._process = mine, process
        asyncio.get_running_loop().add_reader(mine.fileno(), self._readable)
        # uvloop's add_reader makes the socket non-blocking, and a large answer (a picture)
        # would then be read in part: `recv` must wait for the whole of it.
        os.set_blocking(mine.fileno(), True)
        return mine

    def start(self) -> None:
        """Start the worker ahead of its first job, so that the job does not wait for an
        interpreter to start; nothing if it runs already."""
        if self._conn is None:
            self._start()

    def submit(self, fn: Callable[..., Any], *args: Any) -> asyncio.Future[Any]:
        """Run `fn(*args)` in the worker (started on first use); a future of its answer."""
        conn = self._conn if self._conn is not None else self._start()
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        number = next(self._numbers)
        try:
            conn.send((number, fn, args))
        except (BrokenPipeError, OSError):
            self._gone()
            done.set_exception(WorkerGone())
            return done
        self._pending[number] = done
        return done

    async def run(self, fn: Callable[..., Any], *args: Any, deadline: float) -> Any:
        """`fn(*args)` answered within `deadline` seconds, or TimeoutError: a job past its
        deadline is stuck or hopeless, and only ending the worker stops it, so it is killed
        (the jobs queued behind it fail, WorkerGone) and the next job starts a new one."""
        work = self.submit(fn, *args)
        try:
            return await asyncio.wait_for(work, deadline)
        except TimeoutError:
            self.kill()
            raise

    def _readable(self) -> None:
        conn = self._conn
        if conn is None:
            return
        try:
            while True:  # every answer already there, in one wake-up
                number, ok, value = conn.recv()
                done = self._pending.pop(number, None)
                if done is not None and not done.done():
                    if ok:
                        done.set_result(value)
                    else:
                        done.set_exception(WorkerFailed(value))
                if not conn.poll():
                    return
        except (EOFError, OSError):
            self._gone()

    def kill(self) -> None:
        """End the worker now, whatever it is doing: its jobs fail (WorkerGone) and the next
        job starts a new one."""
        self._gone()

    def _gone(self) -> None:
        """The worker ended (or must): stop it, fail what it held; the next job starts a
        new one."""
        process, self._process = self._process, None
        if process is not None and process.is_alive():
            process.kill()
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(conn.fileno())
            conn.close()
        pending, self._pending = self._pending, {}
        for done in pending.values():
            if not done.done():
                done.set_exception(WorkerGone())

    async def close(self, timeout: float = 2.0) -> None:
        """Ask the worker to finish, then make sure it has."""
        conn, process = self._conn, self._process
        if conn is not None:
            with contextlib.suppress(OSError):
                conn.send(None)
        if process is not None:
            await asyncio.to_thread(process.join, timeout)
        self._gone()


class PipePool:
    """A few `PipeWorker`s sharing a kind of job (the AI's searches), each started on first
    use: a job goes down the pipe of the least busy, and a job past its deadline ends its
    worker (`PipeWorker.run`)."""

    def __init__(self, size: int, initializer: Callable[[], None] | None = start_worker) -> None:
        self._workers = [PipeWorker(initializer) for _ in range(max(1, size))]

    @property
    def in_flight(self) -> int:
        return sum(w.in_flight for w in self._workers)

    async def run(self, fn: Callable[..., Any], *args: Any, deadline: float) -> Any:
        """`fn(*args)` in a worker (`fn` module-level, so that it pickles), answered within
        `deadline` seconds or TimeoutError; WorkerFailed if it raised, WorkerGone if its
        worker ended meanwhile."""
        worker = min(self._workers, key=lambda w: w.in_flight)
        return await worker.run(fn, *args, deadline=deadline)

    async def close(self) -> None:
        await asyncio.gather(*(w.close() for w in self._workers))
