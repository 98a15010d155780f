"""`/concours créer <jeu>`: a server manager organises a concours in the channel."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from ..discord_io.replies import guard
from ..discord_io.tree import manage_server, manage_server_group
from ..i18n.translate import ls
from ..table.commands import game_choices
from ..table.model import DEFAULT_TIMER
from .desk import Desk

FORMATS = [
    app_commands.Choice(name=ls("choice.format.swiss"), value="swiss"),
    app_commands.Choice(name=ls("choice.format.round_robin"), value="round_robin"),
]


class ConcoursCog(commands.Cog):
    concours = manage_server_group("cmd.concours", "cmd.concours.desc")

    def __init__(self, desk: Desk) -> None:
        self.desk = desk

    @concours.command(name=ls("cmd.concours.create"), description=ls("cmd.concours.create.desc"))
    @manage_server
    @app_commands.rename(
        game=ls("param.game"),
        name=ls("param.name"),
        format=ls("param.format"),
        rounds=ls("param.rounds"),
        deals=ls("param.deals"),
        timer=ls("param.timer"),
        duplicate=ls("param.duplicate"),
        rated=ls("param.rated"),
        start=ls("param.start"),
        ai_bye=ls("param.ai_bye"),
    )
    @app_commands.describe(
        game=ls("param.game.desc"),
        name=ls("param.name.desc"),
        format=ls("param.format.desc"),
        rounds=ls("param.rounds.desc"),
        deals=ls("param.deals.desc"),
        timer=ls("param.timer.desc"),
        duplicate=ls("param.duplicate.desc"),
        rated=ls("param.rated.desc"),
        start=ls("param.start.desc"),
        ai_bye=ls("param.ai_bye.desc"),
    )
    @app_commands.choices(game=game_choices(), format=FORMATS)
    async def create(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        name: app_commands.Range[str, 1, 80],
        format: str = "swiss",
        rounds: app_commands.Range[int, 1, 15] = 3,
        deals: app_commands.Range[int, 1, 50] | None = None,
        timer: app_commands.Range[int, 0, 600] = DEFAULT_TIMER,
        duplicate: bool = False,
        rated: bool = True,
        start: app_commands.Range[str, 1, 40] | None = None,
        ai_bye: bool = False,
    ) -> None:
        settings = {
            "name": name,
            "format": format,
            "rounds": rounds,
            "round_deals": deals,
            "timer": timer,
            "duplicate": duplicate,
            "rated": rated,
            "ai_bye": ai_bye,
        }
        await self.desk.create(interaction, game, settings, start)

    async def cog_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await guard(interaction, error)
