"""Manille's cards and the rules of the book that need no match state: the deal, who
wins a trick, and the duties that decide which card a player may play (`duties`: the refusals
and the redeal's inferences read them, and the move generator is checked against them).
"""

from __future__ import annotations

from collections.abc import Callable

from ..base import Action
from ..cards import SUITS, deck32
from ..duties import Duty, broken
from ..tricks import Trick, TrickOrder

PLAYERS = 4
HAND = 8
TRICKS = 8
TEAMS: tuple[tuple[int, int], ...] = ((0, 2), (1, 3))
ORDER = TrickOrder(("10", "A", "K", "Q", "J", "9", "8", "7"))
RANK_POINTS = {"10": 5, "A": 4, "K": 3, "Q": 2, "J": 1}
DECK: tuple[str, ...] = tuple(deck32())

# Per-card tables.
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
# Membership tests for the move generator: the cards of a suit; those of its suit above a card.
IN_SUIT: dict[str, Callable[[object], bool]] = {
    s: frozenset(c for c in DECK if SUIT[c] == s).__contains__ for s in SUITS
}
BEATS: dict[str, Callable[[object], bool]] = {
    w: frozenset(c for c in DECK if SUIT[c] == SUIT[w] and STRENGTH[c] > STRENGTH[w]).__contains__
    for w in DECK
}
# The cards of a suit stronger than a strength (0: the whole suit), what a duty asks for.
CARDS_ABOVE: dict[str, list[frozenset[str]]] = {
    s: [frozenset(c for c in DECK if SUIT[c] == s and STRENGTH[c] > k) for k in range(9)]
    for s in SUITS
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


def beats(card: str, win: str, trump: str) -> bool:
    """Whether `card`, played after `win` (the card winning the trick), takes the trick:
    a stronger card of the same suit, or a trump on a card of another suit."""
    if SUIT[card] == SUIT[win]:
        return STRENGTH[card] > STRENGTH[win]
    return SUIT[card] == trump


def duties(led: str, win: str, partner_wins: bool, trump: str) -> tuple[Duty, ...]:
    """What the book asks of a player on a trick where `led` was led and `win` is winning
    (`partner_wins` when the player's partner played it), in the order it asks it
    (RULINGS, Manille):

    - fournir: follow the suit led;
    - monter: beat an opponent who wins with a card of the suit led;
    - couper: void in the suit led, trump when an opponent wins without a trump;
    - surcouper: void, beat an opponent's trump with a higher one if one can (nobody has
      to under-trump).

    The partner's exception: when the partner wins the trick, following is the only duty."""
    follow = Duty("follow", led, 0, CARDS_ABOVE[led][0])
    if partner_wins:
        return (follow,)
    power = STRENGTH[win]
    asked = [follow]
    if SUIT[win] == led:
        asked.append(Duty("climb", led, power, CARDS_ABOVE[led][power]))
    if SUIT[win] == trump:
        asked.append(Duty("overtrump", trump, power, CARDS_ABOVE[trump][power]))
    else:
        asked.append(Duty("trump", trump, 0, CARDS_ABOVE[trump][0]))
    return tuple(asked)


def duties_of(trick: Trick, best: int, seat: int, trump: str) -> tuple[Duty, ...]:
    """The duties of `seat` on `trick` (not empty; `best` indexes the winning card)."""
    win_seat, win = trick[best]
    return duties(SUIT[trick[0][1]], win, (win_seat - seat) % 2 == 0, trump)


def legal_cards(hand: list[str], trick: Trick, best: int, seat: int, trump: str) -> list[str]:
    """The cards `seat` may play, in hand order: any card to lead, else what `duties`
    allow, written out for the move generator, which runs at every card (the tests check
    it against `allowed(hand, duties)` in every situation of a trick)."""
    if not trick:
        return hand
    led = SUIT[trick[0][1]]
    win_seat, win = trick[best]
    partner_wins = (win_seat - seat) % 2 == 0
    follow = [*filter(IN_SUIT[led], hand)]
    if follow:
        if not partner_wins and SUIT[win] == led:
            higher = [*filter(BEATS[win], follow)]
            if higher:
                return higher  # monter
        return follow  # fournir
    if partner_wins:
        return hand
    trumps = [*filter(IN_SUIT[trump], hand)]
    if not trumps:
        return hand
    if SUIT[win] == trump:
        return [*filter(BEATS[win], trumps)] or hand  # surcouper, never sous-couper
    return trumps  # couper


def refusal(hand: list[str], trick: Trick, best: int, seat: int, trump: str, card: str) -> str:
    """Why `card` (held in `hand`) may not be played: the code of the duty it breaks."""
    duty = broken(hand, duties_of(trick, best, seat, trump), card)
    assert duty is not None, "the card is allowed"
    return "must_" + duty
