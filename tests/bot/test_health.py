"""The heartbeat a container health check reads: touched while the gateway is connected."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest

from bot.client import TapisBot
from bot.config import Settings
from bot.health import STALE_AFTER, age, beat, main
from emulator.drivers import Emulator
from emulator.fixtures import connect_client
from tests.bot.clock import ManualClock


def test_the_check_passes_only_on_a_fresh_heartbeat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "alive"
    monkeypatch.delenv("HEARTBEAT_FILE", raising=False)
    assert main([]) == 1  # no file named at all
    assert main([str(path)]) == 1  # never touched
    path.touch()
    assert main([str(path)]) == 0
    old = time.time() - STALE_AFTER - 5
    os.utime(path, (old, old))
    assert main([str(path)]) == 1
    path.touch()
    monkeypatch.setenv("HEARTBEAT_FILE", str(path))
    assert main([]) == 0


async def test_beat_touches_only_while_alive(tmp_path: Path) -> None:
    path = tmp_path / "alive"
    alive = False
    task = asyncio.create_task(beat(path, lambda: alive, every=0.01))
    try:
        await asyncio.sleep(0.05)
        assert not path.exists()
        alive = True
        for _ in range(100):
            if path.exists():
                break
            await asyncio.sleep(0.01)
        assert (age(path) or 99) < 1.0
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
    assert bot._heartbeat is not None and bot._heartbeat.done()
