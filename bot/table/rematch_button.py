"""« Revanche » (« Rematch ») on a finished table's message: a `DynamicItem` that survives
restarts, `tv:<table>`, handed to the table's rematcher (bot.table.rematch) by role."""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord
from discord import ui

from ..discord_io.handlers import Role, handler
from ..discord_io.replies import guard, refuse
from ..i18n.translate import tr
from .components import TABLE


class Rematching(Protocol):
    """What the button hands its clicks to (bot.table.rematch.Rematcher)."""

    async def rematch(self, interaction: discord.Interaction[Any], table_id: int) -> None: ...


REMATCHER: Role[Rematching] = Role("rematcher")


class RematchButton(ui.DynamicItem[ui.Button[Any]], template=rf"^tv:{TABLE}$"):
    """The first click of one of the match's players opens the rematch lobby; the others'
    confirm their kept seats."""

    def __init__(self, table_id: int, lang: str = "fr") -> None:
        super().__init__(
            ui.Button(
                label=tr("btn.rematch", lang),
                emoji="🔁",
                style=discord.ButtonStyle.success,
                custom_id=f"tv:{table_id}",
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> RematchButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            rematcher = handler(interaction, REMATCHER)
            if rematcher is None:
                await refuse(interaction, "err.generic")
                return
            await rematcher.rematch(interaction, self.table_id)
        except Exception as exc:
            await guard(interaction, exc)
