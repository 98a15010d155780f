"""The third phase (« Jeu »): the sequence game on the lower half of the wheel.

« Le donneur joue [...] la plus petite carte de n'importe laquelle des différentes couleurs
en sa possession. Le joueur détenant la carte immédiatement supérieure de la même couleur la
joue, [...] et ainsi de suite. » The holder of the next card has nothing to decide, so the
engine plays it. The run stops on an ace or when the next card is in no hand (dead, or
played earlier). The player of the stop card (« carte d'arrêt ») then leads his lowest card
of the other colour; if he holds none of it the first player to his left who does leads; if
nobody does he leads any suit he holds. A player is asked (`suit:<S>`) only when he could
lead two suits. The first player out of cards cries « Bonanza », takes the Pot and a token
from each other player per card left.

Besides the cards on the table, play makes facts public that the redeal keeps: a lead
shows the leader had nothing lower in that suit (`floors`), a skipped or one-suit leader
shows voids (`voids`), and a stop shows that the next card is dead unless it was already
played (`public_dead`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...base import Action
from ...cards import JOKER, SUITS
from ...reasons import Reason
from ..rules import CARD_BOXES, NEXT_CARD, OTHER_COLOUR, VALUE, lowest_of_suit, suit_of, suits_of
from . import Phase

if TYPE_CHECKING:
    from ..state import State

LEAD = {suit: Action("suit:" + suit) for suit in SUITS}


class Jeu(Phase):
    """The seat to move names the suit of its lead among `st.choice`."""

    def start(self, st: State) -> None:
        st.call = None
        st.phase = "play"
        st.joker_wild = False
        holder = st.holder(JOKER)
        if holder is not None:  # a joker still in a hand leaves the game now
            st.hands[holder].remove(JOKER)
            st.removed.append(JOKER)
            st.emit("joker_out", seat=holder)
        self._leads(st, st.dealer, self._may_lead(st, st.dealer, SUITS))

    def legal(self, st: State, seat: int) -> tuple[Action, ...]:
        return tuple(map(LEAD.__getitem__, st.choice))

    def explain(self, st: State, seat: int, action_id: str) -> str:
        verb, _, suit = action_id.partition(":")
        if verb != "suit":
            return super().explain(st, seat, action_id)
        if suit not in SUITS:
            return "malformed"
        if suit not in suits_of(st.hands[seat]):
            return "suit_not_held"
        return "wrong_colour"

    def playable(self, st: State, seat: int) -> frozenset[str]:
        hand = st.hands[seat]
        return frozenset(lowest_of_suit(hand, suit) for suit in st.choice)

    def why_not(self, st: State, seat: int) -> tuple[Reason, ...]:
        """A card of a suit the seat may not lead (the refusal's own code: after a stop
        card, the other colour), or above the lowest of a suit it may lead."""
        hand = st.hands[seat]
        leads = self.playable(st, seat)
        reasons = []
        for card in hand:
            if card in leads:
                continue
            suit = suit_of(card)
            if suit in st.choice:
                lowest = {"lowest": lowest_of_suit(hand, suit)}
                reasons.append(Reason(card, "lowest_first", lowest))
            else:
                code = self.explain(st, seat, "suit:" + suit)
                values = {"stop": st.last, "suits": OTHER_COLOUR[suit_of(st.last or card)]}
                reasons.append(Reason(card, code, values))
        return tuple(reasons)

    def apply(self, st: State, seat: int, action_id: str) -> None:
        self._leads(st, seat, [action_id.removeprefix("suit:")])

    # --- the play ------------------------------------------------------------------------
    def _may_lead(self, st: State, seat: int, asked: tuple[str, ...]) -> list[str]:
        """The suits of `asked` that `seat` holds. Unless it has a choice, everybody sees
        that it lacks the others."""
        suits = suits_of(st.hands[seat])
        held = [s for s in asked if s in suits]
        if len(held) < 2:
            self._add_voids(st, seat, [s for s in asked if s not in suits])
        return held

    def _leads(self, st: State, seat: int, suits: list[str]) -> None:
        """Play the leads that offer no choice, until a seat may lead two suits or more
        (it is asked) or the deal ends."""
        while len(suits) == 1:
            stopper = self._run(st, seat, suits[0])
            if stopper is None:
                return
            seat, suits = self._after_stop(st, stopper, suits[0])
        st.turn = seat
        st.choice = suits

    def _run(self, st: State, seat: int, suit: str) -> int | None:
        """`seat` leads its lowest card of `suit`; the holders of the next cards follow up
        to the stop card. Returns who played the stop card, or None when somebody ran out
        of cards (the deal is over)."""
        hands, shown, events = st.hands, st.shown, st.events
        card = lowest_of_suit(hands[seat], suit)
        st.floors[seat][suit] = VALUE[card] + 1
        player, lead = seat, True
        while True:
            nxt = NEXT_CARD[card]
            follower = None if nxt is None else st.holder(nxt)
            # `player` plays `card` face up; A♠, K♥, Q♦ and J♣ take their box.
            hand = hands[player]
            hand.remove(card)
            if card in shown[player]:
                shown[player].remove(card)
            st.table.append(card)
            stop = follower is None
            events.append(
                {"type": "play", "seat": player, "card": card, "lead": lead, "stop": stop}
            )
            if card in CARD_BOXES:
                won = st.win(player, card)
                events.append({"type": "box_won", "box": card, "seat": player, "won": won})
            if not hand:
                st.last, st.stop = card, stop
                self._bonanza(st, player)
                return None
            if nxt is None or follower is None:
                break
            player, card, lead = follower, nxt, False
        st.last, st.stop = card, True
        # Out of every hand, the next card is on the table or dead (the mort is gone).
        if nxt in st.dead and nxt not in st.public_dead:
            st.public_dead.append(nxt)
        return player

    def _after_stop(self, st: State, stopper: int, suit: str) -> tuple[int, list[str]]:
        """Who leads after a stop card of `suit`, and the suits he may lead: « sa carte la
        plus basse dans n'importe laquelle des deux couleurs opposées »; « si le joueur
        n'est pas en mesure de répondre à cette exigence, le jeu passe à la gauche »; and
        when nobody can, the stopper leads any suit he has left."""
        other = OTHER_COLOUR[suit]
        for k, seat in enumerate(st.round_from(stopper)):
            suits = self._may_lead(st, seat, other)
            if suits:
                if k:
                    st.emit("colour_passes", seats=st.round_from(stopper)[:k], leader=seat)
                return seat, suits
        st.emit("colour_passes", seats=st.round_from(stopper), leader=stopper)
        return stopper, self._may_lead(st, stopper, SUITS)

    def _add_voids(self, st: State, seat: int, suits: list[str]) -> None:
        """Everybody now knows that `seat` lacks `suits` (`voids` lists a seat's known voids
        in S, H, D, C order)."""
        known = st.voids[seat]
        st.voids[seat] = "".join(s for s in SUITS if s in known or s in suits)

    def _bonanza(self, st: State, winner: int) -> None:
        """« Le premier qui réussit à se débarrasser de ses cartes, crie BONANZA et ramasse
        les jetons de la case centrale. Chacun des autres joueurs doit alors lui donner un
        jeton pour chacune des cartes restant dans sa main » (what he has, if short), one
        `pay` event each from the winner's left. « Ceci termine le tour. »"""
        pot = st.win(winner, "pot")
        paid = [0] * st.players
        payments = []
        for q in st.round_from(winner + 1)[:-1]:
            due = len(st.hands[q])
            paid[q] = min(due, st.tokens[q])
            st.tokens[q] -= paid[q]
            st.tokens[winner] += paid[q]
            payments.append(
                {"type": "pay", "seat": q, "winner": winner, "amount": paid[q], "due": due}
            )
        st.turn = None
        st.choice = []
        st.emit("bonanza", seat=winner, pot=pot, paid=paid)
        st.events.extend(payments)
        st.end_deal()
