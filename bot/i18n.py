"""French first, English for English Discord locales: the lookup and the command translator."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from .catalog import COMMANDS, MESSAGES

FR, EN = "fr", "en"


def lang_of(locale: discord.Locale | str | None) -> str:
    """`en` for any English Discord locale, `fr` for everything else (French is the default)."""
    value = locale.value if isinstance(locale, discord.Locale) else (locale or "")
    return EN if value.startswith("en") else FR


def tr(key: str, lang: str, **kwargs: Any) -> str:
    """The message `key` in `lang`; a missing key shows itself rather than crash a callback."""
    entry = MESSAGES.get(key)
    if entry is None:
        return key
    text = entry.get(lang) or entry[FR]
    return text.format(**kwargs) if kwargs else text


def count(n: int, key: str, lang: str) -> str:
    """`n` with its noun in the right number: the entry reads "{n} partie|{n} parties".

    French keeps 0 and 1 singular ("0 partie", "1 partie"); English only 1."""
    one, _, many = tr(key, lang).partition("|")
    singular = abs(n) < 2 if lang == FR else n == 1
    return (one if singular or not many else many).replace("{n}", str(n))


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
        key = string.extras.get("key")
        if key is None or key not in COMMANDS:
            return None
        entry = COMMANDS[key]
        if locale.value.startswith("en"):
            return entry.get("en")
        if locale is discord.Locale.french:
            return entry.get("fr")
        return None


def ls(key: str) -> app_commands.locale_str:
    """A translatable command string whose base (default) text is the French one."""
    return app_commands.locale_str(COMMANDS[key]["base"], key=key)
