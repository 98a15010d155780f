"""The Bianco Mano match state: bidding, espion, call and play; the steps nobody chooses
(dealing, completing the deal, scoring, the next deal) are in `deal.py` and run inside
`_apply`, so `to_move()` only ever names a seat with a real choice. Determinization lives
in `hidden`.
"""

from __future__ import annotations

from typing import Any

from ..base import Action
from ..deals import unseeded
from ..reasons import Reason, card_reasons
from ..rng import Rng
from .deal import Deal
from .hidden import redeal
from .rules import (
    ANNOUNCE,
    CALL,
    CARD_OF_PLAY,
    CHOOSE,
    DECK,
    DECK_SET,
    DISCARD,
    FAMILIES,
    PASS,
    PLAY_OF,
    POINTS,
    STRENGTH,
    TAKE,
    TEAMS_OF_FOUR,
    playable,
    refusal,
    sort_hand,
    top_dominant,
    trick_winner,
)


class State(Deal):
    """What the players do: bid, set the espion aside, call a partner, announce, play."""

    # --- the contract ----------------------------------------------------------------------
    def to_move(self) -> list[int]:
        phase = self.phase
        if phase == "over":
            return []
        seat = self.turn if phase == "play" else self.bidder if phase == "bid" else self.taker
        return [] if seat is None else [seat]

    def is_over(self) -> bool:
        return self.phase == "over"

    def hand(self, seat: int) -> list[str]:
        return sort_hand(self.hands[seat])

    def _legal(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == "play":
            return self._play_moves(seat) if seat == self.turn else []
        if phase == "bid":
            return self._bids() if seat == self.bidder else []
        if phase == "over" or seat != self.taker:
            return []
        if phase == "espion":
            return [DISCARD[c] for c in self.hands[seat]]
        return [CALL[c] for c in self._callable()]

    def _bids(self) -> list[Action]:
        """Round 1: take the turned card's family or pass; round 2: name another family."""
        if self.bid_round == 1:
            return [TAKE, PASS]
        turned_family = self._turned()[2]
        return [*(CHOOSE[f] for f in FAMILIES if f != turned_family), PASS]

    def _play_moves(self, seat: int) -> list[Action]:
        """The cards the play conditions allow, and the announcement while it may be made."""
        dom = self.dominant
        assert dom is not None
        moves = [*map(PLAY_OF, playable(self.hands[seat], self.trick, dom))]
        if seat == self.taker and self._can_announce(seat):
            moves.append(ANNOUNCE)
        return moves

    def _can_announce(self, seat: int) -> bool:
        if not (self.options.bianco_mano_bonus and seat == self.taker) or self.announced:
            return False
        if self.tricks or self.trick:
            return False
        dom = self._dominant()
        held = self.hands[seat] + self.espion
        return "GC" + dom in held and "CH" + dom in held

    def _callable(self) -> list[str]:
        own = set(self.hands[self._taker()]) | set(self.espion)
        return [c for c in DECK if c[2] != self.dominant and c not in own]

    def explain(self, seat: int, action_id: str) -> str:
        """The precise reason a well-formed move is refused (never naming a hidden card)."""
        verb, _, arg = action_id.partition(":")
        phase = self.phase
        if verb not in ("take", "pass", "choose", "discard", "call", "announce", "play"):
            return "unknown_action"
        if verb in ("discard", "call", "play") and arg not in DECK_SET:
            return "unknown_card"
        if phase == "bid":
            if verb == "take":
                return "wrong_round"
            if verb == "choose":
                if self.bid_round == 1:
                    return "wrong_round"
                return "turned_family" if arg == self._turned()[2] else "unknown_family"
        elif phase == "espion" and verb == "discard":
            return "not_in_hand"
        elif phase == "call" and verb == "call":
            return "cannot_call_dominant" if arg[2] == self.dominant else "cannot_call_own_card"
        elif phase == "play" and verb == "announce":
            return "cannot_announce"
        elif phase == "play" and verb == "play":
            hand = self.hands[seat]
            if arg not in hand:
                return "not_in_hand"
            return refusal(hand, self.trick, self._dominant(), arg)
        return "wrong_phase"

    def _why_not(self, seat: int) -> tuple[Reason, ...]:
        """Each card the play conditions forbid, with the condition it breaks (the
        refusal's own code) and the public facts its words name: the family led, the
        dominant family and the highest dominant on the table, with who played it."""
        trick = self.trick
        if self.phase != "play" or seat != self.turn or not trick:
            return ()
        dom = self._dominant()
        hand = sort_hand(self.hands[seat])
        top = top_dominant(trick, dom)
        over = next(((p, c) for p, c in trick if c[2] == dom and STRENGTH[c] == top), None)
        values = {
            "led": trick[0][1][2],
            "dominant": dom,
            "card": over[1] if over else None,
            "seat": over[0] if over else None,
        }
        allowed = playable(hand, trick, dom)
        return card_reasons(hand, allowed, lambda c: refusal(hand, trick, dom, c), values)

    # --- moves -----------------------------------------------------------------------------
    def _apply(self, seat: int, action_id: str) -> None:
        card = CARD_OF_PLAY.get(action_id)
        if card is not None:
            self._play(seat, card)
            return
        verb, _, arg = action_id.partition(":")
        if verb == "play":
            self._play(seat, arg)
        elif verb == "pass":
            self._pass(seat)
        elif verb == "take":
            family = self._turned()[2]
            self.emit("take", seat=seat, family=family)
            self._take(seat, family)
        elif verb == "choose":
            self.emit("choose", seat=seat, family=arg)
            self._take(seat, arg)
        elif verb == "discard":
            self._discard(seat, arg)
        elif verb == "call":
            self._call(seat, arg)
        else:  # announce
            self.announced = True
            self.emit("announce", seat=seat, family=self.dominant)

    def _pass(self, seat: int) -> None:
        n = self.players
        self.emit("pass", seat=seat, round=self.bid_round)
        self.passes += 1
        if self.passes < n:
            self.bidder = (seat + 1) % n
        elif self.bid_round == 1:
            self.bid_round, self.passes, self.bidder = 2, 0, (self.dealer + 1) % n
            self.emit("bid_round", round=2)
        else:
            self._all_passed()

    def _discard(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.espion.append(card)
        self.emit("discard", seat=seat, count=len(self.espion))
        self.emit("discarded", to=seat, card=card)
        if len(self.espion) == 2:
            if self.players == 5:
                self.phase = "call"
            else:
                self._start_play()

    def _call(self, seat: int, card: str) -> None:
        self.called = card
        self.partner = next(s for s in range(self.players) if card in self.hands[s])
        self.emit("call", seat=seat, card=card)
        self.emit("partner", to=self.partner, taker=seat, card=card)
        self._start_play()

    def _play(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        trick = self.trick
        trick.append([seat, card])
        self.events.append({"type": "play", "seat": seat, "card": card})
        if card == self.called:
            self.revealed = True
            self.events.append({"type": "partner_revealed", "seat": seat, "card": card})
        if len(trick) < self.players:
            self.turn = (seat + 1) % self.players
        else:
            self._close_trick()

    def _close_trick(self) -> None:
        """The best dominant, else the best card of the family led, takes the trick and
        leads the next; the last trick ends the deal."""
        trick, dom = self.trick, self._dominant()
        winner = trick[trick_winner(trick, dom)][0]
        values = POINTS[dom]
        points = 0
        for _, c in trick:
            points += values[c]
        self.trick_points[winner] += points
        self.tricks.append(trick)
        self.last_trick, self.last_winner = trick, winner
        self.trick = []
        self.leader = self.turn = winner
        self.events.append(
            {"type": "trick_won", "seat": winner, "points": points, "number": len(self.tricks)}
        )
        if not self.hands[winner]:
            self._score_deal()

    # --- cards and knowledge -----------------------------------------------------------------
    def zones(self) -> dict[str, list[str]]:
        zones = {f"hand{s}": self.hands[s] for s in range(self.players)}
        zones["stock"] = self.deck
        zones["turned"] = [self.turned] if self.phase == "bid" and self.turned else []
        zones["espion"] = self.espion
        zones["trick"] = [c for _, c in self.trick]
        zones["won"] = [c for t in self.tricks for _, c in t]
        return zones

    def knows_partner(self, seat: int | None) -> bool:
        """The partner knows from the call; everybody knows once the called card is played."""
        return self.partner is not None and (self.revealed or seat == self.partner)

    def sides(self, seat: int | None) -> list[list[int]] | None:
        """Sides as `seat` knows them: `[taker's side, defence]`; 4 players: fixed `[[0,2],[1,3]]`.

        A seat whose side the viewer cannot know yet (the secret partner) is in neither list.
        """
        n = self.players
        if n == 4:
            return [list(t) for t in TEAMS_OF_FOUR]
        taker = self.taker
        if taker is None:
            return None
        side: list[int] | None = None
        if n == 3:
            side = [taker]
        elif self.partner is not None and self.knows_partner(seat):
            side = [taker, self.partner]
        if side is not None:
            return [side, [s for s in range(n) if s not in side]]
        if self.called is None:
            # Before the call nobody is a partner yet, so nobody is known as a defender either.
            return [[taker], []]
        # After the call a seat not holding the called card knows it defends.
        defence = [seat] if seat is not None and seat != taker else []
        return [[taker], defence]

    def view(self, seat: int | None) -> dict[str, Any]:
        own = seat is not None
        return {
            "phase": self.phase,
            "dealer": self.dealer,
            "hand": sort_hand(self.hands[seat]) if seat is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "scores": list(self.scores),
            "events": self.events_for(seat),
            "to_move": self.to_move(),
            "deal_number": self.deal_number,
            "deals": self.options.deals,
            "bid_round": self.bid_round if self.phase == "bid" else None,
            "turned": self.turned,
            "taker": self.taker,
            "dominant": self.dominant,
            "espion": sort_hand(self.espion) if own and seat == self.taker else None,
            "espion_size": len(self.espion),
            "called": self.called,
            "partner": self.partner if self.knows_partner(seat) else None,
            "teams": self.sides(seat),
            "announced": self.announced,
            "trick": [list(p) for p in self.trick],
            "leader": self.leader,
            "last_trick": [list(p) for p in self.last_trick] if self.last_trick else None,
            "last_winner": self.last_winner,
            "trick_points": list(self.trick_points),
            "contracts_made": list(self.contracts_made),
            "last_deal": self.last_deal,
            "players": self.players,
        }

    def determinize(self, seat: int | None, rng: Rng) -> State:
        return unseeded(redeal(self, seat, rng))
