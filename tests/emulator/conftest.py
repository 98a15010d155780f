"""Fixtures for the emulator's own tests."""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import pytest

from emulator import Emulator
from tests.emulator.client import STOCK_DISCORD_PY, USER_AGENT, Api


@pytest.fixture(autouse=True)
def stock_discord_py(request: pytest.FixtureRequest) -> None:
    """The test bots here are stock discord.py: what it breaks is expected (client.py)."""
    if "emulator" in request.fixturenames:
        emulator: Emulator = request.getfixturevalue("emulator")
        emulator.expect_violations(*STOCK_DISCORD_PY)


@pytest.fixture
async def api(emulator: Emulator) -> AsyncIterator[Api]:
    """Raw HTTP as the bot, to one channel of one guild."""
    guild = emulator.create_guild("Club")
    chan = emulator.create_channel(guild, "tables")
    alice = emulator.create_user("alice", guild=guild)
    emulator.limits.rate_limit = 10_000  # these tests are about validation, not the 429
    async with aiohttp.ClientSession(headers={"User-Agent": USER_AGENT}) as http:
        yield Api(emulator, http, guild, chan, alice)
