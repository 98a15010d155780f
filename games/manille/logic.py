"""Manille's card tables and pure rules: no state, shared by the engine's hot path, the
redeal and the AI.

The move generator works on per-card tables precomputed here, so a legal move is a few
dict look-ups.
"""

from __future__ import annotations

from collections.abc import Callable

from ..base import Action
from ..cards import SUITS, deck32
from ..tricks import Trick, TrickOrder

PLAYERS = 4
HAND = 8
TRICKS = 8
TEAMS: tuple[tuple[int, int], ...] = ((0, 2), (1, 3))
ORDER = TrickOrder(("10", "A", "K", "Q", "J", "9", "8", "7"))
RANK_POINTS = {"10": 5, "A": 4, "K": 3, "Q": 2, "J": 1}
DECK: tuple[str, ...] = tuple(deck32())

# Per-card tables: the only thing the move generator looks at.
SUIT: dict[str, str] = {c: c[-1] for c in DECK}
SUIT_INDEX: dict[str, int] = {c: SUITS.index(c[-1]) for c in DECK}
STRENGTH: dict[str, int] = {c: ORDER.power(c) for c in DECK}
POINTS: dict[str, int] = {c: RANK_POINTS.get(c[:-1], 0) for c in DECK}
ACTION: dict[str, Action] = {c: Action("play:" + c) for c in DECK}
ACTION_OF: Callable[[str], Action] = ACTION.__getitem__
CARD_OF_ACTION: dict[str, str] = {"play:" + c: c for c in DECK}
# Hands are kept sorted for display: suit by suit, strongest first.
SORT_KEY: dict[str, int] = {c: SUIT_INDEX[c] * 16 - STRENGTH[c] for c in DECK}
NO_CAP = 8  # caps[seat][suit] = strongest card of that suit the seat may still hold
# Membership tests for `filter`: the cards of a suit; the cards of its suit above a card.
IN_SUIT: dict[str, Callable[[object], bool]] = {
    s: frozenset(c for c in DECK if SUIT[c] == s).__contains__ for s in SUITS
}
BEATS: dict[str, Callable[[object], bool]] = {
    w: frozenset(c for c in DECK if SUIT[c] == SUIT[w] and STRENGTH[c] > STRENGTH[w]).__contains__
    for w in DECK
}


def deal_hands(deck: list[str], dealer: int) -> list[list[str]]:
    """4 then 4 cards from the top, starting left of the dealer: the 32nd card is the dealer's."""
    hands: list[list[str]] = [[] for _ in range(PLAYERS)]
    pos = 0
    for _ in range(2):
        for k in range(1, PLAYERS + 1):
            hands[(dealer + k) % PLAYERS].extend(deck[pos : pos + 4])
            pos += 4
    return hands


def legal_cards(hand: list[str], trick: Trick, best: int, seat: int, trump: str) -> list[str]:
    """The cards `seat` may play, in hand order (RULINGS: follow, climb, trump, overtrump).

    The hand is filtered in C (`filter` with a set's membership test): this runs for every
    card played."""
    if not trick:
        return hand
    led = SUIT[trick[0][1]]
    win_seat, win_card = trick[best]
    partner_master = (win_seat - seat) % 2 == 0
    follow = [*filter(IN_SUIT[led], hand)]
    if follow:
        # Climb only over an opponent who wins with a card of the led suit.
        if not partner_master and SUIT[win_card] == led:
            higher = [*filter(BEATS[win_card], follow)]
            if higher:
                return higher
        return follow
    if partner_master:
        return hand
    trumps = [*filter(IN_SUIT[trump], hand)]
    if not trumps:
        return hand
    if SUIT[win_card] == trump:
        higher = [*filter(BEATS[win_card], trumps)]
        return higher or hand  # no forced under-trump
    return trumps
