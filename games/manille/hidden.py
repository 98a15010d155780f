"""What a Manille seat cannot see, dealt again consistently with what the play showed.

The play proves voids and ceilings (`play_caps`: the strongest card of each suit a seat may
still hold), drawn from the same duties that decided which cards could be played, worked
out when a redeal needs them by going over the deal's tricks again; the unplayed retourne
stays in the dealer's hand. Everything else the seat cannot see is redealt (games/redeal.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..cards import SUITS
from ..duties import proven
from ..redeal import Slot, deal
from ..rng import Rng
from .rules import NO_CAP, PLAYERS, SORT_KEY, STRENGTH, SUIT_INDEX, beats, duties_of

if TYPE_CHECKING:
    from .state import State


def redeal(state: State, seat: int | None, rng: Rng) -> State:
    """Redeal the cards `seat` cannot see among the other hands, keeping hand sizes, the
    unplayed retourne in the dealer's hand, and every void or ceiling the play has shown."""
    other = state.copy()
    other.rng = Rng(rng.next64())
    other.events = state.events_for(seat)
    if state.phase != "play":
        return other
    fixed: list[list[str]] = [[] for _ in range(PLAYERS)]
    if seat is not None:
        fixed[seat] = list(state.hands[seat])
    if state.retourne in state.hands[state.dealer] and state.dealer != seat:
        fixed[state.dealer].append(state.retourne)
    pool: list[str] = []
    slots: list[Slot] = []
    caps = play_caps(state)
    for s in range(PLAYERS):
        if s == seat:
            continue
        pool.extend(c for c in state.hands[s] if c not in fixed[s])
        slots.append(Slot(s, len(state.hands[s]) - len(fixed[s]), _under(caps[s])))
    placed = deal(pool, slots, rng)
    for s in range(PLAYERS):
        hand = fixed[s] + placed.get(s, [])
        hand.sort(key=SORT_KEY.__getitem__)
        other.hands[s] = hand
    return other


def _under(caps: list[int]) -> Callable[[str], bool]:
    """A card fits a seat when it is no stronger than that seat's ceiling in its suit."""
    return lambda c: STRENGTH[c] <= caps[SUIT_INDEX[c]]


def play_caps(state: State) -> list[list[int]]:
    """Per seat and suit (`SUIT_INDEX`), the strongest card the seat may still hold this
    deal (`NO_CAP` when nothing is proven, 0 for a void): what each card played so far
    proves, given the duties it was played under (rules.py)."""
    caps = [[NO_CAP] * 4 for _ in range(PLAYERS)]
    trump = state.trump
    for trick in [*state.tricks, state.trick]:
        best = 0
        for i in range(1, len(trick)):
            seat, card = trick[i]
            for suit, cap in proven(duties_of(trick, best, seat, trump), card):
                j = SUITS.index(suit)
                caps[seat][j] = min(caps[seat][j], cap)
            if beats(card, trick[best][1], trump):
                best = i
    return caps
