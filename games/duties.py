"""The duties of trick play, written once for every game whose play rule is a list of them.

Manille's and Bianco Mano's rule books say which card a player must put on a trick as a
list of duties in order: follow the suit led, climb over the winning card, trump, and so
on. A duty *binds* when the cards the earlier duties left allowed include one that meets
it; the allowed cards then narrow to those. A duty no card of the hand can meet lapses,
and the next one is tried. A game writes only the list of duties at a given moment of the
trick; the three things an engine needs come from that one list:

- `allowed`: the cards the player may play (a game's move generator, which runs at every
  card, may write the same answer out by hand; its tests then compare the two in every
  situation of a trick);
- `broken`: the duty a refused card breaks, for the refusal's words;
- `proven`: what a card played proves about the hand it came from, for the AI's redeals.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class Duty(NamedTuple):
    """Play a card of `suit` stronger than `above` (0: any card of the suit)."""

    name: str  # the refusal code is "must_" + name: "follow", "climb", "trump"...
    suit: str
    above: int
    cards: frozenset[str]  # the cards that meet it


def allowed(hand: list[str], duties: Sequence[Duty]) -> list[str]:
    """The cards of `hand` the duties allow, in hand order."""
    bound = None  # once a duty binds, only the cards of its suit are left
    for _, suit, _, cards in duties:
        if bound is None or suit == bound:
            meeting = [*filter(cards.__contains__, hand)]
            if meeting:
                hand, bound = meeting, suit
    return hand


def broken(hand: list[str], duties: Sequence[Duty], card: str) -> str | None:
    """The name of the first binding duty `card` does not meet; None if it is allowed."""
    for duty in duties:
        meeting = [*filter(duty.cards.__contains__, hand)]
        if meeting:
            if card not in duty.cards:
                return duty.name
            hand = meeting
    return None


def proven(duties: Sequence[Duty], card: str) -> list[tuple[str, int]]:
    """What playing `card` under `duties` proves: (suit, strongest card of that suit the
    player may still hold), 0 for a void.

    A duty the card meets was binding (the card is in the hand). A duty it does not meet
    had lapsed: no card still allowed met it. When every duty that bound before it is of
    the same suit (or none bound), that says the hand holds nothing of the suit above the
    duty's threshold; a duty of another suit that bound leaves nothing to learn."""
    bound: set[str] = set()
    shown: list[tuple[str, int]] = []
    for duty in duties:
        if card in duty.cards:
            bound.add(duty.suit)
        elif bound <= {duty.suit}:
            shown.append((duty.suit, duty.above))
    return shown
