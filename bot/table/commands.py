"""/table, /tables and /rules."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import games
from games.lang import amount

from ..discord_io.replies import guard, refuse
from ..i18n.translate import lang_of, ls, tr
from .model import Table
from .rules import rules_embed
from .service import TableService


def game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=ls(f"game.{slug}"), value=slug) for slug in games.slugs()]


class TablesCog(commands.Cog):
    def __init__(self, service: TableService) -> None:
        self.service = service

    @app_commands.command(name=ls("cmd.tables"), description=ls("cmd.tables.desc"))
    @app_commands.guild_only()
    async def tables(self, interaction: discord.Interaction[Any]) -> None:
        lang = lang_of(interaction.locale)
        if interaction.guild is None:
            await refuse(interaction, "err.no_guild")
            return
        rows = [
            tr(
                "tables.row",
                lang,
                table=t.id,
                game=games.game_name(t.game, lang),
                status=tr(f"status.{t.status}", lang),
                players=amount(len(t.seats), "player", lang),
                where=f"<#{t.where_id}>",
            )
            for t in self.service.guild_tables(interaction.guild.id)[:20]
        ]
        embed = discord.Embed(
            title=tr("tables.title", lang), description="\n".join(rows) or tr("tables.none", lang)
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name=ls("cmd.rules"), description=ls("cmd.rules.desc"))
    @app_commands.rename(game=ls("param.game"), table=ls("param.table"))
    @app_commands.describe(game=ls("param.game.desc"), table=ls("param.table.desc"))
    @app_commands.choices(game=game_choices())
    async def rules(
        self,
        interaction: discord.Interaction[Any],
        game: str | None = None,
        table: app_commands.Range[int, 1, 999_999_999_999] | None = None,
    ) -> None:
        """The game's rules; in a table's thread (or naming a table), its options too."""
        lang = lang_of(interaction.locale)
        if game is not None and not games.known(game):
            await refuse(interaction, "err.unknown_game")
            return
        found = self._table_for(interaction, table)
        if found is not None and game is not None and found.game != game:
            found = None  # another game's rules: its defaults, not this table's options
        slug = game or (found.game if found is not None else None)
        if slug is None:
            await refuse(interaction, "err.rules_which")
            return
        embed = rules_embed(slug, lang, found)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    def _table_for(
        self, interaction: discord.Interaction[Any], table_id: int | None
    ) -> Table | None:
        """The open table named, else the one whose thread this is; only this server's."""
        guild = interaction.guild
        if guild is None:
            return None
        tables = self.service.guild_tables(guild.id)
        if table_id is not None:
            return next((t for t in tables if t.id == table_id), None)
        channel_id = interaction.channel_id
        return next((t for t in tables if t.thread_id and t.thread_id == channel_id), None)

    async def cog_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await guard(interaction, error)
