"""The Bonanza match state: every fact of the match, the deal cycle and the contract.

The rules of each phase are in `phases/`, one class each; the state hands the move of the
seat to move to the phase it is in (`_phase`).
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from ..base import Action, GameState
from ..cards import JOKER
from ..deals import generator_for, unseeded
from ..outcome import Outcome, rank_by_score
from ..reasons import Reason
from ..rng import Rng
from .hidden import redeal
from .options import Options
from .phases import Over, Phase
from .phases.calls import Calls
from .phases.jeu import Jeu
from .phases.mort import Auction, Mort
from .phases.poker import Poker
from .rules import ALL_CARDS, BOXES, PAIR_CALLS, STAKE, sort_hand

# The phase names stored in snapshots; "play" is the third phase, « jeu ».
PhaseName = Literal["mort", "auction", "calls", "poker", "play", "over"]
# The rules of each phase (`State.phase`).
PHASES: dict[str, Phase] = {
    "mort": Mort(),
    "auction": Auction(),
    "calls": Calls(),
    "poker": Poker(),
    "play": Jeu(),
    "over": Over(),
}


class State(GameState):
    """A Bonanza match: the wheel, the tokens and the deal under way, with what each seat
    has shown or let everybody infer. A move goes to the rules of the phase it is in."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "phase",
        "dealer",
        "deal_no",
        "turn",
        "call",
        "hands",
        "mort",
        "dead",
        "removed",
        "table",
        "last",
        "stop",
        "wheel",
        "tokens",
        "bets",
        "folded",
        "need",
        "room",
        "high_bid",
        "high_bidder",
        "passed",
        "joker_wild",
        "joker_public",
        "shown",
        "known_dead",
        "public_dead",
        "voids",
        "floors",
        "choice",
        "end_reason",
    )

    options: Options
    phase: PhaseName
    dealer: int
    deal_no: int  # deals started so far (1-based number of the current deal)
    turn: int | None  # the one seat expected to act
    call: str | None  # the dealer's current call (phase 1 and 2)
    hands: list[list[str]]
    mort: list[str]  # the dead hand while it is still to be exchanged or sold
    dead: list[str]  # cards out of play this deal (a hand given up, an unsold mort)
    removed: list[str]  # the joker once it has left the game
    table: list[str]  # cards played in phase 3, in order
    last: str | None
    stop: bool
    wheel: dict[str, int]
    tokens: list[int]
    bets: list[int]  # poker bets not yet moved onto the Poker box
    folded: list[bool]
    need: list[bool]  # poker: seats that still have to act in the betting round
    room: int  # poker: how much the seat to move may bet or raise
    high_bid: int
    high_bidder: int | None
    passed: list[bool]  # auction: seats out of the bidding (the dealer always is)
    joker_wild: bool  # the joker was kept at its call and may still stand in once
    joker_public: bool  # the Joker call is over: everybody knows where the joker lies
    shown: list[list[str]]  # cards each seat has shown that are still in its hand
    known_dead: list[list[str]]  # dead cards each seat knows (the hand it gave up)
    public_dead: list[str]  # dead cards everybody can infer (phase 3 stops)
    voids: list[str]  # suits each seat is known to lack (phase 3)
    floors: list[dict[str, int]]  # per seat and suit: lowest value it may still hold
    choice: list[str]  # phase 3: the suits the seat to move may lead
    end_reason: str | None

    # --- setup --------------------------------------------------------------------------
    def setup(self) -> None:
        players, options = self.players, self.options
        if options.first_dealer >= players:
            raise ValueError("first_dealer must be one of the seats")
        self.phase = "mort"
        self.dealer = options.first_dealer
        self.deal_no = 0
        self.turn = None
        self.call = None
        self.hands = [[] for _ in range(players)]
        self.mort = []
        self.wheel = dict.fromkeys(BOXES, 0)
        self.tokens = [options.starting_tokens] * players
        self.end_reason = None
        self._reset_deal()
        self.start_deal()

    def _reset_deal(self) -> None:
        n = self.players
        self.call = None
        self.dead = []
        self.removed = []
        self.table = []
        self.last = None
        self.stop = False
        self.bets = [0] * n
        self.folded = [False] * n
        self.need = [False] * n
        self.room = 0
        self.high_bid = 0
        self.high_bidder = None
        self.passed = [False] * n
        self.joker_wild = False
        self.joker_public = False
        self.shown = [[] for _ in range(n)]
        self.known_dead = [[] for _ in range(n)]
        self.public_dead = []
        self.voids = [""] * n
        self.floors = [{} for _ in range(n)]
        self.choice = []

    def start_deal(self) -> None:
        """Stake, shuffle and deal the next deal, or end the match when it is due."""
        if self.deal_no >= self.options.deals:
            self.finish("deals")
            return
        short = [p for p in range(self.players) if self.tokens[p] < STAKE]
        if short:
            self.emit("cannot_stake", seats=short)
            self.finish("stake")
            return
        if self.deal_no:  # « La distribution se déplace vers la gauche après chaque tour »
            self.dealer = (self.dealer + 1) % self.players
        self.deal_no += 1
        self._reset_deal()
        # « Chaque joueur doit alors placer un jeton sur chacune des dix cases. »
        for p in range(self.players):
            self.tokens[p] -= STAKE
        for box in BOXES:
            self.wheel[box] += self.players
        if self.deal_no == 1 and self.options.deck is not None:
            self._deal(list(self.options.deck))
        else:
            self.rng = generator_for(self.options.deal_seed, self.deal_no, self.rng)
            self._deal(shuffled_deck(self.rng))

    def _deal(self, deck: list[str]) -> None:
        """« Distribuer les cartes une par une, en commençant à la gauche du donneur et
        constituer une main tenant lieu de mort »: in each turn of the deal the k-th card
        goes to the k-th seat from the dealer's left, the last one to the mort."""
        n = self.players
        self.hands = [[] for _ in range(n)]
        for k, seat in enumerate(self.round_from(self.dealer + 1)):
            self.hands[seat] = sort_hand(deck[k :: n + 1])
        self.mort = deck[n :: n + 1]
        self.phase = "mort"
        self.turn = self.dealer
        self.emit(
            "deal",
            deal=self.deal_no,
            dealer=self.dealer,
            stake=STAKE,
            hand_sizes=[len(hand) for hand in self.hands],
            mort_size=len(self.mort),
        )

    def end_deal(self) -> None:
        self.emit("deal_end", deal=self.deal_no, tokens=list(self.tokens), wheel=dict(self.wheel))
        self.start_deal()

    def finish(self, reason: str) -> None:
        """End the match: what is left on the wheel is shared evenly among the players."""
        n = self.players
        total = sum(self.wheel.values())
        share, remainder = divmod(total, n)
        for b in BOXES:
            self.wheel[b] = 0
        self.wheel["pot"] = remainder
        for p in range(n):
            self.tokens[p] += share
        self.phase = "over"
        self.turn = None
        self.call = None
        self.end_reason = reason
        self.emit(
            "match_end", reason=reason, share=share, remainder=remainder, tokens=list(self.tokens)
        )

    # --- the contract -------------------------------------------------------------------
    def to_move(self) -> list[int]:
        return [] if self.turn is None else [self.turn]

    DEALER_OPTION = "first_dealer"

    def next_dealer(self) -> int:
        """« La distribution se déplace vers la gauche »: after the last deal too."""
        return (self.dealer + 1) % self.players

    def is_over(self) -> bool:
        return self.phase == "over"

    def hand(self, seat: int) -> list[str]:
        return list(self.hands[seat])

    # --- the move of the seat to move, handed to the phase it is in --------------------
    def _legal(self, seat: int) -> tuple[Action, ...]:
        return PHASES[self.phase].legal(self, seat) if seat == self.turn else ()

    def is_legal(self, seat: int, action_id: str) -> bool:
        """Same answer as membership in `legal_actions`, without building the list."""
        return seat == self.turn and PHASES[self.phase].check(self, seat, action_id)

    def explain(self, seat: int, action_id: str) -> str:
        return PHASES[self.phase].explain(self, seat, action_id)

    def _apply(self, seat: int, action_id: str) -> None:
        PHASES[self.phase].apply(self, seat, action_id)

    def _playable_cards(self, seat: int) -> frozenset[str]:
        """A lead plays the lowest card of the suit it names (phases/jeu.py)."""
        return PHASES[self.phase].playable(self, seat) if seat == self.turn else frozenset()

    def _why_not(self, seat: int) -> tuple[Reason, ...]:
        return PHASES[self.phase].why_not(self, seat) if seat == self.turn else ()

    # --- what the phases share ---------------------------------------------------------
    def round_from(self, seat: int) -> list[int]:
        """Every seat once, in turn from `seat` (« par la gauche »); `seat + 1` is the
        seat on its left."""
        seat %= self.players
        return [*range(seat, self.players), *range(seat)]

    def holder(self, card: str) -> int | None:
        """The seat whose hand holds `card`, if any."""
        for p, hand in enumerate(self.hands):
            if card in hand:
                return p
        return None

    def win(self, seat: int, box: str) -> int:
        """`seat` takes the tokens of a box of the wheel; returns how many."""
        won = self.wheel[box]
        self.wheel[box] = 0
        self.tokens[seat] += won
        return won

    def show(self, seat: int, cards: list[str]) -> None:
        """`seat` shows `cards` and puts them back in his hand: everybody knows he holds
        them until he plays them (the joker, shown, leaves the game instead)."""
        shown = self.shown[seat]
        for c in cards:
            if c != JOKER and c not in shown:
                shown.append(c)

    def outcome(self) -> Outcome:
        ranks = tuple(rank_by_score(self.tokens))
        return Outcome(ranks=ranks, scores=tuple(self.tokens), unit="token")

    def zones(self) -> dict[str, list[str]]:
        z = {f"hand{p}": list(self.hands[p]) for p in range(self.players)}
        z["mort"] = list(self.mort)
        z["dead"] = list(self.dead)
        z["removed"] = list(self.removed)
        z["table"] = list(self.table)
        return z

    def tokens_total(self) -> int:
        return sum(self.tokens) + sum(self.wheel.values()) + sum(self.bets)

    def view(self, seat: int | None) -> dict[str, Any]:
        me = seat if seat is not None and 0 <= seat < self.players else None
        own_dead = self.known_dead[me] if me is not None else []
        known = sort_hand(set(self.public_dead) | set(own_dead))  # as a hand is sorted
        return {
            "phase": self.phase,
            "dealer": self.dealer,
            "deal": self.deal_no,
            "deals": self.options.deals,
            "hand": list(self.hands[me]) if me is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "scores": list(self.tokens),
            "tokens": list(self.tokens),
            "wheel": dict(self.wheel),
            "call": self.call if self.phase in ("calls", "poker") else None,
            "pair": list(PAIR_CALLS.get(self.call or "", ())),
            "pot_bets": list(self.bets),
            "folded": list(self.folded),
            "table": list(self.table),
            "last": self.last,
            "stop": self.stop,
            "mort_size": len(self.mort),
            "dead_count": len(self.dead),
            "known_dead": known,
            "shown": [list(s) for s in self.shown],
            "joker": self._joker_view(),
            "auction": self._auction_view(),
            "choice": list(self.choice) if self.phase == "play" else [],
            "events": self.events_for(seat),
            "to_move": self.to_move(),
        }

    def _joker_view(self) -> str | int | None:
        """Where the joker is, once the Joker call has made it public knowledge."""
        if not self.joker_public:
            return None
        if self.removed:
            return "out"
        holder = self.holder(JOKER)
        return "dead" if holder is None else holder

    def _auction_view(self) -> dict[str, Any] | None:
        if self.phase != "auction":
            return None
        return {
            "high": self.high_bid,
            "high_seat": self.high_bidder,
            "passed": [p for p in range(self.players) if self.passed[p] and p != self.dealer],
        }

    def determinize(self, seat: int | None, rng: Rng) -> State:
        return unseeded(redeal(self, seat, rng))


def shuffled_deck(rng: Rng) -> list[str]:
    """The 53 cards in a fresh order: the shared seeded Fisher–Yates, like every game."""
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    return deck
