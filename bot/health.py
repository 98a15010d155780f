"""The bot's heartbeat for a container health check.

While every shard of the process has a live gateway connection, the bot touches a file
(HEARTBEAT_FILE) every few seconds; `python -m bot.health [FILE]` exits 0 when that file was
touched within the last minute and 1 otherwise, which is what Docker's HEALTHCHECK needs.
A bot stuck reconnecting, or whose event loop is blocked, stops touching it; a crashed one
is restarted by the container's restart policy anyway. Importing this module loads nothing
of discord.py, so the check stays cheap.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

BEAT_EVERY = 10.0  # seconds between two touches while connected
STALE_AFTER = 60.0  # seconds after which a heartbeat no longer counts as alive


async def beat(path: Path, alive: Callable[[], bool], every: float = BEAT_EVERY) -> None:
    """Touch `path` every `every` seconds while `alive()`, checking every second while it
    is not (so that a fresh connection shows at once); runs until cancelled."""
    while True:
        if alive():
            await asyncio.to_thread(path.touch)  # a file system call: off the event loop
            await asyncio.sleep(every)
        else:
            await asyncio.sleep(min(every, 1.0))


def age(path: Path, now: float | None = None) -> float | None:
    """Seconds since the heartbeat was last touched; None if there is none."""
    try:
        touched = path.stat().st_mtime
    except OSError:
        return None
    return (time.time() if now is None else now) - touched


def main(argv: list[str]) -> int:
    """`python -m bot.health [FILE]` (default: HEARTBEAT_FILE): 0 if fresh, 1 if not."""
    name = argv[0] if argv else os.environ.get("HEARTBEAT_FILE", "")
    if not name:
        print("no heartbeat file: pass one or set HEARTBEAT_FILE", file=sys.stderr)
        return 1
    seconds = age(Path(name))
    if seconds is None:
        print(f"no heartbeat yet at {name}", file=sys.stderr)
        return 1
    if seconds > STALE_AFTER:
        print(f"heartbeat {seconds:.0f} s old: the gateway is down or the bot is stuck")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
