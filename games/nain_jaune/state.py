"""The Nain Jaune match state: stakes, deals, runs, "sans", payments, match end.

The engine plays every step that offers no choice (a pass, the only card of the needed
rank, the only card left to lead) inside `_apply`, so `to_move()` always names a seat with
a real choice: which card starts a run, which suit of the needed rank, or (option) stop.

Hands are kept as bit masks (`masks`, see board.py): a deal is a few calls in C, and the
questions the engine asks at every step (does this seat hold the rank? only one card of
it?) are a shift and a mask. The snapshot's `hands` and `sizes` are built from them.
"""

from __future__ import annotations

from itertools import chain
from operator import getitem, itemgetter
from typing import Any, ClassVar, Final, Literal, Self

from ..base import Action, GameState, Outcome, plain_copy, rank_by_score
from ..cards import RANKS, deck52
from ..rng import Rng
from .board import (
    BIT,
    BOXES,
    BYTE_CARDS,
    CARD_OF_BIT,
    DEAL_SEATS,
    DEAL_TABLE,
    DECK,
    HAND_BYTES,
    KING,
    NIBBLE_CARDS,
    POINTS,
    RANK_IX,
    STAKE_TOTAL,
    STAKES,
    mask_of,
    rank_name,
)
from .hidden import redeal
from .options import Options

Phase = Literal["play", "over"]
PLAY: Final = "play"
OVER: Final = "over"

PLAY_ACTION: dict[str, Action] = {c: Action("play:" + c) for c in RANK_IX}
STOP_ACTION = Action("stop")
# The tables of board.py again, as actions: rank -> nibble (with or without "stop"), and a
# hand's byte k -> its plays.
NIBBLE_ACTIONS: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(tuple(map(PLAY_ACTION.__getitem__, cards)) for cards in row) for row in NIBBLE_CARDS
)
NIBBLE_ACTIONS_STOP: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple((*acts, STOP_ACTION) for acts in row) for row in NIBBLE_ACTIONS
)
BYTE_ACTIONS: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(tuple(map(PLAY_ACTION.__getitem__, cards)) for cards in row) for row in BYTE_CARDS
)
# Players -> dealer -> per seat, what picks that seat's cards out of the shuffled deck.
DEAL_PICKS: dict[int, tuple[tuple[itemgetter[Any], ...], ...]] = {
    n: tuple(
        tuple(itemgetter(*(p for p, to in enumerate(seats) if to == s)) for s in range(n))
        for seats in by_dealer
    )
    for n, by_dealer in DEAL_SEATS.items()
}
DEALT: dict[int, int] = {n: len(by_dealer[0]) for n, by_dealer in DEAL_SEATS.items()}
BIT_OF = BIT.__getitem__
BOXES_MASK = mask_of(BOXES)  # the board's cards
# Every field but the two derived from `masks`: what `copy` copies.
_DERIVED = ("hands", "sizes")


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
    masks: list[int]  # per seat, the cards held as a bit mask (board.BIT); not a field
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

    # --- the fields derived from `masks` ----------------------------------------------------
    @property
    def hands(self) -> list[list[list[str]]]:
        """Per seat, per rank index: the cards held, by suit (a new list each time)."""
        return [[list(NIBBLE_CARDS[r][m >> 4 * r & 15]) for r in range(13)] for m in self.masks]

    @hands.setter
    def hands(self, hands: list[list[list[str]]]) -> None:
        self.masks = [mask_of([*chain.from_iterable(hand)]) for hand in hands]

    @property
    def sizes(self) -> list[int]:
        """Cards in each hand."""
        return [m.bit_count() for m in self.masks]

    @sizes.setter
    def sizes(self, sizes: list[int]) -> None:
        """A snapshot's sizes say again what its hands say: they must agree."""
        if sizes != self.sizes:
            raise ValueError(f"hand sizes {sizes} do not match the hands")

    def copy(self) -> Self:
        """As `GameState.copy`, the masks copied instead of the fields built from them."""
        other = type(self).__new__(type(self))
        other.players = self.players
        other.seed = self.seed
        other.options = self.options
        other.version = self.version
        other.rng = Rng(self.rng.state)
        other.events = plain_copy(self.events)
        other.masks = list(self.masks)
        for f in self.FIELDS:
            if f not in _DERIVED:
                setattr(other, f, plain_copy(getattr(self, f)))
        return other

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
        if self.phase == PLAY:
            assert self.turn is not None
            self._advance(self.turn, None)

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
        self.events.append({"type": "stakes", "paid": paid, "board": dict(board)})
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
        # Three by three from the dealer's left: each seat's positions of the deck, in C.
        self.masks = [sum(map(BIT_OF, pick(deck))) for pick in DEAL_PICKS[n][self.dealer]]
        self.talon = deck[DEALT[n] :]
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
    def _advance(self, seat: int, card: str | None, stopped: bool = False) -> None:
        """`seat` plays `card` (its choice), or stops (`stopped`), or is just asked
        (neither); then every step with no choice is played, until a seat must choose or
        the match ends.

        One loop on local variables: the passes and forced plays of a deal are most of what
        the engine does, and a call or a few attribute writes per step cost as much as the
        step itself.
        """
        may_stop = self.options.may_stop
        n = self.players
        masks, mins, voids, run = self.masks, self.mins, self.voids, self.run
        append = self.events.append
        need, last, streak = self.needed, self.last, self.streak
        asking, forced = self.asking, self.forced
        auto = card is None  # every play but `seat`'s chosen card is the engine's
        while True:
            if card is not None:  # `seat` plays `card`
                r = RANK_IX[card]
                m = masks[seat] = masks[seat] ^ BIT[card]
                # What the table learns about the rest of this hand (for determinize).
                held = mins[seat]
                if need is None:
                    if held[r]:
                        held[r] -= 1
                    if run:
                        self.played.extend(run)
                        self.run = run = []
                elif auto:
                    voids[seat] |= 1 << r  # it held exactly one of the needed rank
                    held[r] = 0
                elif forced or not may_stop:
                    held[r] = held[r] - 1 if held[r] > 2 else 1  # it chose among several
                elif held[r]:
                    held[r] -= 1
                run.append(card)
                if seat == last:
                    streak += 1
                else:
                    streak = 1
                    last = seat
                if self.first is None:
                    self.first = seat
                asking = forced = False
                append({"type": "play", "seat": seat, "card": card, "auto": auto})
                if card in STAKES:
                    amount = self.board[card]
                    self.board[card] = 0
                    self.tokens[seat] += amount
                    append({"type": "collect", "seat": seat, "card": card, "amount": amount})
                card = None
                auto = True
                if not m:
                    self.last, self.streak = last, streak
                    self.asking = self.forced = False
                    self._end_deal(seat)
                    if self.phase != PLAY:
                        return
                    # A new deal: its hands, its leader.
                    masks, mins, voids, run = self.masks, self.mins, self.voids, self.run
                    assert self.turn is not None
                    seat, last, streak, need = self.turn, self.last, self.streak, None
                else:
                    need = None if r == KING else r + 1
            # `seat` is asked: play for it what it cannot choose.
            if stopped:
                stopped = False
                says = True  # the event's "stopped"
                assert need is not None
                held = mins[seat]
                if held[need] < 1:
                    held[need] = 1
            elif need is None:
                m = masks[seat]
                if m & (m - 1):  # more than one card: a choice
                    break
                card = CARD_OF_BIT[m]
                continue
            else:
                nib = masks[seat] >> (need << 2) & 15
                if nib:
                    if nib & (nib - 1) or (may_stop and not forced):
                        break
                    card = NIBBLE_CARDS[need][nib][0]
                    continue
                voids[seat] |= 1 << need
                says = False
            # `seat` passes (it lacks the rank, or stopped); the others are asked in turn,
            # those lacking the rank passing at once, up to a seat holding it or the last
            # player.
            bit = 1 << need
            shift = need << 2
            rank = RANKS[need]
            if seat == last and not asking:
                append({"type": "sans", "seat": seat, "rank": rank, "stopped": says})
                asking = True
            else:
                append({"type": "pass", "seat": seat, "rank": rank, "stopped": says})
            seat = seat + 1 if seat + 1 < n else 0
            while seat != last:
                if masks[seat] >> shift & 15:
                    break
                voids[seat] |= bit
                append({"type": "pass", "seat": seat, "rank": rank, "stopped": False})
                seat = seat + 1 if seat + 1 < n else 0
            else:
                # Back to the player who said "sans": nobody else played the rank.
                asking = False
                if masks[last] >> shift & 15:
                    forced = True  # it stopped while holding the rank: now it must play
                elif need == KING:
                    need = None
                    append({"type": "missing", "seat": last, "rank": rank, "next": None})
                else:
                    need += 1
                    append({"type": "missing", "seat": last, "rank": rank, "next": RANKS[need]})
        self.turn = seat
        self.needed = need
        self.last = last
        self.streak = streak
        self.asking = asking
        self.forced = forced

    # --- end of a deal, of the match ------------------------------------------------------
    def _end_deal(self, winner: int) -> None:
        n = self.players
        tokens, board, masks = self.tokens, self.board, self.masks
        append = self.events.append
        grand = self.streak == DEAL_TABLE[n][0]
        append({"type": "out", "seat": winner, "grand_opera": grand})
        for k in range(1, n):
            s = (winner + k) % n
            hand = self.hand(s)
            due = sum(map(POINTS.__getitem__, hand))
            amount = min(due, tokens[s])
            tokens[s] -= amount
            tokens[winner] += amount
            append(
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
        if grand:
            amount = sum(board.values())
            tokens[winner] += amount
            self.board = board = dict.fromkeys(BOXES, 0)
            append({"type": "grand_opera", "seat": winner, "amount": amount})
        double = self.options.board_penalty == "double"
        for k in range(1, n):
            s = (winner + k) % n
            if not masks[s] & BOXES_MASK:
                continue
            for c in BOXES:
                if masks[s] & BIT[c]:
                    due = board[c] if double else STAKES[c]
                    amount = min(due, tokens[s])
                    tokens[s] -= amount
                    board[c] += amount
                    append({"type": "penalty", "seat": s, "card": c, "amount": amount, "due": due})
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
        self.masks = [0] * self.players
        self.talon, self.played, self.run = [], [], []

    def hand(self, seat: int) -> list[str]:
        """The cards `seat` holds, by rank then suit."""
        return [
            *chain.from_iterable(
                map(getitem, BYTE_CARDS, self.masks[seat].to_bytes(HAND_BYTES, "little"))
            )
        ]

    # --- the contract ---------------------------------------------------------------------
    def to_move(self) -> list[int]:
        return [] if self.turn is None or self.phase != PLAY else [self.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        legal = self._choices(seat)
        self._legal_memo = (self.version, seat, legal)
        return [*legal]

    def is_legal(self, seat: int, action_id: str) -> bool:
        return (action_id,) in self._choices(seat)  # actions are tuples: `in` runs in C

    def _choices(self, seat: int) -> tuple[Action, ...]:
        if seat != self.turn or self.phase != PLAY:
            return ()
        need = self.needed
        m = self.masks[seat]
        if need is None:
            return (
                *chain.from_iterable(map(getitem, BYTE_ACTIONS, m.to_bytes(HAND_BYTES, "little"))),
            )
        if self.options.may_stop and not self.forced:
            return NIBBLE_ACTIONS_STOP[need][m >> (need << 2) & 15]
        return NIBBLE_ACTIONS[need][m >> (need << 2) & 15]

    def _apply(self, seat: int, action_id: str) -> None:
        if action_id == "stop":
            self._advance(seat, None, True)
        else:
            self._advance(seat, action_id[5:])

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
        if not self.masks[seat] & BIT[arg]:
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
