"""The container health check: the bot's heartbeat, touched while the gateway is connected,
and the web's answer on its port; the one image checks whichever process it runs."""

from __future__ import annotations

import asyncio
import contextlib
import http.server
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.app.client import TapisBot
from bot.app.settings import Settings
from bot.health import STALE_AFTER, age, beat, main
from db import upgrade
from emulator.drivers import Emulator
from emulator.fixtures import connect_client
from tests.bot.clock import ManualClock

ROOT = Path(__file__).resolve().parents[2]


def test_the_check_passes_only_on_a_fresh_heartbeat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "alive"
    bot = tmp_path / "cmdline"  # the container's main process: the bot
    bot.write_bytes(b"python\0-m\0bot\0")
    monkeypatch.delenv("HEARTBEAT_FILE", raising=False)
    assert main([], bot) == 1  # no file named at all
    assert main([str(path)], bot) == 1  # never touched
    path.touch()
    assert main([str(path)], bot) == 0
    old = time.time() - STALE_AFTER - 5
    os.utime(path, (old, old))
    assert main([str(path)], bot) == 1
    path.touch()
    monkeypatch.setenv("HEARTBEAT_FILE", str(path))
    assert main([], bot) == 0
    assert main([], tmp_path / "unreadable") == 0  # no main process to read: the bot


async def test_beat_touches_only_while_alive(tmp_path: Path) -> None:
    path = tmp_path / "alive"
    alive = False
    clock = ManualClock()
    naps: asyncio.Queue[float] = asyncio.Queue()

    async def sleep(seconds: float) -> None:
        naps.put_nowait(seconds)  # told each wait as it begins
        await clock.sleep(seconds)

    task = asyncio.create_task(beat(path, lambda: alive, every=10.0, sleep=sleep))
    try:
        assert await naps.get() == 1.0  # not connected: looks again in a second
        await clock.advance(1.0)
        assert await naps.get() == 1.0
        assert not path.exists()
        alive = True
        await clock.advance(1.0)
        assert await naps.get() == 10.0  # touched, then waits its period
        assert (age(path) or 99) < STALE_AFTER
        old = time.time() - STALE_AFTER - 5
        os.utime(path, (old, old))
        await clock.advance(10.0)
        assert await naps.get() == 10.0
        assert (age(path) or 99) < STALE_AFTER  # touched again
        alive = False
        os.utime(path, (old, old))
        await clock.advance(10.0)
        assert await naps.get() == 1.0
        assert (age(path) or 0) > STALE_AFTER  # not touched once the gateway is gone
    finally:
        task.cancel()


async def test_the_bot_beats_while_connected_and_stops_when_closed(
    emulator: Emulator, tmp_path: Path
) -> None:
    path = tmp_path / "heartbeat"
    url = f"sqlite+aiosqlite:///{tmp_path / 't.db'}"
    settings = Settings(  # type: ignore[call-arg]
        discord_token="x", database_url=url, heartbeat_file=str(path), _env_file=None
    )
    bot = TapisBot(settings, clock=ManualClock())
    async with connect_client(emulator, bot):
        await emulator.wait_for(path.exists)
        assert bot.gateway_connected()
    assert not bot.gateway_connected()
    assert bot.heartbeat is not None and bot.heartbeat.done()


@contextlib.contextmanager
def answering(status: int) -> Iterator[int]:
    """An HTTP server on a loopback port answering every GET with `status`; its port."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(status)
            self.end_headers()

        def log_message(self, *_args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def test_a_container_running_the_web_is_checked_on_the_web_port(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No heartbeat in a web container: what counts is that the web answers, on the port
    its command line or WEB_PORT gives."""
    monkeypatch.chdir(tmp_path)  # no .env
    monkeypatch.delenv("HEARTBEAT_FILE", raising=False)
    monkeypatch.setenv("WEB_HOST", "0.0.0.0")
    web = tmp_path / "cmdline"
    with answering(200) as port:
        monkeypatch.setenv("WEB_PORT", str(port))
        web.write_bytes(b"python\0-m\0web\0")
        assert main([], web) == 0
        web.write_bytes(b"/sbin/docker-init\0--\0python\0-m\0web\0")  # docker run --init
        assert main([], web) == 0
        monkeypatch.setenv("WEB_PORT", str(free_port()))
        assert main([], web) == 1  # nothing on WEB_PORT
        web.write_bytes(f"python\0-m\0web\0--port\0{port}\0".encode())
        assert main([], web) == 0  # the command line's --port wins
        web.write_bytes(b"python\0-m\0bot\0")
        assert main([], web) == 1  # the bot: no heartbeat
    with answering(503) as port:
        monkeypatch.setenv("WEB_PORT", str(port))
        assert main(["--web"], web) == 1  # an error page is not healthy


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def health(mode: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """`python -m bot.health <mode>` as the image's HEALTHCHECK runs it."""
    return subprocess.run(
        [sys.executable, "-m", "bot.health", mode],
        cwd=cwd,
        env={"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.slow
async def test_the_health_command_checks_a_running_web(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 't.db'}"
    await upgrade(url)  # the web refuses a database the bot has not migrated
    port = free_port()
    env = {
        "WEB_BASE_URL": "https://tapis.example.org",
        "WEB_SECRET": "a-test-secret-that-is-long-enough-0123456789",
        "DATABASE_URL": url,
        "WEB_HOST": "0.0.0.0",
        "WEB_PORT": str(port),
    }
    assert health("--web", env, tmp_path).returncode == 1  # not started yet
    web = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "web"),
        cwd=tmp_path,
        env={"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT), **env},
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        assert web.stderr is not None
        while b"Uvicorn running on" not in await asyncio.wait_for(web.stderr.readline(), 60):
            pass
        result = await asyncio.to_thread(health, "--web", env, tmp_path)
        assert result.returncode == 0, result.stderr
    finally:
        web.terminate()
        await web.wait()
    result = await asyncio.to_thread(health, "--web", env, tmp_path)
    assert result.returncode == 1 and f"does not answer at 127.0.0.1:{port}" in result.stderr


@pytest.mark.slow
def test_the_health_command_checks_the_bot_heartbeat(tmp_path: Path) -> None:
    beat_file = tmp_path / "heartbeat"
    env = {"HEARTBEAT_FILE": str(beat_file)}
    assert health("--bot", env, tmp_path).returncode == 1
    beat_file.touch()
    assert health("--bot", env, tmp_path).returncode == 0
