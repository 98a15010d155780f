"""The leaderboard's paging button: the query lives in its custom_id, so it survives
restarts; its clicks go to the leaderboard's owner (bot.stats.commands.StatsCog)."""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord
from discord import ui

from ..discord_io.handlers import Role, handler
from ..discord_io.replies import refuse
from ..table.components import guarded


class Pager(Protocol):
    """What the paging button hands its clicks to (bot.stats.commands.StatsCog)."""

    async def leaderboard_page(
        self, interaction: discord.Interaction[Any], game: str | None, season: int, page: int
    ) -> None: ...


PAGER: Role[Pager] = Role("pager")


class PageButton(
    ui.DynamicItem[ui.Button[Any]],
    template=r"^lb:(?P<game>[a-z\-]{0,16}):(?P<season>[0-9]{1,6}):(?P<page>[0-9]{1,6}):(?P<dir>[pn])$",
):
    """Leaderboard paging: the query lives in the custom_id so it survives restarts."""

    def __init__(self, game: str, season: int, page: int, direction: str, label: str = "") -> None:
        super().__init__(
            ui.Button(
                label=label or ("◀" if direction == "p" else "▶"),
                style=discord.ButtonStyle.secondary,
                custom_id=f"lb:{game}:{season}:{page}:{direction}",
            )
        )
        self.game = game
        self.season = season
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> PageButton:
        return cls(match["game"], int(match["season"]), int(match["page"]), match["dir"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        pager = handler(interaction, PAGER)
        if pager is None:
            await guarded(interaction, refuse(interaction, "err.generic"))
            return
        page = pager.leaderboard_page(interaction, self.game or None, self.season, self.page)
        await guarded(interaction, page)
