"""Cross-process use: the control API, `python -m emulator`, a bot killed and restarted."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

from emulator import Emulator
from emulator.fixtures import connect_client
from emulator.remote import RemoteEmulator, RemoteError
from tests.emulator.client import STOCK_DISCORD_PY
from tests.emulator.minibot import MiniBot


async def test_standalone_emulator_driven_over_http() -> None:
    """`python -m emulator` in its own process, driven through the control API."""
    proc = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "emulator", "--port", "0", "--seed", "--users", "1"),
        stdout=asyncio.subprocess.PIPE,
    )
    try:
        assert proc.stdout is not None
        lines: dict[str, str] = {}
        while "USER1_ID" not in lines:
            raw = await asyncio.wait_for(proc.stdout.readline(), 10)
            key, _, value = raw.decode().strip().partition("=")
            lines[key] = value
        assert lines["TAPIS_DISCORD_GATEWAY"].startswith("ws://127.0.0.1:")
        async with RemoteEmulator(lines["TAPIS_EMULATOR_CONTROL"]) as remote:
            assert remote.api_base == lines["TAPIS_DISCORD_API_BASE"]
            alice, chan = lines["USER1_ID"], lines["CHANNEL_ID"]
            async with connect_client(remote, MiniBot()):
                assert (await remote.info())["connected"]
                started = await remote.slash(alice, chan, "echo", {"text": "remote"})
                done = await remote.interaction(started["id"], wait="response")
                assert [m["content"] for m in done["messages"]] == ["remote"]
                assert [m["content"] for m in await remote.visible(alice, chan)] == ["remote"]
                with pytest.raises(RemoteError, match="never registered"):
                    await remote.slash(alice, chan, "nope")
            found = (await remote.violations())["violations"]
            assert [v for v in found if v["kind"] not in STOCK_DISCORD_PY] == []
    finally:
        proc.terminate()
        await proc.wait()


BOT_SCRIPT = """
import os

import discord
import yarl
from discord import app_commands
from discord.gateway import DiscordWebSocket
from discord.http import Route

Route.BASE = os.environ["TAPIS_DISCORD_API_BASE"]
DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["TAPIS_DISCORD_GATEWAY"])


class Seat(discord.ui.DynamicItem[discord.ui.Button], template=r"s:(?P<n>[0-9]+)"):
    def __init__(self, n):
        super().__init__(discord.ui.Button(label="Sit", custom_id=f"s:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["n"]))

    async def callback(self, interaction):
        text = f"seat {self.n} pid {os.getpid()}"
        await interaction.response.edit_message(content=text, view=None)


class Bot(discord.Client):
    def __init__(self):
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)
        self.tree = app_commands.CommandTree(self)

    async def setup_hook(self):
        self.add_dynamic_items(Seat)
        await self.tree.sync()


bot = Bot()


@bot.tree.command(description="Sit down")
async def sit(interaction: discord.Interaction) -> None:
    view = discord.ui.View(timeout=None)
    view.add_item(Seat(7))
    await interaction.response.send_message(f"pid {os.getpid()}", view=view, ephemeral=True)


bot.run("x", log_handler=None)
"""


async def test_bot_in_another_process_survives_sigkill(emulator: Emulator, tmp_path: Path) -> None:
    guild = emulator.create_guild()
    chan = emulator.create_channel(guild)
    alice = emulator.create_user("alice", guild=guild)
    script = tmp_path / "bot.py"
    script.write_text(BOT_SCRIPT)
    env = {**os.environ, **emulator.env()}
    procs: list[asyncio.subprocess.Process] = []

    async def spawn() -> asyncio.subprocess.Process:
        procs.append(await asyncio.create_subprocess_exec(sys.executable, str(script), env=env))
        return procs[-1]

    try:
        first = await spawn()
        await emulator.wait_connected(identifies=1)
        await emulator.wait_commands("sit")
        msg = await (await emulator.slash(alice, chan, "sit")).wait_response()
        assert msg is not None and msg.content == f"pid {first.pid}"
        first.kill()
        await first.wait()
        await emulator.wait_for(lambda: not emulator.gateway.connected)
        second = await spawn()
        await emulator.wait_connected(identifies=2)
        click = await emulator.click(alice, msg, "Sit")
        edited = await click.wait_response()
        assert edited is not None and edited.id == msg.id
        assert edited.content == f"seat 7 pid {second.pid}"
    finally:
        for proc in procs:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
