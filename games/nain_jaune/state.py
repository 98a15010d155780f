"""The Nain Jaune match state: stakes, deals, runs, "sans", payments, match end.

The engine plays every step that offers no choice (a pass, the only card of the needed
rank, the only card left to lead) inside `_apply`, so `to_move()` always names a seat with
a real choice: which card starts a run, which suit of the needed rank, or (option) stop.

A hand is kept as 13 suit masks, one per rank (`suits`, see board.py): a deal is a few calls
in C, and what the engine asks at every step (does this seat hold the rank? only one card
of it?) is one subscript. The snapshot's `hands` is built from them.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import chain
from operator import itemgetter, mul
from typing import Any, ClassVar, Final, Literal, Self

from ..base import Action, GameState, Outcome, plain_copy, rank_by_score
from ..cards import RANKS, deck52
from ..rng import Rng
from .hidden import redeal
from .options import Options
from .rules import (
    BOXES,
    DEAL_SEATS,
    DEAL_TABLE,
    DECK,
    KING,
    NIBBLE_CARDS,
    PAIR_CARDS,
    PAIR_POINTS,
    RANK_IX,
    SPREAD,
    STAKE_TOTAL,
    STAKES,
    SUIT_BIT,
    cards_in,
    pairs,
    rank_name,
    suits_of,
)

Phase = Literal["play", "over"]
PLAY: Final = "play"
OVER: Final = "over"

PLAY_ACTION: dict[str, Action] = {c: Action("play:" + c) for c in RANK_IX}
STOP_ACTION = Action("stop")
# Rank -> suit mask -> the plays it allows (then "stop" added, for the option).
NIBBLE_ACTIONS: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(tuple(map(PLAY_ACTION.__getitem__, cards)) for cards in row) for row in NIBBLE_CARDS
)
NIBBLE_ACTIONS_STOP: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple((*acts, STOP_ACTION) for acts in row) for row in NIBBLE_ACTIONS
)
# Ranks 2k and 2k + 1 -> the suit mask of each -> the plays they allow, in hand order: a
# hand's plays are six double look-ups and the king's (no arithmetic on the masks).
PAIR_ACTIONS: tuple[tuple[tuple[tuple[Action, ...], ...], ...], ...] = tuple(
    tuple(
        tuple(NIBBLE_ACTIONS[2 * k][lo] + NIBBLE_ACTIONS[2 * k + 1][hi] for hi in range(16))
        for lo in range(16)
    )
    for k in range(6)
)
KING_ACTIONS = NIBBLE_ACTIONS[KING]
CARD_BITS: dict[str, tuple[int, int]] = {c: (RANK_IX[c], SUIT_BIT[c]) for c in RANK_IX}
# The same bytes as board.PAIR_CARDS -> the board cards among them.
PAIR_BOXES: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(tuple(c for c in cards if c in STAKES) for cards in row) for row in PAIR_CARDS
)
# Players -> dealer -> per seat but the last, what picks that seat's cards out of the
# shuffled deck.
DEAL_PICKS: dict[int, tuple[tuple[itemgetter[Any], ...], ...]] = {
    n: tuple(
        tuple(itemgetter(*(p for p, to in enumerate(seats) if to == s)) for s in range(n - 1))
        for seats in by_dealer
    )
    for n, by_dealer in DEAL_SEATS.items()
}
DEALT: dict[int, int] = {n: len(by_dealer[0]) for n, by_dealer in DEAL_SEATS.items()}
# Players -> the seat after each seat.
RINGS: dict[int, tuple[int, ...]] = {n: (*range(1, n), 0) for n in DEAL_SEATS}
# The deck as `board.SPREAD` values: shuffled as the cards would be, a seat's values summed
# are its hand.
DECK_SPREAD: tuple[int, ...] = tuple(map(SPREAD.__getitem__, DECK))
CARD_OF_SPREAD: dict[int, str] = {v: c for c, v in SPREAD.items()}
FULL_SPREAD = sum(DECK_SPREAD)
# Players -> a zero per seat and rank (copied row by row: a comprehension costs more).
ZERO_ROWS: dict[int, tuple[tuple[int, ...], ...]] = {n: ((0,) * 13,) * n for n in DEAL_SEATS}
RANK_BITS: tuple[int, ...] = tuple(1 << r for r in range(13))
# Suit mask -> whether it holds more than one card (a look-up: bit operations on ints are not
# specialized by the interpreter, a tuple subscript is).
SEVERAL: tuple[bool, ...] = tuple(b & (b - 1) != 0 for b in range(16))

# The events the automatic engine emits most, made once per card or rank and per seat.
# These dicts are templates, never handed out: each event is a copy (a dict's copy costs
# less than building it, or than setting its seat).
SEATS = range(max(DEAL_TABLE))


def _per_seat(**event: Any) -> tuple[dict[str, Any], ...]:
    return tuple({"type": event["type"], "seat": s} | event for s in SEATS)


PLAY_EVENTS: dict[str, tuple[dict[str, Any], ...]] = {
    c: _per_seat(type="play", card=c, auto=False) for c in RANK_IX
}
AUTO_EVENTS: dict[str, tuple[dict[str, Any], ...]] = {
    c: _per_seat(type="play", card=c, auto=True) for c in RANK_IX
}
# Per rank, then per seat; the `STOP_` ones for a seat that holds the rank but stops.
SANS_EVENTS: tuple[tuple[dict[str, Any], ...], ...] = tuple(
    _per_seat(type="sans", rank=rank, stopped=False) for rank in RANKS
)
STOP_SANS_EVENTS: tuple[tuple[dict[str, Any], ...], ...] = tuple(
    _per_seat(type="sans", rank=rank, stopped=True) for rank in RANKS
)
PASS_EVENTS: tuple[tuple[dict[str, Any], ...], ...] = tuple(
    _per_seat(type="pass", rank=rank, stopped=False) for rank in RANKS
)
STOP_PASS_EVENTS: tuple[tuple[dict[str, Any], ...], ...] = tuple(
    _per_seat(type="pass", rank=rank, stopped=True) for rank in RANKS
)
MISSING_EVENTS: tuple[tuple[dict[str, Any], ...], ...] = tuple(
    _per_seat(type="missing", rank=rank, next=RANKS[r + 1] if r < KING else None)
    for r, rank in enumerate(RANKS)
)
# A chosen card's action id -> the card, its rank index and suit bit, its events by seat,
# whether it is a board card: one look-up for the engine's first step.
PLAYS: dict[str, tuple[str, int, int, tuple[dict[str, Any], ...], bool]] = {
    a.id: (c, *CARD_BITS[c], PLAY_EVENTS[c], c in STAKES) for c, a in PLAY_ACTION.items()
}
# Rank -> suit mask of a single card -> the card, its events by seat, whether it is a board
# card (what a seat holding only that card of the rank plays without a choice; the other
# masks are never looked up).
AUTO_PLAYS: tuple[tuple[tuple[str, tuple[dict[str, Any], ...], bool], ...], ...] = tuple(
    tuple(
        (cards[0], AUTO_EVENTS[cards[0]], cards[0] in STAKES)
        if len(cards) == 1
        else ("", (), False)
        for cards in row
    )
    for row in NIBBLE_CARDS
)


def first_holder(suits: list[list[int]], ring: tuple[int, ...], start: int, r: int) -> int | None:
    """The first seat holding rank `r`, from `start` round the table; None if nobody does.

    After a "sans" round nobody answered, it is the first seat that stopped on `r`: the last
    player itself if it stopped, else the first stopper from its left (the order they were
    asked in)."""
    seat = start
    while not suits[seat][r]:
        seat = ring[seat]
        if seat == start:
            return None
    return seat


class State(GameState):
    """A whole match. Seats are in play order; the seat after the dealer leads a deal."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "phase",
        "deal_no",
        "dealer",
        "first",
        "tokens",
        "board",
        "hands",
        "sizes",
        "talon",
        "run",
        "played",
        "deck",
        "turn",
        "last",
        "needed",
        "asking",
        "forced",
        "streak",
        "voids",
        "mins",
        "broke",
    )

    options: Options
    may_stop: bool  # `options.may_stop`, asked at every step: a model's attribute costs more
    phase: Phase  # "play" while a deal runs, "over" once the match has ended
    deal_no: int  # 1-based number of the current (or last) deal
    dealer: int
    first: int | None  # seat that played the first card of this deal (the next dealer)
    tokens: list[int]
    board: dict[str, int]  # box card id -> tokens in it
    suits: list[list[int]]  # per seat and rank, the suits held (board.SUIT_BIT); not a field
    sizes: list[int]  # cards in each hand
    talon: list[str]
    run: list[str]  # cards of the current run, in play order
    played: list[str]  # cards of this deal's finished runs
    deck: list[str]  # gathered cards between deals (all 52 once the match is over)
    turn: int | None  # seat asked now
    last: int  # seat that played the last card (it restarts after a king or a missing rank)
    needed: int | None  # rank index wanted next; None: a new run starts with any card
    asking: bool  # the last player said "sans": the others are asked in turn
    forced: bool  # the seat asked must play (it stopped and nobody else had the rank)
    streak: int  # cards the last player has played without anyone else playing
    lacks: list[list[int]]  # per seat and rank, 1 if publicly known to lack it; not a field
    mins: list[list[int]]  # per seat and rank, how many it is publicly known to hold
    broke: list[int]  # seats that could not stake or pay in full

    # --- the fields built from `suits` and `lacks` -------------------------------------------
    @property
    def hands(self) -> list[list[list[str]]]:
        """Per seat, per rank index: the cards held, by suit (a new list each time)."""
        return [[list(NIBBLE_CARDS[r][b]) for r, b in enumerate(row)] for row in self.suits]

    @hands.setter
    def hands(self, hands: list[list[list[str]]]) -> None:
        self.suits = [suits_of([*chain.from_iterable(hand)]) for hand in hands]

    @property
    def voids(self) -> list[int]:
        """Per seat, the bit mask of ranks it is publicly known to lack.

        The engine notes them in `lacks` (a list store, where a bit set on an int costs
        several times more)."""
        return [sum(map(mul, row, RANK_BITS)) for row in self.lacks]

    @voids.setter
    def voids(self, voids: list[int]) -> None:
        self.lacks = [[v >> r & 1 for r in range(13)] for v in voids]

    def copy(self) -> Self:
        """As `GameState.copy`, `suits` and `lacks` copied instead of the fields built from
        them."""
        other = type(self).__new__(type(self))
        other.players = self.players
        other.seed = self.seed
        other.options = self.options
        other.may_stop = self.may_stop
        other.version = self.version
        other.rng = Rng(self.rng.state)
        other.events = plain_copy(self.events)
        other.suits = [*map(list, self.suits)]
        other.lacks = [*map(list, self.lacks)]
        for f in self.FIELDS:
            if f != "hands" and f != "voids":
                setattr(other, f, plain_copy(getattr(self, f)))
        return other

    @classmethod
    def from_snapshot(cls, snap: Mapping[str, Any]) -> Self:
        state = super().from_snapshot(snap)
        state.may_stop = state.options.may_stop
        return state

    # --- setup ----------------------------------------------------------------------------
    def setup(self) -> None:
        players, options = self.players, self.options
        self.may_stop = options.may_stop
        self.phase = PLAY
        self.deal_no = 1
        first = options.first_dealer
        if first is not None and first >= players:
            raise ValueError(f"first_dealer must be a seat below {players}")
        self.dealer = self.rng.below(players) if first is None else first
        self.tokens = [options.starting_tokens] * players
        self.board = dict.fromkeys(BOXES, 0)
        self._clear_table()
        self.deck = deck52()
        self.broke = []
        self._start_deal()  # a deal's leader always has a choice: nothing to play for it

    def _start_deal(self) -> None:
        """Take the stakes, then shuffle and deal three by three from the dealer's left."""
        n = self.players
        tokens, board = self.tokens, self.board
        if min(tokens) >= STAKE_TOTAL:  # everyone stakes in full: the usual deal
            self.tokens = [t - STAKE_TOTAL for t in tokens]
            self.board = board = {box: board[box] + stake * n for box, stake in STAKES.items()}
            self._deal([STAKE_TOTAL] * n, board)
            return
        paid = [0] * n
        full = 0  # seats that stake in full: their stakes go on the board at once below
        for k in range(1, n + 1):
            s = (self.dealer + k) % n
            if tokens[s] >= STAKE_TOTAL:
                tokens[s] -= STAKE_TOTAL
                paid[s] = STAKE_TOTAL
                full += 1
                continue
            for box, stake in STAKES.items():
                held = tokens[s]
                amount = stake if stake < held else held
                tokens[s] -= amount
                board[box] += amount
                paid[s] += amount
            self.broke.append(s)
        if full:
            for box, stake in STAKES.items():
                board[box] += stake * full
        self._deal(paid, board)

    def _deal(self, paid: list[int], board: dict[str, int]) -> None:
        """The stakes are taken: say so, then deal (unless a seat could not stake)."""
        n = self.players
        self.events.append({"type": "stakes", "paid": paid, "board": dict(board)})
        self.first = None
        self.turn = None
        self.last = (self.dealer + 1) % n
        self.needed = None
        self.asking = self.forced = False
        self.streak = 0
        self.lacks = [*map(list, ZERO_ROWS[n])]
        self.mins = [*map(list, ZERO_ROWS[n])]
        if self.broke:
            self._end_match("broke")
            return
        stacked = self.options.deck
        if self.deal_no == 1 and stacked is not None:
            deck = [*map(SPREAD.__getitem__, stacked)]
        else:
            deck = [*DECK_SPREAD]
            self.rng.shuffle(deck)
        # Three by three from the dealer's left: each seat's positions of the deck, in C; the
        # last seat holds what the others and the talon do not.
        talon = deck[DEALT[n] :]
        held = [sum(pick(deck)) for pick in DEAL_PICKS[n][self.dealer]]
        held.append(FULL_SPREAD - sum(held) - sum(talon))
        self.suits = [[*v.to_bytes(13, "little")] for v in held]
        self.sizes = [DEAL_TABLE[n][0]] * n
        self.talon = [*map(CARD_OF_SPREAD.__getitem__, talon)]
        self.deck = []
        self.turn = self.last
        self.events.append(
            {
                "type": "deal",
                "deal": self.deal_no,
                "dealer": self.dealer,
                "cards": DEAL_TABLE[n][0],
                "talon": len(self.talon),
            }
        )

    # --- the automatic engine -------------------------------------------------------------
    def _apply(self, seat: int, action_id: str) -> None:
        """`seat` plays a card or stops; then every step with no choice is played, until a
        seat must choose or the match ends.

        One function on local variables: the passes and forced plays are most of what the
        engine does, and a call or a few attribute writes per step would cost as much as the
        step itself. Only a deal's end leaves it (and what follows a deal's end: a new deal,
        whose leader always has a choice, or the end of the match).
        """
        may_stop = self.may_stop
        suits, sizes, mins = self.suits, self.sizes, self.mins
        lacks, run = self.lacks, self.run
        events = self.events
        need, last, streak = self.needed, self.last, self.streak
        forced = self.forced
        if action_id == "stop":
            stopping = True
        else:  # the card `seat` chose
            stopping = False
            card, r, bit, played, box = PLAYS[action_id]
            suits[seat][r] -= bit  # (it holds the card: a subtraction is a specialized op)
            sizes[seat] -= 1
            # What the table learns about the rest of this hand (for determinize).
            known = mins[seat]
            if need is None:
                if known[r]:
                    known[r] -= 1
                if run:
                    self.played.extend(run)
                    self.run = run = []
                if self.first is None:
                    self.first = seat
            elif forced or not may_stop:
                known[r] = known[r] - 1 if known[r] > 2 else 1  # it chose among several
            elif known[r]:
                known[r] -= 1
            run.append(card)
            if seat != last:
                streak = 0
                last = seat
            streak += 1
            forced = False
            events.append(played[seat].copy())
            if box:
                self._collect(seat, card)
            if not sizes[seat]:
                self._end_deal(seat, streak)
                return
            if r == KING:
                self._lead(seat, last, streak)
                return
            need = r + 1
        assert need is not None  # a rank is needed: after a card below the king, or a stop
        ring = RINGS[self.players]
        while True:  # `seat` is asked for rank `need`
            held = suits[seat][need]
            if held:
                if SEVERAL[held] or (may_stop and not forced):
                    if not stopping:
                        break  # a choice
                    stopping = False
                    known = mins[seat]
                    if known[need] < 1:
                        known[need] = 1
                    if seat == last:  # (see `asking` below)
                        events.append(STOP_SANS_EVENTS[need][seat].copy())
                    else:
                        events.append(STOP_PASS_EVENTS[need][seat].copy())
                else:  # its only card of the rank
                    card, played, box = AUTO_PLAYS[need][held]
                    suits[seat][need] = 0
                    sizes[seat] -= 1
                    lacks[seat][need] = 1
                    mins[seat][need] = 0
                    run.append(card)
                    if seat != last:
                        streak = 0
                        last = seat
                    streak += 1
                    forced = False
                    events.append(played[seat].copy())
                    if box:
                        self._collect(seat, card)
                    if not sizes[seat]:
                        self._end_deal(seat, streak)
                        return
                    if need == KING:
                        self._lead(seat, last, streak)
                        return
                    need += 1
                    continue
            else:
                # It lacks the rank. Only the last player is asked for a rank it may lack
                # (the others are asked in the walk below), so it says "sans".
                lacks[seat][need] = 1
                events.append(SANS_EVENTS[need][seat].copy())
            # `seat` has passed; the others are asked in turn, those lacking the rank passing
            # at once, up to a seat holding it or back to the last player.
            passed = PASS_EVENTS[need]
            seat = ring[seat]
            while seat != last:
                if suits[seat][need]:
                    break
                lacks[seat][need] = 1
                events.append(passed[seat].copy())
                seat = ring[seat]
            else:
                # Back to the player who said "sans": nobody played the rank. Every seat has
                # been asked, so a seat still holding it stopped on it (only with `may_stop`):
                # the first to stop must now play it. Only a rank nobody holds is missing.
                stopped = first_holder(suits, ring, last, need) if may_stop else None
                if stopped is not None:
                    seat = stopped
                    forced = True
                else:
                    events.append(MISSING_EVENTS[need][last].copy())
                    if need == KING:
                        self._lead(last, last, streak)
                        return
                    need += 1
        self.turn = seat
        self.needed = need
        self.last = last
        self.streak = streak
        # The seat asked is the last player (who has just played, or said "sans" and got
        # the turn back), or another seat asked after the last player said "sans".
        self.asking = seat != last
        self.forced = forced

    def _lead(self, seat: int, last: int, streak: int) -> None:
        """A new run: `seat` leads it, or plays its last card if it holds only one."""
        self.last, self.streak = last, streak
        self.asking = self.forced = False
        self.needed = None
        self.turn = seat
        if self.sizes[seat] > 1:
            return
        row = self.suits[seat]
        r = next(r for r, held in enumerate(row) if held)
        card = NIBBLE_CARDS[r][row[r]][0]
        row[r] = 0
        self.sizes[seat] = 0
        self.played.extend(self.run)
        self.run = [card]
        known = self.mins[seat]
        if known[r]:
            known[r] -= 1
        if seat != last:
            streak = 0
        self.events.append(AUTO_EVENTS[card][seat].copy())
        if card in STAKES:
            self._collect(seat, card)
        self._end_deal(seat, streak + 1)

    def _collect(self, seat: int, card: str) -> None:
        """`seat` played a board card: it takes that box."""
        amount = self.board[card]
        self.board[card] = 0
        self.tokens[seat] += amount
        self.events.append({"type": "collect", "seat": seat, "card": card, "amount": amount})

    # --- end of a deal, of the match ------------------------------------------------------
    def _end_deal(self, winner: int, streak: int) -> None:
        """`winner` has played its last card, the `streak`-th in a row."""
        self.turn = self.needed = None
        self.last, self.streak = winner, streak
        self.asking = self.forced = False
        n = self.players
        tokens, board, suits = self.tokens, self.board, self.suits
        events = self.events
        grand = streak == DEAL_TABLE[n][0]
        events.append({"type": "out", "seat": winner, "grand_opera": grand})
        ring = RINGS[n]
        c0, c1, c2, c3, c4, c5, c6 = PAIR_CARDS
        v0, v1, v2, v3, v4, v5, v6 = PAIR_POINTS
        _, _, _, b3, b4, b5, b6 = PAIR_BOXES
        owing = []  # (seat, the board cards it still holds), for the penalties below
        s = ring[winner]
        while s != winner:
            p0, p1, p2, p3, p4, p5, p6 = pairs(suits[s])
            hand = [*c0[p0], *c1[p1], *c2[p2], *c3[p3], *c4[p4], *c5[p5], *c6[p6]]
            due = v0[p0] + v1[p1] + v2[p2] + v3[p3] + v4[p4] + v5[p5] + v6[p6]
            amount = due if due < tokens[s] else tokens[s]
            tokens[s] -= amount
            tokens[winner] += amount
            events.append(
                {
                    "type": "pay",
                    "seat": s,
                    "winner": winner,
                    "amount": amount,
                    "due": due,
                    "cards": hand,
                }
            )
            if amount < due:
                self.broke.append(s)
            held = (*b4[p4], *b5[p5], *b6[p6], *b3[p3])  # in the boxes' order: 7D last
            if held:
                owing.append((s, held))
            s = ring[s]
        if grand:
            amount = sum(board.values())
            tokens[winner] += amount
            self.board = board = dict.fromkeys(BOXES, 0)
            events.append({"type": "grand_opera", "seat": winner, "amount": amount})
        double = self.options.board_penalty == "double"
        for s, held in owing:
            for c in held:
                due = board[c] if double else STAKES[c]
                amount = due if due < tokens[s] else tokens[s]
                tokens[s] -= amount
                board[c] += amount
                events.append(
                    {"type": "penalty", "seat": s, "card": c, "amount": amount, "due": due}
                )
                if amount < due and s not in self.broke:
                    self.broke.append(s)
        # The next deal (or the end of the match) sets the hands, the talon and the deck anew.
        self.played, self.run = [], []
        if self.broke:
            self._end_match("broke")
        elif (deals := self.options.deals) is not None and self.deal_no >= deals:
            self._end_match("deals")
        else:
            assert self.first is not None
            self.dealer = self.first
            self.deal_no += 1
            self._start_deal()

    def _end_match(self, reason: str) -> None:
        self.phase = OVER
        self.turn = None
        self.deck = deck52()
        self._clear_table()
        self.emit("match_end", reason=reason, broke=list(self.broke), tokens=list(self.tokens))

    def _clear_table(self) -> None:
        self.suits = [*map(list, ZERO_ROWS[self.players])]
        self.sizes = [0] * self.players
        self.talon, self.played, self.run = [], [], []

    def hand(self, seat: int) -> list[str]:
        """The cards `seat` holds, by rank then suit."""
        return cards_in(self.suits[seat])

    # --- the contract ---------------------------------------------------------------------
    def to_move(self) -> list[int]:
        return [] if self.turn is None or self.phase != PLAY else [self.turn]

    def _legal(self, seat: int) -> tuple[Action, ...]:
        need = self.needed
        if seat != self.turn or self.phase != PLAY:
            legal: tuple[Action, ...] = ()
        elif need is None:  # every card in hand
            a, b, c, d, e, f, g, h, i, j, k, m, n = self.suits[seat]
            a0, a1, a2, a3, a4, a5 = PAIR_ACTIONS
            legal = (
                *a0[a][b],
                *a1[c][d],
                *a2[e][f],
                *a3[g][h],
                *a4[i][j],
                *a5[k][m],
                *KING_ACTIONS[n],
            )
        elif self.may_stop and not self.forced:
            legal = NIBBLE_ACTIONS_STOP[need][self.suits[seat][need]]
        else:
            legal = NIBBLE_ACTIONS[need][self.suits[seat][need]]
        return legal

    def is_legal(self, seat: int, action_id: str) -> bool:
        return (action_id,) in self.legal_actions(seat)  # actions are tuples: `in` runs in C

    def explain(self, seat: int, action_id: str) -> str:
        verb, _, arg = action_id.partition(":")
        if verb == "stop" and not arg:
            if not self.options.may_stop:
                return "stop_disabled"
            return "must_play"
        if verb != "play" or not arg:
            return "unknown_action"
        if arg not in RANK_IX:
            return "unknown_card"
        if not self.suits[seat][RANK_IX[arg]] & SUIT_BIT[arg]:
            return "not_in_hand"
        if self.needed is not None and RANK_IX[arg] != self.needed:
            return "wrong_rank"
        return "illegal_move"

    def is_over(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome:
        ranks = tuple(rank_by_score(self.tokens))
        return Outcome(ranks=ranks, scores=tuple(self.tokens), unit="token")

    def tokens_total(self) -> int:
        return sum(self.tokens) + sum(self.board.values())

    def zones(self) -> dict[str, list[str]]:
        z = {f"hand{s}": self.hand(s) for s in range(self.players)}
        z.update(talon=list(self.talon), run=list(self.run), played=list(self.played))
        z["deck"] = list(self.deck)
        return z

    def view(self, seat: int | None) -> dict[str, Any]:
        need = self.needed
        return {
            "phase": self.phase,
            "deal": self.deal_no,
            "dealer": self.dealer,
            "turn": self.turn,
            "last": self.last,
            "hand": self.hand(seat) if seat is not None else [],
            "hand_sizes": list(self.sizes),
            "talon_size": len(self.talon),
            "scores": list(self.tokens),
            "tokens": list(self.tokens),
            "board": dict(self.board),
            "run": list(self.run),
            "played": list(self.played),
            "needed": None if need is None else rank_name(need),
            "sans": rank_name(need) if self.asking and need is not None else None,
            "may_stop": self.options.may_stop,
            "events": self.events_for(seat),
            "to_move": self.to_move(),
        }

    def determinize(self, seat: int | None, rng: Rng) -> State:
        return redeal(self, seat, rng)
