"""Manille: four players in two fixed teams (0+2 against 1+3), 32 cards, trump by the retourne.

The whole match is one state. Deals are automatic: the first deck is shuffled, later decks
are the tricks of the previous deal gathered in the order they were taken and cut, as the
rule book says ("on ne bat plus les cartes"). The hot path works on per-card tables
precomputed below, so a legal move is a few dict look-ups.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator

from .base import Action, BaseOptions, GameState, Rules, hidden_option
from .cards import SUITS, cut, deck32
from .rng import Rng
from .tricks import TrickOrder, gather

PLAYERS = 4
HAND = 8
TRICKS = 8
TEAMS: tuple[tuple[int, int], ...] = ((0, 2), (1, 3))
ORDER = TrickOrder(("10", "A", "K", "Q", "J", "9", "8", "7"))
RANK_POINTS = {"10": 5, "A": 4, "K": 3, "Q": 2, "J": 1}
DECK: tuple[str, ...] = tuple(deck32())

# Per-card tables: the only thing the move generator looks at.
SUIT: dict[str, str] = {c: c[-1] for c in DECK}
SUIT_INDEX: dict[str, int] = {c: SUITS.index(c[-1]) for c in DECK}
STRENGTH: dict[str, int] = {c: ORDER.power(c) for c in DECK}
POINTS: dict[str, int] = {c: RANK_POINTS.get(c[:-1], 0) for c in DECK}
ACTION: dict[str, Action] = {c: Action("play:" + c) for c in DECK}
CARD_OF_ACTION: dict[str, str] = {"play:" + c: c for c in DECK}
# Hands are kept sorted for display: suit by suit, strongest first.
SORT_KEY: dict[str, int] = {c: SUIT_INDEX[c] * 16 - STRENGTH[c] for c in DECK}
NO_CAP = 8  # caps[seat][suit] = strongest card of that suit the seat may still hold


class ManilleOptions(BaseOptions):
    target: Literal[100, 200] = Field(
        100, description="Match points a team needs, checked at the end of each deal."
    )
    above_30: bool = Field(
        False, description="A team scores only its card points above 30 in each deal."
    )
    shuffle_each_deal: bool = Field(
        False,
        description="Shuffle before every deal instead of gathering the tricks and cutting.",
    )
    deck: list[str] | None = Field(
        None,
        **hidden_option(
            description="Stacked first deck (top card first, dealt as it is, no cut); for tests."
        ),
    )
    first_dealer: int | None = Field(
        None,
        **hidden_option(description="Seat of the first dealer instead of a seeded draw."),
    )

    @field_validator("deck")
    @classmethod
    def _deck_is_a_permutation(cls, v: list[str] | None) -> list[str] | None:
        if v is not None and sorted(v) != sorted(DECK):
            raise ValueError("deck must be a permutation of the 32-card deck")
        return v

    @field_validator("first_dealer")
    @classmethod
    def _dealer_is_a_seat(cls, v: int | None) -> int | None:
        if v is not None and not 0 <= v < PLAYERS:
            raise ValueError("first_dealer must be a seat from 0 to 3")
        return v


def deal_hands(deck: list[str], dealer: int) -> list[list[str]]:
    """4 then 4 cards from the top, starting left of the dealer: the 32nd card is the dealer's."""
    hands: list[list[str]] = [[] for _ in range(PLAYERS)]
    pos = 0
    for _ in range(2):
        for k in range(1, PLAYERS + 1):
            hands[(dealer + k) % PLAYERS].extend(deck[pos : pos + 4])
            pos += 4
    return hands


def legal_cards(hand: list[str], trick: list[list], best: int, seat: int, trump: str) -> list[str]:
    """The cards `seat` may play, in hand order (RULINGS: follow, climb, trump, overtrump)."""
    if not trick:
        return hand
    led = SUIT[trick[0][1]]
    win_seat, win_card = trick[best]
    partner_master = (win_seat - seat) % 2 == 0
    follow = [c for c in hand if SUIT[c] == led]
    if follow:
        # Climb only over an opponent who wins with a card of the led suit.
        if not partner_master and SUIT[win_card] == led:
            need = STRENGTH[win_card]
            higher = [c for c in follow if STRENGTH[c] > need]
            if higher:
                return higher
        return follow
    if partner_master:
        return hand
    trumps = [c for c in hand if SUIT[c] == trump]
    if not trumps:
        return hand
    if SUIT[win_card] == trump:
        need = STRENGTH[win_card]
        higher = [c for c in trumps if STRENGTH[c] > need]
        return higher or hand  # no forced under-trump
    return trumps


class ManilleState(GameState):
    FIELDS = (
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
        "caps",
        "winner",
    )

    phase: str
    dealer: int
    deal_number: int
    hands: list[list[str]]
    trump: str
    retourne: str
    leader: int
    trick: list[list]
    best: int
    tricks: list[list[list]]
    trick_winners: list[int]
    tricks_won: list[int]
    deal_points: list[int]
    team_scores: list[int]
    caps: list[list[int]]
    winner: int | None

    # --- setup and deals --------------------------------------------------------------
    def _start(self) -> None:
        opts = self.options
        self.team_scores = [0, 0]
        self.winner = None
        self.deal_number = 0
        if opts.first_dealer is not None:
            self.dealer = opts.first_dealer
        else:
            self.dealer = self.rng.below(PLAYERS)
        if opts.deck is not None:
            self._deal(list(opts.deck), shuffled=False, cutter=None)
        else:
            deck = list(DECK)
            self.rng.shuffle(deck)
            cutter = (self.dealer - 1) % PLAYERS
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
        self.caps = [[NO_CAP] * 4 for _ in range(PLAYERS)]
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
        """No shuffle (unless the option says so): gather the tricks, cut, next dealer deals."""
        deck = gather(self.tricks)
        self.dealer = (self.dealer + 1) % PLAYERS
        cutter = (self.dealer - 1) % PLAYERS
        shuffled = self.options.shuffle_each_deal
        if shuffled:
            self.rng.shuffle(deck)
        self._deal(cut(deck, self.rng), shuffled=shuffled, cutter=cutter)

    # --- the contract -----------------------------------------------------------------
    def to_move(self) -> list[int]:
        if self.phase != "play":
            return []
        return [(self.leader + len(self.trick)) % PLAYERS]

    def is_over(self) -> bool:
        return self.phase == "over"

    def _legal(self, seat: int) -> list[str]:
        if self.phase != "play" or seat != (self.leader + len(self.trick)) % PLAYERS:
            return []
        return legal_cards(self.hands[seat], self.trick, self.best, seat, self.trump)

    def legal_actions(self, seat: int) -> list[Action]:
        return [ACTION[c] for c in self._legal(seat)]

    def is_legal(self, seat: int, action_id: str) -> bool:
        card = CARD_OF_ACTION.get(action_id)
        return card is not None and card in self._legal(seat)

    def explain(self, seat: int, action_id: str) -> str:
        """The precise reason a play is refused; never names a card the seat cannot see."""
        card = CARD_OF_ACTION.get(action_id)
        if card is None:
            return "unknown_action"
        hand = self.hands[seat]
        if card not in hand:
            return "not_in_hand"
        led = SUIT[self.trick[0][1]]
        win_card = self.trick[self.best][1]
        if any(SUIT[c] == led for c in hand):
            return "must_follow" if SUIT[card] != led else "must_climb"
        if SUIT[win_card] == self.trump:
            return "must_overtrump"
        return "must_trump"

    def _apply(self, seat: int, action_id: str) -> None:
        card = CARD_OF_ACTION[action_id]
        trick = self.trick
        if trick:
            self._infer(seat, card)
            win_card = trick[self.best][1]
            if SUIT[card] == SUIT[win_card]:
                if STRENGTH[card] > STRENGTH[win_card]:
                    self.best = len(trick)
            elif SUIT[card] == self.trump:
                self.best = len(trick)
        self.hands[seat].remove(card)
        trick.append([seat, card])
        self.emit("card_played", seat=seat, card=card)
        if len(trick) == PLAYERS:
            self._close_trick()

    def _infer(self, seat: int, card: str) -> None:
        """Record what a play proves about the seat's hand (voids, no higher card) so that
        `determinize` respects it. Mirrors `legal_cards` exactly."""
        trick = self.trick
        led = SUIT[trick[0][1]]
        win_seat, win_card = trick[self.best]
        caps = self.caps[seat]
        partner_master = (win_seat - seat) % 2 == 0
        suit = SUIT[card]
        if suit == led:
            if not partner_master and SUIT[win_card] == led and STRENGTH[card] < STRENGTH[win_card]:
                i = SUIT_INDEX[win_card]
                caps[i] = min(caps[i], STRENGTH[win_card] - 1)
            return
        caps[SUIT_INDEX[trick[0][1]]] = 0
        if partner_master:
            return
        trump = self.trump
        t = SUITS.index(trump)
        if SUIT[win_card] != trump:
            if suit != trump:
                caps[t] = 0
        elif led != trump and not (suit == trump and STRENGTH[card] > STRENGTH[win_card]):
            caps[t] = min(caps[t], STRENGTH[win_card] - 1)

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
        self.emit(
            "trick_won",
            seat=winner,
            team=team,
            points=points,
            trick_number=len(self.tricks),
            cards=[list(p) for p in trick],
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

    def outcome(self) -> dict[str, Any]:
        scores = [self.team_scores[s % 2] for s in range(PLAYERS)]
        if self.winner is None:
            ranks = [1] * PLAYERS
        else:
            ranks = [1 if s % 2 == self.winner else 2 for s in range(PLAYERS)]
        return {"ranks": ranks, "scores": scores, "teams": [list(t) for t in TEAMS]}

    def zones(self) -> dict[str, list[str]]:
        z = {f"hand{s}": list(h) for s, h in enumerate(self.hands)}
        z["trick"] = [c for _, c in self.trick]
        z["taken"] = gather(self.tricks)
        return z

    # --- AI support -------------------------------------------------------------------
    def _copy(self) -> ManilleState:
        other = ManilleState.__new__(ManilleState)
        other.players = self.players
        other.seed = self.seed
        other.options = self.options
        other.version = self.version
        other.rng = Rng(self.rng.state)
        other.events = list(self.events)
        for f in ("phase", "dealer", "deal_number", "trump", "retourne", "leader", "best"):
            setattr(other, f, getattr(self, f))
        other.winner = self.winner
        other.hands = [list(h) for h in self.hands]
        other.trick = [list(p) for p in self.trick]
        other.tricks = [[list(p) for p in t] for t in self.tricks]
        other.trick_winners = list(self.trick_winners)
        other.tricks_won = list(self.tricks_won)
        other.deal_points = list(self.deal_points)
        other.team_scores = list(self.team_scores)
        other.caps = [list(c) for c in self.caps]
        return other

    def determinize(self, seat: int | None, rng: Rng) -> ManilleState:
        """Redeal the cards `seat` cannot see among the other hands, keeping hand sizes, the
        unplayed retourne in the dealer's hand, and every void or ceiling the play has shown."""
        other = self._copy()
        other.rng = Rng(rng.next64())
        other.events = self.events_for(seat)
        if self.phase != "play":
            return other
        fixed: list[list[str]] = [[] for _ in range(PLAYERS)]
        if seat is not None:
            fixed[seat] = list(self.hands[seat])
        if self.retourne in self.hands[self.dealer] and self.dealer != seat:
            fixed[self.dealer].append(self.retourne)
        pool: list[str] = []
        room: list[int] = []
        for s in range(PLAYERS):
            if s == seat:
                room.append(0)
                continue
            pool.extend(c for c in self.hands[s] if c not in fixed[s])
            room.append(len(self.hands[s]) - len(fixed[s]))
        placed = _assign(pool, room, self.caps, rng)
        for s in range(PLAYERS):
            hand = fixed[s] + placed[s]
            hand.sort(key=SORT_KEY.__getitem__)
            other.hands[s] = hand
        return other


def _assign(pool: list[str], room: list[int], caps: list[list[int]], rng: Rng) -> list[list[str]]:
    """Give each card of `pool` to a seat with room whose caps allow it.

    Cards are drawn in random order and go to a seat with a chance proportional to its
    free room (a plain redeal when nothing is known); when a card fits nowhere, an
    augmenting path moves earlier cards (Kuhn's matching), so a solution is always found
    when one exists, and the true deal is one."""
    order = list(pool)
    rng.shuffle(order)
    placed: list[list[str]] = [[] for _ in range(PLAYERS)]

    def fits(c: str, s: int) -> bool:
        return STRENGTH[c] <= caps[s][SUIT_INDEX[c]]

    def augment(c: str, seen: set[int]) -> bool:
        for s in range(PLAYERS):
            if s in seen or not fits(c, s):
                continue
            seen.add(s)
            if len(placed[s]) < room[s]:
                placed[s].append(c)
                return True
            for i, o in enumerate(placed[s]):
                placed[s][i] = c
                if augment(o, seen):
                    return True
                placed[s][i] = o
        return False

    for c in order:
        choices = [s for s in range(PLAYERS) if len(placed[s]) < room[s] and fits(c, s)]
        if choices:
            weights = [room[s] - len(placed[s]) for s in choices]
            k = rng.below(sum(weights))
            for s, w in zip(choices, weights, strict=True):
                if k < w:
                    placed[s].append(c)
                    break
                k -= w
        elif not augment(c, set()):
            raise RuntimeError("no redeal fits the known facts")  # the true deal always does
    return placed


class ManilleRules(Rules):
    slug = "manille"
    name = "Manille"
    min_players = 4
    max_players = 4
    Options = ManilleOptions
    State = ManilleState
    quick_options = {"target": 100}

    def _new(self, players: int, seed: int, options: Any) -> GameState:
        state = ManilleState.__new__(ManilleState)
        state._init_base(players, seed, options)
        state._start()
        return state


ManilleState.rules = ManilleRules()
RULES = ManilleState.rules
