"""The Manille match state: four players in two fixed teams (0+2 against 1+3), 32 cards,
trump by the retourne.

The whole match is one state. Deals are automatic: the first deck is shuffled, later decks
are the tricks of the previous deal gathered in the order they were taken and cut, as the
rule book says ("on ne bat plus les cartes"). Which card may be played is the duties of
rules.py.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from ..base import Action, GameState
from ..cards import cut
from ..deals import generator_for, pick_first_dealer, unseeded
from ..outcome import Outcome
from ..reasons import Reason, card_reasons
from ..rng import Rng
from ..tricks import Trick, gather
from .hidden import redeal
from .options import Options
from .rules import (
    ACTION_OF,
    CARD_OF_ACTION,
    DECK,
    PLAYERS,
    POINTS,
    SORT_KEY,
    SUIT,
    TEAMS,
    TRICKS,
    beats,
    deal_hands,
    legal_cards,
    refusal,
)

Phase = Literal["play", "over"]


class State(GameState):
    FIELDS: ClassVar[tuple[str, ...]] = (
        "phase",
        "dealer",
        "deal_number",
        "hands",
        "trump",
        "retourne",
        "leader",
        "trick",
        "best",
        "tricks",
        "trick_winners",
        "tricks_won",
        "deal_points",
        "team_scores",
        "winner",
    )

    options: Options
    phase: Phase
    dealer: int
    deal_number: int
    hands: list[list[str]]
    trump: str
    retourne: str
    leader: int
    trick: Trick
    best: int
    tricks: list[Trick]
    trick_winners: list[int]
    tricks_won: list[int]
    deal_points: list[int]
    team_scores: list[int]
    winner: int | None

    # --- setup and deals --------------------------------------------------------------
    def setup(self) -> None:
        opts = self.options
        self.team_scores = [0, 0]
        self.winner = None
        self.deal_number = 0
        self.dealer = pick_first_dealer(opts.first_dealer, opts.deal_seed, PLAYERS, self.rng)
        if opts.deck is not None:
            self._deal(list(opts.deck), shuffled=False, cutter=None)
        else:
            self._shuffle_and_deal()

    def _shuffle_and_deal(self) -> None:
        """A fresh deck shuffled and cut; with duplicate deals, by this deal's own generator."""
        self.rng = generator_for(self.options.deal_seed, self.deal_number + 1, self.rng)
        deck = list(DECK)
        self.rng.shuffle(deck)
        cutter = (self.dealer + 1) % PLAYERS  # the book's cutter is also trick 1's leader
        self._deal(cut(deck, self.rng), shuffled=True, cutter=cutter)

    def _deal(self, deck: list[str], shuffled: bool, cutter: int | None) -> None:
        """Deal `deck` (already cut) and open the play of a new deal."""
        dealer = self.dealer
        hands = deal_hands(deck, dealer)
        for h in hands:
            h.sort(key=SORT_KEY.__getitem__)
        self.hands = hands
        self.retourne = deck[-1]
        self.trump = SUIT[deck[-1]]
        self.deal_number += 1
        self.leader = (dealer + 1) % PLAYERS
        self.trick = []
        self.best = 0
        self.tricks = []
        self.trick_winners = []
        self.tricks_won = [0, 0]
        self.deal_points = [0, 0]
        self.phase = "play"
        self.emit(
            "deal",
            deal_number=self.deal_number,
            dealer=dealer,
            cutter=cutter,
            shuffled=shuffled,
            trump=self.trump,
            retourne=self.retourne,
            leader=self.leader,
        )

    def _next_deal(self) -> None:
        """No shuffle (unless the option says so): gather the tricks, cut, next dealer deals.
        Duplicate deals shuffle a fresh deck instead (`games/deals.py`)."""
        self.dealer = (self.dealer + 1) % PLAYERS
        if self.options.deal_seed is not None:
            self._shuffle_and_deal()
            return
        deck = gather(self.tricks)
        cutter = (self.dealer + 1) % PLAYERS  # the book's cutter is also trick 1's leader
        shuffled = self.options.shuffle_each_deal
        if shuffled:
            self.rng.shuffle(deck)
        self._deal(cut(deck, self.rng), shuffled=shuffled, cutter=cutter)

    # --- the contract -----------------------------------------------------------------
    def to_move(self) -> list[int]:
        if self.phase != "play":
            return []
        return [(self.leader + len(self.trick)) % PLAYERS]

    DEALER_OPTION = "first_dealer"

    def next_dealer(self) -> int:
        """« La donne passe au joueur suivant »: after the last deal as after any other."""
        return (self.dealer + 1) % PLAYERS

    def is_over(self) -> bool:
        return self.phase == "over"

    def hand(self, seat: int) -> list[str]:
        return list(self.hands[seat])

    def _legal_cards(self, seat: int) -> list[str]:
        if self.phase != "play" or seat != (self.leader + len(self.trick)) % PLAYERS:
            return []
        return legal_cards(self.hands[seat], self.trick, self.best, seat, self.trump)

    def _legal(self, seat: int) -> list[Action]:
        trick = self.trick
        if self.phase != "play" or seat != (self.leader + len(trick)) % PLAYERS:
            return []
        hand = self.hands[seat]
        if trick:
            hand = legal_cards(hand, trick, self.best, seat, self.trump)
        return [*map(ACTION_OF, hand)]

    def is_legal(self, seat: int, action_id: str) -> bool:
        card = CARD_OF_ACTION.get(action_id)
        return card is not None and card in self._legal_cards(seat)

    def explain(self, seat: int, action_id: str) -> str:
        """The precise reason a play is refused; never names a card the seat cannot see."""
        card = CARD_OF_ACTION.get(action_id)
        if card is None:
            return "unknown_action"
        hand = self.hands[seat]
        if card not in hand:
            return "not_in_hand"
        return refusal(hand, self.trick, self.best, seat, self.trump, card)

    def _why_not(self, seat: int) -> tuple[Reason, ...]:
        """Each card the duties forbid, with the duty it breaks (the refusal's own code)
        and the public facts its words name: the suit led, trump, the card winning the
        trick, who played it and whether that is the seat's partner."""
        trick = self.trick
        playable = self._legal_cards(seat)
        if not trick or not playable:
            return ()
        hand = self.hands[seat]
        win_seat, win = trick[self.best]
        values = {
            "led": SUIT[trick[0][1]],
            "trump": self.trump,
            "card": win,
            "seat": win_seat,
            "partner": (win_seat - seat) % 2 == 0,
        }

        def code(card: str) -> str:
            return refusal(hand, trick, self.best, seat, self.trump, card)

        return card_reasons(hand, playable, code, values)

    def _apply(self, seat: int, action_id: str) -> None:
        card = CARD_OF_ACTION[action_id]
        trick = self.trick
        if trick and beats(card, trick[self.best][1], self.trump):
            self.best = len(trick)
        self.hands[seat].remove(card)
        trick.append([seat, card])
        self.events.append({"type": "card_played", "seat": seat, "card": card})
        if len(trick) == PLAYERS:
            self._close_trick()

    def _close_trick(self) -> None:
        trick = self.trick
        winner = trick[self.best][0]
        team = winner % 2
        points = 0
        for _, c in trick:
            points += POINTS[c]
        self.deal_points[team] += points
        self.tricks_won[team] += 1
        self.tricks.append(trick)
        self.trick_winners.append(winner)
        self.events.append(
            {
                "type": "trick_won",
                "seat": winner,
                "team": team,
                "points": points,
                "trick_number": len(self.tricks),
                "cards": list(map(list, trick)),
            }
        )
        self.trick = []
        self.best = 0
        self.leader = winner
        if len(self.tricks) == TRICKS:
            self._close_deal()

    def _close_deal(self) -> None:
        raw = self.deal_points
        scored = [max(0, p - 30) for p in raw] if self.options.above_30 else list(raw)
        totals = self.team_scores
        totals[0] += scored[0]
        totals[1] += scored[1]
        self.emit(
            "deal_end",
            deal_number=self.deal_number,
            points=list(raw),
            scored=scored,
            totals=list(totals),
            tricks=list(self.tricks_won),
        )
        target = self.options.target
        reached = [t >= target for t in totals]
        if reached[0] or reached[1]:
            if totals[0] != totals[1]:
                self.winner = 0 if totals[0] > totals[1] else 1
                self.phase = "over"
                self.emit(
                    "match_end",
                    team=self.winner,
                    seats=list(TEAMS[self.winner]),
                    totals=list(totals),
                )
                return
            self.emit("target_tie", totals=list(totals))
        self._next_deal()

    # --- views and results ------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        scores = self.team_scores
        last = self.tricks[-1] if self.tricks else []
        return {
            "phase": self.phase,
            "dealer": self.dealer,
            "hand": list(self.hands[seat]) if seat is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "scores": [scores[s % 2] for s in range(PLAYERS)],
            "events": self.events_for(seat),
            "to_move": self.to_move(),
            "trick": [list(p) for p in self.trick],
            "leader": self.leader,
            "teams": [list(t) for t in TEAMS],
            "partner": (seat + 2) % PLAYERS if seat is not None else None,
            "trump": self.trump,
            "retourne": self.retourne if not self.tricks else None,
            "taker": None,
            "called": None,
            "last_trick": [list(p) for p in last],
            "last_winner": self.trick_winners[-1] if self.trick_winners else None,
            "trick_number": len(self.tricks) + 1 if self.phase == "play" else len(self.tricks),
            "tricks_won": list(self.tricks_won),
            "deal_points": list(self.deal_points),
            "team_scores": list(scores),
            "deal_number": self.deal_number,
            "target": self.options.target,
            "winner": self.winner,
        }

    def outcome(self) -> Outcome:
        scores = tuple(self.team_scores[s % 2] for s in range(PLAYERS))
        if self.winner is None:
            ranks = (1,) * PLAYERS
        else:
            ranks = tuple(1 if s % 2 == self.winner else 2 for s in range(PLAYERS))
        return Outcome(ranks=ranks, scores=scores, teams=TEAMS)

    def zones(self) -> dict[str, list[str]]:
        z = {f"hand{s}": list(h) for s, h in enumerate(self.hands)}
        z["trick"] = [c for _, c in self.trick]
        z["taken"] = gather(self.tricks)
        return z

    def determinize(self, seat: int | None, rng: Rng) -> State:
        return unseeded(redeal(self, seat, rng))
