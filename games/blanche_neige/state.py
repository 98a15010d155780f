"""The Blanche-Neige match: one deal, played until a hand empties or the table is blocked.

Phases: `play` (the player to move plays, draws, or passes when nothing can be drawn),
`drawn` (the player drew and may play that card, or a mirror pair with it, or keep it) and
`over`. With the "miroir à la volée" option an unshouted pair opens a short race
(`pending`): the pair's owner may shout, any opponent may challenge, and the next player's
ordinary action closes it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal, Self

from ..base import Action, GameState, Outcome
from ..rng import Rng
from .hidden import redeal
from .options import Options
from .rules import (
    ACCEPT,
    ALLOWED,
    CHALLENGE,
    DRAW,
    DRAW_DECK,
    DRAW_DECK_SET,
    IDENTITY_CARD,
    KEEP,
    MIRROR,
    PAIR,
    PAIR_FIRST,
    PASS,
    PLAY,
    PLAYED,
    SHOUT,
    SORT_KEY,
    hand_size,
)

_WINDOW_VERBS = ("shout", "challenge", "accept")


Phase = Literal["play", "drawn", "over"]


class BlancheNeigeState(GameState):
    FIELDS: ClassVar[tuple[str, ...]] = (
        "phase",
        "dealer",
        "turn",
        "roles",
        "aside",
        "hands",
        "draw",
        "discard",
        "drawn",
        "passes",
        "pending",
        "known",
        "shown_void",
        "winner",
        "end",
    )

    options: Options
    phase: Phase
    dealer: int
    turn: int  # whose ordinary turn it is (during a race: the player after the pair's owner)
    roles: list[str]  # role slug per seat
    aside: list[str]  # roles of the pool nobody received
    hands: list[list[str]]
    draw: list[str]  # the draw pile, top card LAST
    discard: list[str]  # the discard pile, top card last
    drawn: str | None  # the card the player to move just drew (phase `drawn`)
    passes: int  # consecutive passes while nothing could be drawn
    pending: dict[str, Any] | None  # open volée race: {"seat", "cards", "passes"}
    known: list[list[str]]  # cards publicly known to be in each hand (a challenged pair)
    # Per seat, what its last forced draw or pass showed: [top, new] = on that top it held no
    # playable card, and at most `new` of its hidden cards came in since (see determinize).
    shown_void: list[list[Any] | None]
    winner: int | None
    end: str | None  # "empty_hand" or "blocked" once over

    # --- setup ------------------------------------------------------------------------------
    def setup(self) -> None:
        """Deal the identities and the cards, turn the first discard, play what is forced."""
        s, players, options = self, self.players, self.options
        pool = options.role_pool()
        if len(pool) < players:
            raise ValueError(f"{len(pool)} roles in the pool cannot serve {players} players")
        if options.roles is not None and len(options.roles) != players:
            raise ValueError("the fixed roles must name one role per seat")
        if options.dealer is not None and options.dealer >= players:
            raise ValueError("the fixed dealer is not a seat of this table")
        rng = s.rng
        s.dealer = rng.below(players) if options.dealer is None else options.dealer
        if options.deck is None:
            deck = list(DRAW_DECK)
            rng.shuffle(deck)
        else:
            deck = list(options.deck)
        if options.roles is None:
            rng.shuffle(pool)
            s.roles, s.aside = pool[:players], pool[players:]
        else:
            s.roles = list(options.roles)
            s.aside = [r for r in pool if r not in s.roles]
        # One card at a time from the seat left of the dealer, as at a real table.
        s.hands = [[] for _ in range(players)]
        i = 0
        for _ in range(hand_size(players)):
            for k in range(1, players + 1):
                s.hands[(s.dealer + k) % players].append(deck[i])
                i += 1
        s.discard = [deck[i]]
        s.draw = deck[i + 1 :][::-1]
        s.phase = "play"
        s.turn = (s.dealer + 1) % players
        s.drawn = None
        s.passes = 0
        s.pending = None
        s.known = [[] for _ in range(players)]
        s.shown_void = [None] * players
        s.winner = None
        s.end = None
        s.emit("dealt", dealer=s.dealer, first=s.turn, top=s.discard[-1], roles=list(s.roles))
        s._settle()

    # --- the contract -----------------------------------------------------------------------
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
        if self.pending is None and self.phase == "play" and seat == self.turn:
            return self._turn_actions(seat)  # an ordinary turn: nearly every call
        return self._moves(seat)

    def _moves(self, seat: int) -> list[Action]:
        if self.phase == "over":
            return []
        p = self.pending
        if p is not None:
            owner = p["seat"]
            if seat == owner:
                return [SHOUT]
            if seat != self.turn:
                return [CHALLENGE] if 0 <= seat < self.players else []
            if not self.hands[owner]:
                return [CHALLENGE, ACCEPT]
            acts = self._turn_actions(seat)
            acts.append(CHALLENGE)
            return acts
        if seat != self.turn:
            return []
        return self._turn_actions(seat)

    def is_legal(self, seat: int, action_id: str) -> bool:
        # Same answer as the base class; actions compare as tuples, so `in` runs in C.
        return Action(action_id) in self._moves(seat)

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

    def _can_draw(self) -> bool:
        """A card can be drawn unless the draw pile is empty and the discard pile holds its
        top card only (the pile is rebuilt from the rest as often as it empties)."""
        return bool(self.draw) or len(self.discard) > 1

    def is_over(self) -> bool:
        return self.phase == "over"

    def hand(self, seat: int) -> list[str]:
        return sorted(self.hands[seat], key=SORT_KEY.__getitem__)

    def outcome(self) -> Outcome:
        """Fewest cards left ranks first (the player who went out has none); ties share."""
        left = tuple(len(h) for h in self.hands)
        ranks = tuple(1 + sum(1 for x in left if x < mine) for mine in left)
        return Outcome(ranks=ranks, scores=left, unit="card")

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

    def determinize(self, seat: int | None, rng: Rng) -> BlancheNeigeState:
        """Redeal what `seat` cannot see, consistently with everything public (hidden.py)."""
        return redeal(self, seat, rng)

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
            # A card or a pair is most moves: its cards come from a table, not a split.
            cards = PLAYED.get(action_id)
            if cards is not None:
                self._play(seat, [*cards])
            else:
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
        # The frequent events are appended as literals rather than through emit().
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

    def _take(self, seat: int, card: str | None, reason: str) -> None:
        """Put a freshly drawn card in `seat`'s hand; the holder alone learns which."""
        assert card is not None
        self.hands[seat].append(card)
        if reason == "forced":
            self.shown_void[seat] = [self.discard[-1], 1]
        elif (void := self.shown_void[seat]) is not None:
            void[1] += 1
        self.passes = 0
        events = self.events
        events.append({"type": "drew", "seat": seat, "reason": reason})
        events.append({"type": "drawn_card", "seat": seat, "card": card, "to": seat})
        if reason != "penalty":
            self.phase = "drawn"
            self.drawn = card

    def _keep(self, seat: int, forced: bool) -> None:
        self.phase = "play"
        self.drawn = None
        self.events.append({"type": "kept", "seat": seat, "forced": forced})
        self.turn = (seat + 1) % self.players

    def _pass(self, seat: int, forced: bool) -> None:
        if forced:
            self.shown_void[seat] = [self.discard[-1], 0]
        self.passes += 1
        self.events.append(
            {"type": "passed", "seat": seat, "forced": forced, "passes": self.passes}
        )
        if self.passes >= self.players:
            self._finish(None, "blocked")
        else:
            self.turn = (seat + 1) % self.players

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

    def _draw_one(self) -> str | None:
        """Top card of the draw pile, rebuilding it from the discard (top kept) if empty.

        None when nothing can be drawn, or when the pile would be rebuilt although nobody
        can ever go out: the game then ends blocked (`phase` is `over`)."""
        if not self.draw:
            if not self._can_draw():
                return None
            if self._nobody_can_go_out():
                self._finish(None, "blocked")
                return None
            pile = self.discard[:-1]
            self.discard = self.discard[-1:]
            self.rng.shuffle(pile)
            self.draw = pile
            self.emit("reshuffled", cards=len(pile))
        return self.draw.pop()

    def _nobody_can_go_out(self) -> bool:
        """Whether every seat holds a card that its role can never play, whatever is drawn or
        played from now on: then no hand can ever empty, and rebuilding the draw pile again
        and again would only pass the same loose cards round for ever.

        A card can reach the top of the discard pile if some seat's role allows it on a card
        that can, and that seat holds it or may draw it (every card outside the hands may be
        drawn by anyone). This over-estimates the tops that can come, so a True answer is
        certain: the cards it finds stuck can really never be played."""
        hands = [set(h) for h in self.hands]
        loose = DRAW_DECK_SET.difference(*hands)  # the draw and discard piles
        allowed = [ALLOWED[role] for role in self.roles]
        tops = {self.discard[-1]}
        todo = [*tops]
        while todo:
            top = todo.pop()
            for rule, hand in zip(allowed, hands, strict=True):
                for card in rule[top]:
                    if card not in tops and (card in loose or card in hand):
                        tops.add(card)
                        todo.append(card)
        for rule, hand in zip(allowed, hands, strict=True):
            playable: set[str] = set()
            for top in tops:
                playable |= rule[top]
            if hand <= playable:
                return False  # this seat might still go out
        return True

    def _settle(self) -> None:
        """Play the moves that leave no choice, so that `to_move` names a real decision."""
        while self.phase != "over" and self.pending is None:
            seat = self.turn
            ok = ALLOWED[self.roles[seat]][self.discard[-1]]
            if self.phase == "drawn":
                if self.drawn in ok:
                    return
                self._keep(seat, forced=True)
            elif not ok.isdisjoint(self.hands[seat]):
                return
            else:
                card = self._draw_one()
                if card is not None:
                    self._take(seat, card, "forced")
                elif not self.is_over():  # (over: nobody could ever go out)
                    self._pass(seat, forced=True)

    def _finish(self, winner: int | None, reason: str) -> None:
        self.phase = "over"
        self.drawn = None
        self.winner = winner
        self.end = reason
        out = self.outcome()
        self.emit(
            "game_over",
            reason=reason,
            winner=winner,
            ranks=list(out.ranks),
            cards_left=list(out.scores),
        )

    # --- refusals ---------------------------------------------------------------------------
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
