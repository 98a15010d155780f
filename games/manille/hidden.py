"""What a Manille seat cannot see, dealt again consistently with what the play showed.

The play proves voids and ceilings (`ManilleState.caps`: the strongest card of each suit a
seat may still hold, recorded by `_infer` as the cards fall); the unplayed retourne stays
in the dealer's hand. Everything else the seat cannot see is redealt (games/redeal.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..redeal import Slot, deal
from ..rng import Rng
from .logic import PLAYERS, SORT_KEY, STRENGTH, SUIT_INDEX

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
    for s in range(PLAYERS):
        if s == seat:
            continue
        pool.extend(c for c in state.hands[s] if c not in fixed[s])
        slots.append(Slot(s, len(state.hands[s]) - len(fixed[s]), _under(state.caps[s])))
    placed = deal(pool, slots, rng)
    for s in range(PLAYERS):
        hand = fixed[s] + placed.get(s, [])
        hand.sort(key=SORT_KEY.__getitem__)
        other.hands[s] = hand
    return other


def _under(caps: list[int]) -> Callable[[str], bool]:
    """A card fits a seat when it is no stronger than that seat's ceiling in its suit."""
    return lambda c: STRENGTH[c] <= caps[SUIT_INDEX[c]]
