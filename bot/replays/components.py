"""The replay's buttons and select, `DynamicItem`s that survive restarts.

`rp:<table>:<step>:<kind>` shows a finished table's match at `step`: `o` opens it from
the table's public message (a new ephemeral), `p`/`n` step one move back or forward, `dp`/
`dn` jump to a deal's start (the kind keeps the four buttons' custom_ids apart when two of
them lead to the same step). `rl` is /revoir's list, whose values are table ids. Everything
in them is untrusted: the owner of the replays (bot.replays.commands, found by its cog name)
checks the guild, the table and the step again before showing anything.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord
from discord import ui

from ..discord_io.handlers import Role, handler
from ..discord_io.replies import guard, refuse
from ..i18n.translate import tr
from ..reviews.components import AnalyseButton

TABLE = r"(?P<table>[0-9]{1,12})"
STEP = r"(?P<step>[0-9]{1,6})"
KINDS = ("o", "p", "n", "dp", "dn")
VALUE_RE = re.compile(r"^[0-9]{1,12}$")


class Projector(Protocol):
    """What the replay items hand their clicks to (bot.replays.commands.ReplaysCog)."""

    async def show_replay(
        self, interaction: discord.Interaction[Any], table_id: int, step: int, *, new: bool
    ) -> None: ...


PROJECTOR: Role[Projector] = Role("projector")


async def hand_over(
    interaction: discord.Interaction[Any], table_id: int, step: int, new: bool
) -> None:
    """Give the click to the replays' owner; an unexpected error gets the kind answer."""
    try:
        owner = handler(interaction, PROJECTOR)
        if owner is None:
            await refuse(interaction, "err.generic")
            return
        await owner.show_replay(interaction, table_id, step, new=new)
    except Exception as exc:
        await guard(interaction, exc)


class ReplayButton(
    ui.DynamicItem[ui.Button[Any]], template=rf"^rp:{TABLE}:{STEP}:(?P<kind>o|p|n|dp|dn)$"
):
    """Open a finished match's replay, or step through it."""

    def __init__(
        self,
        table_id: int,
        step: int,
        kind: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init__(
            ui.Button(label=label or "?", style=style, custom_id=f"rp:{table_id}:{step}:{kind}")
        )
        self.table_id = table_id
        self.step = step
        self.kind = kind

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> ReplayButton:
        return cls(int(match["table"]), int(match["step"]), match["kind"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await hand_over(interaction, self.table_id, self.step, self.kind == "o")


class ReplayPick(ui.DynamicItem[ui.Select[Any]], template=r"^rl$"):
    """/revoir's list of finished matches: the chosen one opens in a new ephemeral."""

    def __init__(
        self, options: list[discord.SelectOption] | None = None, placeholder: str | None = None
    ) -> None:
        select: ui.Select[Any] = ui.Select(
            custom_id="rl",
            options=options or [discord.SelectOption(label="-", value="-")],
            placeholder=placeholder,
            min_values=1,
            max_values=1,
        )
        super().__init__(select)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> ReplayPick:
        return cls()

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values")
        if not (
            isinstance(values, list)
            and len(values) == 1
            and isinstance(values[0], str)
            and VALUE_RE.match(values[0])
        ):
            await refuse(interaction, "err.bad_button")
            return
        await hand_over(interaction, int(values[0]), 0, True)


REPLAY_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (ReplayButton, ReplayPick)


def finished_buttons(table_id: int, lang: str) -> list[ui.Item[Any]]:
    """What a finished table's public message offers: "Revoir la partie", "Analyse"."""
    return [
        ReplayButton(table_id, 0, "o", tr("btn.replay", lang), discord.ButtonStyle.primary),
        AnalyseButton(table_id, lang),
    ]
