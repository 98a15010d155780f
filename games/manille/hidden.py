"""What a Manille seat cannot see, dealt again consistently with what the play showed.

The play proves voids and ceilings (`play_caps`: the strongest card of each suit a seat may
still hold), worked out when a redeal needs them by going over the deal's tricks again,
so the move path does not pay for them; the unplayed retourne stays in the dealer's hand.
Everything else the seat cannot see is redealt (games/redeal.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..cards import SUITS
from ..redeal import Slot, deal
from ..rng import Rng
from ..tricks import Trick
from .logic import NO_CAP, PLAYERS, SORT_KEY, STRENGTH, SUIT, SUIT_INDEX

if TYPE_CHECKING:
    from .state import ManilleState


def redeal(state: ManilleState, seat: int | None, rng: Rng) -> ManilleState:
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


def play_caps(state: ManilleState) -> list[list[int]]:
    """Per seat and suit (`SUIT_INDEX`), the strongest card the seat may still hold this
    deal (`NO_CAP` when nothing is proven, 0 for a void): what each card played so far
    shows, given the duties of `legal_cards` at the moment it was played."""
    caps = [[NO_CAP] * 4 for _ in range(PLAYERS)]
    for trick in [*state.tricks, state.trick]:
        for i in range(1, len(trick)):
            _infer(caps[trick[i][0]], trick, i, state.trump)
    return caps


def _infer(caps: list[int], trick: Trick, i: int, trump: str) -> None:
    """Narrow `caps` with the `i`-th card of `trick`, played after the first `i`."""
    seat, card = trick[i]
    lead = trick[0][1]
    led = SUIT[lead]
    best = 0
    for k in range(1, i):  # who was winning when the card was played
        c, w = trick[k][1], trick[best][1]
        if (SUIT[c] == SUIT[w] and STRENGTH[c] > STRENGTH[w]) or (
            SUIT[c] != SUIT[w] and SUIT[c] == trump
        ):
            best = k
    win_seat, win_card = trick[best]
    partner_master = (win_seat - seat) % 2 == 0
    suit = SUIT[card]
    if suit == led:
        if not partner_master and SUIT[win_card] == led and STRENGTH[card] < STRENGTH[win_card]:
            j = SUIT_INDEX[win_card]
            caps[j] = min(caps[j], STRENGTH[win_card] - 1)
        return
    caps[SUIT_INDEX[lead]] = 0
    if partner_master:
        return
    t = SUITS.index(trump)
    if SUIT[win_card] != trump:
        if suit != trump:
            caps[t] = 0
    elif led != trump and not (suit == trump and STRENGTH[card] > STRENGTH[win_card]):
        caps[t] = min(caps[t], STRENGTH[win_card] - 1)
