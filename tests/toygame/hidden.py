"""What a Plus fort seat cannot see, dealt again: the other hands and the undealt cards,
keeping the voids the play has shown."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.redeal import Slot, deal
from games.rng import Rng

if TYPE_CHECKING:
    from .state import ToyState


def redeal(state: ToyState, seat: int | None, rng: Rng) -> ToyState:
    copy = state.copy()
    copy.events = state.events_for(seat)
    others = [s for s in range(state.players) if s != seat]
    cards = [c for s in others for c in state.hands[s]] + state.stock
    slots = [
        Slot(s, len(state.hands[s]), lambda c, v=state.voids[s]: c[-1] not in v) for s in others
    ]
    slots.append(Slot("stock", len(state.stock)))
    dealt = deal(cards, slots, rng)
    for s in others:
        copy.hands[s] = sorted(dealt.get(s, []))
    copy.stock = dealt.get("stock", [])
    copy.rng = rng.fork()
    return copy
