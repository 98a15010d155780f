"""The pages' language: French by default, English by the browser or the switch."""

from __future__ import annotations

import pytest

from web import i18n


@pytest.mark.parametrize(
    ("chosen", "accept", "expected"),
    [
        (None, None, "fr"),
        (None, "en-US,en;q=0.9", "en"),
        (None, "de-DE,de;q=0.9,en;q=0.8,fr;q=0.7", "en"),
        (None, "fr-CA,en;q=0.5", "fr"),
        (None, "en;q=0.2,fr;q=0.9", "fr"),
        (None, "en;q=0", "fr"),
        (None, "de,es", "fr"),
        (None, "en;q=abc", "fr"),
        ("en", "fr-FR", "en"),
        ("fr", "en-US", "fr"),
        ("xx", "en-US", "en"),
    ],
)
def test_negotiate(chosen: str | None, accept: str | None, expected: str) -> None:
    assert i18n.negotiate(chosen, accept) == expected


def test_every_text_exists_in_both_languages() -> None:
    for key, forms in i18n.TEXT.items():
        assert set(forms) == set(i18n.LANGS), key
