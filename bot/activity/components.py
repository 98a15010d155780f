"""« Ouvrir la table »: the table message's button that opens the Activity.

It answers with Discord's `LAUNCH_ACTIVITY` interaction callback (type 12), which opens the
application's Activity in the clicker's client, in the message's channel; the Activity
then shows that channel's table (bot.activity.sockets).
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from ..discord_io.replies import guard
from ..i18n.translate import tr

TABLE = r"(?P<table>[0-9]{1,12})"


class ActivityButton(ui.DynamicItem[ui.Button[Any]], template=rf"^ta:{TABLE}$"):
    def __init__(self, table_id: int, lang: str = "fr") -> None:
        super().__init__(
            ui.Button(
                label=tr("btn.activity", lang),
                style=discord.ButtonStyle.success,
                custom_id=f"ta:{table_id}",
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> ActivityButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.launch_activity()
        except Exception as exc:
            await guard(interaction, exc)
