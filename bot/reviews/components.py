"""The « Analyse » button (`ra:<table>`), a `DynamicItem` that survives restarts, on a
finished table's message and on its replay (/revoir). The table id is untrusted: the
owner of the reviews (bot.reviews.answers) checks the guild, the match and the clicker's
seat before answering, privately."""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord
from discord import ui

from ..discord_io.handlers import Role, handler
from ..discord_io.replies import guard, refuse
from ..i18n.translate import tr

TABLE = r"(?P<table>[0-9]{1,12})"


class Reviews(Protocol):
    """What the button hands its clicks to (bot.reviews.answers.Analyst)."""

    async def analyse(self, interaction: discord.Interaction[Any], table_id: int) -> None: ...


ANALYST: Role[Reviews] = Role("analyst")


class AnalyseButton(ui.DynamicItem[ui.Button[Any]], template=rf"^ra:{TABLE}$"):
    """The clicker's own review of the finished match, answered privately."""

    def __init__(self, table_id: int, lang: str = "fr", row: int | None = None) -> None:
        super().__init__(
            ui.Button(
                label=tr("btn.analyse", lang),
                emoji="🔎",
                style=discord.ButtonStyle.secondary,
                custom_id=f"ra:{table_id}",
            ),
            row=row,
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> AnalyseButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            owner = handler(interaction, ANALYST)
            if owner is None:
                await refuse(interaction, "err.generic")
                return
            await owner.analyse(interaction, self.table_id)
        except Exception as exc:
            await guard(interaction, exc)


REVIEW_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (AnalyseButton,)
