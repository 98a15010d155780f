"""French first, English for English Discord locales: the lookup and the command translator."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

import games
from games.words import T

from .catalog import COMMANDS, MESSAGES

FR, EN = "fr", "en"
GAME_KEY = "game."  # `game.<slug>`: a game's name, from its own words


def lang_of(locale: discord.Locale | str | None) -> str:
    """`en` for any English Discord locale, `fr` for everything else (French is the default)."""
    value = locale.value if isinstance(locale, discord.Locale) else (locale or "")
    return EN if value.startswith("en") else FR


def tr(key: str, lang: str, **kwargs: Any) -> str:
    """The message `key` in `lang`; a missing key shows itself rather than crash a callback.

    `illegal` with `game` and `code` is a move the rules refused: the game says why. A
    value given as a `T` (French and English) is read in `lang`.
    """
    if key == "illegal" and games.known(str(kwargs.get("game", ""))):
        return games.get(kwargs["game"]).words.refusal(str(kwargs.get("code")), lang)
    entry = MESSAGES.get(key)
    if entry is None:
        return key
    text = entry.get(lang) or entry[FR]
    if not kwargs:
        return text
    return text.format(**{k: v.get(lang) if isinstance(v, T) else v for k, v in kwargs.items()})


def has(key: str) -> bool:
    return key in MESSAGES


class Translator(app_commands.Translator):
    """Command names, descriptions and choices: base strings are French, English is looked up."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if "en" in string.extras:  # a text that carries its own translation (bot.table.subcommands)
            return string.extras["en"] if locale.value.startswith("en") else None
        key = string.extras.get("key")
        if key is not None and key.startswith(GAME_KEY) and games.known(key[len(GAME_KEY) :]):
            name = games.get(key[len(GAME_KEY) :]).words.name
            entry = {"fr": name.fr, "en": name.en}
        elif key is None or key not in COMMANDS:
            return None
        else:
            entry = COMMANDS[key]
        if locale.value.startswith("en"):
            return entry.get("en")
        if locale is discord.Locale.french:
            return entry.get("fr")
        return None


def ls(key: str) -> app_commands.locale_str:
    """A translatable command string whose base (default) text is the French one;
    `game.<slug>` is a game's name from its own words."""
    if key.startswith(GAME_KEY):
        return app_commands.locale_str(games.get(key[len(GAME_KEY) :]).words.name.fr, key=key)
    return app_commands.locale_str(COMMANDS[key]["base"], key=key)
