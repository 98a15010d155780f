"""The dead hand ("mort"): the dealer exchanges it or sells it by auction.

The dealer never sees the mort before choosing. In a sale the other seats bid upward from
the dealer's left; a pass is final; the best bidder pays (into the Pot, or the dealer with
`sale_to="dealer"`) and swaps his hand for the mort. The hand given up, or an unsold mort,
is dead for the rest of the deal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base import Action
from . import calls
from .rules import amount, sort_hand

if TYPE_CHECKING:
    from .state import State

_PASS = Action("pass")
# Prebuilt bid actions for the usual amounts; larger bids are built when needed.
_BIDS = tuple(Action(f"bid:{k}") for k in range(1001))


def apply_choice(st: State, seat: int, action_id: str) -> None:
    if action_id == "exchange":
        _swap(st, seat)
        st.events.append({"type": "exchange", "seat": seat})
        calls.start(st)
        return
    # sell
    st.events.append({"type": "sale", "seat": seat})
    st.phase = "auction"
    st.high_bid = 0
    st.high_bidder = None
    st.passed = [False] * st.players
    st.passed[seat] = True  # the dealer does not bid for his own mort
    _next_bidder(st, seat)


def _swap(st: State, seat: int) -> None:
    """`seat` gives up its hand (now dead, known to it alone) and takes the mort."""
    old = st.hands[seat]
    st.dead.extend(old)
    st.known_dead[seat] = list(old)
    st.hands[seat] = sort_hand(st.mort)
    st.mort = []


def bid_actions(st: State, seat: int) -> tuple[Action, ...]:
    lo = st.high_bid + 1
    hi = st.high_bid + st.options.max_overbid
    if st.tokens[seat] < hi:  # a comparison, cheaper than min() on the hot path
        hi = st.tokens[seat]
    if hi < len(_BIDS):
        return (*_BIDS[lo : hi + 1], _PASS)
    return (*(Action(f"bid:{n}") for n in range(lo, hi + 1)), _PASS)


def is_legal_bid(st: State, seat: int, action_id: str) -> bool:
    if action_id == "pass":
        return True
    if not action_id.startswith("bid:"):
        return False
    n = amount(action_id[4:])
    return n is not None and st.high_bid < n <= min(
        st.high_bid + st.options.max_overbid, st.tokens[seat]
    )


def explain_bid(st: State, seat: int, arg: str) -> str:
    n = amount(arg)
    if n is None:
        return "malformed"
    if n <= st.high_bid:
        return "bid_too_low"
    if n > st.tokens[seat]:
        return "not_enough_tokens"
    return "overbid_too_large"


def apply_bid(st: State, seat: int, action_id: str) -> None:
    if action_id == "pass":
        st.passed[seat] = True
        st.events.append({"type": "pass", "seat": seat, "auto": False})
    else:
        n = int(action_id[4:])
        st.high_bid = n
        st.high_bidder = seat
        st.events.append({"type": "bid", "seat": seat, "amount": n})
    _next_bidder(st, seat)


def _next_bidder(st: State, seat: int) -> None:
    """Hand the auction to the next seat with a real choice, or close it.

    A seat that cannot top the high bid has nothing to decide: it passes automatically.
    """
    n = st.players
    passed = st.passed
    high = st.high_bidder
    q = seat
    for _ in range(n):
        q = (q + 1) % n
        if passed[q] or q == high:
            continue
        if st.tokens[q] <= st.high_bid:
            passed[q] = True
            st.events.append({"type": "pass", "seat": q, "auto": True})
            continue
        st.turn = q
        return
    _close(st)


def _close(st: State) -> None:
    w = st.high_bidder
    if w is None:
        st.dead.extend(st.mort)
        st.mort = []
        st.events.append({"type": "unsold"})
    else:
        price = st.high_bid
        st.tokens[w] -= price
        if st.options.sale_to == "pot":
            st.wheel["pot"] += price
        else:
            st.tokens[st.dealer] += price
        _swap(st, w)
        st.events.append({"type": "sold", "seat": w, "price": price, "paid_to": st.options.sale_to})
    calls.start(st)
