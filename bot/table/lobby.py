"""The lobby's "Options" modal: built from the game's options model, read back untrusted.

Each option is one labelled input (a `Label` with the option's words): a radio group for a
choice of 2 to 10 values (a select beyond), a checkbox group for several values at once (a
multi select beyond 10), a text input for a number (pre-filled, its range in the
placeholder, checked on return), a checkbox for a lone yes/no option. A game's yes/no
options go together in one checkbox group ("Règles en plus"), each with its own words,
since a modal shows at most five labelled inputs; the table's timer comes last. A game that
still needs more than five gets several pages, each its own lobby button ("Options 1/2",
"Options 2/2") and its own modal: a modal cannot open another one, and a button per page
keeps every page one click away and the flow stateless (the page is in the custom_id).

The modal's custom_id (`tm:<table>:<page>`) routes the submit; the bot keeps no modal in
memory, so a submit after a restart still lands. What comes back is untrusted: only the
inputs of that page are read, each value is matched against the option's allowed values
or bounds, and the game's model checks the whole set again (bot.table.service).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import discord
from discord import ui

import games
from games.options import OptionInfo, describe
from games.words import T

from ..i18n.translate import tr
from .model import Table
from .options import TIMER

PER_MODAL = 5  # Discord: top-level components of a modal
GROUP_MAX = 10  # Discord: options of a radio group or a checkbox group
SELECT_MAX = 25
LABEL_MAX, DESCRIPTION_MAX, OPTION_MAX, TITLE_MAX = 45, 100, 100, 45
FLAGS = "flags"  # custom_id prefix of the grouped yes/no options
MODAL_ID = re.compile(r"^tm:(?P<table>[0-9]{1,12}):(?P<page>[0-9])$")
NUMBER = re.compile(r"^-?[0-9]{1,9}$")
Input = Literal["number", "choice", "multi", "flag", "flags"]


class OptionsRefused(ValueError):
    """A submitted value the option does not take: `words` say what it takes."""

    def __init__(self, words: T) -> None:
        super().__init__(words.en)
        self.words = words


@dataclass(frozen=True, slots=True)
class Field:
    """One labelled input of the modal: one option, or the grouped yes/no options."""

    kind: Input
    infos: tuple[OptionInfo, ...]
    custom_id: str


def fields(slug: str) -> list[Field]:
    """The modal's inputs for a game, in the options' order, the timer last."""
    infos = [*describe(games.get(slug).Options), TIMER]
    flags = [i for i in infos if i.kind == "bool"]
    out: list[Field] = []
    for info in infos:
        if info.kind == "bool":
            if len(flags) == 1:
                out.append(Field("flag", (info,), info.name))
            elif info is flags[0]:
                for n in range(0, len(flags), GROUP_MAX):
                    out.append(Field("flags", tuple(flags[n : n + GROUP_MAX]), f"{FLAGS}{n}"))
            continue
        kind: Input = "number" if info.kind == "int" else info.kind
        out.append(Field(kind, (info,), info.name))
    return out


def pages(slug: str) -> list[list[Field]]:
    """The modal pages of a game: five inputs each."""
    found = fields(slug)
    return [found[n : n + PER_MODAL] for n in range(0, len(found), PER_MODAL)]


def current_values(table: Table) -> dict[str, Any]:
    """Every option of the table with its value (defaults filled in), and the timer."""
    chosen = table.rules.parse_options(table.options)
    values = {info.name: getattr(chosen, info.name) for info in describe(table.rules.Options)}
    return {**values, TIMER.name: table.timer}


# --- the modal ----------------------------------------------------------------------------
def options_modal(table: Table, page: int, lang: str) -> ui.Modal:
    """Page `page` of the table's options, pre-filled with what the table has now."""
    all_pages = pages(table.game)
    title = tr("options.title", lang, game=table.rules.words.name.get(lang))
    if len(all_pages) > 1:
        title = f"{title} ({page + 1}/{len(all_pages)})"
    modal = ui.Modal(title=title[:TITLE_MAX], custom_id=f"tm:{table.id}:{page}", timeout=None)
    values = current_values(table)
    for field in all_pages[page]:
        modal.add_item(_label(field, values, lang))
    return modal


def _label(field: Field, values: dict[str, Any], lang: str) -> ui.Label[Any]:
    if field.kind == "flags":
        text, help_text = tr("options.flags", lang), tr("options.flags.help", lang)
    else:
        text, help_text = field.infos[0].label_text(lang), field.infos[0].help_text(lang)
    return ui.Label(
        text=_cut(text, LABEL_MAX),
        description=_cut(help_text, DESCRIPTION_MAX),
        component=_input(field, values, lang),
    )


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _input(field: Field, values: dict[str, Any], lang: str) -> ui.Item[Any]:
    info = field.infos[0]
    value = values.get(info.name)
    if field.kind == "flag":
        return ui.Checkbox(custom_id=field.custom_id, default=bool(value))
    if field.kind == "flags":
        return ui.CheckboxGroup(
            custom_id=field.custom_id,
            options=[
                discord.CheckboxGroupOption(
                    label=_cut(i.label_text(lang), OPTION_MAX),
                    value=i.name,
                    description=_cut(i.help_text(lang), OPTION_MAX),
                    default=bool(values.get(i.name)),
                )
                for i in field.infos
            ],
            min_values=0,
            max_values=len(field.infos),
            required=False,
        )
    if field.kind == "number":
        return _number_input(info, value, lang)
    chosen = list(value or ()) if field.kind == "multi" else [value]
    words = [
        (str(c.value), _cut(c.text(lang), OPTION_MAX), c.value in chosen) for c in info.choices
    ]
    if field.kind == "choice" and 2 <= len(words) <= GROUP_MAX:
        return ui.RadioGroup(
            custom_id=field.custom_id,
            options=[discord.RadioGroupOption(label=w, value=v, default=d) for v, w, d in words],
            required=True,
        )
    if field.kind == "multi" and len(words) <= GROUP_MAX:
        return ui.CheckboxGroup(
            custom_id=field.custom_id,
            options=[discord.CheckboxGroupOption(label=w, value=v, default=d) for v, w, d in words],
            min_values=0,
            max_values=len(words),
            required=False,
        )
    many = field.kind == "multi"
    return ModalSelect(
        custom_id=field.custom_id,
        options=[
            discord.SelectOption(label=w, value=v, default=d) for v, w, d in words[:SELECT_MAX]
        ],
        min_values=0 if many else 1,
        max_values=min(len(words), SELECT_MAX) if many else 1,
        required=not many,
    )


class ModalSelect(ui.Select[Any]):
    """A select in a modal: Discord refuses `disabled` there whatever its value ("Modals can
    not currently have disabled components"), and discord.py writes `disabled: false` on
    every select."""

    def to_component_dict(self) -> Any:
        payload = dict(super().to_component_dict())
        payload.pop("disabled", None)
        return payload


def _number_input(info: OptionInfo, value: Any, lang: str) -> ui.TextInput[Any]:
    low, high = info.minimum or 0, info.maximum or 0
    placeholder = tr("options.range", lang, min=low, max=high)
    if info.optional and info.none is not None:
        placeholder = tr("options.range_or_none", lang, min=low, max=high, none=info.none[lang])
    return ui.TextInput(
        custom_id=info.name,
        default="" if value is None else str(value),
        placeholder=_cut(placeholder, OPTION_MAX),
        required=not info.optional,
        max_length=max(len(str(low)), len(str(high))),
    )


# --- the submit ---------------------------------------------------------------------------
def submitted(data: Any) -> dict[str, Any]:
    """`{custom_id: what came}` of a modal submit's inputs (`values` of a select or a group,
    `value` of a text input, a radio group or a checkbox), unchecked: `changed_options`
    reads each against its option."""
    found: dict[str, Any] = {}
    components = data.get("components") if isinstance(data, dict) else None
    for comp in components[:PER_MODAL] if isinstance(components, list) else []:
        if not isinstance(comp, dict):
            continue
        inner = comp.get("component")
        items = [inner] if isinstance(inner, dict) else comp.get("components")
        for item in items if isinstance(items, list) else []:
            cid = item.get("custom_id") if isinstance(item, dict) else None
            if isinstance(cid, str) and cid not in found:
                found[cid] = item.get("values") if "values" in item else item.get("value")
    return found


def changed_options(table: Table, page: int, answers: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The table's options and timer once page `page`'s answers are in (the others kept).

    Raises OptionsRefused on a value an option does not take."""
    all_pages = pages(table.game)
    if not 0 <= page < len(all_pages):
        raise OptionsRefused(T("Ce formulaire n'est plus valide.", "This form is no longer valid."))
    options = dict(table.options)
    timer = table.timer
    for field in all_pages[page]:
        if field.custom_id not in answers:
            continue  # Discord always sends every input: a forged submit changes nothing here
        for info, value in _read(field, answers[field.custom_id]):
            if info is TIMER:
                timer = value
            else:
                options[info.name] = value
    return options, timer


def _read(field: Field, raw: Any) -> list[tuple[OptionInfo, Any]]:
    info = field.infos[0]
    if field.kind == "flag":
        if not isinstance(raw, bool):
            raise OptionsRefused(info.refusal())
        return [(info, raw)]
    if field.kind == "flags":
        names = _strings(raw, info)
        known = {i.name for i in field.infos}
        if not set(names) <= known:
            raise OptionsRefused(T("Option inconnue.", "Unknown option."))
        return [(i, i.name in names) for i in field.infos]
    if field.kind == "number":
        return [(info, _number(info, raw))]
    by_text = {str(c.value): c.value for c in info.choices}
    picked = _strings(raw, info)
    if any(p not in by_text for p in picked):
        raise OptionsRefused(info.refusal())
    if field.kind == "multi":
        return [(info, [c.value for c in info.choices if str(c.value) in picked])]
    if len(picked) != 1:
        raise OptionsRefused(info.refusal())
    return [(info, by_text[picked[0]])]


def _strings(raw: Any, info: OptionInfo) -> Sequence[str]:
    """A radio group sends one value, a select or a group a list."""
    if isinstance(raw, str):
        return [raw]
    if raw is None:
        return []
    if isinstance(raw, list) and len(raw) <= SELECT_MAX and all(isinstance(v, str) for v in raw):
        return raw
    raise OptionsRefused(info.refusal())


def _number(info: OptionInfo, raw: Any) -> int | None:
    text = raw.strip() if isinstance(raw, str) else None
    if text == "" and info.optional:
        return None
    if text is None or not NUMBER.match(text):
        raise OptionsRefused(info.refusal())
    value = int(text)
    low, high = info.minimum, info.maximum
    if (low is not None and value < low) or (high is not None and value > high):
        raise OptionsRefused(info.refusal())
    return value
