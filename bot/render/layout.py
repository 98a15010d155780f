"""The messages a table sends: its public message and a player's hand, with their views.

Drawn from the table as it is (the service makes a change the table's only once stored);
a public message reads only `view(None)`, a hand only `view(seat)` of its own seat.

Both are Components V2 layouts: a container in the game's colour holding the title, the
picture (bot.render.pictures), the words of the message (bot.render.words words them: a
title, a body and headed blocks) and the buttons. The words say
everything the picture shows, for screen readers and notifications. Everything that goes
into a message is taken from the table in one go, before the picture is awaited, so the
words and the picture always show the same moment.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import discord
from discord import ui

from ..activity.components import ActivityButton
from ..discord_io.writes import Kept, Outgoing
from ..i18n.translate import tr
from ..replays.components import finished_buttons
from ..table.components import (
    ActionButton,
    ActionSelect,
    HandButton,
    ResumeButton,
    WhyButton,
    lobby_view,
    table_view,
)
from ..table.hint_button import HintButton
from ..table.lobby import pages as option_pages
from ..table.model import Table
from ..table.rematch_button import RematchButton
from . import words
from .emojis import CardEmojis, CardFaces
from .pictures import Picture, Pictures, Wanted
from .scenes import held_cards

HAND_PICTURE_WAIT = 0.02  # seconds a click's answer waits for its hand's picture
MAX_TEXT = 4000  # Discord: characters across a layout's text displays
ROW_WIDTH = 5


def rows_of(items: Sequence[ui.Item[Any]]) -> list[list[ui.Item[Any]]]:
    """Items in action rows: by their `row` when they have one, else packed five a row."""
    rows: dict[int, list[ui.Item[Any]]] = {}
    free = 0
    for item in items:
        if item.row is not None:
            rows.setdefault(item.row, []).append(item)
            continue
        while sum(i.width for i in rows.get(free, [])) + item.width > ROW_WIDTH:
            free += 1
        rows.setdefault(free, []).append(item)
    return [rows[r] for r in sorted(rows)]


def _texts(text: words.Text) -> tuple[str, list[str]]:
    """The words as a title and the text displays under the picture, trimmed to Discord's
    total (the longest part gives way)."""
    title = f"### {text.title}" if text.title else ""
    parts = [text.body, *(f"**{heading}**\n{block}" for heading, block in text.blocks)]
    parts = [p for p in parts if p.strip()]
    excess = len(title) + sum(len(p) for p in parts) - MAX_TEXT
    if excess > 0 and parts:
        longest = max(range(len(parts)), key=lambda i: len(parts[i]))
        parts[longest] = parts[longest][: max(1, len(parts[longest]) - excess - 1)] + "…"
    return title, parts


def layout(
    text: words.Text, picture: Picture | Kept | None, rows: Sequence[Sequence[ui.Item[Any]]]
) -> ui.LayoutView:
    """The message as a Components V2 layout: one container in the game's colour."""
    title, texts = _texts(text)
    container: ui.Container[Any] = ui.Container(accent_colour=text.colour)
    if title:
        container.add_item(ui.TextDisplay(title))
    if picture is not None:
        item = discord.MediaGalleryItem(picture.url, description=picture.description)
        container.add_item(ui.MediaGallery(item))
    for part in texts:
        container.add_item(ui.TextDisplay(part))
    for row in rows:
        if row:
            container.add_item(ui.ActionRow(*row))
    view = ui.LayoutView(timeout=None)
    view.add_item(container)
    return view


def public_layout(
    table: Table, faces: CardFaces, picture: Picture | Kept | None, *, activity: bool = False
) -> Outgoing:
    """The table message as the table is now, with the picture given: a table redraw does
    not wait for its picture (bot.table.message). With `activity`, a table in play offers
    « Ouvrir la table » (the Activity)."""
    if table.status in ("lobby", "cancelled") or table.state is None:
        text = words.lobby_text(table)
        pages = len(option_pages(table.game))
        lobby = lobby_view(table.id, table.lang, pages) if table.status == "lobby" else None
        buttons: discord.ui.View | None = lobby
    elif table.state.is_over():
        text, buttons = words.table_text(table, faces), finished_view(table)
    else:
        text = words.table_text(table, faces)
        buttons = table_view(table.id, table.lang, table.state.version, replace=not table.concours)
    items: list[ui.Item[Any]] = list(buttons.children) if buttons is not None else []
    if activity and buttons is not None and table.status == "playing":
        items.append(ActivityButton(table.id, table.lang))
    return Outgoing(layout(text, picture, rows_of(items)), picture)


def finished_view(table: Table) -> discord.ui.View | None:
    """A finished match's buttons ("Revoir la partie"), once its result is recorded."""
    if table.status != "finished":
        return None
    view = discord.ui.View(timeout=None)
    for item in finished_buttons(table.id, table.lang):
        view.add_item(item)
    view.add_item(RematchButton(table.id, table.lang))
    return view


def hand_layout(
    table: Table, seat: int, lang: str, faces: CardFaces, kept: Kept | None
) -> Outgoing:
    """`seat`'s hand as the table is now with no new picture: the one its message carries
    (`kept`) if that shows the same cards, else none."""
    text, rows = hand_parts(table, seat, lang, faces, None)
    shown = kept if kept is not None and kept.cards == held_cards(table, seat) else None
    return Outgoing(layout(text, shown, rows), shown)


class Display:
    """How a table and its hands look now, pictures included: the one place that asks the
    pictures for them and lays them out with the card faces."""

    def __init__(self, pictures: Pictures, emojis: CardEmojis, *, activity: bool = False) -> None:
        self.pictures = pictures
        self.emojis = emojis
        self.activity = activity  # the table message offers the Activity

    async def table_message(self, table: Table, *, urgent: bool = False) -> Outgoing:
        """The table message with the picture of the table as it is: the lobby, the table in
        play, or the final table; `urgent` when a click's answer waits for it (its picture
        is drawn before the redraws')."""
        picture = await self.pictures.table(table, urgent=urgent)
        return public_layout(table, self.emojis.faces, picture, activity=self.activity)

    def table_redraw(self, table: Table, picture: Picture | Kept | None) -> Outgoing:
        """The table message as it is now, with the picture given (not awaited)."""
        return public_layout(table, self.emojis.faces, picture, activity=self.activity)

    async def hand_message(
        self,
        table: Table,
        seat: int,
        lang: str,
        note: str | None = None,
        wanted: Wanted | None = None,
    ) -> Outgoing:
        """`seat`'s hand, ephemeral only: the fanned picture above the buttons of its moves,
        the picture awaited first and the rest built from the table as it is when it comes
        (nothing held meanwhile: under load many wait), so the caller checks that the table
        did not move meanwhile. With `wanted`, a refresh nobody waits for: its picture is
        drawn after the clicks' and left out if `wanted` says no by then (see
        bot.render.pictures)."""
        shown = await self.pictures.hand_soon(table, seat, lang, wanted=wanted)
        text, rows = hand_parts(table, seat, lang, self.emojis.faces, note)
        return Outgoing(layout(text, shown, rows), shown)

    async def hand_answer(
        self,
        table: Table,
        seat: int,
        lang: str,
        note: str | None = None,
        *,
        kept: Kept | None = None,
        wanted: Wanted | None = None,
        wait: float = HAND_PICTURE_WAIT,
    ) -> tuple[Outgoing, bool]:
        """`seat`'s hand without waiting long for its picture: with it if it is drawn within
        `wait` seconds (a click's answer waits HAND_PICTURE_WAIT at most: a busy drawing
        worker), else with the picture the message carries (`kept`) if that shows the same
        cards (only the raised ones may differ), else without; and whether it is complete.
        A hand without a picture of its cards is not: its picture follows
        (`Hands.picture_follows`, bot.table.hands). A hand that kept a picture of the same
        cards is: a second edit only to raise the playable cards would cost as much as the
        first (a layout, a request, an upload) when the drawing workers are already behind,
        and the buttons below say what may be played."""
        picture = self.pictures.hand_soon(table, seat, lang, wanted=wanted)
        text, rows = hand_parts(table, seat, lang, self.emojis.faces, note)
        done, _ = await asyncio.wait({picture}, timeout=wait)
        shown: Picture | Kept | None = picture.result() if done else None
        if shown is None and kept is not None and kept.cards == held_cards(table, seat):
            shown = kept
        return Outgoing(layout(text, shown, rows), shown), bool(done) or (
            shown is not None and shown is kept
        )

    def hand_layout(self, table: Table, seat: int, lang: str, kept: Kept | None) -> Outgoing:
        """`seat`'s hand as the table is now with no new picture (see `hand_layout`)."""
        return hand_layout(table, seat, lang, self.emojis.faces, kept)


def hand_parts(
    table: Table, seat: int, lang: str, faces: CardFaces, note: str | None
) -> tuple[words.Text, list[list[ui.Item[Any]]]]:
    """The words and the buttons of `seat`'s hand, as the table is at this line."""
    assert table.state is not None
    state = table.state
    text = words.hand_text(table, seat, lang, note, faces)
    legal = [] if state.is_over() else [a.id for a in state.legal_actions(seat)]
    actions = words.order_actions(table, seat, legal)
    buttons, selects = words.layout_actions(actions)
    version = state.version
    items: list[ui.Item[Any]] = []
    for i, action_id in enumerate(buttons):
        button = ActionButton(
            table.id,
            version,
            action_id,
            words.action_label(table, action_id, lang),
            words.action_style(table, action_id),
        )
        button.item.emoji = faces.action_emoji(action_id, lang)
        button.row = i // ROW_WIDTH
        items.append(button)
    first_select_row = (len(buttons) + ROW_WIDTH - 1) // ROW_WIDTH
    for n, group in enumerate(selects):
        options = [
            discord.SelectOption(
                label=words.action_label(table, a, lang)[:100],
                value=a,
                emoji=faces.action_emoji(a, lang),
            )
            for a in group
        ]
        select = ActionSelect(
            table.id, version, n, options, placeholder=tr("select.placeholder", lang)
        )
        select.row = first_select_row + n
        items.append(select)
    if table.seats[seat].autopilot:
        resume = ResumeButton(table.id, lang)
        resume.row = 4
        items.append(resume)
    if legal and state.why_not(seat):  # its turn, and a card it may not play: « Pourquoi ? »
        why = WhyButton(table.id, version, lang)
        why.row = 4
        items.append(why)
    if legal and table.hints_allowed:  # its turn at a table that allows hints: « Conseil »
        advice = HintButton(table.id, version, lang)
        advice.row = 4
        items.append(advice)
    refresh = HandButton(table.id, lang, version)
    refresh.item.label = tr("btn.refresh", lang)
    refresh.item.style = discord.ButtonStyle.secondary
    refresh.row = 4
    items.append(refresh)
    return text, rows_of(items)
