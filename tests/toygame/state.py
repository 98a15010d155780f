"""Plus fort's match state: deals of four tricks, follow suit, the strongest card wins."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from games.base import Action, GameState
from games.outcome import Outcome, rank_by_score
from games.reasons import Reason, explained
from games.rng import Rng

from .hidden import redeal
from .logic import DECK, HAND, PLAY, winner
from .options import Options

Phase = Literal["play", "over"]


class ToyState(GameState):
    FIELDS: ClassVar[tuple[str, ...]] = (
        "phase",
        "dealer",
        "deal",
        "hands",
        "stock",
        "taken",
        "trick",
        "leader",
        "won",
        "voids",
    )

    options: Options
    phase: Phase
    dealer: int
    deal: int
    hands: list[list[str]]
    stock: list[str]  # cards not dealt this deal
    taken: list[str]  # cards of the tricks played this deal
    trick: list[list[Any]]
    leader: int
    won: list[int]
    voids: list[str]  # suits each seat has shown it lacks, this deal

    def setup(self) -> None:
        self.dealer = 0
        self.deal = 0
        self.won = [0] * self.players
        self._deal()

    def _deal(self) -> None:
        n = self.players
        if self.deal == 0 and self.options.deck is not None:
            deck = list(self.options.deck)
        else:
            deck = list(DECK)
            self.rng.shuffle(deck)
        self.deal += 1
        self.hands = [sorted(deck[s * HAND : (s + 1) * HAND]) for s in range(n)]
        self.stock = deck[n * HAND :]
        self.taken = []
        self.trick = []
        self.voids = [""] * n
        self.leader = (self.dealer + 1) % n
        self.phase = "play"
        self.emit("deal", deal=self.deal, dealer=self.dealer)

    def to_move(self) -> list[int]:
        if self.phase == "over":
            return []
        return [(self.leader + len(self.trick)) % self.players]

    def _legal(self, seat: int) -> list[Action]:
        if seat not in self.to_move():
            return []
        hand = self.hands[seat]
        if self.trick:
            led = self.trick[0][1][-1]
            follow = [c for c in hand if c[-1] == led]
            if follow:
                return [PLAY[c] for c in follow]
        return [PLAY[c] for c in hand]

    def explain(self, seat: int, action_id: str) -> str:
        card = action_id.removeprefix("play:")
        if not action_id.startswith("play:") or card not in PLAY:
            return "unknown_action"
        if card not in self.hands[seat]:
            return "not_in_hand"
        return "must_follow"

    def _why_not(self, seat: int) -> tuple[Reason, ...]:
        """On a trick, the cards of another suit than the one led, when it holds that suit."""
        if seat not in self.to_move() or not self.trick:
            return ()
        return explained(self, seat, {"led": self.trick[0][1][-1]})

    def _apply(self, seat: int, action_id: str) -> None:
        card = action_id[5:]
        if self.trick and card[-1] != self.trick[0][1][-1]:
            self.voids[seat] += self.trick[0][1][-1]
        self.hands[seat].remove(card)
        self.trick.append([seat, card])
        self.emit("played", seat=seat, card=card)
        if len(self.trick) < self.players:
            return
        best = winner(self.trick, self.options.aces_low)
        self.won[best] += 1
        self.emit("trick", seat=best, tricks=self.won[best])
        self.taken += [c for _, c in self.trick]
        self.trick = []
        self.leader = best
        if self.hands[best]:
            return
        if self.deal < self.options.deals:
            self.dealer = (self.dealer + 1) % self.players
            self._deal()
            return
        self.phase = "over"
        self.emit("match_end", winners=[s for s, r in enumerate(self.outcome().ranks) if r == 1])

    def is_over(self) -> bool:
        return self.phase == "over"

    def outcome(self) -> Outcome:
        return Outcome(tuple(rank_by_score(self.won)), tuple(self.won), unit="trick")

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "dealer": self.dealer,
            "hand": list(self.hands[seat]) if seat is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "scores": list(self.won),
            "events": self.events_for(seat),
            "to_move": self.to_move(),
            "deal": self.deal,
            "deals": self.options.deals,
            "trick": [list(p) for p in self.trick],
        }

    def zones(self) -> dict[str, list[str]]:
        z = {f"hand{s}": list(h) for s, h in enumerate(self.hands)}
        z["trick"] = [c for _, c in self.trick]
        z["stock"] = list(self.stock)
        z["taken"] = list(self.taken)
        return z

    def determinize(self, seat: int | None, rng: Rng) -> ToyState:
        return redeal(self, seat, rng)
