"""The cards art knows and their sizes: the standard deck, the joker and the back (games/cards.py),
and the decks and identity cards the games declare (`games.faces`), as the games registered
when art is first imported declare them; a face's language and colour.
"""

from __future__ import annotations

import games
from games.cards import JOKER, RANKS, SUITS
from games.faces import Deck, Figure, Identity

from . import emblems
from .palette import INK, RED, RGB

RED_SUITS = frozenset({"H", "D"})
STANDARD_CARDS: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
BACK = "BACK"
FRENCH_INDEX: dict[str, str] = {"J": "V", "Q": "D", "K": "R"}
COURTS = frozenset(FRENCH_INDEX)
LANGS: tuple[str, ...] = ("fr", "en")


def _declared() -> tuple[tuple[Deck, ...], dict[str, Identity]]:
    """The decks and identity cards every registered game declares, each id once."""
    decks: list[Deck] = []
    identities: dict[str, Identity] = {}
    for rules in games.all():
        deck = rules.faces.deck
        if deck is not None and deck not in decks:
            decks.append(deck)
        for identity in rules.faces.identities:
            if identities.setdefault(identity.slug, identity) != identity:
                raise ValueError(f"two games declare the identity card {identity.slug!r}")
    return tuple(decks), identities


def own_cards(decks: tuple[Deck, ...]) -> dict[str, tuple[Deck, Figure]]:
    """Each card of the declared decks: its deck and its figure."""
    own: dict[str, tuple[Deck, Figure]] = {}
    for deck in decks:
        for card in deck.cards:
            figure = deck.figure(card)
            if card in own or card in STANDARD_CARDS or card in (JOKER, BACK) or figure is None:
                raise ValueError(f"the card id {card!r} is declared twice")
            own[card] = (deck, figure)
    return own


DECKS, IDENTITIES = _declared()
OWN_CARDS = own_cards(DECKS)
FAMILIES: tuple[str, ...] = tuple(dict.fromkeys(f for d in DECKS for f in d.families))
ROLES: tuple[str, ...] = tuple(IDENTITIES)
# A figure card's words sit at its left, within the part a fanned hand leaves showing
# (art.hand keeps at least this much of every card in view): from NAME_X to NAME_RIGHT.
NAME_X = 0.08
NAME_RIGHT = 0.56
# Each figure's emblem, by its key; a figure art does not know gets a plain one.
FIGURE_EMBLEM: dict[str, emblems.Emblem] = {
    "MA": emblems.crown,
    "PA": emblems.fedora,
    "AV": emblems.scale,
    "EV": emblems.mitre,
    "BA": emblems.coins,
    "CO": emblems.badge,
    "GC": emblems.shield,
    "CH": emblems.wheel,
}

ALL_CARDS: tuple[str, ...] = (*STANDARD_CARDS, JOKER, *OWN_CARDS)
COMPACT_BELOW = 100  # px high: faces smaller than this use the compact layout
JOKER_COLOUR: RGB = (108, 48, 148)


def card_size(height: int) -> tuple[int, int]:
    """Width and height of a face `height` px high (the 5:7 of a poker card)."""
    return round(height * 5 / 7), height


def is_figure(card: str) -> bool:
    """Whether `card` is a card of a deck a game declares (a figure of a family)."""
    return card in OWN_CARDS


def suit_colour(suit: str) -> RGB:
    return RED if suit in RED_SUITS else INK


def check_height(height: int) -> None:
    if not 16 <= height <= 1024:
        raise ValueError(f"face height {height} out of 16..1024")


def face_lang(card: str, height: int, lang: str) -> str:
    """The language a face is drawn in: `en` only where the English face differs (court
    cards; figure cards at full size, which name their figure), else `fr`, so a
    face that reads the same in both is drawn and cached once."""
    if lang != "en":
        return "fr"
    if card[:-1] in COURTS and card[-1:] in SUITS:
        return "en"
    return "en" if is_figure(card) and height >= COMPACT_BELOW else "fr"
