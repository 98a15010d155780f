"""No page sends a character its reader's fonts may lack.

The pages set their text in the system's sans-serif; Chromium without an emoji font (a
plain Debian) draws an emoji as an empty box. So what the web serves (every page of every
match at every step, in French and English, and the static files) and the games' words it
shows must hold only characters DejaVu Sans draws (the art's own font, the common ground
of the systems' fonts) and no emoji. Player names are the players' own: they are left
out of the scan.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import games
from art import text as art_text
from games.cards import bianco_mano_deck, deck53
from games.lang import Unit
from games.words import T
from web import words
from web.app import STATIC

from .conftest import signed
from .seed import NAMES, Seeded

TAG = re.compile(r"<[^>]*>")


def lacking(text: str) -> set[str]:
    """The characters of `text` a page must not send: an emoji (or its presentation
    selector), or a character the font lacks. Spaces and invisible format marks (the
    isolates around names) draw nothing and are fine."""
    bad = set()
    for ch in set(text):
        if ch.isspace() or (unicodedata.category(ch) == "Cf" and ch not in "\ufe0f\u200d"):
            continue
        if ord(ch) >= 0x1F000 or ch in "\ufe0f\u200d" or art_text.printable(ch) != ch:
            bad.add(ch)
    return bad


def without_names(page: str, names: list[str]) -> str:
    for name in sorted(names, key=len, reverse=True):
        page = page.replace(name, "")
    return page


def test_the_scan_sees_emoji_and_missing_glyphs() -> None:
    assert lacking("🟥 Mamma 🃏 ▶️") == {"🟥", "🃏", "\ufe0f"}
    assert lacking("D♠ 10♥ « Valet » · ◀◀ ★ — é\u2068Alice\u2069") == set()
    assert lacking("漢") == {"漢"}


def seat_names(seeded_names: dict[int, str]) -> list[str]:
    return [*seeded_names.values(), *(f"Robot {i}" for i in range(9))]


@pytest.mark.slow
def test_no_page_sends_a_glyph_its_fonts_may_lack(client: TestClient, seeded: Seeded) -> None:
    """Every step of every match (French and English in turn, both for Bianco Mano, whose
    texts hold family marks), the leaderboards and the players' pages."""
    names = seat_names(NAMES)
    for lang in ("fr", "en"):
        for path, query in [("", {}), ("", {"game": "bianco-mano"}), ("", {"season": 1})] + [
            (f"player/{u}", {}) for u in NAMES
        ]:
            page = client.get(signed(path), params={**query, "lang": lang})
            assert page.status_code == 200
            assert lacking(without_names(page.text, names)) == set(), (path, query)
        for plain in (client.get("/", params={"lang": lang}), client.get(f"/nowhere?lang={lang}")):
            assert lacking(plain.text) == set()  # the home page and the 404
    for label, match_id in seeded.matches.items():
        first = client.get(signed(f"match/{match_id}"))
        total = re.search(r'data-total="(\d+)"', first.text)
        for step in range(int(total[1]) + 1) if total else [0]:
            langs = ("fr", "en") if label == "bianco" else (("fr", "en")[step % 2],)
            for lang in langs:
                query = {"step": step, "lang": lang}
                page = client.get(signed(f"match/{match_id}"), params=query)
                found = lacking(without_names(page.text, names))
                assert found == set(), (label, step, lang, found)


def test_the_static_files_send_no_such_glyph() -> None:
    for path in Path(STATIC).iterdir():
        if path.suffix in (".css", ".js", ".svg"):
            assert lacking(path.read_text(encoding="utf-8")) == set(), path.name


def texts(value: object) -> Iterator[str]:
    """Every text a game's words hold, in both languages (sentences, labels, units)."""
    if isinstance(value, T):
        yield value.fr
        yield value.en
    elif isinstance(value, Unit):
        yield from (*value.fr, *value.en)
    elif isinstance(value, str):
        yield value
    elif isinstance(value, dict | tuple | list | frozenset) or hasattr(value, "items"):
        items = value.values() if hasattr(value, "values") else value
        for item in items:  # type: ignore[attr-defined]
            yield from texts(item)


def test_the_games_words_shown_on_a_page_lack_no_glyph() -> None:
    """The games' own words (their sentences hold emoji for Discord: a family's coloured
    square) as a page shows them, through `marked`; and every card's text face."""
    for rules in games.all():
        for f in dataclasses.fields(rules.words):
            for line in texts(getattr(rules.words, f.name)):
                for lang in ("fr", "en"):
                    shown = TAG.sub("", words.marked(line, lang))
                    assert lacking(shown) == set(), (rules.slug, f.name, line)
    for card in (*deck53(), *bianco_mano_deck()):
        for lang in ("fr", "en"):
            assert lacking(words.plain_face(card, lang)) == set(), card
            assert lacking(TAG.sub("", words.marked(words.face(card, lang).text, lang))) == set()
