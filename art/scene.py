"""What a table picture shows, as plain public data: strings, ints and card ids.

The bot builds a `TableScene` from a spectator's view of the game (never from a hand) and
`art.table.draw_table` draws it. Nothing here knows a game: a scene is seats around a felt,
rows of face-up cards, boxes of tokens and a few header facts.

Card ids are those of `art.cards` (`10H`, `QS`, `JK`, `MAR`); a fact's mark is a suit
`S H D C` or the family of a deck a game declares (`MARKS`); identity roles are the role
slugs games declare (`art.cards.ROLES`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import ALL_CARDS, FAMILIES, ROLES, SUITS

MAX_SEATS = 9
MAX_TEAMS = 4
_CARDS = frozenset(ALL_CARDS)
# What a header fact may draw beside its words: a suit, or a family of a declared deck.
MARKS: frozenset[str] = frozenset(SUITS + FAMILIES)


def _check_card(card: str | None) -> None:
    if card is not None and card not in _CARDS:
        raise ValueError(f"unknown card id {card!r}")


def _tuple(obj: object, name: str) -> None:
    """Let callers pass lists: frozen scenes keep tuples (hashable, so layers can be cached)."""
    value = getattr(obj, name)
    if not isinstance(value, tuple):
        object.__setattr__(obj, name, tuple(value))


@dataclass(frozen=True)
class Seat:
    """One player around the table, as everybody sees them."""

    name: str
    cards: int = 0  # cards in hand, drawn as a small fan of backs with the count
    dealer: bool = False
    turn: bool = False  # highlighted: this seat is expected to act
    score: str = ""  # e.g. "12 pts", "34 jetons"
    team: int | None = None  # team colour 0..3
    identity: str | None = None  # a face-up identity card (Blanche-Neige role slug)
    marks: tuple[str, ...] = ()  # short words under the name, e.g. "preneur"

    def __post_init__(self) -> None:
        _tuple(self, "marks")
        if self.cards < 0:
            raise ValueError("a seat cannot hold fewer than 0 cards")
        if self.team is not None and not 0 <= self.team < MAX_TEAMS:
            raise ValueError(f"team colour {self.team} out of 0..{MAX_TEAMS - 1}")
        if self.identity is not None and self.identity not in ROLES:
            raise ValueError(f"unknown identity role {self.identity!r}")


@dataclass(frozen=True)
class Played:
    """A face-up card, optionally tagged with the seat (index) that played it."""

    card: str
    seat: int | None = None

    def __post_init__(self) -> None:
        _check_card(self.card)


@dataclass(frozen=True)
class Zone:
    """A labelled row of face-up cards in the middle, and a face-down pile beside it."""

    label: str = ""
    cards: tuple[Played, ...] = ()
    face_down: int = 0  # e.g. the draw pile; 0 draws no pile
    around: bool = False  # lay each card in front of the seat that played it (a trick)

    def __post_init__(self) -> None:
        _tuple(self, "cards")
        object.__setattr__(
            self, "cards", tuple(c if isinstance(c, Played) else Played(c) for c in self.cards)
        )
        if self.face_down < 0:
            raise ValueError("a pile cannot hold fewer than 0 cards")


@dataclass(frozen=True)
class Box:
    """A box of tokens on the table (a board box, a wheel box, a pot)."""

    label: str
    tokens: int = 0
    card: str | None = None  # a card drawn small in the box

    def __post_init__(self) -> None:
        _check_card(self.card)
        if self.tokens < 0:
            raise ValueError("a box cannot hold fewer than 0 tokens")


@dataclass(frozen=True)
class Fact:
    """A header fact: `label` and `value` as text, with a card or a suit/family drawn beside."""

    label: str
    value: str = ""
    card: str | None = None
    suit: str | None = None  # a suit S H D C, or a declared family (MARKS)

    def __post_init__(self) -> None:
        _check_card(self.card)
        if self.suit is not None and self.suit not in MARKS:
            raise ValueError(f"unknown suit or family {self.suit!r}")


@dataclass(frozen=True)
class TableScene:
    title: str
    seats: tuple[Seat, ...]
    zones: tuple[Zone, ...] = ()
    boxes: tuple[Box, ...] = ()
    facts: tuple[Fact, ...] = ()
    lang: str = "fr"  # the language of identity cards' rules and of court cards' indices

    def __post_init__(self) -> None:
        for name in ("seats", "zones", "boxes", "facts"):
            _tuple(self, name)
        if not 1 <= len(self.seats) <= MAX_SEATS:
            raise ValueError(f"a table has 1 to {MAX_SEATS} seats, not {len(self.seats)}")
        for zone in self.zones:
            for played in zone.cards:
                if played.seat is not None and not 0 <= played.seat < len(self.seats):
                    raise ValueError(f"card {played.card} tagged with unknown seat {played.seat}")
