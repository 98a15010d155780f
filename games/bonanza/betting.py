"""Phase 2: the Poker call, one betting round from the dealer, then the showdown.

Bets go onto the Poker box (the book: players put tokens "dans la case marquée Poker, en
plus de la mise initiale"); they are kept apart in `bets` while the round runs, so the
view can show each seat's bet, and moved onto the box when it ends. The best hand takes
the whole box; an exact tie splits it and the remainder stays on the box.

Nobody can be bet out of the hand: the highest total bet never goes above the smallest
stack (tokens plus bet) among the players still in, so every call is affordable.
"""

from __future__ import annotations

from operator import not_
from typing import TYPE_CHECKING

from ..base import Action
from ..cards import JOKER
from ..poker import best_five, describe
from . import phase3
from .rules import amount

if TYPE_CHECKING:
    from .state import State

VERBS = frozenset({"check", "bet", "call", "raise", "fold"})
_CHECK = Action("check")
_CALL = Action("call")
_FOLD = Action("fold")
# The moves of a seat, by its room (0 to the largest `max_raise`; never negative: the
# highest bet never goes above the smallest stack still in): not facing a bet, or facing one.
_OPEN = tuple((_CHECK, *(Action(f"bet:{k}") for k in range(1, room + 1))) for room in range(101))
_FACING = tuple(
    (_CALL, *(Action(f"raise:{k}") for k in range(1, room + 1)), _FOLD) for room in range(101)
)


def start(st: State) -> None:
    n = st.players
    st.phase = "poker"
    st.bets = [0] * n
    st.folded = [False] * n
    st.need = [True] * n
    _advance(st, st.dealer, 0)


def is_legal(st: State, seat: int, action_id: str) -> bool:
    verb, sep, arg = action_id.partition(":")
    high, room = max(st.bets), st.room
    if st.bets[seat] == high:
        if not sep:
            return verb == "check"
        ok = verb == "bet"
    else:
        if not sep:
            return verb in ("call", "fold")
        ok = verb == "raise"
    k = amount(arg) if ok else None
    return k is not None and 1 <= k <= room


def actions(st: State, seat: int) -> tuple[Action, ...]:
    mine = st.bets[seat]
    for bet in st.bets:  # a loop that stops at the first higher bet: cheaper than max()
        if bet > mine:
            return _FACING[st.room]
    return _OPEN[st.room]


def explain(st: State, seat: int, verb: str, arg: str) -> str:
    high = max(st.bets)
    facing = st.bets[seat] < high
    if verb == "check":
        return "cannot_check"
    if verb == "call":
        return "nothing_to_call"
    if verb == "fold":
        return "cannot_fold"
    if verb == "bet" and facing:
        return "already_bet"
    if verb == "raise" and not facing:
        return "nothing_to_raise"
    k = amount(arg)
    if k is None:
        return "malformed"
    if k < 1 or k > st.options.max_raise:
        return "amount_out_of_range"
    return "over_table_limit"


def apply(st: State, seat: int, action_id: str) -> None:
    bets = st.bets
    room: int | None = st.room  # a check or a call leaves it as it is
    if action_id == "check":
        st.need[seat] = False
        st.events.append({"type": "check", "seat": seat, "auto": False})
        high = bets[seat]
    elif action_id == "call":
        amount = max(bets) - bets[seat]
        st.tokens[seat] -= amount
        bets[seat] += amount
        st.need[seat] = False
        st.events.append({"type": "call", "seat": seat, "amount": amount})
        high = bets[seat]
    elif action_id == "fold":
        st.folded[seat] = True
        st.need[seat] = False
        st.events.append({"type": "fold", "seat": seat})
        high, room = max(bets), None
    else:  # bet or raise
        verb, _, arg = action_id.partition(":")
        k = int(arg)
        amount = max(bets) - bets[seat] + k
        st.tokens[seat] -= amount
        bets[seat] += amount
        st.need = [*map(not_, st.folded)]
        st.need[seat] = False
        st.events.append({"type": verb, "seat": seat, "amount": k, "total": bets[seat]})
        high, room = bets[seat], None
    _advance(st, seat + 1 if seat + 1 < st.players else 0, high, room)


def _advance(st: State, q: int, high: int, room: int | None = None) -> None:
    """Give the turn to the next seat from `q` on that must act, or end the round.

    `high` is the highest bet. A seat whose only move is to check has nothing to decide
    and checks automatically. The seat to move may bet or raise by `st.room`: at most the
    table limit, and never above the smallest stack (tokens plus bet) still in, so that
    every call is affordable (nobody can be bet out of the hand); `room` when it is known
    (the highest bet and the seats still in are those it was worked out for).
    """
    n = st.players
    folded, need, bets = st.folded, st.need, st.bets
    while folded.count(False) > 1 and True in need:
        while not need[q]:
            q = q + 1 if q + 1 < n else 0
        if room is None:
            tokens = st.tokens
            cap = high + st.options.max_raise  # the smallest stack still in, if below that
            for p in range(n):
                if tokens[p] + bets[p] < cap and not folded[p]:
                    cap = tokens[p] + bets[p]
            room = cap - high
        if room <= 0 and bets[q] == high:
            need[q] = False
            st.events.append({"type": "check", "seat": q, "auto": True})
            continue
        st.turn = q
        st.room = room
        return
    _showdown(st)


def _showdown(st: State) -> None:
    n = st.players
    st.wheel["poker"] += sum(st.bets)
    st.bets = [0] * n
    st.need = [False] * n
    st.room = 0
    live = [p for p in range(n) if not st.folded[p]]
    if len(live) == 1:
        winners = live
    else:
        values = {}
        hands = []
        for p in live:
            value, cards = best_five(st.hands[p])
            values[p] = value
            hands.append({"seat": p, "cards": cards, **describe(value)})
            shown = st.shown[p]
            for c in cards:
                if c != JOKER and c not in shown:
                    shown.append(c)
        st.events.append({"type": "showdown", "hands": hands})
        top = max(values.values())
        winners = [p for p in live if values[p] == top]
    share, remainder = divmod(st.wheel["poker"], len(winners))
    for p in winners:
        st.tokens[p] += share
    st.wheel["poker"] = remainder
    st.events.append(
        {
            "type": "poker_win",
            "seats": winners,
            "share": share,
            "remainder": remainder,
            "showdown": len(live) > 1,
        }
    )
    phase3.start(st)
