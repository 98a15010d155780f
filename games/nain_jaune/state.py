"""The Nain Jaune match state: stakes, deals, runs, "sans", payments, match end.

A seat chooses only which card starts a run, which suit of the needed rank it plays, and
(option) whether to stop. The engine plays every other step itself (`_advance`)."""

from __future__ import annotations

from typing import Any, ClassVar, Final, Literal

from ..base import Action, GameState
from ..cards import RANKS, deck52
from ..deals import generator_for, pick_first_dealer, unseeded
from ..outcome import Outcome, rank_by_score
from ..reasons import Reason, explained
from ..rng import Rng
from .hidden import redeal
from .options import Options
from .rules import (
    BOXES,
    DEAL_TABLE,
    DECK,
    KING,
    POINTS,
    RANK_IX,
    STAKE_TOTAL,
    STAKES,
    board_penalty,
    deal,
    is_grand_opera,
    next_rank,
    piles,
    refusal,
)

PLAY: Final = "play"
OVER: Final = "over"

PLAY_ACTION: dict[str, Action] = {c: Action("play:" + c) for c in DECK}
STOP = "stop"
STOP_ACTION = Action(STOP)


class State(GameState):
    """A whole match. Seats are in play order; the seat after the dealer leads a deal."""

    # The snapshot's data, in the order stored snapshots have it (each is described below).
    # fmt: off
    FIELDS: ClassVar[tuple[str, ...]] = (
        "phase", "deal_no", "dealer", "first", "tokens", "board", "hands", "sizes", "talon",
        "run", "played", "deck", "turn", "last", "needed", "asking", "forced", "streak",
        "voids", "mins", "broke",
    )
    # fmt: on

    options: Options
    DEALER_OPTION = "first_dealer"  # a rematch's first dealer: `next_dealer`
    phase: Literal["play", "over"]  # "play" while a deal runs, "over" once the match has ended
    deal_no: int  # 1-based number of the current (or last) deal
    dealer: int
    first: int | None  # seat that played the first card of this deal (the next dealer)
    tokens: list[int]
    board: dict[str, int]  # box (the card that takes it) -> tokens in it
    hands: list[list[list[str]]]  # per seat, per rank from the ace: the cards held, by suit
    sizes: list[int]  # cards in each hand
    talon: list[str]
    run: list[str]  # cards of the current run, in play order
    played: list[str]  # cards of this deal's finished runs
    deck: list[str]  # gathered cards between deals (all 52 once the match is over)
    turn: int | None  # seat asked now
    last: int  # seat that played the last card (it restarts after a king or a missing rank)
    needed: int | None  # rank index wanted next; None: a new run starts with any card
    asking: bool  # the last player said "sans": another seat is asked for the rank
    forced: bool  # the seat asked must play (it stopped and nobody else had the rank)
    streak: int  # cards the last player has played without anyone else playing
    voids: list[int]  # per seat, bit mask of the ranks it is publicly known to lack
    mins: list[list[int]]  # per seat and rank, how many it is publicly known to hold
    broke: list[int]  # seats that could not stake or pay in full

    # --- a deal -----------------------------------------------------------------------------
    def setup(self) -> None:
        players, options = self.players, self.options
        self.phase = PLAY
        self.deal_no = 1
        first = options.first_dealer
        if first is not None and first >= players:
            raise ValueError(f"first_dealer must be a seat below {players}")
        self.dealer = pick_first_dealer(first, options.deal_seed, players, self.rng)
        self.tokens = [options.starting_tokens] * players
        self.board = dict.fromkeys(BOXES, 0)
        self._clear_table()
        self.deck = deck52()
        self.broke = []
        self._start_deal()  # a deal's leader always has a choice: nothing to play for it

    def _start_deal(self) -> None:
        """Everyone stakes on the five boxes; then the seat after the dealer will lead."""
        self._take_stakes()
        n = self.players
        self.first = self.turn = self.needed = None
        self.last = (self.dealer + 1) % n
        self.asking = self.forced = False
        self.streak = 0
        self.voids = [0] * n
        self.mins = [[0] * 13 for _ in range(n)]
        if self.broke:
            self._end_match("broke")
        else:
            self._deal()

    def _take_stakes(self) -> None:
        """From the dealer's left, each player stakes 1 to 5 tokens on the five boxes; one who
        cannot stake in full stakes what it has, box by box, and the match will end."""
        n = self.players
        paid = [0] * n
        for k in range(1, n + 1):
            seat = (self.dealer + k) % n
            for box, stake in STAKES.items():
                amount = min(stake, self.tokens[seat])
                self.tokens[seat] -= amount
                self.board[box] += amount
                paid[seat] += amount
            if paid[seat] < STAKE_TOTAL:
                self.broke.append(seat)
        self.emit("stakes", paid=paid, board=dict(self.board))

    def _deal(self) -> None:
        """Shuffle (the first deal may be stacked; duplicate deals: `games/deals.py`), deal."""
        n, stacked = self.players, self.options.deck
        if self.deal_no == 1 and stacked is not None:
            deck = list(stacked)
        else:
            self.rng = generator_for(self.options.deal_seed, self.deal_no, self.rng)
            deck = list(DECK)
            self.rng.shuffle(deck)
        self.hands, self.talon = deal(deck, n, self.dealer)
        each = DEAL_TABLE[n][0]
        self.sizes = [each] * n
        self.run, self.played, self.deck = [], [], []
        self._ask(self.last, None)
        self.emit("deal", deal=self.deal_no, dealer=self.dealer, cards=each, talon=len(self.talon))

    # --- a move and the steps with no choice that follow it ---------------------------------
    def _apply(self, seat: int, action_id: str) -> None:
        if action_id == STOP:
            self._sans(seat, stopped=True)
        else:
            self._play(seat, action_id.removeprefix("play:"), chosen=True)
        self._advance()

    def _advance(self) -> None:
        """Play every step that offers no choice, until a seat must choose or the match ends."""
        while self.phase == PLAY:
            seat, need = self.turn, self.needed
            assert seat is not None
            if need is None:  # a new run: any card starts it
                if self.sizes[seat] > 1:
                    return
                self._play(seat, self.hand(seat)[0], chosen=False)
                continue
            cards = self.hands[seat][need]
            if not cards:
                self._sans(seat, stopped=False)
            elif len(cards) > 1 or self.may_stop():
                return
            else:
                self._play(seat, cards[0], chosen=False)

    def may_stop(self) -> bool:
        """(Option) The seat asked may stop, unless it stopped already and nobody played."""
        return self.options.may_stop and not self.forced

    def _ask(self, seat: int, need: int | None) -> None:
        """`seat` is asked for rank `need` (None: to start a new run with any card)."""
        self.turn, self.needed, self.asking = seat, need, seat != self.last

    def _play(self, seat: int, card: str, chosen: bool) -> None:
        """`seat` plays `card` on the run: a board card takes its box, the last card ends the
        deal, and the same player goes on with the next rank (after a king, a new run)."""
        rank = RANK_IX[card]
        self.hands[seat][rank].remove(card)
        # What the table learns of the rest of its hand (for `determinize`).
        known = self.mins[seat]
        if self.needed is not None and not chosen:  # its only card of the rank needed
            self.voids[seat] |= 1 << rank
            known[rank] = 0
        elif self.needed is not None and not self.may_stop():  # it chose: one at least is left
            known[rank] = max(1, known[rank] - 1)
        elif known[rank]:  # a run's first card, or a card played rather than stopping
            known[rank] -= 1
        self.sizes[seat] -= 1
        if self.needed is None:
            self._start_run(seat)
        self.run.append(card)
        self.streak = self.streak + 1 if seat == self.last else 1
        self.last = seat
        self.forced = False
        self.events.append({"type": "play", "seat": seat, "card": card, "auto": not chosen})
        if card in STAKES:
            self._collect(seat, card)
        if not self.sizes[seat]:
            self._end_of_deal(seat)
        else:  # it goes on with the next rank; after a king it starts a new run
            self.turn, self.asking = seat, False
            self.needed = None if rank == KING else rank + 1

    def _start_run(self, seat: int) -> None:
        """`seat` starts a run, the last one set aside; the deal's first names the next dealer."""
        self.played, self.run = self.played + self.run, []
        if self.first is None:
            self.first = seat

    def _sans(self, seat: int, stopped: bool) -> None:
        """`seat` does not play the needed rank: it lacks it, or (option) stops. The last player
        says "sans", another passes; the next seats are asked in turn: the first holding the
        rank has the turn, one lacking it passes, up to the player who said "sans"."""
        need = self.needed
        assert need is not None
        n, last, rank = self.players, self.last, RANKS[need]
        if stopped:  # the table knows it holds the rank, and that it lacks it otherwise
            self.mins[seat][need] = max(self.mins[seat][need], 1)
        else:
            self.voids[seat] |= 1 << need
        said = "sans" if seat == last else "pass"
        self.events.append({"type": said, "seat": seat, "rank": rank, "stopped": stopped})
        seat = (seat + 1) % n
        while seat != last:
            if self.hands[seat][need]:
                self._ask(seat, need)
                return
            self.voids[seat] |= 1 << need
            self.events.append({"type": "pass", "seat": seat, "rank": rank, "stopped": False})
            seat = (seat + 1) % n
        self._sans_round_over(need)

    def _sans_round_over(self, need: int) -> None:
        """Back to the player who said "sans", nobody played rank `need`. If a seat holds it, it
        stopped (option): the first to stop, from that player, must now play it. Else the rank
        is missing: that player goes on with the next rank, or after a king a new run."""
        n, last = self.players, self.last
        if self.options.may_stop:
            for k in range(n):
                seat = (last + k) % n
                if self.hands[seat][need]:
                    self.forced = True
                    self._ask(seat, need)
                    return
        after = next_rank(need)
        going_on = None if after is None else RANKS[after]
        self.events.append({"type": "missing", "seat": last, "rank": RANKS[need], "next": going_on})
        self._ask(last, after)

    def _collect(self, seat: int, box: str) -> None:
        """`seat` played a board card: it takes that box."""
        amount, self.board[box] = self.board[box], 0
        self.tokens[seat] += amount
        self.emit("collect", seat=seat, card=box, amount=amount)

    # --- the end of a deal, of the match ----------------------------------------------------
    def _end_of_deal(self, winner: int) -> None:
        """`winner` has played its last card. In this order: the others pay the winner their
        cards left, a grand opéra sweeps the board, and whoever still holds a board card pays
        into its box as it now stands. Then the next deal, or the end of the match."""
        self.turn = self.needed = None
        self.asking = False
        n = self.players
        grand = is_grand_opera(self.streak, n)
        self.emit("out", seat=winner, grand_opera=grand)
        others = [(winner + k) % n for k in range(1, n)]
        for seat in others:
            self._pay_the_winner(seat, winner)
        if grand:
            self._sweep_the_board(winner)
        for seat in others:
            for box in BOXES:
                if box in self.hands[seat][RANK_IX[box]]:
                    self._pay_the_box(seat, box)
        deals = self.options.deals
        if self.broke:
            self._end_match("broke")
        elif deals is not None and self.deal_no >= deals:
            self._end_match("deals")
        else:
            assert self.first is not None
            self.dealer = self.first  # whoever played the deal's first card deals next
            self.deal_no += 1
            self._start_deal()

    def _pay_the_winner(self, seat: int, winner: int) -> None:
        """`seat` pays the winner what its cards left are worth."""
        cards = self.hand(seat)
        due = sum(POINTS[c] for c in cards)
        amount = self._pay(seat, due)
        self.tokens[winner] += amount
        self.emit("pay", seat=seat, winner=winner, amount=amount, due=due, cards=cards)

    def _sweep_the_board(self, winner: int) -> None:
        """Grand opéra: the winner also takes every box."""
        amount = sum(self.board.values())
        self.tokens[winner] += amount
        self.board = dict.fromkeys(BOXES, 0)
        self.emit("grand_opera", seat=winner, amount=amount)

    def _pay_the_box(self, seat: int, box: str) -> None:
        """`seat` kept the card of `box`: it pays the penalty into the box."""
        due = board_penalty(box, self.board[box], self.options.board_penalty)
        amount = self._pay(seat, due)
        self.board[box] += amount
        self.emit("penalty", seat=seat, card=box, amount=amount, due=due)

    def _pay(self, seat: int, due: int) -> int:
        """`seat` gives `due` tokens, or all it has (then it is broke); returns what it gave."""
        amount = min(due, self.tokens[seat])
        self.tokens[seat] -= amount
        if amount < due and seat not in self.broke:
            self.broke.append(seat)
        return amount

    def _end_match(self, reason: str) -> None:
        self.phase, self.turn = OVER, None
        self.deck = deck52()
        self._clear_table()
        self.emit("match_end", reason=reason, broke=list(self.broke), tokens=list(self.tokens))

    def _clear_table(self) -> None:
        self.hands, self.sizes = [piles([]) for _ in range(self.players)], [0] * self.players
        self.talon, self.played, self.run = [], [], []

    def hand(self, seat: int) -> list[str]:
        """The cards `seat` holds, by rank then suit."""
        return [card for cards in self.hands[seat] for card in cards]

    # --- the contract -----------------------------------------------------------------------
    def to_move(self) -> list[int]:
        return [] if self.turn is None or self.phase != PLAY else [self.turn]

    def _legal(self, seat: int) -> list[Action]:
        need = self.needed
        if seat != self.turn or self.phase != PLAY:
            return []
        if need is None:  # any card starts a run
            return [PLAY_ACTION[c] for cards in self.hands[seat] for c in cards]
        plays = [PLAY_ACTION[c] for c in self.hands[seat][need]]
        return [*plays, STOP_ACTION] if self.may_stop() else plays

    def explain(self, seat: int, action_id: str) -> str:
        return refusal(self.hands[seat], self.needed, self.options.may_stop, action_id)

    def _why_not(self, seat: int) -> tuple[Reason, ...]:
        """While a run asks for a rank: why not the other ranks, nor "sans" once refused."""
        need = self.needed
        if seat != self.turn or self.phase != PLAY or need is None:
            return ()
        values = {"needed": RANKS[need], "last": self.run[-1] if self.run else None}
        stop = [STOP] if self.options.may_stop and not self.may_stop() else []
        return explained(self, seat, values, stop)

    def next_dealer(self) -> int:
        """Whoever played the last deal's first card deals next (« devient le donneur »)."""
        return self.first if self.first is not None else (self.dealer + 1) % self.players

    def is_over(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome:
        return Outcome(tuple(rank_by_score(self.tokens)), tuple(self.tokens), unit="token")

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
            "needed": None if need is None else RANKS[need],
            "sans": RANKS[need] if self.asking and need is not None else None,
            "may_stop": self.options.may_stop,
            "events": self.events_for(seat),
            "to_move": self.to_move(),
        }

    def determinize(self, seat: int | None, rng: Rng) -> State:
        return unseeded(redeal(self, seat, rng))
