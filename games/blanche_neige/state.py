"""The Blanche-Neige match: one deal, played until a hand empties or the table is blocked.

Phases: `play` (the player to move plays, draws, or passes when nothing can be drawn),
`drawn` (the player drew and may play that card, or a mirror pair with it, or keep it) and
`over`. With the "miroir à la volée" option an unshouted pair opens a short race
(`pending`): the pair's owner may shout, any opponent may challenge, and the next player's
ordinary action closes it. The deal, drawing and the forced moves are in `deal.py`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from ..base import Action
from ..deals import unseeded
from ..reasons import Reason, explained
from ..rng import Rng
from .deal import Deal
from .hidden import redeal
from .rules import (
    ACCEPT,
    ALLOWED,
    CHALLENGE,
    DRAW,
    DRAW_DECK_SET,
    IDENTITY_CARD,
    KEEP,
    MIRROR,
    PAIR,
    PAIR_FIRST,
    PASS,
    PLAY,
    SHOUT,
    SORT_KEY,
)

_WINDOW_VERBS = ("shout", "challenge", "accept")


class State(Deal):
    """What the players choose: play, draw, keep, pass, and the race of a pair."""

    # --- the contract -----------------------------------------------------------------------
    DEALER_OPTION = "dealer"

    def next_dealer(self) -> int:
        """The book is silent: the deal passes to the next seat, as in the other games."""
        return (self.dealer + 1) % self.players

    def to_move(self) -> list[int]:
        if self.phase == "over":
            return []
        p = self.pending
        if p is None:
            return [self.turn]
        n = self.players
        owner = p["seat"]
        others = [(self.turn + k) % n for k in range(1, n)]
        return [self.turn, owner, *(s for s in others if s != owner)]

    def _legal(self, seat: int) -> list[Action]:
        if self.phase == "over":
            return []
        if self.pending is not None:
            return self._race_actions(seat, self.pending)
        if seat != self.turn:
            return []
        return self._turn_actions(seat)

    def _race_actions(self, seat: int, pending: dict[str, Any]) -> list[Action]:
        """During the race of an unshouted pair: its owner may shout, any opponent may
        challenge, and the next player may also take their turn (or, when the pair emptied
        the owner's hand, accept it)."""
        owner = pending["seat"]
        if seat == owner:
            return [SHOUT]
        if seat != self.turn:
            return [CHALLENGE] if 0 <= seat < self.players else []
        if not self.hands[owner]:
            return [CHALLENGE, ACCEPT]
        return [*self._turn_actions(seat), CHALLENGE]

    def _turn_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        ok = ALLOWED[self.roles[seat]][self.discard[-1]]
        if self.phase == "drawn":
            d = self.drawn
            if d in ok:
                if MIRROR[d] in hand:
                    return [PLAY[d], PAIR[d], KEEP]
                return [PLAY[d], KEEP]
            return [KEEP]
        acts = []
        pairs = []
        for c in hand:
            if c in ok:
                acts.append(PLAY[c])
                if c in PAIR_FIRST and MIRROR[c] in hand:
                    pairs.append(PAIR[c])
        acts += pairs
        acts.append(DRAW if self._can_draw() else PASS)
        return acts

    def hand(self, seat: int) -> list[str]:
        return sorted(self.hands[seat], key=SORT_KEY.__getitem__)

    def view(self, seat: int | None) -> dict[str, Any]:
        own = seat if seat is not None and 0 <= seat < self.players else None
        p = self.pending
        return {
            "phase": self.phase,
            "dealer": self.dealer,
            "turn": None if self.phase == "over" else self.turn,
            "hand": sorted(self.hands[own], key=SORT_KEY.__getitem__) if own is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "scores": [len(h) for h in self.hands],
            "events": self.events_for(seat),
            "to_move": self.to_move(),
            "roles": list(self.roles),
            "top": self.discard[-1],
            "draw_size": len(self.draw),
            "discard_size": len(self.discard),
            "drawn": self.drawn
            if own is not None and self.phase == "drawn" and own == self.turn
            else None,
            "pending_pair": list(p["cards"]) if p else None,
            "pending_seat": p["seat"] if p else None,
            "revealed": [sorted(k, key=SORT_KEY.__getitem__) for k in self.known],
            "passes": self.passes,
            "can_draw": self._can_draw(),
            "winner": self.winner,
            "end": self.end,
        }

    def zones(self) -> dict[str, list[str]]:
        z = {"draw": list(self.draw), "discard": list(self.discard)}
        for i, h in enumerate(self.hands):
            z[f"hand{i}"] = list(h)
        z["identities"] = [IDENTITY_CARD[r] for r in self.roles]
        z["identities_aside"] = [IDENTITY_CARD[r] for r in self.aside]
        return z

    def determinize(self, seat: int | None, rng: Rng) -> State:
        """Redeal what `seat` cannot see, consistently with everything public (hidden.py)."""
        return unseeded(redeal(self, seat, rng))

    @classmethod
    def from_snapshot(cls, snap: Mapping[str, Any]) -> Self:
        """Snapshots stored before `shown_void` existed load with nothing shown; the count of
        rebuilds older ones carry (`reshuffles`) is no longer read."""
        if "shown_void" not in snap["data"]:
            data = {**snap["data"], "shown_void": [None] * snap["players"]}
            snap = {**snap, "data": data}
        return super().from_snapshot(snap)

    # --- moves ------------------------------------------------------------------------------
    def _apply(self, seat: int, action_id: str) -> None:
        p = self.pending
        if p is None:
            self._turn(seat, action_id)
        elif action_id == "shout":
            self._shout(p)
        elif action_id == "challenge":
            self._challenge(seat, p)
        elif action_id == "accept":
            self.pending = None
            self.emit("pair_stands", seat=p["seat"], cards=list(p["cards"]))
            self._finish(p["seat"], "empty_hand")
        else:
            # The next player's ordinary action lets the pair stand, then happens.
            self.pending = None
            self.emit("pair_stands", seat=p["seat"], cards=list(p["cards"]))
            self._turn(seat, action_id)
        self._settle()

    def _turn(self, seat: int, action_id: str) -> None:
        if action_id == "draw":
            card = self._draw_one()
            if card is not None:  # (None: nobody could ever go out, the game is over)
                self._take(seat, card, "choice")
        elif action_id == "keep":
            self._keep(seat, forced=False)
        elif action_id == "pass":
            self._pass(seat, forced=False)
        else:
            self._play(seat, action_id[5:].split("+"))

    def _play(self, seat: int, cards: list[str]) -> None:
        hand = self.hands[seat]
        known = self.known[seat]
        void = self.shown_void[seat]
        for c in cards:
            hand.remove(c)
            if c in known:
                known.remove(c)
            elif void is not None and c in ALLOWED[self.roles[seat]][void[0]]:
                void[1] = max(0, void[1] - 1)  # it came in after the void was shown
        self.discard += cards
        after_draw = self.phase == "drawn"
        self.phase = "play"
        self.drawn = None
        before = self.passes
        self.passes = 0
        self.events.append(
            {"type": "played", "seat": seat, "cards": cards, "after_draw": after_draw}
        )
        nxt = (seat + 1) % self.players
        if len(cards) == 2:
            if self.options.miroir_a_la_volee:
                self.pending = {"seat": seat, "cards": cards, "passes": before}
                self.turn = nxt
                return
            self.emit("shout", seat=seat)
        if not hand:
            self._finish(seat, "empty_hand")
        else:
            self.turn = nxt

    def _shout(self, p: dict[str, Any]) -> None:
        owner = p["seat"]
        self.pending = None
        self.emit("shout", seat=owner)
        if not self.hands[owner]:
            self._finish(owner, "empty_hand")

    def _challenge(self, seat: int, p: dict[str, Any]) -> None:
        """The pair goes back to its owner, who draws a penalty card; their turn is over."""
        owner = p["seat"]
        cards = list(p["cards"])
        self.pending = None
        del self.discard[-2:]
        self.hands[owner] += cards
        self.known[owner] += cards
        self.emit("challenged", seat=seat, target=owner, cards=cards)
        card = self._draw_one()
        if card is not None:
            self._take(owner, card, "penalty")
            return
        if self.is_over():  # nobody could ever go out
            return
        # Nothing to draw: the owner's turn counts as one without a play.
        self.passes = p["passes"] + 1
        if self.passes >= self.players:
            self._finish(None, "blocked")

    # --- refusals ---------------------------------------------------------------------------
    def _why_not(self, seat: int) -> tuple[Reason, ...]:
        """On its turn, each card of the hand that no move plays, with the refusal's own
        code (`explain`) and what its words name: the seat's character, the top of the
        discard pile and the card it has just drawn."""
        if self.phase == "over" or seat != self.turn:
            return ()
        values = {"role": self.roles[seat], "top": self.discard[-1], "drawn": self.drawn}
        return explained(self, seat, values)

    def explain(self, seat: int, action_id: str) -> str:
        p = self.pending
        if action_id in _WINDOW_VERBS:
            if p is None:
                return "no_pending_pair"
            if action_id == "shout":
                return "not_your_pair"
            if action_id == "challenge":
                return "own_pair"
            return "not_your_turn" if seat != self.turn else "nothing_to_accept"
        if seat != self.turn:
            return "not_your_turn"
        if p is not None and not self.hands[p["seat"]]:
            return "pair_pending"
        drawn = self.phase == "drawn"
        if action_id in ("draw", "pass"):
            if drawn:
                return "already_drew"
            return "cannot_draw" if action_id == "draw" else "can_still_draw"
        if action_id == "keep":
            return "nothing_drawn"
        if not action_id.startswith("play:"):
            return "unknown_action"
        cards = action_id[5:].split("+")
        if len(cards) > 2 or not all(c in DRAW_DECK_SET for c in cards):
            return "unknown_card"
        if len(cards) == 2:
            if MIRROR[cards[0]] != cards[1]:
                return "not_a_pair"
            if cards[0] not in PAIR_FIRST:
                return "pair_order"
        hand = self.hands[seat]
        if not all(c in hand for c in cards):
            return "not_in_hand"
        if drawn and self.drawn not in cards:
            return "must_play_drawn"
        if cards[0] not in ALLOWED[self.roles[seat]][self.discard[-1]]:
            return "role_forbids"
        return "illegal_move"
