"""The Bianco Mano match's fields and the steps nobody chooses: the draw for the first
dealer, cutting and dealing, completing the deal for the taker, the deal nobody took,
scoring a deal and passing the deal on. `state.py` adds what the players do.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from ..base import GameState
from ..cards import cut
from ..deals import deal_rng
from ..outcome import Outcome, rank_by_score
from ..tricks import Trick, gather
from .options import Options
from .rules import (
    BONUS,
    CONTRACT,
    DECK,
    FIRST_PACKETS,
    HAS_ESPION,
    POINTS,
    STRENGTH,
    TOTAL_POINTS,
    deal_deltas,
)

Phase = Literal["bid", "espion", "call", "play", "over"]


class Deal(GameState):
    """The fields of a Bianco Mano match and the steps between the players' choices."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "phase",  # "bid", "espion", "call", "play" or "over"
        "dealer",
        "deal_number",  # 1-based number of the deal being played (redeals do not count)
        "deck",  # undealt stock while bidding, else []
        "hands",
        "turned",  # the card turned up in this deal
        "bid_round",  # 1 or 2 while bidding, else None
        "bidder",  # seat to speak while bidding
        "passes",  # passes in the current bidding round
        "taker",
        "dominant",
        "espion",
        "called",
        "partner",  # the called card's holder (5 players); views hide it while secret
        "revealed",  # the called card has been played
        "announced",
        "trick",  # [[seat, card], ...] in play order
        "leader",
        "turn",  # seat to play during the play phase
        "tricks",  # tricks taken in this deal, in order, each in play order
        "trick_points",  # card points won in tricks this deal, per seat
        "last_trick",
        "last_winner",
        "scores",
        "contracts_made",
        "last_deal",  # summary of the last scored deal, or None
    )

    options: Options
    phase: Phase
    dealer: int
    deal_number: int
    deck: list[str]
    hands: list[list[str]]
    turned: str | None
    bid_round: int | None
    bidder: int | None
    passes: int
    taker: int | None
    dominant: str | None
    espion: list[str]
    called: str | None
    partner: int | None
    revealed: bool
    announced: bool
    trick: Trick
    leader: int | None
    turn: int | None
    tricks: list[Trick]
    trick_points: list[int]
    last_trick: Trick | None
    last_winner: int | None
    scores: list[int]
    contracts_made: list[int]
    last_deal: dict[str, Any] | None

    # --- setup -----------------------------------------------------------------------------
    def setup(self) -> None:
        """Draw for the first dealer, then shuffle, cut and deal the first deal."""
        options = self.options
        n = self.players
        self.phase = "bid"
        self.deal_number = 1
        self.hands = [[] for _ in range(n)]
        self.deck, self.turned, self.trick, self.tricks, self.espion = [], None, [], [], []
        self.scores = [0] * n
        self.contracts_made = [0] * n
        self.trick_points = [0] * n
        self.last_trick = self.last_winner = self.last_deal = None
        self._clear_deal()
        stacked = options.deck is not None
        deck = list(options.deck) if options.deck is not None else list(DECK)
        if options.deal_seed is not None:
            self.rng = deal_rng(options.deal_seed, 0)  # the draw, as at every table
        if not stacked:
            self.rng.shuffle(deck)
        self.dealer = self._draw_for_dealer(deck)
        if stacked:
            # The stacked pack is the pack as dealt: no shuffle and no cut before deal 1.
            self._deal_out(deck)
        elif options.deal_seed is not None:
            self._seeded_deal(again=False)
        else:
            self.rng.shuffle(deck)
            self.emit("shuffle")
            self._cut_and_deal(deck)

    def _draw_for_dealer(self, deck: list[str]) -> int:
        """Each contender turns the next card; the strongest character deals, ties draw again.

        The drawn cards go back where they were, so the pack itself is unchanged.
        """
        contenders = list(range(self.players))
        pos = 0
        rnd = 1
        while len(contenders) > 1:
            if pos + len(contenders) > len(deck):
                break  # cannot happen with a shuffled pack; the first tied seat deals
            draws = [(s, deck[pos + i]) for i, s in enumerate(contenders)]
            pos += len(contenders)
            self.emit("dealer_draw", round=rnd, draws=[[s, c] for s, c in draws])
            best = max(STRENGTH[c] for _, c in draws)
            contenders = [s for s, c in draws if STRENGTH[c] == best]
            rnd += 1
        self.emit("first_dealer", seat=contenders[0])
        return contenders[0]

    def _clear_deal(self) -> None:
        self.bid_round, self.bidder, self.passes = 1, None, 0
        self.taker = self.dominant = self.called = self.partner = None
        self.revealed = self.announced = False
        self.leader = self.turn = None

    def _cut_and_deal(self, deck: list[str]) -> None:
        cutter = (self.dealer - 1) % self.players
        self.emit("cut", seat=cutter)
        self._deal_out(cut(deck, self.rng))

    def _deal_out(self, deck: list[str]) -> None:
        """First part of the deal, in packets from the seat after the dealer; turn a card."""
        n = self.players
        self._clear_deal()
        hands: list[list[str]] = [[] for _ in range(n)]
        pos = 0
        first = (self.dealer + 1) % n
        for size in FIRST_PACKETS[n]:
            for k in range(n):
                hands[(first + k) % n].extend(deck[pos : pos + size])
                pos += size
        self.hands = hands
        self.turned = deck[pos]
        self.deck = deck[pos + 1 :]
        self.espion, self.trick, self.tricks = [], [], []
        self.last_trick = self.last_winner = None  # the previous deal's is off the table
        self.trick_points = [0] * n
        self.phase, self.bidder = "bid", first
        self.emit("deal", dealer=self.dealer, deal_number=self.deal_number, turned=self.turned)
        for s in range(n):
            self.emit("dealt", to=s, cards=list(hands[s]))

    def _new_deal(self, deck: list[str], again: bool = False) -> None:
        """Deals after the first: the gathered pack is cut, shuffled only by option.
        `again`: the same deal number is dealt again (nobody took)."""
        if self.options.deal_seed is not None:
            self._seeded_deal(again)
            return
        if self.options.shuffle_each_deal:
            self.rng.shuffle(deck)
            self.emit("shuffle")
        self._cut_and_deal(deck)

    def _seeded_deal(self, again: bool) -> None:
        """Duplicate deals: a fresh pack shuffled and cut by this deal's own generator. A
        deal dealt again when everybody passed goes on with that generator (bidding draws
        nothing), so tables where nobody took the same deal get the same second deal."""
        assert self.options.deal_seed is not None
        if not again:
            self.rng = deal_rng(self.options.deal_seed, self.deal_number)
        deck = list(DECK)
        self.rng.shuffle(deck)
        self.emit("shuffle")
        self._cut_and_deal(deck)

    # --- fields set in some phases only ----------------------------------------------------
    def _taker(self) -> int:
        assert self.taker is not None, "no taker yet"
        return self.taker

    def _dominant(self) -> str:
        assert self.dominant is not None, "no dominant family yet"
        return self.dominant

    def _turned(self) -> str:
        assert self.turned is not None, "no turned card"
        return self.turned

    # --- after the bidding ------------------------------------------------------------------
    def _all_passed(self) -> None:
        """Nobody took: gather the cards, the deal moves on, the deal number stays."""
        n = self.players
        first = (self.dealer + 1) % n
        deck = [c for k in range(n) for c in self.hands[(first + k) % n]]
        deck.append(self._turned())
        deck.extend(self.deck)
        self.hands = [[] for _ in range(n)]
        self.deck = []
        old = self.dealer
        self.dealer = first
        self.emit("all_passed", dealer=old, next_dealer=first)
        self._new_deal(deck, again=True)

    def _take(self, seat: int, family: str) -> None:
        """The taker gets the turned card, then the deal is completed as the book says."""
        n = self.players
        self.taker, self.dominant, self.bid_round, self.bidder = seat, family, None, None
        self.hands[seat].append(self._turned())
        stock, pos = self.deck, 0
        first = (self.dealer + 1) % n
        got: list[list[str]] = [[] for _ in range(n)]
        for k in range(n):
            s = (first + k) % n
            size = 3 if n != 5 else 2
            if n == 4 and s == seat:
                size = 2
            got[s] = stock[pos : pos + size]
            pos += size
        if n != 4:
            got[seat].append(stock[pos])  # the last card, face down, to the taker
        for s in range(n):
            self.hands[s].extend(got[s])
            self.emit("received", to=s, cards=got[s])
        self.deck = []
        if HAS_ESPION[n]:
            self.phase = "espion"
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.phase = "play"
        self.leader = self.turn = self.taker

    # --- the end of a deal ------------------------------------------------------------------
    def partners(self) -> list[int]:
        """The taker's partners this deal (none at 3, the team-mate at 4, the called at 5)."""
        if self.players == 4:
            return [(self._taker() + 2) % 4]
        if self.players == 5 and self.partner is not None:
            return [self.partner]
        return []

    def _score_deal(self) -> None:
        n, taker = self.players, self._taker()
        partners = self.partners()
        side = [taker, *partners]
        espion_points = sum(POINTS[self._dominant()][c] for c in self.espion)
        card_points = sum(self.trick_points[s] for s in side) + espion_points
        bonus = BONUS if self.announced else 0
        if card_points == TOTAL_POINTS:
            result = "capo"
        elif card_points + bonus >= CONTRACT:
            result = "made"
        else:
            result = "failed"
        deltas = deal_deltas(n, taker, partners, result)
        for s in range(n):
            self.scores[s] += deltas[s]
        if result != "failed":
            self.contracts_made[taker] += 1
        self.last_deal = {
            "deal_number": self.deal_number,
            "taker": taker,
            "partners": partners,
            "dominant": self.dominant,
            "card_points": card_points,
            "espion_points": espion_points,
            "bonus": bonus,
            "total": card_points + bonus,
            "result": result,
            "deltas": deltas,
            "espion": list(self.espion),
        }
        self.emit("deal_scored", **self.last_deal)
        if self.deal_number >= self.options.deals:
            self.phase = "over"
            self.turn = self.leader = None
            out = self.outcome()
            self.emit("match_over", ranks=list(out.ranks), scores=list(self.scores))
            return
        self.deal_number += 1
        self.dealer = (self.dealer + 1) % n
        deck = gather(self.tricks, self.espion)
        self._new_deal(deck)

    def outcome(self) -> Outcome:
        """Each seat ranks by its own match points, contracts made as taker breaking ties, at
        every table size: the fixed partners of four players score together during play,
        but the book ranks players, not teams."""
        ranks = tuple(rank_by_score(self.scores, self.contracts_made))
        return Outcome(ranks, tuple(self.scores))
