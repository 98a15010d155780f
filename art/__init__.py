"""Tapis' own card art, drawn by code with Pillow: card faces, table and hand pictures.

No Discord, no database, no I/O beyond reading the shipped fonts. The public API:

- `face(card, height, lang)`, `card_back(height)`, `identity_card(slug, lang, height)`: cached
  RGBA faces; `face_png(card, height, lang)`: PNG bytes for an application emoji or a page, and
  `emoji_version()`: a digest of the faces to put in emoji names.
- `draw_table(scene)`: PNG bytes of the table from a `TableScene` of public facts.
- `draw_hand(cards, playable, lang, grey)`: PNG bytes of a fanned hand, playable cards
  raised, the ones the rules forbid now greyed.
- `draw_standings(scene)`: PNG bytes of a concours' standings from a `StandingsScene`.
- `warm()`: draw every face and rotation once, e.g. in a worker thread at start-up
  (`warm_card(card)`: one card's).
"""

from __future__ import annotations

from . import hand
from .cards import (
    ALL_CARDS,
    BACK,
    FAMILIES,
    JOKER,
    OWN_CARDS,
    ROLES,
    STANDARD_CARDS,
    card_back,
    emoji_version,
    face,
    face_lang,
    face_png,
    identity_card,
    localised,
)
from .hand import draw_hand, draw_hand_image
from .scene import MARKS, Box, Fact, Played, Seat, TableScene, Zone
from .standings import StandingsRow, StandingsScene, draw_standings, draw_standings_image
from .table import draw_table, draw_table_image, fits, header_fits

__all__ = [
    "ALL_CARDS",
    "BACK",
    "FAMILIES",
    "JOKER",
    "MARKS",
    "OWN_CARDS",
    "ROLES",
    "STANDARD_CARDS",
    "Box",
    "Fact",
    "Played",
    "Seat",
    "StandingsRow",
    "StandingsScene",
    "TableScene",
    "Zone",
    "card_back",
    "draw_hand",
    "draw_hand_image",
    "draw_standings",
    "draw_standings_image",
    "draw_table",
    "draw_table_image",
    "emoji_version",
    "face",
    "face_lang",
    "face_png",
    "fits",
    "hand",
    "header_fits",
    "identity_card",
    "localised",
    "warm",
    "warm_card",
]


def warm(langs: tuple[str, ...] = ("fr", "en")) -> None:
    """Draw ahead what pictures reuse: faces at the sizes pictures use, hand rotations."""
    from . import table

    for card in (*ALL_CARDS, BACK):
        warm_card(card, langs)
    for slug in ROLES:
        for lang in langs:
            identity_card(slug, lang, table.IDENTITY_H)


def warm_card(card: str, langs: tuple[str, ...] = ("fr", "en")) -> None:
    """Draw ahead one card's faces at the sizes pictures use and its hand rotations, in each
    language whose face differs: a caller can warm card by card and let pictures asked
    meanwhile go first."""
    from . import hand, table

    for lang in langs:
        for height in table.FACE_HEIGHTS:
            face(card, height, lang)
        for angle in hand.ANGLES:
            hand.rotated(card, angle, lang)
