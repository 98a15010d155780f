"""`/table <jeu>`: one subcommand per registered game, its options as typed parameters.

The parameters come from the game's options model alone (games/options.py: type, bounds,
allowed values and their French and English words), so a new game gets its subcommand
without a line here. Names and descriptions are French by default and English for English
Discord clients (the translator reads the English text from the `locale_str`'s extras).
A list option (several values at once) has no slash-command type: the host sets it with
the lobby's "Options" button.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Awaitable, Callable
from typing import Any, Optional

import discord
from discord import app_commands

import games
from games.options import OptionInfo, describe

from ..i18n.translate import ls
from .options import SETTINGS

MAX_NAME = 32  # Discord: option and command names
MAX_TEXT = 100  # Discord: descriptions and choice names
OpenTable = Callable[
    [discord.Interaction[Any], str, dict[str, Any], dict[str, Any]], Awaitable[None]
]


def slash_name(label: str) -> str:
    """A label as Discord wants a name: lower case, letters, digits, `-` and `_`."""
    name = re.sub(r"[^\w-]+", "-", label.lower()).strip("-_")
    return name[:MAX_NAME].rstrip("-_") or "option"


def text(words: dict[str, str] | Any) -> app_commands.locale_str:
    """French text, with its English translation for the translator."""
    fr, en = words["fr"][:MAX_TEXT], words["en"][:MAX_TEXT]
    return app_commands.locale_str(fr, en=en)


def name(info: OptionInfo) -> app_commands.locale_str:
    fr, en = slash_name(info.label["fr"]), slash_name(info.label["en"])
    return app_commands.locale_str(fr, en=en)


def offered(info: OptionInfo) -> bool:
    return info.kind != "multi"


def annotation(info: OptionInfo) -> Any:
    """The parameter's type; every one is optional (the model's default applies)."""
    if info.kind == "bool":
        return Optional[bool]  # noqa: UP045
    if info.kind == "choice":
        kinds = {type(c.value) for c in info.choices}
        return Optional[int if kinds == {int} else str]  # noqa: UP045
    low = info.minimum if info.minimum is not None else -(2**53)
    high = info.maximum if info.maximum is not None else 2**53
    return Optional[app_commands.Range[int, low, high]]  # noqa: UP045


def game_command(slug: str, open_table: OpenTable) -> app_commands.Command[Any, ..., None]:
    """The game's subcommand: the host's options go to `open_table` as the model's fields."""
    rules = games.get(slug)
    options = [info for info in describe(rules.Options) if offered(info)]
    everything = [*options, *SETTINGS]

    async def callback(interaction: discord.Interaction[Any], **given: Any) -> None:
        chosen = {k: v for k, v in given.items() if v is not None}
        settings = {s.name: chosen.pop(s.name) for s in SETTINGS if s.name in chosen}
        await open_table(interaction, slug, chosen, settings)

    params = [
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        *(
            inspect.Parameter(
                info.name,
                inspect.Parameter.KEYWORD_ONLY,
                default=None,
                annotation=annotation(info),
            )
            for info in everything
        ),
    ]
    # What discord.py reads from a callback's signature and its decorators, set directly
    # since the parameters are only known from the game's model.
    choices = {
        i.name: [
            app_commands.Choice(name=text({"fr": c.fr, "en": c.en}), value=c.value)
            for c in i.choices
        ]
        for i in everything
        if i.kind == "choice"
    }
    attributes = {
        "__signature__": inspect.Signature(params),
        "__discord_app_commands_param_rename__": {i.name: name(i) for i in everything},
        "__discord_app_commands_param_description__": {i.name: text(i.help) for i in everything},
        "__discord_app_commands_param_choices__": choices,
    }
    for attribute, value in attributes.items():
        setattr(callback, attribute, value)
    words = rules.words
    players = f"{rules.min_players}–{rules.max_players}"
    description = {
        "fr": f"{words.name.fr} · {players} joueurs",
        "en": f"{words.name.en} · {players} players",
    }
    return app_commands.Command(name=slug, description=text(description), callback=callback)


def table_group(open_table: OpenTable) -> app_commands.Group:
    """`/table`, with a subcommand for every game registered now."""
    group = app_commands.Group(
        name=ls("cmd.table"), description=ls("cmd.table.desc"), guild_only=True
    )
    for slug in games.slugs():
        group.add_command(game_command(slug, open_table))
    return group
