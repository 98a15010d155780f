"""Table options typed by the host as `key=value` pairs, checked against the game's model
(its fields and their words: games/options.py)."""

from __future__ import annotations

from typing import Any

import games
from games.options import OptionInfo, describe


class OptionsError(ValueError):
    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


def public_fields(slug: str) -> dict[str, OptionInfo]:
    """Options a table may set, with their words: the model's fields minus the test-only
    (hidden) ones."""
    return {info.name: info for info in describe(games.get(slug).Options)}


def _value(text: str) -> Any:
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


# Table settings the bot itself handles, typed beside the game's options.
TIMER_RANGE = (0, 3600)
TIMER = OptionInfo(
    name="timer",
    kind="int",
    default=90,
    label={"fr": "Minuteur", "en": "Timer"},
    help={
        "fr": "Secondes pour jouer avant que l'IA ne joue à votre place (0 : sans minuteur)",
        "en": "Seconds to act before the AI plays for you (0: no timer)",
    },
    minimum=TIMER_RANGE[0],
    maximum=TIMER_RANGE[1],
)


def parse_options_text(slug: str, text: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """`"size=3 quick=oui timer=60"` → game options and table settings, validated:
    `({"size": 3, "quick": True}, {"timer": 60})`."""
    allowed = public_fields(slug)
    options: dict[str, Any] = {}
    settings: dict[str, Any] = {}
    for token in text.split():
        key, sep, raw = token.partition("=")
        key = key.strip().lower().replace("-", "_")
        if not sep or not key:
            raise OptionsError(f"« {token[:40]} » ≠ clé=valeur")
        if key == "timer":
            value = _value(raw.strip())
            low, high = TIMER_RANGE
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                raise OptionsError(f"timer: {low}–{high} s")
            settings["timer"] = value
            continue
        if key not in allowed:
            names = ", ".join(sorted([*allowed, "timer"]))
            raise OptionsError(f"{key[:40]} ? ({names})")
        options[key] = _value(raw.strip())
    try:
        games.get(slug).parse_options(options)
    except ValueError as exc:
        raise OptionsError(describe_error(exc)) from None
    return options, settings


def describe_error(exc: ValueError) -> str:
    """A validation error in one short line, without pydantic's documentation links."""
    errors = getattr(exc, "errors", None)
    if callable(errors):
        parts = [
            f"{'.'.join(str(x) for x in e.get('loc', ())) or '?'}: {e.get('msg', '')}"
            for e in errors()[:3]
        ]
        return "; ".join(parts)[:300]
    return (str(exc).splitlines() or ["?"])[0][:300]
