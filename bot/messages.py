"""The messages a table sends: its public message and a player's hand, with their views.

Drawn from the table as it is (the service makes a change the table's only once stored);
a public message reads only `view(None)`, a hand only `view(seat)` of its own seat.
"""

from __future__ import annotations

import discord

from . import render
from .i18n import tr
from .lobby_options import pages as option_pages
from .replay_items import finished_buttons
from .service import Table
from .views import ActionButton, ActionSelect, HandButton, ResumeButton, lobby_view, table_view


def public_message(table: Table) -> tuple[discord.Embed, discord.ui.View | None]:
    if table.status in ("lobby", "cancelled") or table.state is None:
        pages = len(option_pages(table.game))
        view = lobby_view(table.id, table.lang, pages) if table.status == "lobby" else None
        return render.lobby_embed(table), view
    if table.state.is_over():
        return render.table_embed(table), finished_view(table)
    return render.table_embed(table), table_view(table.id, table.lang, table.state.version)


def finished_view(table: Table) -> discord.ui.View | None:
    """A finished match's buttons ("Revoir la partie"), once its result is recorded."""
    if table.status != "finished":
        return None
    view = discord.ui.View(timeout=None)
    for item in finished_buttons(table.id, table.lang):
        view.add_item(item)
    return view


def hand_message(
    table: Table, seat: int, lang: str, note: str | None = None
) -> tuple[discord.Embed, discord.ui.View]:
    assert table.state is not None
    state = table.state
    embed = render.hand_embed(table, seat, lang, note)
    view = discord.ui.View(timeout=None)
    legal = [] if state.is_over() else [a.id for a in state.legal_actions(seat)]
    actions = render.order_actions(table, seat, legal)
    buttons, selects = render.layout_actions(actions)
    version = state.version
    for i, action_id in enumerate(buttons):
        button = ActionButton(
            table.id,
            version,
            action_id,
            render.action_label(table, action_id, lang),
            render.action_style(table, action_id),
        )
        button.row = i // 5
        view.add_item(button)
    first_select_row = (len(buttons) + 4) // 5
    for n, group in enumerate(selects):
        options = [
            discord.SelectOption(label=render.action_label(table, a, lang)[:100], value=a)
            for a in group
        ]
        item = ActionSelect(
            table.id, version, n, options, placeholder=tr("select.placeholder", lang)
        )
        item.row = first_select_row + n
        view.add_item(item)
    if table.seats[seat].autopilot:
        resume = ResumeButton(table.id, lang)
        resume.row = 4
        view.add_item(resume)
    refresh = HandButton(table.id, lang, version)
    refresh.item.label = tr("btn.refresh", lang)
    refresh.item.style = discord.ButtonStyle.secondary
    refresh.row = 4
    view.add_item(refresh)
    return embed, view
