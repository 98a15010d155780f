"""What a table shows, as typed data: the public facts of a match and one seat's hand.

Each game turns its views into these (its `facts.py`), from `view(None)` for the public
facts and `view(seat)` for the hand, so a hidden card can only get in if the view leaks it,
which the contract tests rule out. The bot renders them as text with the game's words and
the art draws them as pictures; neither needs to know which game it is showing.

Keys (`Fact.key`, `Zone.key`, `Box.key`, `SeatFacts.role`, marks, `phase`, units) are
word keys of the game's `words.py`. A `Fact`'s `kind` says how its value reads (a seat, a
card, a suit...): the same typed placeholders as the game's sentences (games/words.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

Kind = Literal[
    "flag",  # no value: the key alone says it ("preneur")
    "number",
    "seat",
    "seats",
    "card",
    "cards",
    "suit",
    "family",
    "rank",
    "box",
    "role",
    "term",  # a word of the game's `terms[fact.key]`
]
Value = int | str | tuple[int, ...] | tuple[str, ...] | None


@dataclass(frozen=True, slots=True)
class Fact:
    """A labelled fact: `key` names its words, `kind` says how `value` reads."""

    key: str
    kind: Kind
    value: Value = None


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """One seat as the table sees it."""

    seat: int
    hand_size: int
    score: int | None = None  # match points, tokens... in `unit`
    unit: str = "point"  # word key of the score's unit
    team: int | None = None  # index in `PublicFacts.teams`
    dealer: bool = False
    to_move: bool = False
    role: str | None = None  # a face-up role, word key of the game's roles
    marks: tuple[Fact, ...] = ()  # short marks: taker, partner, folded, a bet...
    shown: tuple[str, ...] = ()  # face-up cards known to be in this hand


@dataclass(frozen=True, slots=True)
class Zone:
    """Cards face up on the table: a trick, a run, the discard pile, the draw pile.

    `cards` are in play order (the top of a pile last); `seats` says who played each card
    when that matters (a trick); `count` is the number of cards in a pile when they are not
    all face up (the draw pile: no card, a count).
    """

    key: str
    cards: tuple[str, ...] = ()
    seats: tuple[int, ...] | None = None
    count: int | None = None


@dataclass(frozen=True, slots=True)
class Box:
    """A box of the board holding tokens; `card` is the card it is named after, if any."""

    key: str
    tokens: int
    card: str | None = None


@dataclass(frozen=True, slots=True)
class PublicFacts:
    """Everything the table shows to anyone: seats, face-up cards, boxes, labelled facts."""

    phase: str
    seats: tuple[SeatFacts, ...]
    zones: tuple[Zone, ...] = ()
    boxes: tuple[Box, ...] = ()
    facts: tuple[Fact, ...] = ()
    teams: tuple[tuple[int, ...], ...] | None = None

    def zone(self, key: str) -> Zone | None:
        return next((z for z in self.zones if z.key == key), None)

    def fact(self, key: str) -> Fact | None:
        return next((f for f in self.facts if f.key == key), None)


@dataclass(frozen=True, slots=True)
class HandFacts:
    """One seat's own view: its hand as a player holds it and what only it knows.

    `groups` is the hand sorted the way a player sorts it: one group per suit, family or
    rank, the strongest (trump, dominant) first, strongest card first inside a group.
    """

    seat: int
    groups: tuple[tuple[str, ...], ...]
    facts: tuple[Fact, ...] = ()

    @property
    def cards(self) -> tuple[str, ...]:
        return tuple(c for group in self.groups for c in group)

    def fact(self, key: str) -> Fact | None:
        return next((f for f in self.facts if f.key == key), None)


class FactsOf(Protocol):
    """A game's `facts` module: its two functions from views to facts."""

    def public(self, view: dict[str, Any]) -> PublicFacts: ...

    def hand(self, view: dict[str, Any], seat: int) -> HandFacts: ...


def seat_facts(
    view: dict[str, Any], seat: int, unit: str, *, scored: bool = True, **extra: Any
) -> SeatFacts:
    """A seat's facts from the contract's common view keys (hand size, score, dealer, to
    move) plus the game's own ones in `extra` (`team`, `role`, `marks`, `shown`)."""
    return SeatFacts(
        seat=seat,
        hand_size=view["hand_sizes"][seat],
        score=view["scores"][seat] if scored else None,
        unit=unit,
        dealer=seat == view["dealer"],
        to_move=seat in view["to_move"],
        **extra,
    )


def trick_zone(key: str, trick: Sequence[Sequence[Any]]) -> Zone:
    """A trick (`[[seat, card], ...]`) as a zone that says who played each card."""
    return Zone(key, cards=tuple(c for _, c in trick), seats=tuple(s for s, _ in trick))


def in_hand_order(actions: Sequence[str], hand: HandFacts) -> list[str]:
    """Action ids with the card actions in the order the hand shows their (first) card;
    the other actions (pass, draw, bids) keep their place after them."""
    place = {c: i for i, c in enumerate(hand.cards)}

    def key(item: tuple[int, str]) -> tuple[int, int]:
        i, action = item
        card = action.partition(":")[2].split("+")[0]
        return (place[card], i) if card in place else (len(place), i)

    return [a for _, a in sorted(enumerate(actions), key=key)]


def group_by(
    cards: list[str], key_of: dict[str, int], group_of: dict[str, str]
) -> tuple[tuple[str, ...], ...]:
    """`cards` sorted by `key_of`, cut into runs of the same `group_of` value."""
    groups: list[list[str]] = []
    last: str | None = None
    for c in sorted(cards, key=key_of.__getitem__):
        g = group_of[c]
        if not groups or g != last:
            groups.append([])
            last = g
        groups[-1].append(c)
    return tuple(tuple(g) for g in groups)
