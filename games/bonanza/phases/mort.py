"""The dead hand (« le mort »): the dealer exchanges it or sells it by auction.

« Le donneur, sans regarder le jeu du mort, choisit soit de se départir de son propre jeu
en échange de celui-ci, soit de conserver ses cartes et de vendre le mort au plus offrant. »
In a sale the other seats bid upward from the dealer's left; a pass is final; the best
bidder pays (into the Pot, or the dealer with `sale_to="dealer"`) and swaps his hand for
the mort. The hand given up, or an unsold mort, is dead for the rest of the deal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...base import Action
from ...reasons import Reason
from ..rules import amount, sort_hand
from . import Phase
from .calls import Calls

if TYPE_CHECKING:
    from ..state import State

EXCHANGE_OR_SELL = (Action("exchange"), Action("sell"))
PASS = Action("pass")
# The bids up to 1000 tokens, built once; a larger one is built when it is offered.
BIDS = tuple(Action(f"bid:{n}") for n in range(1001))


class Mort(Phase):
    """The dealer, who has not seen the mort, exchanges it for his hand or sells it."""

    def legal(self, st: State, seat: int) -> tuple[Action, ...]:
        return EXCHANGE_OR_SELL

    def apply(self, st: State, seat: int, action_id: str) -> None:
        if action_id == "exchange":
            take_the_mort(st, seat)
            st.emit("exchange", seat=seat)
            Calls().start(st)
        else:
            st.emit("sale", seat=seat)
            Auction().start(st)


def take_the_mort(st: State, seat: int) -> None:
    """`seat` gives up its hand (now dead, known to it alone) and takes the mort."""
    old = st.hands[seat]
    st.dead.extend(old)
    st.known_dead[seat] = list(old)
    st.hands[seat] = sort_hand(st.mort)
    st.mort = []


class Auction(Phase):
    """The mort for sale: bids go round from the dealer's left until one is left standing.

    A bid tops the highest by 1 to `max_overbid` tokens and never exceeds the bidder's
    tokens; a pass is final, and the dealer does not bid for his own mort.
    """

    def start(self, st: State) -> None:
        st.phase = "auction"
        st.high_bid = 0
        st.high_bidder = None
        st.passed = [False] * st.players
        st.passed[st.dealer] = True
        self._next_bidder(st, st.dealer)

    def _highest_allowed(self, st: State, seat: int) -> int:
        return min(st.high_bid + st.options.max_overbid, st.tokens[seat])

    def legal(self, st: State, seat: int) -> tuple[Action, ...]:
        low, high = st.high_bid + 1, self._highest_allowed(st, seat)
        if high < len(BIDS):
            return (*BIDS[low : high + 1], PASS)
        return (*(Action(f"bid:{n}") for n in range(low, high + 1)), PASS)

    def check(self, st: State, seat: int, action_id: str) -> bool:
        if action_id == "pass":
            return True
        verb, _, arg = action_id.partition(":")
        n = amount(arg) if verb == "bid" else None
        return n is not None and st.high_bid < n <= self._highest_allowed(st, seat)

    def explain(self, st: State, seat: int, action_id: str) -> str:
        verb, _, arg = action_id.partition(":")
        if verb != "bid":
            return super().explain(st, seat, action_id)
        n = amount(arg)
        if n is None:
            return "malformed"
        if n <= st.high_bid:
            return "bid_too_low"
        if n > st.tokens[seat]:
            return "not_enough_tokens"
        return "overbid_too_large"

    def why_not(self, st: State, seat: int) -> tuple[Reason, ...]:
        """Why no higher bid is offered: the largest overbid, or the seat's tokens (the
        refusal's own code for one token more than the highest bid offered)."""
        most = self._highest_allowed(st, seat)
        code = self.explain(st, seat, f"bid:{most + 1}")
        values = {"most": most, "tokens": st.tokens[seat], "overbid": st.options.max_overbid}
        return (Reason(None, code, values),)

    def apply(self, st: State, seat: int, action_id: str) -> None:
        if action_id == "pass":
            st.passed[seat] = True
            st.events.append({"type": "pass", "seat": seat, "auto": False})
        else:
            n = int(action_id[4:])
            st.high_bid = n
            st.high_bidder = seat
            st.events.append({"type": "bid", "seat": seat, "amount": n})
        self._next_bidder(st, seat)

    def _next_bidder(self, st: State, seat: int) -> None:
        """Hand the auction to the next seat after `seat` with a real choice, or close it.

        A seat that cannot top the high bid has nothing to decide: it passes automatically.
        """
        for q in st.round_from(seat + 1):
            if st.passed[q] or q == st.high_bidder:
                continue
            if st.tokens[q] <= st.high_bid:
                st.passed[q] = True
                st.events.append({"type": "pass", "seat": q, "auto": True})
                continue
            st.turn = q
            return
        self._close(st)

    def _close(self, st: State) -> None:
        """« Le plus offrant verse dans la case centrale le nombre de jetons ainsi arrêté,
        se démunit de sa main originale, et s'empare du mort », or the unsold mort is set
        aside."""
        winner, price = st.high_bidder, st.high_bid
        if winner is None:
            st.dead.extend(st.mort)
            st.mort = []
            st.emit("unsold")
        else:
            st.tokens[winner] -= price
            if st.options.sale_to == "pot":
                st.wheel["pot"] += price
            else:
                st.tokens[st.dealer] += price
            take_the_mort(st, winner)
            st.emit("sold", seat=winner, price=price, paid_to=st.options.sale_to)
        Calls().start(st)
