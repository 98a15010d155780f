"""Blanche-Neige redeals: what one seat cannot see, dealt again consistently with all that
is public (cards known to be in a hand, a drawn card the role can play, and what each
seat's last forced draw or pass showed)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..redeal import NoDeal, Slot, deal
from ..rng import Rng
from .rules import ALLOWED

if TYPE_CHECKING:
    from .state import State


def redeal(state: State, seat: int | None, rng: Rng) -> State:
    """Redeal the other hands (minus publicly known cards) and the draw pile.

    A player in phase `drawn` publicly holds a drawn card that their role may play (or
    the engine would have kept it for them), so the redealt drawn card is one of those.
    """
    c = state.copy()
    c.events = state.events_for(seat)
    pool = list(state.draw)
    hidden: list[tuple[int, int]] = []  # (seat, number of hidden cards)
    for s in range(state.players):
        if s == seat:
            continue
        rest = list(state.hands[s])
        for k in state.known[s]:
            rest.remove(k)
        pool += rest
        hidden.append((s, len(rest)))
    drawer = state.turn if state.phase == "drawn" and state.turn != seat else None
    if drawer is None:
        _deal_hands(state, c, pool, hidden, None, rng)
    else:
        ok = ALLOWED[state.roles[drawer]][state.discard[-1]]
        order = list(pool)
        rng.shuffle(order)
        guess = next(x for x in order if x in ok)
        try:
            _deal_hands(state, c, pool, hidden, (drawer, guess), rng)
        except NoDeal:  # that drawn card leaves no room for what the seat showed
            assert state.drawn is not None
            _deal_hands(state, c, pool, hidden, (drawer, state.drawn), rng)
    c.rng = rng.fork()
    return c


def _deal_hands(
    state: State,
    c: State,
    pool: list[str],
    hidden: list[tuple[int, int]],
    drawn: tuple[int, str] | None,
    rng: Rng,
) -> None:
    """Deal `pool` into the hidden hands and the draw pile. A seat whose last forced draw
    or pass showed it had nothing for some top gets at most as many of the cards its role
    could have played there as it may have drawn since (the drawn card counts)."""
    cards = list(pool)
    if drawn is not None:
        cards.remove(drawn[1])
    slots: list[Slot] = []
    for s, count in hidden:
        mine = drawn is not None and drawn[0] == s
        free = count - 1 if mine else count
        void = state.shown_void[s]
        if void is None:
            slots.append(Slot(s, free))
            continue
        ruled_out = ALLOWED[state.roles[s]][void[0]]
        allowance = void[1] - (1 if mine and drawn is not None and drawn[1] in ruled_out else 0)
        room = min(max(0, allowance), free)
        slots.append(Slot(s, room))
        slots.append(Slot(s, free - room, _outside(ruled_out)))
    slots.append(Slot("draw", len(state.draw)))
    dealt = deal(cards, slots, rng)
    for s, _ in hidden:
        hand = list(state.known[s])
        if drawn is not None and drawn[0] == s:
            hand.append(drawn[1])
            c.drawn = drawn[1]
        c.hands[s] = hand + dealt.get(s, [])
    c.draw = dealt.get("draw", [])


def _outside(cards: frozenset[str]) -> Callable[[str], bool]:
    return lambda c: c not in cards
