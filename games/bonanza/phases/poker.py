"""The second phase: the Poker call, one betting round from the dealer, then the showdown.

Bets go onto the Poker box (« dépose dans la case marquée Poker, en plus de la mise
initiale, un ou plusieurs jetons »); they are kept apart in `bets` while the round runs, so
the view can show each seat's bet, and moved onto the box when it ends. The best hand
(`games/poker.py`) takes the whole box; an exact tie splits it and the remainder stays.

Nobody can be bet out of the hand: the highest total bet never goes above the smallest
stack (tokens plus bet) among the players still in, so every call is affordable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...base import Action
from ...poker import best_five, describe
from ...reasons import Reason
from ..rules import amount
from . import Phase
from .jeu import Jeu

if TYPE_CHECKING:
    from ..state import State

# The moves of a seat by its room (0 to the largest `max_raise`), built once: not facing a
# bet (check, or bet 1 to room), or facing one (call, raise by 1 to room, or fold).
_OPEN = [
    (Action("check"), *(Action(f"bet:{k}") for k in range(1, room + 1))) for room in range(101)
]
_FACING = [
    (Action("call"), *(Action(f"raise:{k}") for k in range(1, room + 1)), Action("fold"))
    for room in range(101)
]


class Poker(Phase):
    """One betting round from the dealer. A seat not facing a bet checks or bets 1 to
    `room` tokens; a seat facing one calls, raises by 1 to `room` or folds. The round ends
    when every seat still in has acted since the last bet or raise, or one seat is left."""

    def start(self, st: State) -> None:
        n = st.players
        st.phase = "poker"
        st.bets = [0] * n
        st.folded = [False] * n
        st.need = [True] * n
        self._next_to_act(st, st.dealer)

    def _facing(self, st: State, seat: int) -> bool:
        return st.bets[seat] < max(st.bets)

    def legal(self, st: State, seat: int) -> tuple[Action, ...]:
        return (_FACING if self._facing(st, seat) else _OPEN)[st.room]

    def check(self, st: State, seat: int, action_id: str) -> bool:
        verb, sep, arg = action_id.partition(":")
        facing = self._facing(st, seat)
        if not sep:
            return verb in (("call", "fold") if facing else ("check",))
        k = amount(arg) if verb == ("raise" if facing else "bet") else None
        return k is not None and 1 <= k <= st.room

    def explain(self, st: State, seat: int, action_id: str) -> str:
        verb, _, arg = action_id.partition(":")
        facing = self._facing(st, seat)
        refusal = {"check": "cannot_check", "call": "nothing_to_call", "fold": "cannot_fold"}
        if verb in refusal:
            return refusal[verb]
        if verb == "bet" and facing:
            return "already_bet"
        if verb == "raise" and not facing:
            return "nothing_to_raise"
        if verb not in ("bet", "raise"):
            return super().explain(st, seat, action_id)
        k = amount(arg)
        if k is None:
            return "malformed"
        if k < 1 or k > st.options.max_raise:
            return "amount_out_of_range"
        return "over_table_limit"

    def why_not(self, st: State, seat: int) -> tuple[Reason, ...]:
        """When the smallest stack still in holds the bets below the table's limit: why
        no larger bet or raise is offered (the refusal's own code for one more token)."""
        room = st.room
        if room >= st.options.max_raise:
            return ()
        verb = "raise" if self._facing(st, seat) else "bet"
        code = self.explain(st, seat, f"{verb}:{room + 1}")
        return (Reason(None, code, {"room": room, "cap": max(st.bets) + room}),)

    def apply(self, st: State, seat: int, action_id: str) -> None:
        verb, _, arg = action_id.partition(":")
        st.need[seat] = False
        if verb == "check":
            st.events.append({"type": "check", "seat": seat, "auto": False})
        elif verb == "call":
            paid = max(st.bets) - st.bets[seat]
            st.tokens[seat] -= paid
            st.bets[seat] += paid
            st.events.append({"type": "call", "seat": seat, "amount": paid})
        elif verb == "fold":
            st.folded[seat] = True
            st.events.append({"type": "fold", "seat": seat})
        else:  # a bet or a raise: every other seat still in must act again
            k = int(arg)
            paid = max(st.bets) - st.bets[seat] + k
            st.tokens[seat] -= paid
            st.bets[seat] += paid
            st.need = [not folded and q != seat for q, folded in enumerate(st.folded)]
            st.events.append({"type": verb, "seat": seat, "amount": k, "total": st.bets[seat]})
        self._next_to_act(st, seat + 1)

    def _room(self, st: State) -> int:
        """How much the seat to move may bet or raise: at most the table limit, and never
        so much that the highest bet would pass the smallest stack still in."""
        tokens, bets, folded = st.tokens, st.bets, st.folded
        high = max(bets)
        cap = high + st.options.max_raise
        for p in range(st.players):
            if not folded[p] and tokens[p] + bets[p] < cap:
                cap = tokens[p] + bets[p]
        return cap - high

    def _next_to_act(self, st: State, first: int) -> None:
        """Give the turn to the first seat from `first` on that must act, or end the round.
        A seat whose only move is to check has nothing to decide and checks by itself."""
        room, high = self._room(st), max(st.bets)  # no automatic check changes them
        need = st.need
        if st.folded.count(False) > 1:  # else the one player left wins
            for q in st.round_from(first):
                if not need[q]:
                    continue
                if room <= 0 and st.bets[q] == high:
                    need[q] = False
                    st.events.append({"type": "check", "seat": q, "auto": True})
                    continue
                st.turn = q
                st.room = room
                return
        self._showdown(st)

    def _showdown(self, st: State) -> None:
        """« Le gagnant prend tous les jetons de la case Poker [...] il montre simplement la
        combinaison gagnante »: every hand still in is shown and the best takes the box."""
        st.wheel["poker"] += sum(st.bets)
        st.bets = [0] * st.players
        st.need = [False] * st.players
        st.room = 0
        live = [p for p in range(st.players) if not st.folded[p]]
        winners = live
        if len(live) > 1:
            best = {p: best_five(st.hands[p]) for p in live}
            for p in live:
                st.show(p, best[p][1])
            hands = [{"seat": p, "cards": best[p][1], **describe(best[p][0])} for p in live]
            st.emit("showdown", hands=hands)
            top = max(value for value, _ in best.values())
            winners = [p for p in live if best[p][0] == top]
        share, remainder = divmod(st.wheel["poker"], len(winners))
        for p in winners:
            st.tokens[p] += share
        st.wheel["poker"] = remainder
        st.emit(
            "poker_win", seats=winners, share=share, remainder=remainder, showdown=len(live) > 1
        )
        Jeu().start(st)
