"""Every word a player can meet exists in French and English: the engines' documented events
and refusal codes have words in their game's catalogue, and the bot's own messages are
complete."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

import games
from bot.i18n.catalog import COMMANDS, MESSAGES
from games.words import COMMON_REFUSALS
from tests.bot.options_text import public_fields

DOCS = Path(__file__).resolve().parents[3] / "docs" / "rules"
CODE = re.compile(r"^[a-z]+(?:_[a-z0-9]+)+$|^malformed$")


def section(slug: str, heading: str) -> str:
    text = (DOCS / f"{slug}.md").read_text(encoding="utf-8")
    start = text.index(heading)
    end = text.find("\n## ", start + len(heading))
    return text[start : end if end != -1 else len(text)]


def documented_events(slug: str) -> set[str]:
    found: set[str] = set()
    for line in section(slug, "## Events").splitlines():
        if line.startswith("| `"):
            first = line.split("|")[1]
            found.update(re.findall(r"`([a-z_]+)`", first))
    return found - {"type"}


def documented_codes(slug: str) -> set[str]:
    options = set(public_fields(slug)) | set(games.get(slug).Options.model_fields)
    tokens = re.findall(r"`([a-z0-9_]+)`", section(slug, "## IllegalAction codes"))
    return {t for t in tokens if CODE.match(t) and t not in options}


DOCUMENTED = [s for s in games.slugs() if (DOCS / f"{s}.md").exists()]


def test_every_built_in_game_has_its_rules_page() -> None:
    assert {"bianco-mano", "manille", "blanche-neige", "nain-jaune", "bonanza"} <= set(DOCUMENTED)


@pytest.mark.parametrize("slug", DOCUMENTED)
def test_every_documented_event_has_words(slug: str) -> None:
    events = documented_events(slug)
    assert events, f"no events documented for {slug}"
    missing = sorted(e for e in events if e not in games.get(slug).words.events)
    assert not missing, f"{slug}: events without words: {missing}"


@pytest.mark.parametrize("slug", DOCUMENTED)
def test_every_documented_refusal_has_words(slug: str) -> None:
    words = games.get(slug).words
    missing = sorted(
        c for c in documented_codes(slug) if c not in words.refusals and c not in COMMON_REFUSALS
    )
    assert not missing, f"{slug}: refusal codes without words: {missing}"


def test_no_game_has_words_in_the_bots_catalog() -> None:
    """A game's words live in its package: no key of the bot's catalog names a game."""
    for slug in games.slugs():
        for key in [*MESSAGES, *COMMANDS]:
            assert slug not in key, key


def test_every_message_has_french_and_english_with_the_same_fields() -> None:
    fmt = string.Formatter()
    for key, entry in MESSAGES.items():
        assert entry.get("fr") and entry.get("en"), key
        fields = [{f for _, f, _, _ in fmt.parse(entry[lang]) if f} for lang in ("fr", "en")]
        assert fields[0] == fields[1], f"{key}: {fields}"


def test_command_strings_fit_discord() -> None:
    for key, entry in COMMANDS.items():
        for text in entry.values():
            if key.endswith(".desc") or key.startswith("choice."):
                assert 1 <= len(text) <= 100, key  # descriptions and choice names
            elif not key.startswith("game."):
                assert re.fullmatch(r"[a-z0-9_-]{1,32}", text), (key, text)
