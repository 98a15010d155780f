"""Table options written as `key=value` text ("target=200 timer=0"), for the tests, the
demo and the benches: the bot itself only takes typed slash-command parameters."""

from __future__ import annotations

from typing import Any

import games
from bot.table.options import TIMER_RANGE
from games.options import OptionInfo, describe


def public_fields(slug: str) -> dict[str, OptionInfo]:
    """Options a table may set, with their words: the model's fields minus the test-only
    (hidden) ones."""
    return {info.name: info for info in describe(games.get(slug).Options)}


def value_of(text: str) -> Any:
    """`oui` → True, `aucun` → None, `3` → 3, `a,b` → a list, anything else as it is."""
    low = text.lower()
    if low in ("true", "oui", "yes", "on"):
        return True
    if low in ("false", "non", "no", "off"):
        return False
    if low in ("none", "null", "aucun"):
        return None
    try:
        return int(text)
    except ValueError:
        pass
    if "," in text:
        return [part.strip() for part in text.split(",") if part.strip()]
    return text


def parse_options_text(slug: str, text: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """`"size=3 quick=oui timer=60"` → game options and table settings, checked by the
    game's model: `({"size": 3, "quick": True}, {"timer": 60})`; a ValueError otherwise."""
    allowed = public_fields(slug)
    options: dict[str, Any] = {}
    settings: dict[str, Any] = {}
    for token in text.split():
        key, sep, raw = token.partition("=")
        key = key.strip().lower().replace("-", "_")
        if not sep or not key:
            raise ValueError(f"{token!r} is not key=value")
        value = value_of(raw.strip())
        if key == "timer":
            low, high = TIMER_RANGE
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                raise ValueError(f"timer: {low} to {high} s")
            settings["timer"] = value
        elif key in allowed:
            options[key] = value
        else:
            raise ValueError(f"{key!r}: not one of {sorted([*allowed, 'timer'])}")
    games.get(slug).parse_options(options)
    return options, settings
