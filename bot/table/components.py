"""Buttons and selects that survive restarts (`DynamicItem`s with strict custom_id templates).

A custom_id is untrusted input: the templates accept only the shapes the bot writes, the
numbers are bounded, and everything else is checked again by the controller and the engine.
Callbacks are a few lines: parse, hand over to the controller.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable
from typing import Any, Protocol

import discord
from discord import ui

from ..discord_io.handlers import Role, handler
from ..discord_io.replies import guard, refuse
from ..i18n.translate import tr

ACTION = r"[a-z_]{1,16}(?::[A-Za-z0-9+_\-]{1,40})?"
ACTION_RE = re.compile(rf"^{ACTION}$")
TABLE = r"(?P<table>[0-9]{1,12})"
VERSION = r"(?P<version>[0-9]{1,9})"


class Desk(Protocol):
    """What the buttons hand their clicks to (bot.table.controller.Controller): declared here so
    that the views never import the flows behind them."""

    def saw(self, interaction: discord.Interaction[Any]) -> None: ...

    async def lobby_click(
        self, interaction: discord.Interaction[Any], table_id: int, verb: str
    ) -> None: ...

    async def options_click(
        self, interaction: discord.Interaction[Any], table_id: int, page: int
    ) -> None: ...

    async def options_submit(
        self, interaction: discord.Interaction[Any], table_id: int, page: int
    ) -> None: ...

    async def show_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None: ...

    async def act(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, action_id: str
    ) -> None: ...

    async def resume(self, interaction: discord.Interaction[Any], table_id: int) -> None: ...

    async def replace_click(
        self, interaction: discord.Interaction[Any], table_id: int, seat: int | None
    ) -> None: ...


DESK: Role[Desk] = Role("desk")


def controller(interaction: discord.Interaction[Any]) -> Desk:
    desk = handler(interaction, DESK)
    if desk is None:
        raise LookupError("no table controller on this client")
    return desk


async def guarded(interaction: discord.Interaction[Any], work: Awaitable[None]) -> None:
    """Run a callback; an unexpected error gets a kind answer and a log line without its
    message (an exception text could name a card)."""
    controller(interaction).saw(interaction)
    try:
        await work
    except Exception as exc:
        await guard(interaction, exc)


class LobbyButton(
    ui.DynamicItem[ui.Button[Any]],
    template=rf"^tl:{TABLE}:(?P<verb>join|leave|start|cancel|ai_facile|ai_fort)$",
):
    def __init__(self, table_id: int, verb: str, lang: str = "fr") -> None:
        style = {
            "join": discord.ButtonStyle.success,
            "leave": discord.ButtonStyle.secondary,
            "start": discord.ButtonStyle.primary,
            "cancel": discord.ButtonStyle.danger,
            "ai_facile": discord.ButtonStyle.secondary,
            "ai_fort": discord.ButtonStyle.secondary,
        }[verb]
        super().__init__(
            ui.Button(label=tr(f"btn.{verb}", lang), style=style, custom_id=f"tl:{table_id}:{verb}")
        )
        self.table_id = table_id
        self.verb = verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["table"]), match["verb"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(
            interaction, controller(interaction).lobby_click(interaction, self.table_id, self.verb)
        )


def version_stamp(version: int | None) -> int | None:
    """The component id that tells which state a message was drawn for (tests and benches
    read it; players never see it): the version plus one, as Discord's ids start at 1."""
    return None if version is None else version + 1


class OptionsButton(ui.DynamicItem[ui.Button[Any]], template=rf"^to:{TABLE}:(?P<page>[0-9])$"):
    """Host only: opens page `page` of the table's options modal (bot.table.lobby)."""

    def __init__(self, table_id: int, page: int, pages: int = 1, lang: str = "fr") -> None:
        label = tr("btn.options", lang)
        if pages > 1:
            label = tr("btn.options_page", lang, page=page + 1, pages=pages)
        super().__init__(
            ui.Button(
                label=label,
                emoji="⚙️",
                style=discord.ButtonStyle.secondary,
                custom_id=f"to:{table_id}:{page}",
            )
        )
        self.table_id = table_id
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> OptionsButton:
        return cls(int(match["table"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        work = controller(interaction).options_click(interaction, self.table_id, self.page)
        await guarded(interaction, work)


# The options modal's custom_id: its submit is routed from it (the bot keeps no modal).
OPTIONS_MODAL = re.compile(rf"^tm:{TABLE}:(?P<page>[0-9])$")


async def route_modal(interaction: discord.Interaction[Any]) -> None:
    """A modal submit: the options modal goes to the controller, anything else is refused."""
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = data.get("custom_id")
    match = OPTIONS_MODAL.match(custom_id) if isinstance(custom_id, str) else None
    if match is None:
        await guarded(interaction, refuse(interaction, "err.bad_button"))
        return
    work = controller(interaction).options_submit(
        interaction, int(match["table"]), int(match["page"])
    )
    await guarded(interaction, work)


class HandButton(ui.DynamicItem[ui.Button[Any]], template=rf"^th:{TABLE}$"):
    """The public "Ma main" button: answers with the clicker's own hand, ephemerally.

    With `version`, its component id is stamped with the state the message shows."""

    def __init__(self, table_id: int, lang: str = "fr", version: int | None = None) -> None:
        super().__init__(
            ui.Button(
                label=tr("btn.hand", lang),
                emoji="🃏",
                style=discord.ButtonStyle.primary,
                custom_id=f"th:{table_id}",
                id=version_stamp(version),
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> HandButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, controller(interaction).show_hand(interaction, self.table_id))


class ActionButton(
    ui.DynamicItem[ui.Button[Any]], template=rf"^t:{TABLE}:{VERSION}:(?P<action>{ACTION})$"
):
    """One legal action of the hand ephemeral, bound to the state version it was drawn for."""

    def __init__(
        self,
        table_id: int,
        version: int,
        action_id: str,
        label: str = "?",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        super().__init__(
            ui.Button(
                label=label[:80], style=style, custom_id=f"t:{table_id}:{version}:{action_id}"
            )
        )
        self.table_id = table_id
        self.version = version
        self.action_id = action_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> ActionButton:
        return cls(int(match["table"]), int(match["version"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        work = controller(interaction).act(interaction, self.table_id, self.version, self.action_id)
        await guarded(interaction, work)


class ActionSelect(
    ui.DynamicItem[ui.Select[Any]], template=rf"^ts:{TABLE}:{VERSION}:(?P<n>[0-4])$"
):
    """A select of actions when there are too many for buttons (a hand of 22 cards)."""

    def __init__(
        self,
        table_id: int,
        version: int,
        n: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        select: ui.Select[Any] = ui.Select(
            custom_id=f"ts:{table_id}:{version}:{n}",
            options=options or [discord.SelectOption(label="-", value="-")],
            placeholder=placeholder,
            min_values=1,
            max_values=1,
        )
        super().__init__(select)
        self.table_id = table_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> ActionSelect:
        return cls(int(match["table"]), int(match["version"]), int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values")
        action = ""
        if isinstance(values, list) and len(values) == 1 and isinstance(values[0], str):
            action = values[0]
        if not ACTION_RE.match(action):
            await guarded(interaction, refuse(interaction, "err.bad_button"))
            return
        await guarded(
            interaction,
            controller(interaction).act(interaction, self.table_id, self.version, action),
        )


class ResumeButton(ui.DynamicItem[ui.Button[Any]], template=rf"^tr:{TABLE}$"):
    """ "Je reprends la main": the player takes their seat back from the autopilot."""

    def __init__(self, table_id: int, lang: str = "fr") -> None:
        super().__init__(
            ui.Button(
                label=tr("btn.resume", lang),
                style=discord.ButtonStyle.success,
                custom_id=f"tr:{table_id}",
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> ResumeButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, controller(interaction).resume(interaction, self.table_id))


class ReplaceButton(ui.DynamicItem[ui.Button[Any]], template=rf"^tk:{TABLE}(?::(?P<seat>[0-9]))?$"):
    """Host only: without a seat, list the players; with one, hand that seat to the AI."""

    def __init__(
        self, table_id: int, seat: int | None = None, label: str = "", lang: str = "fr"
    ) -> None:
        suffix = "" if seat is None else f":{seat}"
        super().__init__(
            ui.Button(
                label=(label or tr("btn.replace", lang))[:80],
                style=discord.ButtonStyle.secondary if seat is None else discord.ButtonStyle.danger,
                custom_id=f"tk:{table_id}{suffix}",
            )
        )
        self.table_id = table_id
        self.seat = seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> ReplaceButton:
        seat = match["seat"]
        return cls(int(match["table"]), None if seat is None else int(seat))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        work = controller(interaction).replace_click(interaction, self.table_id, self.seat)
        await guarded(interaction, work)


class Explaining(Protocol):
    """What the « Pourquoi ? » button hands its clicks to (bot.table.why.Explainer)."""

    async def why(
        self, interaction: discord.Interaction[Any], table_id: int, version: int
    ) -> None: ...


EXPLAINER: Role[Explaining] = Role("explainer")


class WhyButton(ui.DynamicItem[ui.Button[Any]], template=rf"^tw:{TABLE}:{VERSION}$"):
    """ "Pourquoi ?" on the hand of the seat to move (a card of it is forbidden now), bound
    to the state it was drawn for: answered privately by bot.table.why."""

    def __init__(self, table_id: int, version: int, lang: str = "fr") -> None:
        super().__init__(
            ui.Button(
                label=tr("btn.why", lang),
                emoji="❔",
                style=discord.ButtonStyle.secondary,
                custom_id=f"tw:{table_id}:{version}",
            )
        )
        self.table_id = table_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> WhyButton:
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            explainer = handler(interaction, EXPLAINER)
            if explainer is None:
                await refuse(interaction, "err.generic")
                return
            await explainer.why(interaction, self.table_id, self.version)
        except Exception as exc:
            await guard(interaction, exc)


def lobby_view(table_id: int, lang: str, option_pages: int = 0) -> ui.View:
    """Join, leave, start, cancel; then the AI seats and the host's options (a button per
    page of the options modal)."""
    view = ui.View(timeout=None)
    for verb in ("join", "leave", "start", "cancel"):
        view.add_item(LobbyButton(table_id, verb, lang))
    second: list[ui.Item[Any]] = [LobbyButton(table_id, v, lang) for v in ("ai_facile", "ai_fort")]
    second += [OptionsButton(table_id, p, option_pages, lang) for p in range(option_pages)]
    for button in second[:5]:
        button.row = 1
        view.add_item(button)
    return view


def table_view(
    table_id: int, lang: str, version: int | None = None, *, replace: bool = True
) -> ui.View:
    """A table in play: the hand button, and the host's *Remplacer* unless `replace` is
    off (a concours table: the concours message replaces, recording the forfeit)."""
    view = ui.View(timeout=None)
    view.add_item(HandButton(table_id, lang, version))
    if replace:
        view.add_item(ReplaceButton(table_id, lang=lang))
    return view


TABLE_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    OptionsButton,
    HandButton,
    ActionButton,
    ActionSelect,
    ResumeButton,
    ReplaceButton,
    WhyButton,
)
