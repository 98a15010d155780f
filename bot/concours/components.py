"""The concours message's buttons and selects, restart-proof (`DynamicItem`s).

`cc:<concours>:<verb>[:<number>]` for buttons, `cs:<concours>:<kind>` for the selects (a
partner to invite, an absent entrant to replace). Templates accept only these shapes with
bounded numbers; who may click, and whether now, is checked by the desk (bot.concours.desk).
"""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord
from discord import ui

from db import ConcoursRecord, ConcoursStatus

from ..discord_io.handlers import Role, handler
from ..discord_io.replies import refuse
from ..i18n.translate import tr
from ..table.components import guarded

PLAYER_VERBS = ("join", "invite", "withdraw", "checkin", "accept")
ORGANISER_VERBS = (
    "close",
    "roll",
    "start",
    "pause",
    "resume",
    "cancel",
    "replace",
    "round",
    "add",
    "remove",
)
VERBS = "|".join((*PLAYER_VERBS, *ORGANISER_VERBS))
MAX_OPTIONS = 25  # Discord: options of a select


class ConcoursDesk(Protocol):
    """What the concours buttons hand their clicks to (bot.concours.desk.Desk)."""

    async def click(
        self, interaction: discord.Interaction[Any], concours_id: int, verb: str, arg: int | None
    ) -> None: ...

    async def pick(
        self, interaction: discord.Interaction[Any], concours_id: int, kind: str, values: list[int]
    ) -> None: ...


CONCOURS_DESK: Role[ConcoursDesk] = Role("concours")


async def _hand_over(interaction: discord.Interaction[Any], work: Any) -> None:
    desk = handler(interaction, CONCOURS_DESK)
    if desk is None:
        await refuse(interaction, "err.generic")
        return
    await guarded(interaction, work(desk))


class ConcoursButton(
    ui.DynamicItem[ui.Button[Any]],
    template=rf"^cc:(?P<id>[0-9]{{1,12}}):(?P<verb>{VERBS})(?::(?P<arg>[0-9]{{1,12}}))?$",
):
    def __init__(self, concours_id: int, verb: str, arg: int | None, lang: str = "fr") -> None:
        style = discord.ButtonStyle.secondary
        if verb in ("join", "invite", "accept", "checkin", "start"):
            style = discord.ButtonStyle.success
        elif verb == "cancel":
            style = discord.ButtonStyle.danger
        label_key = "close_round" if verb == "round" else "checkin_open" if verb == "roll" else verb
        tail = "" if arg is None else f":{arg}"
        super().__init__(
            ui.Button(
                label=tr(f"concours.btn.{label_key}", lang),
                style=style,
                custom_id=f"cc:{concours_id}:{verb}{tail}",
            )
        )
        self.concours_id = concours_id
        self.verb = verb
        self.arg = arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> ConcoursButton:
        arg = match["arg"]
        return cls(int(match["id"]), match["verb"], None if arg is None else int(arg))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _hand_over(
            interaction, lambda d: d.click(interaction, self.concours_id, self.verb, self.arg)
        )


class PartnerSelect(ui.DynamicItem[ui.UserSelect[Any]], template=r"^cs:(?P<id>[0-9]{1,12}):mate$"):
    def __init__(self, concours_id: int) -> None:
        super().__init__(ui.UserSelect(custom_id=f"cs:{concours_id}:mate", max_values=1))
        self.concours_id = concours_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> PartnerSelect:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = picked(interaction)
        await _hand_over(
            interaction, lambda d: d.pick(interaction, self.concours_id, "mate", values)
        )


class AddSelect(ui.DynamicItem[ui.UserSelect[Any]], template=r"^cs:(?P<id>[0-9]{1,12}):add$"):
    """The organiser's pick of a player (or a pair's two players) to register."""

    def __init__(self, concours_id: int, count: int = 1) -> None:
        select: ui.UserSelect[Any] = ui.UserSelect(
            custom_id=f"cs:{concours_id}:add", min_values=count, max_values=count
        )
        super().__init__(select)
        self.concours_id = concours_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> AddSelect:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = picked(interaction)
        await _hand_over(
            interaction, lambda d: d.pick(interaction, self.concours_id, "add", values)
        )


class EntrantSelect(
    ui.DynamicItem[ui.Select[Any]], template=r"^cs:(?P<id>[0-9]{1,12}):(?P<kind>absent|drop)$"
):
    """The organiser's pick of an entrant: a no-show to replace, or one to remove."""

    def __init__(
        self, concours_id: int, kind: str, options: list[discord.SelectOption] | None = None
    ) -> None:
        choices = options or [discord.SelectOption(label="-", value="0")]
        super().__init__(ui.Select(custom_id=f"cs:{concours_id}:{kind}", options=choices))
        self.concours_id = concours_id
        self.kind = kind

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> EntrantSelect:
        return cls(int(match["id"]), match["kind"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = picked(interaction)
        await _hand_over(
            interaction, lambda d: d.pick(interaction, self.concours_id, self.kind, values)
        )


def picked(interaction: discord.Interaction[Any]) -> list[int]:
    """The values of a select, as numbers (anything else is dropped: untrusted input)."""
    data: Any = interaction.data or {}
    values = data.get("values") if isinstance(data, dict) else None
    if not isinstance(values, list):
        return []
    return [int(v) for v in values[:2] if isinstance(v, str) and v.isdigit() and len(v) < 21]


def concours_buttons(concours: ConcoursRecord, pairs: bool, lang: str) -> list[ui.Item[Any]]:
    """The buttons of the concours message as it stands."""
    cid = concours.id
    status = concours.status

    def b(verb: str, arg: int | None = None) -> ui.Item[Any]:
        return ConcoursButton(cid, verb, arg, lang)

    organiser = [b("add"), b("remove"), b("start"), b("cancel")]
    if status is ConcoursStatus.REGISTRATION:
        return [b("invite" if pairs else "join"), b("withdraw"), b("close"), b("roll"), *organiser]
    if status is ConcoursStatus.CLOSED:
        return [b("withdraw"), b("roll"), *organiser]
    if status is ConcoursStatus.CHECKIN:
        return [b("checkin"), *organiser]
    if status is ConcoursStatus.RUNNING:
        return [b("round", concours.round), b("replace"), b("pause"), b("cancel")]
    if status is ConcoursStatus.PAUSED:
        return [b("resume"), b("round", concours.round), b("cancel")]
    return []


DYNAMIC_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (
    ConcoursButton,
    PartnerSelect,
    AddSelect,
    EntrantSelect,
)
