"""The container health check of the one image, for the bot or the web it runs.

`python -m bot.health [--bot | --web] [FILE]` exits 0 when healthy and 1 otherwise, which
is what Docker's HEALTHCHECK needs. Without `--bot` or `--web` it checks the process the
container runs: the web when the container's main process (PID 1) is `python -m web`, else
the bot.

- The bot: while every shard of the process has a live gateway connection, the bot touches
  a file (HEARTBEAT_FILE) every few seconds; healthy while it was touched within the last
  minute. A bot stuck reconnecting, or whose event loop is blocked, stops touching it; a
  crashed one is restarted by the container's restart policy anyway.
- The web: healthy while it answers HTTP on its address (WEB_HOST and WEB_PORT, or the
  `--host` and `--port` it was started with).

Importing this module loads nothing of discord.py, so the check stays cheap.
"""

from __future__ import annotations

import asyncio
import http.client
import itertools
import os
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

BEAT_EVERY = 10.0  # seconds between two touches while connected
STALE_AFTER = 60.0  # seconds after which a heartbeat no longer counts as alive
MAIN_PROCESS = Path("/proc/1/cmdline")  # the container's main process, on Linux
WEB_TIMEOUT = 5.0  # seconds the web has to answer the check


async def beat(
    path: Path,
    alive: Callable[[], bool],
    every: float = BEAT_EVERY,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> None:
    """Touch `path` every `every` seconds while `alive()`, checking every second while it
    is not (so that a fresh connection shows at once); runs until cancelled. `sleep` is
    how it waits (a test's clock)."""
    while True:
        if alive():
            await asyncio.to_thread(path.touch)  # a file system call: off the event loop
            await sleep(every)
        else:
            await sleep(min(every, 1.0))


def age(path: Path, now: float | None = None) -> float | None:
    """Seconds since the heartbeat was last touched; None if there is none."""
    try:
        touched = path.stat().st_mtime
    except OSError:
        return None
    return (time.time() if now is None else now) - touched


def runs_web(command: Sequence[str]) -> bool:
    """Whether a command line is the web companion's (`python -m web ...`, maybe behind an
    init process such as `docker run --init`'s)."""
    return any(a == "-m" and b == "web" for a, b in itertools.pairwise(command))


def main_command(path: Path = MAIN_PROCESS) -> list[str]:
    """The command line of the container's main process; empty if it cannot be read."""
    try:
        raw = path.read_bytes()
    except OSError:
        return []
    return [part.decode(errors="replace") for part in raw.split(b"\0") if part]


def web_address(command: Sequence[str]) -> tuple[str, int]:
    """Where the web started by `command` listens: its --host and --port, else WEB_HOST
    and WEB_PORT (the environment, or .env), else their defaults; an address that means
    every interface is checked on loopback."""
    from web.config import WebSettings  # the web's own settings, only in this mode

    settings = WebSettings()
    host, port = settings.web_host, settings.web_port
    for i, arg in enumerate(command):
        name, equals, value = arg.partition("=")
        if not equals and i + 1 < len(command):
            value = command[i + 1]
        if name == "--host":
            host = value
        elif name == "--port" and value.isdigit():
            port = int(value)
    if host in ("", "0.0.0.0"):
        host = "127.0.0.1"
    elif host == "::":
        host = "::1"
    return host, port


def web_healthy(host: str, port: int, timeout: float = WEB_TIMEOUT) -> str | None:
    """None when the web answers HTTP at host:port (any status below 500); else why not."""
    connection = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        connection.request("GET", "/")
        status = connection.getresponse().status
    except (OSError, http.client.HTTPException) as exc:
        return f"the web does not answer at {host}:{port} ({type(exc).__name__})"
    finally:
        connection.close()
    return None if status < 500 else f"the web answers {status} at {host}:{port}"


def bot_healthy(name: str) -> str | None:
    """None when the heartbeat file `name` is fresh; else why not."""
    if not name:
        return "no heartbeat file: pass one or set HEARTBEAT_FILE"
    seconds = age(Path(name))
    if seconds is None:
        return f"no heartbeat yet at {name}"
    if seconds > STALE_AFTER:
        return f"heartbeat {seconds:.0f} s old: the gateway is down or the bot is stuck"
    return None


def main(argv: list[str], main_process: Path = MAIN_PROCESS) -> int:
    """`python -m bot.health [--bot | --web] [FILE]`: 0 if healthy, 1 if not."""
    mode = argv[0] if argv and argv[0] in ("--bot", "--web") else None
    rest = argv[1:] if mode else argv
    command = main_command(main_process) if mode is None else []
    if mode == "--web" or (mode is None and runs_web(command)):
        from pydantic import ValidationError

        from web.config import settings_problem

        try:
            problem = web_healthy(*web_address(command))
        except ValidationError as exc:
            problem = settings_problem(exc)
    else:
        problem = bot_healthy(rest[0] if rest else os.environ.get("HEARTBEAT_FILE", ""))
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
