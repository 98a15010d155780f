"""The Nain Jaune match state: stakes, deals, runs, "sans", payments, match end.

The engine plays every step that offers no choice (a pass, the only card of the needed
rank, the only card left to lead) inside `_apply`, so `to_move()` always names a seat with
a real choice: which card starts a run, which suit of the needed rank, or (option) stop.
"""

from __future__ import annotations

from itertools import chain
from typing import Any, ClassVar, Final, Literal

from ..base import Action, GameState, Outcome, rank_by_score
from ..cards import RANKS, deck52
from ..rng import Rng
from .board import (
    BOXES,
    DEAL_SEATS,
    DEAL_TABLE,
    DECK,
    KING,
    POINTS,
    RANK_IX,
    SORTED_DECK_RANKS,
    STAKE_TOTAL,
    STAKES,
    rank_name,
)
from .hidden import redeal
from .options import Options

Phase = Literal["play", "over"]
PLAY: Final = "play"
OVER: Final = "over"

PLAY_ACTION: dict[str, Action] = {c: Action("play:" + c) for c in RANK_IX}
PLAY_ACTION_OF = PLAY_ACTION.__getitem__
_NO_RANKS: tuple[tuple[str, ...], ...] = ((),) * 13  # a hand's 13 rank lists, empty
STOP_ACTION = Action("stop")


class NainJauneState(GameState):
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
    phase: Phase  # "play" while a deal runs, "over" once the match has ended
    deal_no: int  # 1-based number of the current (or last) deal
    dealer: int
    first: int | None  # seat that played the first card of this deal (the next dealer)
    tokens: list[int]
    board: dict[str, int]  # box card id -> tokens in it
    hands: list[list[list[str]]]  # per seat, per rank index: the cards held (by suit)
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
    voids: list[int]  # per seat, bit mask of ranks it is publicly known to lack
    mins: list[list[int]]  # per seat and rank, how many it is publicly known to hold
    broke: list[int]  # seats that could not stake or pay in full

    # --- setup ----------------------------------------------------------------------------
    def setup(self) -> None:
        players, options = self.players, self.options
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
        self._start_deal()
        self._advance()

    def _start_deal(self) -> None:
        """Take the stakes, then shuffle and deal three by three from the dealer's left."""
        n = self.players
        paid = [0] * n
        tokens, board = self.tokens, self.board
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
        self.emit("stakes", paid=paid, board=dict(self.board))
        self.first = None
        self.turn = None
        self.last = (self.dealer + 1) % n
        self.needed = None
        self.asking = self.forced = False
        self.streak = 0
        self.voids = [0] * n
        self.mins = [[0] * 13 for _ in range(n)]
        if self.broke:
            self._end_match("broke")
            return
        deck = self.options.deck
        if self.deal_no == 1 and deck is not None:
            deck = list(deck)
        else:
            deck = list(DECK)
            self.rng.shuffle(deck)
        each, _ = DEAL_TABLE[n]
        # Three by three from the dealer's left: the seat of each dealt position of the deck.
        seats = DEAL_SEATS[n][self.dealer]
        seat_of = dict(zip(deck, seats, strict=False))  # stops where the talon starts
        hands: list[list[list[str]]] = [[*map(list, _NO_RANKS)] for _ in range(n)]
        get = seat_of.get
        for c, r in SORTED_DECK_RANKS:  # walking the sorted deck keeps each hand sorted
            to = get(c)
            if to is not None:
                hands[to][r].append(c)
        self.hands = hands
        self.talon = deck[len(seats) :]
        self.sizes = [each] * n
        self.deck = []
        self.turn = self.last
        self.emit("deal", deal=self.deal_no, dealer=self.dealer, cards=each, talon=len(self.talon))

    # --- the automatic engine -------------------------------------------------------------
    def _advance(self) -> None:
        """Play every step with no choice, until a seat must choose or the match ends."""
        may_stop = self.options.may_stop
        hands = self.hands
        while self.phase == PLAY:
            seat = self.turn
            assert seat is not None
            need = self.needed
            if need is None:
                if self.sizes[seat] > 1:
                    return
                self._play(seat, next(chain.from_iterable(hands[seat])), True)
                hands = self.hands  # a new deal deals new hands
                continue
            cards = hands[seat][need]
            if not cards:
                self._pass(seat, False)
            elif len(cards) > 1 or (may_stop and not self.forced):
                return
            else:
                self._play(seat, cards[0], True)
                hands = self.hands

    def _play(self, seat: int, card: str, auto: bool) -> None:
        r = RANK_IX[card]
        self.hands[seat][r].remove(card)
        sizes = self.sizes
        sizes[seat] -= 1
        # What the table learns about the rest of this hand (for determinize).
        mins = self.mins[seat]
        run = self.run
        if self.needed is None:
            if mins[r]:
                mins[r] -= 1
            if run:
                self.played.extend(run)
                self.run = run = []
        elif auto:
            self.voids[seat] |= 1 << r  # it held exactly one of the needed rank
            mins[r] = 0
        elif self.forced or not self.options.may_stop:
            mins[r] = mins[r] - 1 if mins[r] > 2 else 1  # it chose among several
        elif mins[r]:
            mins[r] -= 1
        run.append(card)
        if seat == self.last:
            self.streak += 1
        else:
            self.streak = 1
            self.last = seat
        if self.first is None:
            self.first = seat
        self.asking = self.forced = False
        # Events are appended directly on the hot paths (the dicts `emit` would build).
        self.events.append({"type": "play", "seat": seat, "card": card, "auto": auto})
        if card in STAKES:
            amount = self.board[card]
            self.board[card] = 0
            self.tokens[seat] += amount
            self.emit("collect", seat=seat, card=card, amount=amount)
        if not sizes[seat]:
            self._end_deal(seat)
            return
        self.needed = None if r == KING else r + 1
        self.turn = seat

    def _pass(self, seat: int, stopped: bool) -> None:
        """`seat` does not play the needed rank: it lacks it, or (option) chose to stop.

        The others are then asked in turn; those lacking the rank pass at once, so the
        turn goes straight to the first seat with a choice or back to the last player.
        """
        need = self.needed
        assert need is not None
        bit = 1 << need
        rank = RANKS[need]
        voids = self.voids
        if stopped:
            self.mins[seat][need] = max(self.mins[seat][need], 1)
        else:
            voids[seat] |= bit
        last = self.last
        append = self.events.append
        if seat == last and not self.asking:
            append({"type": "sans", "seat": seat, "rank": rank, "stopped": stopped})
            self.asking = True
        else:
            append({"type": "pass", "seat": seat, "rank": rank, "stopped": stopped})
        hands = self.hands
        n = self.players
        nxt = seat + 1 if seat + 1 < n else 0
        while nxt != last:
            if hands[nxt][need]:
                self.turn = nxt
                return
            voids[nxt] |= bit
            append({"type": "pass", "seat": nxt, "rank": rank, "stopped": False})
            nxt = nxt + 1 if nxt + 1 < n else 0
        # Back to the player who said "sans": nobody else played the rank.
        self.turn = last
        self.asking = False
        if hands[last][need]:
            self.forced = True  # it stopped while holding the rank: now it must play
            return
        if need == KING:
            self.needed = None
            append({"type": "missing", "seat": last, "rank": rank, "next": None})
        else:
            self.needed = need + 1
            append({"type": "missing", "seat": last, "rank": rank, "next": RANKS[need + 1]})

    # --- end of a deal, of the match ------------------------------------------------------
    def _end_deal(self, winner: int) -> None:
        n = self.players
        tokens = self.tokens
        grand = self.streak == DEAL_TABLE[n][0]
        self.emit("out", seat=winner, grand_opera=grand)
        for k in range(1, n):
            s = (winner + k) % n
            hand = [*chain.from_iterable(self.hands[s])]
            due = sum(POINTS[c] for c in hand)
            amount = min(due, tokens[s])
            tokens[s] -= amount
            tokens[winner] += amount
            self.emit("pay", seat=s, winner=winner, amount=amount, due=due, cards=list(hand))
            if amount < due:
                self.broke.append(s)
        if grand:
            amount = sum(self.board.values())
            tokens[winner] += amount
            self.board = dict.fromkeys(BOXES, 0)
            self.emit("grand_opera", seat=winner, amount=amount)
        double = self.options.board_penalty == "double"
        for k in range(1, n):
            s = (winner + k) % n
            for c in BOXES:
                if c in self.hands[s][RANK_IX[c]]:
                    due = self.board[c] if double else STAKES[c]
                    amount = min(due, tokens[s])
                    tokens[s] -= amount
                    self.board[c] += amount
                    self.emit("penalty", seat=s, card=c, amount=amount, due=due)
                    if amount < due and s not in self.broke:
                        self.broke.append(s)
        # The next deal (or the end of the match) sets the hands, the talon and the deck anew.
        self.played, self.run = [], []
        self.turn = None
        self.needed = None
        if self.broke:
            self._end_match("broke")
        elif self.options.deals is not None and self.deal_no >= self.options.deals:
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
        self.hands = [[[] for _ in range(13)] for _ in range(self.players)]
        self.sizes = [0] * self.players
        self.talon, self.played, self.run = [], [], []

    def hand(self, seat: int) -> list[str]:
        """The cards `seat` holds, by rank then suit."""
        return [*chain.from_iterable(self.hands[seat])]

    # --- the contract ---------------------------------------------------------------------
    def to_move(self) -> list[int]:
        return [] if self.turn is None or self.phase != PLAY else [self.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        return self.remember(seat, self._choices(seat))

    def is_legal(self, seat: int, action_id: str) -> bool:
        return (action_id,) in self._choices(seat)  # actions are tuples: `in` runs in C

    def _choices(self, seat: int) -> list[Action]:
        if seat != self.turn or self.phase != PLAY:
            return []
        need = self.needed
        if need is None:
            return [*map(PLAY_ACTION_OF, chain.from_iterable(self.hands[seat]))]
        legal = [*map(PLAY_ACTION_OF, self.hands[seat][need])]
        if self.options.may_stop and not self.forced:
            legal.append(STOP_ACTION)
        return legal

    def _apply(self, seat: int, action_id: str) -> None:
        if action_id == "stop":
            self._pass(seat, True)
        else:
            self._play(seat, action_id[5:], False)
        self._advance()

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
        if arg not in self.hands[seat][RANK_IX[arg]]:
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

    def determinize(self, seat: int | None, rng: Rng) -> NainJauneState:
        return redeal(self, seat, rng)
