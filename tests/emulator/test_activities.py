"""The emulator's Activity side: codes exchanged once, with the application's secret, for a
token of that user only; instances listing only their participants; the Entry Point
command kept through bulk updates."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from emulator import Emulator
from emulator.model import Command

pytestmark = pytest.mark.emulator
AGENT = {"User-Agent": "DiscordBot (https://example.org, 1)"}


async def exchange(http: aiohttp.ClientSession, emu: Emulator, code: str, secret: str) -> Any:
    form = {
        "client_id": str(emu.application_id),
        "client_secret": secret,
        "grant_type": "authorization_code",
        "code": code,
    }
    async with http.post(f"{emu.api_base}/oauth2/token", data=form, headers=AGENT) as response:
        return response.status, await response.json()


async def test_a_code_gives_one_token_of_its_own_user_once(emulator: Emulator) -> None:
    guild = emulator.create_guild("g")
    alice = emulator.create_user("alice", guild=guild)
    secret = emulator.activities.client_secret
    async with aiohttp.ClientSession() as http:
        code = emulator.activities.authorize(alice)
        assert (await exchange(http, emulator, code, "wrong"))[0] == 401
        status, body = await exchange(http, emulator, code, secret)
        assert status == 200
        assert (await exchange(http, emulator, code, secret))[0] == 400  # used already
        auth = {**AGENT, "Authorization": f"Bearer {body['access_token']}"}
        async with http.get(f"{emulator.api_base}/users/@me", headers=auth) as response:
            assert (await response.json())["id"] == str(alice.id)
        forged = {**AGENT, "Authorization": "Bearer forged"}
        async with http.get(f"{emulator.api_base}/users/@me", headers=forged) as response:
            assert response.status == 401


async def test_an_instance_lists_only_who_launched_or_joined_it(emulator: Emulator) -> None:
    guild = emulator.create_guild("g")
    here, there = emulator.create_channel(guild, "ici"), emulator.create_channel(guild, "la")
    alice, bob, carol = (emulator.create_user(n, guild=guild) for n in ("a", "b", "c"))
    instance = emulator.activities.launch(alice, here)
    assert emulator.activities.launch(bob, here) is instance
    assert emulator.activities.launch(carol, there) is not instance
    path = f"/applications/{emulator.application_id}/activity-instances/{instance.id}"
    async with aiohttp.ClientSession() as http:
        bot = {**AGENT, "Authorization": "Bot x"}
        async with http.get(emulator.api_base + path, headers=bot) as response:
            body = await response.json()
        assert body["users"] == [str(alice.id), str(bob.id)]
        assert body["location"]["channel_id"] == str(here.id)
        async with http.get(emulator.api_base + path + "x", headers=bot) as response:
            assert response.status == 404
        async with http.get(emulator.api_base + path, headers=AGENT) as response:
            assert response.status == 401


async def test_a_bulk_update_may_not_drop_the_entry_point_command(emulator: Emulator) -> None:
    emulator.expect_violations("entry_point_removed")
    world = emulator.world
    definition = {"name": "launch", "type": 4, "handler": 2, "contexts": [0]}
    world.global_commands["launch"] = Command(1, "launch", 4, None, definition, 1)
    path = f"{emulator.api_base}/applications/{emulator.application_id}/commands"
    async with aiohttp.ClientSession() as http:
        bot = {**AGENT, "Authorization": "Bot x"}
        async with http.put(path, json=[], headers=bot) as response:
            assert response.status == 400
            assert (await response.json())["code"] == 50240
        async with http.put(path, json=[definition], headers=bot) as response:
            assert response.status == 200
