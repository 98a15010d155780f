"""Manille's card tables and pure rules: no state, shared by the engine's hot path, the
redeal and the AI.

The move generator works on per-card tables precomputed here, so a legal move is a few
dict look-ups.
"""

from __future__ import annotations

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
CARD_OF_ACTION: dict[str, str] = {"play:" + c: c for c in DECK}
# Hands are kept sorted for display: suit by suit, strongest first.
SORT_KEY: dict[str, int] = {c: SUIT_INDEX[c] * 16 - STRENGTH[c] for c in DECK}
NO_CAP = 8  # caps[seat][suit] = strongest card of that suit the seat may still hold


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
    """The cards `seat` may play, in hand order (RULINGS: follow, climb, trump, overtrump)."""
    if not trick:
        return hand
    led = SUIT[trick[0][1]]
    win_seat, win_card = trick[best]
    partner_master = (win_seat - seat) % 2 == 0
    follow = [c for c in hand if SUIT[c] == led]
    if follow:
        # Climb only over an opponent who wins with a card of the led suit.
        if not partner_master and SUIT[win_card] == led:
            need = STRENGTH[win_card]
            higher = [c for c in follow if STRENGTH[c] > need]
            if higher:
                return higher
        return follow
    if partner_master:
        return hand
    trumps = [c for c in hand if SUIT[c] == trump]
    if not trumps:
        return hand
    if SUIT[win_card] == trump:
        need = STRENGTH[win_card]
        higher = [c for c in trumps if STRENGTH[c] > need]
        return higher or hand  # no forced under-trump
    return trumps
