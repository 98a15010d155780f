"""Redeal what a seat cannot see, keeping every fact it knows.

Fixed: the seat's own hand, the table, the joker once it has left, cards shown at a call or
a showdown (they stay with their holder), the joker's place once its call is over, dead
cards the seat knows (the hand it gave up) and dead cards everybody can infer (a stop).
Constrained: a seat known to lack a suit gets none of it; a seat that led its lowest card
of a suit gets nothing lower in it; the seat to move keeps at least one card of each suit
it is offered, and a joker holder asked at Dame-Valet or Dix-Deux keeps exactly one of
the two cards. Everything else (other hands, the unseen mort, the rest of the dead pile)
is dealt at random under those constraints by the shared constraint deal (games/redeal.py),
which always succeeds because the real deal is one solution.

Not enforced: what a call or a showdown says about cards that were not shown (for
instance that nobody held Q♠ and J♦ together when Dame-Valet went unclaimed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..cards import JOKER
from ..redeal import NoDeal, Owner, Slot, deal
from ..rng import Rng
from .rules import PAIR_CALLS, VALUE, sort_hand

if TYPE_CHECKING:
    from .state import State


def redeal(st: State, seat: int | None, rng: Rng) -> State:
    n = st.players
    me = seat if seat is not None and 0 <= seat < n else None
    copy = st.copy()
    copy.rng = rng.fork()
    if st.options.deck is not None:  # a stacked deck would give the real deal away
        copy.options = st.options.model_copy(update={"deck": None})
    copy.events = copy.events_for(me)  # other seats' private events would tell too much
    pick = rng.fork()

    hidden: list[str] = []
    slots: list[Slot] = []
    kept: dict[Owner, list[str]] = {}

    dead_known = set(st.public_dead)
    if me is not None:
        dead_known |= set(st.known_dead[me])
    if st.joker_public:
        dead_known.add(JOKER)
    kept["dead"] = [c for c in st.dead if c in dead_known]
    hidden += [c for c in st.dead if c not in dead_known]
    slots.append(Slot("dead", len(st.dead) - len(kept["dead"])))
    if st.mort:
        kept["mort"] = []
        hidden += st.mort
        slots.append(Slot("mort", len(st.mort)))

    for q in range(n):
        if q == me:
            continue
        hand = st.hands[q]
        shown = st.shown[q]
        pinned = [c for c in hand if c in shown or (c == JOKER and st.joker_public)]
        kept[q] = pinned
        hidden += [c for c in hand if c not in pinned]
        free = len(hand) - len(pinned)
        exclude: frozenset[str] = frozenset()
        if q == st.turn and st.phase == "play":
            for s in st.choice:
                if not any(c[-1] == s for c in pinned):
                    slots.append(Slot(q, 1, _suit_ok(st, q, s)))
                    free -= 1
        if q == st.turn and st.phase == "calls" and st.call in PAIR_CALLS:
            pair = PAIR_CALLS[st.call]
            exclude = frozenset(pair)
            if not any(c in pair for c in pinned):
                slots.append(Slot(q, 1, pair.__contains__))
                free -= 1
        slots.append(Slot(q, free, _general(st, q, exclude)))

    try:
        placed = deal(hidden, slots, pick)
    except NoDeal:  # cannot happen with a consistent state; keep the real deal
        return copy
    for owner, cards in placed.items():
        kept.setdefault(owner, []).extend(cards)
    _lay_out(copy, kept, me)
    return copy


def _lay_out(copy: State, cards_of: dict[Owner, list[str]], me: int | None) -> None:
    """Put the redealt cards where they now lie."""
    for owner, cards in cards_of.items():
        if owner == "dead":
            copy.dead = cards
        elif owner == "mort":
            copy.mort = cards
        else:
            copy.hands[int(owner)] = sort_hand(cards)
    # The one seat that knows the dead pile (the hand it gave up) knows all of it.
    for q in range(copy.players):
        if q != me and copy.known_dead[q]:
            copy.known_dead[q] = list(copy.dead)


def _general(st: State, q: int, exclude: frozenset[str]) -> Callable[[str], bool]:
    voids = st.voids[q]
    floors = st.floors[q]
    late = st.joker_public  # the joker's place is known, so it is never redealt

    def ok(c: str) -> bool:
        if c == JOKER:
            return not late
        if c in exclude:
            return False
        s = c[-1]
        return s not in voids and VALUE[c] >= floors.get(s, 0)

    return ok


def _suit_ok(st: State, q: int, suit: str) -> Callable[[str], bool]:
    floors = st.floors[q]

    def ok(c: str) -> bool:
        return c != JOKER and c[-1] == suit and VALUE[c] >= floors.get(suit, 0)

    return ok
