"""The registry: built-in games by slug on first use, and games that register themselves."""

from __future__ import annotations

import pytest

import games
from tests.toygame import RULES as TOY


def test_built_in_games_come_first_then_the_registered_ones() -> None:
    slugs = games.slugs()
    assert slugs[:5] == ("bianco-mano", "manille", "blanche-neige", "nain-jaune", "bonanza")
    assert "plus-fort" in slugs[5:]
    assert games.get("plus-fort") is TOY
    assert TOY in games.all()
    assert games.known("manille") and games.known("plus-fort")


def test_an_unknown_slug_is_refused() -> None:
    assert not games.known("belote")
    with pytest.raises(KeyError):
        games.get("belote")


def test_a_slug_cannot_be_taken_twice() -> None:
    assert games.register(TOY) is TOY  # registering the same game again is harmless

    class Impostor(type(TOY)):
        pass

    with pytest.raises(ValueError):
        games.register(Impostor())
    assert games.get("plus-fort") is TOY  # the refused one took nothing


def test_a_games_name_is_its_own_words_and_an_unknown_slug_shows_itself() -> None:
    """The one lookup of a game's name the bot and the pages share."""
    for rules in games.all():
        assert games.words_of(rules.slug) is rules.words
        for lang in ("fr", "en"):
            assert games.game_name(rules.slug, lang) == rules.words.name.get(lang)
    assert games.game_name(TOY.slug, "en") == "Highest card"
    assert games.game_name("blanche-neige", "en") == "Snow White"
    assert games.game_name("belote", "fr") == "belote"  # a match of a game since removed
    assert games.words_of("belote") is None
