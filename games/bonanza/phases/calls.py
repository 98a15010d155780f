"""The first phase: the dealer's calls Joker, Dame-Valet, Séquence and Dix-Deux.

A combination held naturally is shown and paid at once: « il la montre simplement lorsque
le donneur appelle » leaves its holder nothing to decide. A player is asked only when a
real choice exists, and it always involves the joker:
- at the Joker call, its holder shows it (`show`: he takes the box and the joker leaves
  the game) or keeps it silently (`keep`) « comme carte d'appoint » for one later call;
- at a later call, the holder of the kept joker spends it (`joker`) or not (`pass`) when
  it would complete the combination (Dame-Valet or Dix-Deux: he holds one of the two
  cards; Séquence: it would give him the best sequence shown).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...base import Action
from ...cards import JOKER
from ..rules import CALLS, PAIR_CALLS, SeqKey, joker_sequence, natural_sequence
from . import Phase
from .poker import Poker

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..state import State

# The winning natural sequence at the table: its key, its holder and its cards.
Shown = tuple[SeqKey, int, list[str]]
SHOW_OR_KEEP = (Action("show"), Action("keep"))  # at the Joker call
JOKER_OR_PASS = (Action("joker"), Action("pass"))  # at a later call, with the kept joker


class Calls(Phase):
    """The calls one after the other, each waiting for the joker's holder when he has a
    choice to make (`st.call` is the call under way)."""

    def start(self, st: State) -> None:
        st.phase = "calls"
        self._calls_from(st, 0)

    def _calls_from(self, st: State, i: int) -> None:
        """Make the calls from the `i`-th on, stopping when the joker's holder must decide;
        after Dix-Deux, the Poker call opens the second phase."""
        each: dict[str, Callable[[State, str], bool]] = {
            "joker": self._call_joker,
            "dame-valet": self._call_pair,
            "sequence": self._call_sequence,
            "dix-deux": self._call_pair,
        }
        for name in CALLS[i:-1]:
            st.call = name
            st.emit("announce", call=name)
            if each[name](st, name):
                return
        st.call = "poker"
        st.emit("announce", call="poker")
        Poker().start(st)

    def legal(self, st: State, seat: int) -> tuple[Action, ...]:
        return SHOW_OR_KEEP if st.call == "joker" else JOKER_OR_PASS

    def explain(self, st: State, seat: int, action_id: str) -> str:
        if action_id.partition(":")[0] in ("show", "keep", "joker", "pass"):
            return "wrong_call"
        return super().explain(st, seat, action_id)

    def apply(self, st: State, seat: int, action_id: str) -> None:
        name = st.call
        assert name is not None
        if name == "joker":
            if action_id == "show":
                self._spend_joker(st, seat)
                won = st.win(seat, "joker")
                st.emit("joker_shown", seat=seat, won=won)
            else:
                st.joker_wild = True
                st.emit("joker_kept", to=seat)  # the others must not learn who keeps it
        elif name == "sequence":
            if action_id == "joker":
                mine = joker_sequence(st.hands[seat])
                assert mine is not None
                self._claim(st, "sequence", seat, mine[1])
            else:
                self._settle_sequence(st, self._best_natural(st))
        elif action_id == "joker":
            a, b = PAIR_CALLS[name]
            self._claim(st, name, seat, [a if a in st.hands[seat] else b, JOKER])
        else:
            st.emit("no_claim", call=name, box=st.wheel[name])
        self._calls_from(st, CALLS.index(name) + 1)

    # --- the calls: each says whether the joker's holder must now decide -----------------
    def _call_joker(self, st: State, name: str) -> bool:
        """« A l'appel du Joker, le joueur détenant cette carte peut soit la montrer [...]
        ou demeurer silencieux »; from then on everybody knows whether someone holds it."""
        st.joker_public = True
        holder = st.holder(JOKER)
        if holder is None:
            return False
        st.turn = holder
        return True

    def _call_pair(self, st: State, name: str) -> bool:
        """Both cards in one hand win the box; one of them and the kept joker may."""
        a, b = PAIR_CALLS[name]
        ha, hb = st.holder(a), st.holder(b)
        if ha is not None and ha == hb:
            self._claim(st, name, ha, [a, b])
            return False
        joker = st.holder(JOKER) if st.joker_wild else None
        if joker is not None and joker in (ha, hb):
            st.turn = joker
            return True
        st.emit("no_claim", call=name, box=st.wheel[name])
        return False

    def _call_sequence(self, st: State, name: str) -> bool:
        """The best natural sequence wins, unless the kept joker would make a better one
        for another player: the natural one is shown first, then the joker's holder
        decides."""
        best = self._best_natural(st)
        joker = st.holder(JOKER) if st.joker_wild else None
        if joker is not None:
            mine = joker_sequence(st.hands[joker])
            if mine is not None and (best is None or (best[1] != joker and mine[0] > best[0])):
                if best is not None:
                    st.show(best[1], best[2])
                    st.emit("sequence_shown", seat=best[1], cards=best[2])
                st.turn = joker
                return True
        self._settle_sequence(st, best)
        return False

    def _best_natural(self, st: State) -> Shown | None:
        """« La Séquence contenant la carte de la valeur la plus élevée l'emporte »."""
        best: Shown | None = None
        for seat, hand in enumerate(st.hands):
            mine = natural_sequence(hand)
            if mine is not None and (best is None or mine[0] > best[0]):
                best = (mine[0], seat, mine[1])
        return best

    def _settle_sequence(self, st: State, best: Shown | None) -> None:
        if best is None:
            st.emit("no_claim", call="sequence", box=st.wheel["sequence"])
        else:
            self._claim(st, "sequence", best[1], best[2])

    # --- bookkeeping ---------------------------------------------------------------------
    def _spend_joker(self, st: State, seat: int) -> None:
        """« Le Joker ne peut être joué qu'une seule fois et doit être retiré du jeu dès
        qu'il a été abattu. »"""
        st.hands[seat].remove(JOKER)
        st.removed.append(JOKER)
        st.joker_wild = False

    def _claim(self, st: State, call: str, seat: int, cards: list[str]) -> None:
        """`seat` shows `cards` and takes the box; the cards go back to his hand, all but
        the joker."""
        joker = JOKER in cards
        if joker:
            self._spend_joker(st, seat)
        st.show(seat, cards)
        won = st.win(seat, call)
        st.emit("claim", call=call, seat=seat, cards=cards, joker=joker, won=won)
