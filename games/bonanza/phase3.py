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
from .rules import CARD_BOXES, OTHER_COLOUR, SUCC, VALUE, owners

if TYPE_CHECKING:
    from .state import State


_SUIT_OF = itemgetter(-1)


def _suits(hand: list[str]) -> set[str]:
    return set(map(_SUIT_OF, hand))  # in C, not a comprehension's frame


def start(st: State) -> None:
    st.call = None
    st.phase = "play"
    st.joker_wild = False
    p = owners(st).pop(JOKER, None)
    if p is not None:  # a joker still in a hand leaves the game now
        st.hands[p].remove(JOKER)
        st.removed.append(JOKER)
        st.events.append({"type": "joker_out", "seat": p})
    d = st.dealer
    held = _suits(st.hands[d])
    suits = [s for s in SUITS if s in held]
    if len(suits) == 1:
        _add_voids(st, d, [s for s in SUITS if s != suits[0]])
    _drive(st, d, suits)


def explain(st: State, seat: int, arg: str) -> str:
    if arg not in SUITS:
        return "malformed"
    if all(c[-1] != arg for c in st.hands[seat]):
        return "suit_not_held"
    return "wrong_colour"


def lead(st: State, seat: int, action_id: str) -> None:
    """The seat to move names the suit of its lead (action `suit:<S>`)."""
    _drive(st, seat, [action_id[5:]])


def _add_voids(st: State, seat: int, suits: list[str] | tuple[str, ...]) -> None:
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


def _drive(st: State, seat: int, suits: list[str]) -> None:
    """Play forced leads until a seat has a real choice of suit or the deal ends.

    Each lead is `seat`'s lowest card of its one suit; the run goes on with the holder of
    the next card, found in `owner`, until a stop card, after which the next leader is
    found (see the module docstring). All of it on local variables: this is the hot path.
    """
    if len(suits) != 1:
        st.turn = seat
        st.choice = suits
        return
    owner = owners(st)
    hands = st.hands
    all_shown = st.shown
    put = st.table.append
    append = st.events.append
    floors = st.floors
    voids = st.voids
    n = st.players
    while True:
        suit = suits[0]
        hand = hands[seat]
        for card in hand:  # hands are sorted: the first card of the suit is the lowest
            if card[-1] == suit:
                break
        floors[seat][suit] = VALUE[card] + 1
        del owner[card]
        p = seat
        plays, stops = _LEAD, _LEAD_STOP
        while True:
            hand.remove(card)
            if card in all_shown[p]:
                all_shown[p].remove(card)
            put(card)
            nxt = SUCC[card]
            q = owner.pop(nxt, -1)  # the next card leaves the table of holders as it is played
            # One event per card played, a copy of its template with the seat set.
            event = (stops if q < 0 else plays)[card].copy()
            event["seat"] = p
            append(event)
            if card in CARD_BOXES:
                won = st.wheel[card]
                st.wheel[card] = 0
                st.tokens[p] += won
                append({"type": "box_won", "box": card, "seat": p, "won": won})
            if not hand:
                st.last = card
                st.stop = q < 0
                _bonanza(st, p)
                return
            if q < 0:
                break
            p, card, hand, plays, stops = q, nxt, hands[q], _FOLLOW, _FOLLOW_STOP
        st.last = card
        st.stop = True
        # Out of every live hand, the next card is on the table or dead (the mort is gone).
        if nxt in st.dead and nxt not in st.public_dead:
            st.public_dead.append(nxt)
        # The next leader: the first seat from the stopper on holding the other colour.
        o1, o2, both = _OTHER[suit]
        seat = p
        for k in range(n):
            # The suits a hand holds, read off its cards joined in one string (in C): no
            # suit letter appears in a rank, nor in the joker.
            have = "".join(hands[seat])
            h1 = o1 in have
            if h1 or o2 in have:
                if k:
                    append(
                        {
                            "type": "colour_passes",
                            "seats": [(p + i) % n for i in range(k)],
                            "leader": seat,
                        }
                    )
                if not h1:
                    voids[seat] = _VOIDS[voids[seat]][o1]
                    suits = [o2]
                elif o2 not in have:
                    voids[seat] = _VOIDS[voids[seat]][o2]
                    suits = [o1]
                else:
                    st.turn = seat
                    st.choice = [o1, o2]
                    return
                break
            voids[seat] = _VOIDS[voids[seat]][both]
            seat = seat + 1 if seat + 1 < n else 0
        else:
            # Nobody holds the other colour: the stopper leads any suit he has left.
            have = "".join(hands[p])
            suits = [s for s in SUITS if s in have]
            append({"type": "colour_passes", "seats": [(p + i) % n for i in range(n)], "leader": p})
            if len(suits) != 1:
                st.turn = p
                st.choice = suits
                return
            voids[p] = _VOIDS[voids[p]][_VOID_OF_ONE[suits[0]]]


# The event of each card played, by card: as a lead or not, as a stop card or not (copied,
# then the seat set: cheaper than a literal; never handed out themselves).
def _plays(lead: bool, stop: bool) -> dict[str, dict[str, object]]:
    return {c: {"type": "play", "seat": 0, "card": c, "lead": lead, "stop": stop} for c in SUCC}


_LEAD, _LEAD_STOP, _FOLLOW, _FOLLOW_STOP = (
    _plays(True, False),
    _plays(True, True),
    _plays(False, False),
    _plays(False, True),
)


def _bonanza(st: State, p: int) -> None:
    """`p` is out of cards: he takes the Pot, then each other player, from his left, pays
    him a token per card left (what he has if short), one `pay` event each."""
    pot = st.wheel["pot"]
    st.wheel["pot"] = 0
    st.tokens[p] += pot
    n = st.players
    paid = [0] * n
    payments = []
    for q in [(p + k) % n for k in range(1, n)]:
        due = len(st.hands[q])
        amount = due if due < st.tokens[q] else st.tokens[q]
        st.tokens[q] -= amount
        st.tokens[p] += amount
        paid[q] = amount
        payments.append({"type": "pay", "seat": q, "winner": p, "amount": amount, "due": due})
    st.turn = None
    st.choice = []
    st.events.append({"type": "bonanza", "seat": p, "pot": pot, "paid": paid})
    st.events.extend(payments)
    st.end_deal()
