"""What every worker process of the bot does first: step back, and die with the bot.

Worker pools (the AI's searches) run CPU-heavy work beside the bot's event loop. Each
worker, at its start, lowers its own CPU priority so that the loop, which answers the
clicks, goes first on a machine with few cores; and it watches its parent, because a bot
killed outright (SIGKILL, the OOM killer) never shuts its pool down and its workers would
otherwise live on, idle, for ever.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time

NICENESS = 10  # how much lower than the bot's the workers' priority is, where SCHED_IDLE is not
PARENT_CHECK = 1.0  # seconds between two looks at whether the bot is still there


def lower_priority() -> None:
    """Linux's SCHED_IDLE runs the worker only on a core nothing else wants, so a click never
    waits behind a search; a niced worker still took its share of a busy core. Elsewhere
    (or where it is refused) the worker is niced instead."""
    idle = getattr(os, "SCHED_IDLE", None)
    if idle is not None:
        try:
            os.sched_setscheduler(0, idle, os.sched_param(0))
            return
        except OSError:
            pass
    with contextlib.suppress(OSError):  # not permitted or not supported: run as is
        os.nice(NICENESS)


def exit_with_parent(parent: int, every: float = PARENT_CHECK) -> threading.Thread:
    """A daemon thread that ends this process once `parent` is gone (re-parented)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(0)  # nothing of the worker's is worth saving: its bot is gone

    thread = threading.Thread(target=watch, name="tapis-parent-watch", daemon=True)
    thread.start()
    return thread


def start_worker() -> None:
    """A pool's `initializer`."""
    lower_priority()
    exit_with_parent(os.getppid())
