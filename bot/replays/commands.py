"""/revoir and the replay buttons: finished matches watched again, move by move.

Every replay answer is ephemeral and goes to the clicker alone. What a click names (table,
step) is untrusted: the match must be a finished one of the clicker's own server, and the
step inside it, or the clicker gets a short refusal in their language and nothing else.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from ..discord_io.replies import answer_later, guard, refuse
from ..discord_io.writes import is_ephemeral, release
from ..i18n.translate import lang_of, ls
from ..render.weblinks import WebLinks
from ..table.service import TableService
from .book import Replay, ReplayBook, ReplayError
from .display import LIST_SIZE, known_games, list_message, replay_embed, replay_view

ACK_BUDGET = 2.0  # seconds a replay may take to load before the click is acknowledged first


class ReplaysCog(commands.Cog):
    def __init__(self, book: ReplayBook, service: TableService, web: WebLinks | None) -> None:
        self.book = book
        self.service = service
        self.web = web

    @app_commands.command(name=ls("cmd.replay"), description=ls("cmd.replay.desc"))
    @app_commands.guild_only()
    async def replay(self, interaction: discord.Interaction[Any]) -> None:
        await self.list_replays(interaction)

    async def cog_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await guard(interaction, error)

    # --- the flows ------------------------------------------------------------------------
    async def list_replays(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.guild_id is None:
            await refuse(interaction, "err.no_guild")
            return
        lang = lang_of(interaction.locale)
        found = await self.service.store.history.recent(
            interaction.guild_id, user_id=interaction.user.id, limit=LIST_SIZE
        )
        embed, view = list_message(known_games(found), interaction.user.id, lang)
        if view is None:
            await interaction.response.send_message(embed=embed, ephemeral=True)
        else:
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
        release(view)

    async def show_replay(
        self, interaction: discord.Interaction[Any], table_id: int, step: int, *, new: bool
    ) -> None:
        """The finished match at `table_id` at `step`: a new ephemeral when `new` (or when
        the click did not come from an ephemeral), else the clicked replay redrawn."""
        guild_id = interaction.guild_id
        if guild_id is None:
            await refuse(interaction, "err.no_guild")
            return
        new = new or not is_ephemeral(interaction)
        loading = asyncio.ensure_future(self.book.get(guild_id, table_id))
        done, _ = await asyncio.wait({loading}, timeout=ACK_BUDGET)
        if not done:  # a slow database: acknowledge now, answer when loaded
            if new:
                await interaction.response.defer(ephemeral=True, thinking=True)
            else:
                await interaction.response.defer()
        try:
            replay = await loading
        except ReplayError:
            await refuse(interaction, "replay.broken")
            return
        if replay is None:
            await refuse(interaction, self._why_none(guild_id, table_id))
            return
        if not 0 <= step <= replay.total:
            await refuse(interaction, "replay.bad_step")
            return
        await self._show(interaction, replay, step, new)

    def _why_none(self, guild_id: int, table_id: int) -> str:
        """A table of this server still open says so; anything else is simply not found
        (another server's table is not even said to exist)."""
        live = self.service.tables.get(table_id)
        if live is not None and live.guild_id == guild_id:
            return "replay.unfinished"
        return "replay.unknown"

    async def _show(
        self, interaction: discord.Interaction[Any], replay: Replay, step: int, new: bool
    ) -> None:
        lang = lang_of(interaction.locale)
        url = None
        if self.web is not None and replay.settled:
            url = self.web.settled(replay.guild_id, replay.table_id, lang, step=step)
        elif self.web is not None:
            url = self.web.match(replay.guild_id, replay.match_id, lang, step=step)
        embed = replay_embed(replay, step, lang)
        view = replay_view(replay, step, lang, url)
        response = interaction.response
        if new and response.is_done():
            await answer_later(interaction, embed=embed, view=view)
        elif new:
            await response.send_message(embed=embed, view=view, ephemeral=True)
        elif response.is_done():
            await interaction.edit_original_response(embed=embed, view=view)
        else:
            await response.edit_message(embed=embed, view=view)
        release(view)
