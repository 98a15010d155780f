"""Fixtures for the emulator's own tests."""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import pytest

from emulator import Emulator
from tests.emulator.client import Api


@pytest.fixture
async def api(emulator: Emulator) -> AsyncIterator[Api]:
    """Raw HTTP as the bot, to one channel of one guild."""
    guild = emulator.create_guild("Club")
    chan = emulator.create_channel(guild, "tables")
    alice = emulator.create_user("alice", guild=guild)
    emulator.limits.rate_limit = 10_000  # these tests are about validation, not the 429
    async with aiohttp.ClientSession() as http:
        yield Api(emulator, http, guild, chan, alice)
