"""/table, /tables and /rules."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import games

from .. import render
from ..controller import Controller
from ..i18n import count, lang_of, ls, tr
from ..replies import guard, refuse
from ..service import TableService


def game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=ls(f"game.{slug}"), value=slug) for slug in games.slugs()]


class TablesCog(commands.Cog):
    def __init__(self, controller: Controller, service: TableService) -> None:
        self.controller = controller
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
                game=render.game_name(t.game, lang),
                status=tr(f"status.{t.status}", lang),
                players=count(len(t.seats), "n.players", lang),
                where=f"<#{t.where_id}>",
            )
            for t in self.service.guild_tables(interaction.guild.id)[:20]
        ]
        embed = discord.Embed(
            title=tr("tables.title", lang), description="\n".join(rows) or tr("tables.none", lang)
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name=ls("cmd.rules"), description=ls("cmd.rules.desc"))
    @app_commands.rename(game=ls("param.game"))
    @app_commands.describe(game=ls("param.game.desc"))
    @app_commands.choices(game=game_choices())
    async def rules(self, interaction: discord.Interaction[Any], game: str) -> None:
        lang = lang_of(interaction.locale)
        if not games.known(game):
            await refuse(interaction, "err.unknown_game")
            return
        await interaction.response.send_message(
            render.rules_summary(game, lang)[:2000], ephemeral=True
        )

    async def cog_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await guard(interaction, error)
