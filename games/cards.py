"""Card ids shared by every game, the standard decks, the Bianco Mano deck and the cut.

Standard cards are rank + suit (`10H`, `QS`, `7D`), the joker is `JK`. Bianco Mano cards
are character + family (`MAR`, `GCV`). These ids are what views, action ids, move logs and
tests all speak, so they never change.
"""

from __future__ import annotations

from .rng import Rng

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER = "JK"

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset({"H", "D"})

# Bianco Mano characters, strongest first, and the four families.
BM_CHARACTERS: tuple[str, ...] = ("MA", "PA", "AV", "EV", "BA", "CO", "GC", "CH")
BM_FAMILIES: tuple[str, ...] = ("R", "B", "J", "V")
# Their names in the rule book, for anything that shows cards to French players.
BM_CHARACTER_NAMES_FR = {
    "MA": "Mamma",
    "PA": "Parrain",
    "AV": "Avocat",
    "EV": "Évêque",
    "BA": "Banquier",
    "CO": "Commissaire",
    "GC": "Garde du corps",
    "CH": "Chauffeur",
}
BM_FAMILY_NAMES_FR = {"R": "rouge", "B": "bleue", "J": "jaune", "V": "verte"}


def card(rank: str, suit: str) -> str:
    return rank + suit


def rank_of(c: str) -> str:
    """Rank of a standard card (`10` for `10H`); the joker has none."""
    return c[:-1]


def suit_of(c: str) -> str:
    """Suit letter of a standard card, or family letter of a Bianco Mano card."""
    return c[-1]


def character_of(c: str) -> str:
    """Character code of a Bianco Mano card (`MA` for `MAR`)."""
    return c[:-1]


def colour_of(c: str) -> str:
    """`red` or `black` for a standard card."""
    return "red" if c[-1] in RED_SUITS else "black"


def rank_value(c: str) -> int:
    """Numeric rank with the ace low: A=1 … 10=10, J=11, Q=12, K=13."""
    return RANKS.index(c[:-1]) + 1


def deck32() -> list[str]:
    """The piquet deck: 7 to 10, J, Q, K, A in each suit."""
    return [r + s for s in SUITS for r in ("7", "8", "9", "10", "J", "Q", "K", "A")]


def deck52() -> list[str]:
    return [r + s for s in SUITS for r in RANKS]


def deck53() -> list[str]:
    return [*deck52(), JOKER]


def bianco_mano_deck() -> list[str]:
    return [ch + f for f in BM_FAMILIES for ch in BM_CHARACTERS]


def is_standard(c: str) -> bool:
    return c == JOKER or (len(c) in (2, 3) and c[-1] in SUITS and c[:-1] in RANKS)


def cut(deck: list[str], rng: Rng, margin: int = 3) -> list[str]:
    """Cut the deck: lift the top part and put it under the rest.

    The cut point leaves at least `margin` cards in each part, as a person cutting would.
    """
    n = len(deck)
    if n < 2 * margin + 1:
        margin = 1
    k = rng.between(margin, n - margin)
    return deck[k:] + deck[:k]


def pretty(c: str) -> str:
    """A standard card with its suit symbol (`10♥`); other ids are returned as they are."""
    if c == JOKER:
        return "Joker"
    s = c[-1]
    if s in SUIT_SYMBOLS and c[:-1] in RANKS:
        return c[:-1] + SUIT_SYMBOLS[s]
    return c
