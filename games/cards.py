"""Card ids shared by every game, the decks, the cut, and the cards' text faces.

Standard cards are rank + suit (`10H`, `QS`, `7D`), the joker is `JK`. Bianco Mano cards
are character + family (`MAR`, `GCV`). These ids are what views, action ids, move logs and
tests all speak, so they never change. Text faces are how a player reads them: French
figures (V, D, R) and suit symbols, Bianco Mano characters by name, in French or English.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Literal

from .rng import Rng

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER = "JK"

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

# Bianco Mano characters, strongest first, and the four families.
BM_CHARACTERS: tuple[str, ...] = ("MA", "PA", "AV", "EV", "BA", "CO", "GC", "CH")
BM_FAMILIES: tuple[str, ...] = ("R", "B", "J", "V")

Tint = Literal["red", "black", "blue", "green", "yellow"]

# --- words of the faces ---------------------------------------------------------------------
_FIGURES = {"fr": {"J": "V", "Q": "D", "K": "R"}, "en": {}}
_RANK_NAMES = {
    "fr": {"A": "as", "J": "valet", "Q": "dame", "K": "roi"},
    "en": {"A": "ace", "J": "jack", "Q": "queen", "K": "king"},
}
_SUIT_NAMES = {
    "fr": {"S": "pique", "H": "cœur", "D": "carreau", "C": "trèfle"},
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
}
# Soft hyphens mark where a card too narrow for the whole name may break it; text drops them.
_BM_NAMES = {
    "fr": {
        "MA": "Mamma",
        "PA": "Parrain",
        "AV": "Avocat",
        "EV": "Évêque",
        "BA": "Banquier",
        "CO": "Commis\u00adsaire",
        "GC": "Garde du corps",
        "CH": "Chauf\u00adfeur",
    },
    "en": {
        "MA": "Mamma",
        "PA": "God\u00adfather",
        "AV": "Lawyer",
        "EV": "Bishop",
        "BA": "Banker",
        "CO": "Commis\u00adsioner",
        "GC": "Body\u00adguard",
        "CH": "Driver",
    },
}
_SOFT_HYPHEN = "\u00ad"


def character_name(character: str, lang: str = "fr") -> str:
    """A Bianco Mano character's name as its card prints it, soft hyphens included."""
    return _BM_NAMES[_lang(lang)][character]


_BM_FAMILY_NAMES = {
    "fr": {"R": "rouge", "B": "bleue", "J": "jaune", "V": "verte"},
    "en": {"R": "red", "B": "blue", "J": "yellow", "V": "green"},
}
_BM_FAMILY_MARKS = {"R": "🟥", "B": "🟦", "J": "🟨", "V": "🟩"}
FAMILY_MARKS: Mapping[str, str] = MappingProxyType(_BM_FAMILY_MARKS)
"""Each Bianco Mano family's mark in texts (an emoji Discord draws); a page that cannot
count on an emoji font draws its own shape instead (web/words.py)."""
JOKER_MARK = "🃏"
_BM_TINTS: dict[str, Tint] = {"R": "red", "B": "blue", "J": "yellow", "V": "green"}


def _lang(lang: str) -> str:
    return "en" if lang == "en" else "fr"


def is_bianco_mano(c: str) -> bool:
    return len(c) == 3 and c[:2] in _BM_NAMES["fr"] and c[2] in _BM_FAMILY_MARKS


def is_standard(c: str) -> bool:
    return len(c) in (2, 3) and c[-1] in SUIT_SYMBOLS and c[:-1] in RANKS


def face(c: str, lang: str = "fr") -> str:
    """`10♥`, `D♠` (French figures V/D/R, English J/Q/K), `🃏 Joker`, `🟥 Mamma`."""
    return _face(c, _lang(lang))


@lru_cache(maxsize=1024)
def _face(c: str, lang: str) -> str:
    """A card id's face never changes: worked out once per language."""
    if c == JOKER:
        return f"{JOKER_MARK} Joker"
    if is_bianco_mano(c):
        return f"{_BM_FAMILY_MARKS[c[2]]} {_BM_NAMES[lang][c[:2]].replace(_SOFT_HYPHEN, '')}"
    if is_standard(c):
        rank = c[:-1]
        return _FIGURES[lang].get(rank, rank) + SUIT_SYMBOLS[c[-1]]
    return c


def faces(cards: list[str] | tuple[str, ...], lang: str = "fr") -> str:
    return " ".join(face(c, lang) for c in cards)


def suit_name(letter: str, lang: str = "fr") -> str:
    """`♥ cœur` / `♥ hearts`."""
    name = _SUIT_NAMES[_lang(lang)].get(letter, letter)
    return f"{SUIT_SYMBOLS[letter]} {name}" if letter in SUIT_SYMBOLS else name


def family_name(letter: str, lang: str = "fr") -> str:
    """`🟥 rouge` / `🟥 red`: a Bianco Mano family."""
    name = _BM_FAMILY_NAMES[_lang(lang)].get(letter, letter)
    mark = _BM_FAMILY_MARKS.get(letter)
    return f"{mark} {name}" if mark else name


def rank_text(rank: str, lang: str = "fr") -> str:
    """A rank as printed on a card face: `7`, `V`, `D`, `R`, `A` (English `J`, `Q`, `K`)."""
    return _FIGURES[_lang(lang)].get(rank, rank)


def rank_name(rank: str, lang: str = "fr") -> str:
    """A rank in words: `as`, `7`, `valet`, `dame`, `roi` / `ace`, `7`, `jack`..."""
    return _RANK_NAMES[_lang(lang)].get(rank, rank)


def tint(c: str) -> Tint | None:
    """The colour a player sees first on the card: its suit's or its family's."""
    if c == JOKER:
        return None
    if is_bianco_mano(c):
        return _BM_TINTS[c[2]]
    if is_standard(c):
        return "red" if c[-1] in ("H", "D") else "black"
    return None


# --- decks and the cut ----------------------------------------------------------------------
def deck32() -> list[str]:
    """The piquet deck: 7 to 10, J, Q, K, A in each suit."""
    return [r + s for s in SUITS for r in ("7", "8", "9", "10", "J", "Q", "K", "A")]


def deck52() -> list[str]:
    return [r + s for s in SUITS for r in RANKS]


def deck53() -> list[str]:
    return [*deck52(), JOKER]


def bianco_mano_deck() -> list[str]:
    return [ch + f for f in BM_FAMILIES for ch in BM_CHARACTERS]


def cut(deck: list[str], rng: Rng, margin: int = 3) -> list[str]:
    """Cut the deck: lift the top part and put it under the rest.

    The cut point leaves at least `margin` cards in each part, as a person cutting would.
    """
    n = len(deck)
    if n < 2 * margin + 1:
        margin = 1
    k = rng.between(margin, n - margin)
    return deck[k:] + deck[:k]
