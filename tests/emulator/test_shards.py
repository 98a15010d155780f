"""Shards as Discord serves them: IDENTIFY with [shard_id, shard_count], a READY per shard
listing that shard's guilds, each guild's events on its shard's connection only, and the
recommended count from GET /gateway/bot; plus Discord's global request limit."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from emulator import Emulator
from emulator.fixtures import connect_client


class ShardBot(discord.AutoShardedClient):
    """Runs some shards; notes which guilds it sees and which interactions reach it."""

    def __init__(self, shard_ids: list[int] | None, shard_count: int | None) -> None:
        super().__init__(
            intents=discord.Intents.default(),
            shard_ids=shard_ids,
            shard_count=shard_count,
            guild_ready_timeout=0.05,
        )
        self.tree = app_commands.CommandTree(self)
        self.pings: list[tuple[int, int | None]] = []  # (guild id, shard id) of each /ping

        @self.tree.command(description="Answer with the shard")
        async def ping(interaction: discord.Interaction) -> None:
            assert interaction.guild_id is not None
            shard = interaction.guild.shard_id if interaction.guild else None
            self.pings.append((interaction.guild_id, shard))
            await interaction.response.send_message(f"pong from shard {shard}")

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py waits 5 s between two shards' IDENTIFY (Discord's limit); not here."""


@contextlib.asynccontextmanager
async def raw_gateway(emulator: Emulator) -> AsyncIterator[aiohttp.ClientWebSocketResponse]:
    async with aiohttp.ClientSession() as http, http.ws_connect(emulator.gateway_url) as ws:
        hello = json.loads((await ws.receive()).data)
        assert hello["op"] == 10
        yield ws


async def identify(ws: aiohttp.ClientWebSocketResponse, shard: list[int]) -> list[dict[str, Any]]:
    """IDENTIFY on a raw socket; the frames it brings, or the close it ends with.

    A heartbeat right behind it marks the end: the gateway answers each frame in turn on
    one ordered socket, so its ACK comes after everything the IDENTIFY sent."""
    await ws.send_json({"op": 2, "d": {"token": "x", "intents": 1, "shard": shard}})
    await ws.send_json({"op": 1, "d": None})
    frames = []
    while True:
        msg = await ws.receive()
        if msg.type != aiohttp.WSMsgType.TEXT:
            frames.append({"closed": ws.close_code})
            return frames
        frame = json.loads(msg.data)
        if frame.get("op") == 11:  # HEARTBEAT_ACK
            return frames
        frames.append(frame)


async def test_each_shard_gets_a_ready_with_its_own_guilds(emulator: Emulator) -> None:
    on = {s: [emulator.create_guild(f"g{s}{n}", shard=(s, 3)) for n in range(2)] for s in range(3)}
    for shard in range(3):
        async with raw_gateway(emulator) as ws:
            frames = await identify(ws, [shard, 3])
        ready = next(f["d"] for f in frames if f.get("t") == "READY")
        assert ready["shard"] == [shard, 3]
        listed = {int(g["id"]) for g in ready["guilds"]}
        created = {int(f["d"]["id"]) for f in frames if f.get("t") == "GUILD_CREATE"}
        assert listed == created == {g.id for g in on[shard]}


async def test_an_impossible_shard_is_closed_with_4010(emulator: Emulator) -> None:
    for shard in ([2, 2], [-1, 2], [0, 0]):
        async with raw_gateway(emulator) as ws:
            frames = await identify(ws, shard)
        assert frames == [{"closed": 4010}], shard


async def test_too_many_guilds_for_one_shard_is_closed_with_4011(emulator: Emulator) -> None:
    for n in range(3):
        emulator.create_guild(f"g{n}")
    emulator.limits.guilds_per_shard = 2
    async with raw_gateway(emulator) as ws:
        assert await identify(ws, [0, 1]) == [{"closed": 4011}]
    async with raw_gateway(emulator) as ws:
        frames = await identify(ws, [0, 2])
    assert any(f.get("t") == "READY" for f in frames)


async def test_guild_events_and_interactions_arrive_only_on_their_shard(
    emulator: Emulator,
) -> None:
    guilds = [emulator.create_guild(f"club {s}", shard=(s, 2)) for s in (0, 1)]
    channels = [emulator.create_channel(g, "tables") for g in guilds]
    users = [emulator.create_user(f"u{s}", guild=g) for s, g in enumerate(guilds)]
    first, second = ShardBot([0], 2), ShardBot([1], 2)
    async with connect_client(emulator, first), connect_client(emulator, second):
        assert [g.id for g in first.guilds] == [guilds[0].id]
        assert [g.id for g in second.guilds] == [guilds[1].id]
        assert emulator.gateway.connected_shards() == [0, 1]
        await emulator.wait_commands("ping")
        for shard in (1, 0, 1):
            reply = await (await emulator.slash(users[shard], channels[shard], "ping")).wait_final()
            assert reply is not None and reply.content == f"pong from shard {shard}"
        assert first.pings == [(guilds[0].id, 0)]
        assert second.pings == [(guilds[1].id, 1), (guilds[1].id, 1)]

        late = emulator.create_guild("late", shard=(1, 2))
        # Created after it, on the other shard: by the time the first bot has this one, it
        # would have had `late` too, had it been sent on its (ordered) connection.
        later = emulator.create_guild("later", shard=(0, 2))
        await emulator.wait_for(lambda: second.get_guild(late.id) is not None)
        await emulator.wait_for(lambda: first.get_guild(later.id) is not None)
        assert first.get_guild(late.id) is None


async def test_recommended_shard_count_comes_from_gateway_bot(emulator: Emulator) -> None:
    async with aiohttp.ClientSession() as http:
        url = emulator.api_base + "/gateway/bot"
        async with http.get(url, headers={"Authorization": "Bot x"}) as resp:
            assert (await resp.json())["shards"] == 1
    emulator.recommended_shards = 3
    guilds = [emulator.create_guild(f"g{s}", shard=(s, 3)) for s in range(3)]
    bot = ShardBot(None, None)  # no count: discord.py asks /gateway/bot
    async with connect_client(emulator, bot):
        assert bot.shard_count == 3
        assert emulator.gateway.connected_shards() == [0, 1, 2]
        assert sorted(g.id for g in bot.guilds) == sorted(g.id for g in guilds)
        assert {g.id: g.shard_id for g in bot.guilds} == {g.id: s for s, g in enumerate(guilds)}


async def test_a_dropped_shard_resumes_without_the_others_noticing(emulator: Emulator) -> None:
    guilds = [emulator.create_guild(f"club {s}", shard=(s, 2)) for s in (0, 1)]
    bot = ShardBot([0, 1], 2)
    async with connect_client(emulator, bot):
        before = dict(emulator.gateway.identifies_by_shard)
        await emulator.drop_connection(shard=1)
        late = emulator.create_guild("during the drop", shard=(1, 2))
        await emulator.wait_connected(shard=1)
        await emulator.wait_for(lambda: bot.get_guild(late.id) is not None)
        assert emulator.gateway.identifies_by_shard == before  # resumed, not re-identified
        assert emulator.gateway.resumes == 1
        assert {g.id for g in bot.guilds} == {guilds[0].id, guilds[1].id, late.id}


@pytest.mark.parametrize("exempt", [False, True])
async def test_the_global_limit_counts_bot_token_requests_only(
    emulator: Emulator, exempt: bool
) -> None:
    """50 bot-token requests in a second, then a global 429; interaction routes are free."""
    emulator.limits.global_rate = 5
    async with aiohttp.ClientSession() as http:
        statuses = []
        for _ in range(7):
            if exempt:  # an interaction route (an unknown interaction: 404, but not limited)
                url = emulator.api_base + "/interactions/1/nope/callback"
                async with http.post(url, json={"type": 4}) as resp:
                    statuses.append(resp.status)
            else:
                url = emulator.api_base + "/users/@me"
                async with http.get(url, headers={"Authorization": "Bot x"}) as resp:
                    statuses.append(resp.status)
                    if resp.status == 429:
                        body = await resp.json()
                        assert body["global"] is True
                        assert resp.headers["X-RateLimit-Scope"] == "global"
    if exempt:
        emulator.expect_violations("unknown_interaction")
        assert 429 not in statuses
    else:
        assert statuses == [200] * 5 + [429] * 2
        assert emulator.rate_limited == ["GET /users/@me global"] * 2


async def test_discord_py_waits_out_a_global_429_and_retries(emulator: Emulator) -> None:
    """A bot over the global limit is slowed down, not failed: discord.py sleeps and retries."""
    emulator.limits.global_rate = 3
    emulator.limits.rate_limit = 100  # the channel's own limit out of the way: the global one
    guild = emulator.create_guild("club")
    channel = emulator.create_channel(guild, "tables")
    bot = ShardBot([0], 1)
    async with connect_client(emulator, bot):
        target = bot.get_partial_messageable(channel.id)
        sent = [await target.send(f"n{i}") for i in range(6)]
    assert [m.content for m in sent] == [f"n{i}" for i in range(6)]
    assert any(r.endswith(" global") for r in emulator.rate_limited)
