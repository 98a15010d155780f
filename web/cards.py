"""Card pictures for the pages: the art package's faces, served at `/cards/<id>.png`.

A face never changes for a given version of the art, so the pages link each picture with
that version in its address (`/cards/QS.png?v=b1b301`, the digest `art.emoji_version`
makes of every face's pixels) and the answer may be cached for a year. Only the card ids
the art draws are served; a game whose cards the art does not know shows text faces.
"""

from __future__ import annotations

import art

HEIGHT = 96
"""Pixels high: the compact layout the art draws for small faces, sharp on a phone's
screen at the 54 CSS pixels the pages give a card."""

KNOWN: frozenset[str] = frozenset(art.ALL_CARDS)


def version() -> str:
    """The art's version: it changes when any face's pixels do (computed once, ~1 s)."""
    return art.emoji_version(HEIGHT)


def knows(card: str) -> bool:
    return card in KNOWN


def png(card: str) -> bytes | None:
    """The face of a card id as PNG bytes; None for an id the art does not draw."""
    return art.face_png(card, HEIGHT) if card in KNOWN else None


def url(card: str) -> str | None:
    """Where the page finds a card's picture, versioned; None: show the text face."""
    return f"/cards/{card}.png?v={version()}" if card in KNOWN else None
