"""Phase 3: the sequence game on the lower half of the wheel.

A lead is always the leader's lowest card (aces high) of the suit he names. From there the
holder of the next card of the suit plays it, with nothing to decide, so the engine plays
it. The run stops on an ace or when the next card is in no live hand (dead, or played
earlier). The player of the stop card then leads the other colour; if he holds none of it
the first player to his left who does leads; if nobody does he leads any suit he holds.
A player is asked (`suit:<S>`) only when he could lead two suits.

Besides the cards on the table, play makes facts public that the determinization keeps:
a lead shows the leader had nothing lower in that suit, a skipped or one-suit leader shows
voids, and a stop on a card shows that the next one is dead unless it was already played.
"""

from __future__ import annotations

from itertools import permutations
from operator import itemgetter
from typing import TYPE_CHECKING

from ..cards import JOKER, SUITS
from .common import CARD_BOXES, OTHER_COLOUR, SUCC, VALUE

if TYPE_CHECKING:
    from .state import BonanzaState


_SUIT_OF = itemgetter(-1)


def _suits(hand: list[str]) -> set[str]:
    return set(map(_SUIT_OF, hand))  # in C, not a comprehension's frame


def start(st: BonanzaState) -> None:
    st.call = None
    st.phase = "play"
    st.joker_wild = False
    st._owner = None
    for p, h in enumerate(st.hands):
        if JOKER in h:
            h.remove(JOKER)
            st.removed.append(JOKER)
            st.events.append({"type": "joker_out", "seat": p})
    d = st.dealer
    held = _suits(st.hands[d])
    suits = [s for s in SUITS if s in held]
    if len(suits) == 1:
        _add_voids(st, d, [s for s in SUITS if s != suits[0]])
    _drive(st, d, suits)


def explain(st: BonanzaState, seat: int, arg: str) -> str:
    if arg not in SUITS:
        return "malformed"
    if all(c[-1] != arg for c in st.hands[seat]):
        return "suit_not_held"
    return "wrong_colour"


def lead(st: BonanzaState, seat: int, action_id: str) -> None:
    """The seat to move names the suit of its lead (action `suit:<S>`)."""
    _drive(st, seat, [action_id[5:]])


def _add_voids(st: BonanzaState, seat: int, suits: list[str] | tuple[str, ...]) -> None:
    have = st.voids[seat]
    st.voids[seat] = _VOIDS[have]["".join(suits)]


# Known voids are the suits in S, H, D, C order: `_VOIDS[have][new]` is their union.
_SUBSETS = ["".join(s for i, s in enumerate(SUITS) if m >> i & 1) for m in range(16)]
_VOIDS: dict[str, dict[str, str]] = {
    a: {
        "".join(p): "".join(s for s in SUITS if s in a or s in p)
        for k in range(5)
        for p in permutations(SUITS, k)
    }
    for a in _SUBSETS
}
# Per stop suit: the other colour's two suits and the voids each lead shows.
_OTHER: dict[str, tuple[str, str, str]] = {
    s: (o[0], o[1], o[0] + o[1]) for s, o in OTHER_COLOUR.items()
}
# The voids a seat shows when it can lead one suit only.
_VOID_OF_ONE: dict[str, str] = {s: "".join(t for t in SUITS if t != s) for s in SUITS}


def _drive(st: BonanzaState, seat: int, suits: list[str]) -> None:
    """Play forced leads until a seat has a real choice of suit or the deal ends."""
    if len(suits) == 1:
        owner = st._owner
        if owner is None:
            owner = st._owner = {c: p for p, h in enumerate(st.hands) for c in h}
        while True:
            nxt = _run(st, owner, seat, suits[0])
            if nxt is None:
                return
            seat, suits = nxt
            if len(suits) != 1:
                break
    st.turn = seat
    st.choice = suits


def _run(
    st: BonanzaState, owner: dict[str, int], seat: int, suit: str
) -> tuple[int, list[str]] | None:
    """Lead `seat`'s lowest card of `suit` and follow the run to its stop card.

    Returns the next leader and the suits he may lead, or None when the deal is over.
    """
    hands = st.hands
    hand = hands[seat]
    for card in hand:  # hands are sorted: the first card of the suit is the lowest
        if card[-1] == suit:
            break
    st.floors[seat][suit] = VALUE[card] + 1
    del owner[card]
    all_shown = st.shown
    put = st.table.append
    events = st.events
    p = seat
    is_lead = True
    while True:
        hand.remove(card)
        if card in all_shown[p]:
            all_shown[p].remove(card)
        put(card)
        nxt = SUCC[card]
        q = owner.pop(nxt, -1)  # the next card leaves the table of holders as it is played
        # One event per card played: a literal, not an emit() call (the hottest line here).
        events.append({"type": "play", "seat": p, "card": card, "lead": is_lead, "stop": q < 0})
        if card in CARD_BOXES:
            won = st.wheel[card]
            st.wheel[card] = 0
            st.tokens[p] += won
            events.append({"type": "box_won", "box": card, "seat": p, "won": won})
        if not hand:
            st.last = card
            st.stop = q < 0
            _bonanza(st, p)
            return None
        if q < 0:
            break
        p, card, is_lead, hand = q, nxt, False, hands[q]
    st.last = card
    st.stop = True
    # Out of every live hand, the next card is on the table or dead (the mort is gone).
    if nxt in st.dead and nxt not in st.public_dead:
        st.public_dead.append(nxt)
    return _after_stop(st, p, suit)


def _after_stop(st: BonanzaState, p: int, suit: str) -> tuple[int, list[str]]:
    """Who leads after a stop card of `suit`, and which suits he may lead."""
    n = st.players
    o1, o2, both = _OTHER[suit]
    hands = st.hands
    voids = st.voids
    q = p
    for k in range(n):
        # The suits a hand holds, read off its cards joined in one string (in C): no
        # suit letter appears in a rank, nor in the joker.
        have = "".join(hands[q])
        h1 = o1 in have
        if h1 or o2 in have:
            if k:
                st.events.append(
                    {"type": "colour_passes", "seats": [(p + i) % n for i in range(k)], "leader": q}
                )
            if not h1:
                voids[q] = _VOIDS[voids[q]][o1]
                return q, [o2]
            if o2 not in have:
                voids[q] = _VOIDS[voids[q]][o2]
                return q, [o1]
            return q, [o1, o2]
        voids[q] = _VOIDS[voids[q]][both]
        q = q + 1 if q + 1 < n else 0
    # Nobody holds the other colour: the stopper leads any suit he has left.
    have = "".join(hands[p])
    held = [s for s in SUITS if s in have]
    st.events.append(
        {"type": "colour_passes", "seats": [(p + i) % n for i in range(n)], "leader": p}
    )
    if len(held) == 1:
        voids[p] = _VOIDS[voids[p]][_VOID_OF_ONE[held[0]]]
    return p, held


def _bonanza(st: BonanzaState, p: int) -> None:
    """`p` is out of cards: he takes the Pot and a token per card left from each other."""
    pot = st.wheel["pot"]
    st.wheel["pot"] = 0
    st.tokens[p] += pot
    paid = [0] * st.players
    for q, h in enumerate(st.hands):
        if q != p:
            amount = min(len(h), st.tokens[q])
            st.tokens[q] -= amount
            st.tokens[p] += amount
            paid[q] = amount
    st.turn = None
    st.choice = []
    st.events.append({"type": "bonanza", "seat": p, "pot": pot, "paid": paid})
    st.end_deal()
