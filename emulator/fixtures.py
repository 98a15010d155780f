"""Pytest plugin: the `emulator` fixture and `connect_client`, to run a real discord.py client.

Registered from tests/conftest.py. A test that provokes rule breaks on purpose declares them with
`@pytest.mark.emulator_allows("ack_timeout", ...)` or `emulator.expect_violations(...)`.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Protocol

import discord
import pytest
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from .drivers import Emulator


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "emulator_allows(*kinds): Discord-rule violations this test expects"
    )


@pytest.fixture
async def emulator(request: pytest.FixtureRequest) -> AsyncIterator[Emulator]:
    """A started emulator on 127.0.0.1 (random port); fails the test on unexpected violations."""
    emu = Emulator()
    marker = request.node.get_closest_marker("emulator_allows")
    if marker is not None:
        emu.expect_violations(*marker.args)
    await emu.start()
    try:
        yield emu
    finally:
        await emu.stop()
    fail_on_unexpected_violations(emu)


def fail_on_unexpected_violations(emu: Emulator) -> None:
    """Fail the current test with every rule break it did not declare as expected."""
    unexpected = emu.unexpected_violations()
    if unexpected:
        lines = "\n".join(f"  - {v}" for v in unexpected)
        pytest.fail(f"the bot broke Discord rules:\n{lines}", pytrace=False)


class Endpoint(Protocol):
    """Anything that knows the URLs: an Emulator, or a RemoteEmulator for another process."""

    @property
    def api_base(self) -> str: ...

    @property
    def gateway_url(self) -> str: ...


@contextlib.asynccontextmanager
async def connect_client(
    emu: Endpoint, client: discord.Client, token: str = "x", *, timeout: float = 10.0
) -> AsyncIterator[discord.Client]:
    """Point discord.py at the emulator, start `client`, wait for on_ready, close it after.

    Route.BASE and DEFAULT_GATEWAY are class attributes read at request/connect time, so they
    stay patched while the client runs and are restored once it is closed.
    """
    old_base, old_gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = emu.api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(emu.gateway_url)
    task = asyncio.create_task(client.start(token), name="emulated-discord-client")
    try:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not client.is_ready():
            if task.done():
                task.result()
                raise RuntimeError("the client stopped before it was ready")
            if loop.time() > deadline:
                raise TimeoutError(f"client not ready after {timeout} s")
            await asyncio.sleep(0.01)
        yield client
    finally:
        await client.close()
        try:
            await asyncio.wait_for(task, 5.0)
        except (asyncio.CancelledError, TimeoutError):
            task.cancel()
        except Exception:  # the test body's own failure matters more than a close-time error
            pass
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = old_base, old_gateway
