"""What a game's cards say, declared for whoever draws them (art/, the pictures).

A game draws on the standard 52 cards and the joker (`games.cards`) unless it declares more
on its rules object (`Rules.faces`):

- an own deck (`Deck`): cards named `figure key + family key` (`MAR`), each figure with its
  name on the card, in French and English, and its points; the points a card of the deck
  shows in a note (`note`, e.g. what it counts when its family dominates);
- identity cards (`Identity`): a face-up card per role, its slug, its name and its rule in
  two short lines.

The words here are the cards' own, short enough for a 150 px card. A name may carry soft
hyphens (U+00AD) where a card too narrow for the whole word may break it; text faces drop
them (`plain`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .words import T

SOFT_HYPHEN = "\u00ad"


def plain(text: str) -> str:
    """`text` without its soft hyphens: how it reads on one line."""
    return text.replace(SOFT_HYPHEN, "")


@dataclass(frozen=True, slots=True)
class Figure:
    """A figure of an own deck: its key in the card ids, its name on the card, its points."""

    key: str
    name: T
    points: int = 0


@dataclass(frozen=True, slots=True)
class Deck:
    """A game's own deck: every figure in every family, strongest figure first."""

    figures: tuple[Figure, ...]
    families: tuple[str, ...]
    # The note under a card that has points, `{n}` being what they become (twice as many).
    note: T | None = None

    @property
    def cards(self) -> tuple[str, ...]:
        """The card ids, family by family, strongest figure first."""
        return tuple(f.key + family for family in self.families for f in self.figures)

    def figure(self, card: str) -> Figure | None:
        """The figure of `card`, if it is a card of this deck."""
        if card[-1:] not in self.families:
            return None
        return next((f for f in self.figures if f.key == card[:-1]), None)


@dataclass(frozen=True, slots=True)
class Identity:
    """A role's face-up identity card: the role's slug, its name, its rule in two lines."""

    slug: str
    name: T
    rule: tuple[T, T]


@dataclass(frozen=True, slots=True)
class Faces:
    """Everything a game declares for its pictures beyond the standard cards."""

    deck: Deck | None = None
    identities: tuple[Identity, ...] = ()
