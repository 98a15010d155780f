"""« Conseil », on the hand of the seat to move at a table that allows hints: bound to the
state it was drawn for (`tc:<table>:<version>`), answered by bot.table.hint, which checks
everything again. Apart from the other buttons, since only such tables draw it."""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord
from discord import ui

from ..discord_io.handlers import Role, handler
from ..discord_io.replies import guard, refuse
from ..i18n.translate import tr
from .components import TABLE, VERSION


class Advising(Protocol):
    """What the *Conseil* button hands its clicks to (bot.table.hint.Adviser)."""

    async def hint(
        self, interaction: discord.Interaction[Any], table_id: int, version: int
    ) -> None: ...


ADVISER: Role[Advising] = Role("adviser")


class HintButton(ui.DynamicItem[ui.Button[Any]], template=rf"^tc:{TABLE}:{VERSION}$"):
    """ "Conseil" on the hand of the seat to move at a table that allows hints, bound to
    the state it was drawn for: answered privately by bot.table.hint."""

    def __init__(self, table_id: int, version: int, lang: str = "fr") -> None:
        super().__init__(
            ui.Button(
                label=tr("btn.hint", lang),
                emoji="💡",
                style=discord.ButtonStyle.secondary,
                custom_id=f"tc:{table_id}:{version}",
            )
        )
        self.table_id = table_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> HintButton:
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            adviser = handler(interaction, ADVISER)
            if adviser is None:
                await refuse(interaction, "err.generic")
                return
            await adviser.hint(interaction, self.table_id, self.version)
        except Exception as exc:
            await guard(interaction, exc)


HINT_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (HintButton,)
