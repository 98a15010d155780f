"""The Blanche-Neige match's fields and what happens without a choice: the deal, drawing
(the draw pile rebuilt from the discard pile as often as it empties), the moves the rules
force (drawing or passing with nothing to play, keeping an unplayable drawn card) and the
end. `state.py` adds what the players choose.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from ..base import GameState
from ..deals import generator_for, pick_first_dealer
from ..outcome import Outcome
from .options import Options
from .rules import ALLOWED, DRAW_DECK, hand_size, stuck_for_ever

Phase = Literal["play", "drawn", "over"]


class Deal(GameState):
    """The fields of a Blanche-Neige match and the moves the rules make for a player."""

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
        seed = options.deal_seed
        s.dealer = pick_first_dealer(options.dealer, seed, players, s.rng)
        # The one deal: cards, characters and later rebuilds of the draw pile.
        s.rng = rng = generator_for(seed, 1, s.rng)
        if options.deck is None:
            deck = list(DRAW_DECK)
            rng.shuffle(deck)
        else:
            deck = list(options.deck)
        if options.roles is None:
            rng.shuffle(pool)
            chosen = pool[:players]
            if seed is not None:  # characters too from the dealer's left, like the cards
                chosen = [chosen[(j - s.dealer - 1) % players] for j in range(players)]
            s.roles, s.aside = chosen, pool[players:]
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

    # --- the piles and the forced moves ----------------------------------------------------
    def _can_draw(self) -> bool:
        """A card can be drawn unless the draw pile is empty and the discard pile holds its
        top card only (the pile is rebuilt from the rest as often as it empties)."""
        return bool(self.draw) or len(self.discard) > 1

    def is_over(self) -> bool:
        return self.phase == "over"

    def outcome(self) -> Outcome:
        """Fewest cards left ranks first (the player who went out has none); ties share."""
        left = tuple(len(h) for h in self.hands)
        ranks = tuple(1 + sum(1 for x in left if x < mine) for mine in left)
        return Outcome(ranks=ranks, scores=left, unit="card")

    def _take(self, seat: int, card: str | None, reason: str) -> None:
        """Put a freshly drawn card in `seat`'s hand; the holder alone learns which."""
        assert card is not None
        self.hands[seat].append(card)
        if reason == "forced":
            self.shown_void[seat] = [self.discard[-1], 1]
        elif (void := self.shown_void[seat]) is not None:
            void[1] += 1
        self.passes = 0
        self.events.append({"type": "drew", "seat": seat, "reason": reason})
        self.events.append({"type": "drawn_card", "seat": seat, "card": card, "to": seat})
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
        """Whether no hand can ever empty (`rules.nobody_can_go_out`), by its bit masks."""
        return stuck_for_ever(self.hands, self.roles, self.discard[-1])

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
