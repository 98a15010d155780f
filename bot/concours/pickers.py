"""The private pickers a concours button opens: a partner to invite, the entrant to add,
remove or replace. Each is a short text and a select, or None when there is nothing to
pick now (the click is then refused)."""

from __future__ import annotations

from typing import Any

import discord

from db import ConcoursRecord, ConcoursStatus

from ..i18n.translate import tr
from .components import MAX_OPTIONS, AddSelect, EntrantSelect, PartnerSelect
from .runner import format_of
from .words import entrant_name

Picker = tuple[str, discord.ui.View]
BEFORE_START = (ConcoursStatus.REGISTRATION, ConcoursStatus.CLOSED, ConcoursStatus.CHECKIN)


def _view(item: discord.ui.Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(item)
    return view


def partner_picker(concours: ConcoursRecord, lang: str) -> Picker | None:
    if concours.status is not ConcoursStatus.REGISTRATION:
        return None
    return tr("concours.pick_partner", lang), _view(PartnerSelect(concours.id))


def add_picker(concours: ConcoursRecord, lang: str) -> Picker | None:
    if concours.status not in BEFORE_START:
        return None
    pairs = format_of(concours).pairs
    text = tr("concours.pick_add_pair" if pairs else "concours.pick_add", lang)
    return text, _view(AddSelect(concours.id, 2 if pairs else 1))


def drop_picker(concours: ConcoursRecord, lang: str) -> Picker | None:
    options = [
        discord.SelectOption(label=entrant_name(e, lang)[:100], value=str(e.id))
        for e in concours.entrants
        if not e.withdrawn
    ][:MAX_OPTIONS]
    if concours.status not in BEFORE_START or not options:
        return None
    return tr("concours.pick_drop", lang), _view(EntrantSelect(concours.id, "drop", options))


def absent_picker(concours: ConcoursRecord, lang: str) -> Picker | None:
    current = [t for t in concours.tables if t.round == concours.round and t.points is None]
    entrants = {e.id: e for e in concours.entrants}
    options = [
        discord.SelectOption(label=entrant_name(entrants[s], lang)[:100], value=str(s))
        for t in current
        for s in t.sides
        if s not in t.forfeits
    ][:MAX_OPTIONS]
    if concours.status is not ConcoursStatus.RUNNING or not options:
        return None
    return tr("concours.pick_absent", lang), _view(EntrantSelect(concours.id, "absent", options))


PICKERS = {
    "invite": partner_picker,
    "add": add_picker,
    "remove": drop_picker,
    "replace": absent_picker,
}
