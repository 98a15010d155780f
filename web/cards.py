"""Card pictures for the pages: the art package's faces, served at `/cards/<id>.png`.

A face never changes for a given version of the art, so the pages link each picture with
that version in its address (`/cards/QS.png?v=b1b301`, the digest `art.emoji_version`
makes of every face's pixels) and the answer may be cached for a year. A face speaks the
page's language where it has words: an English page links `/cards/QS.png?v=...&lang=en`
(the queen reads Q, not D). Only the card ids the art draws are served; a game whose cards
the art does not know shows text faces. `draw_all` draws every picture once, before the
server answers its first page, so that no page waits for its cards.
"""

from __future__ import annotations

import art

HEIGHT = 96
"""Pixels high: the compact layout the art draws for small faces, sharp on a phone's
screen at the 54 CSS pixels the pages give a card."""

KNOWN: frozenset[str] = frozenset(art.ALL_CARDS)


def version() -> str:
    """The art's version: it changes when any face's pixels do (computed once, ~0.3 s)."""
    return art.emoji_version(HEIGHT)


def knows(card: str) -> bool:
    return card in KNOWN


def face_lang(card: str, lang: str | None) -> str:
    """The language the picture of `card` is drawn in on a `lang` page: `fr` unless its
    English face differs."""
    return art.face_lang(card, HEIGHT, "en" if lang == "en" else "fr")


def png(card: str, lang: str | None = None) -> bytes | None:
    """The face of a card id as PNG bytes; None for an id the art does not draw."""
    return art.face_png(card, HEIGHT, face_lang(card, lang)) if card in KNOWN else None


def url(card: str, lang: str = "fr") -> str | None:
    """Where the page finds a card's picture, versioned; None: show the text face."""
    if card not in KNOWN:
        return None
    words = "&lang=en" if face_lang(card, lang) == "en" else ""
    return f"/cards/{card}.png?v={version()}{words}"


def draw_all() -> int:
    """Draw and encode every picture the pages link (each card, and the English faces that
    differ) so that the first pages find them ready; returns how many."""
    version()
    drawn = [png(card) for card in art.ALL_CARDS]
    drawn += [png(card, "en") for card in art.localised(HEIGHT)]
    return len(drawn)
