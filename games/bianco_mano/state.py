"""The Bianco Mano match state: dealer draw, deals, bidding, espion, call, play and scoring.

One state is the whole match. Automatic steps (the draw for the first dealer, cutting,
dealing, completing the deal, scoring, the next deal) run inside `_apply`, so `to_move()`
only ever names a seat with a real choice. Determinization lives in `hidden`.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from ..base import Action, GameState, Outcome, rank_by_score
from ..cards import cut
from ..rng import Rng
from ..tricks import Trick, gather
from .hidden import redeal
from .rules import (
    ANNOUNCE,
    BONUS,
    CALL,
    CARD_OF_PLAY,
    CHOOSE,
    CONTRACT,
    DECK,
    DECK_SET,
    DISCARD,
    FAMILIES,
    FIRST_PACKETS,
    HAS_ESPION,
    PASS,
    PLAY,
    PLAY_OF,
    POINTS,
    STRENGTH,
    TAKE,
    TEAMS_OF_FOUR,
    TOTAL_POINTS,
    deal_deltas,
    playable,
    refusal,
    sort_hand,
    trick_winner,
)
from .options import Options

Phase = Literal["bid", "espion", "call", "play", "over"]


class BiancoManoState(GameState):
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
        if not stacked:
            self.rng.shuffle(deck)
        self.dealer = self._draw_for_dealer(deck)
        if stacked:
            # The stacked pack is the pack as dealt: no shuffle and no cut before deal 1.
            self._deal_out(deck)
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
        events = self.events
        for s in range(n):
            events.append({"type": "dealt", "cards": list(hands[s]), "to": s})

    def _new_deal(self, deck: list[str]) -> None:
        """Deals after the first: the gathered pack is cut, shuffled only by option."""
        if self.options.shuffle_each_deal:
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

    # --- the contract ----------------------------------------------------------------------
    def to_move(self) -> list[int]:
        phase = self.phase
        if phase == "over":
            return []
        seat = self.turn if phase == "play" else self.bidder if phase == "bid" else self.taker
        return [] if seat is None else [seat]

    def is_over(self) -> bool:
        return self.phase == "over"

    def hand(self, seat: int) -> list[str]:
        return sort_hand(self.hands[seat])

    def _legal(self, seat: int) -> list[Action]:
        # The play phase first (it is nearly every call): the playable cards' actions.
        if (
            self.phase == "play"
            and seat == self.turn
            and not (self.options.bianco_mano_bonus and seat == self.taker)
        ):
            dom = self.dominant
            assert dom is not None
            return [*map(PLAY_OF, playable(self.hands[seat], self.trick, dom))]
        return self._moves(seat)

    def _moves(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == "play":
            if seat != self.turn:
                return []
            dom = self.dominant
            assert dom is not None
            moves = list(map(PLAY.__getitem__, playable(self.hands[seat], self.trick, dom)))
            if self.options.bianco_mano_bonus and self._can_announce(seat):
                moves.append(ANNOUNCE)
            return moves
        if phase == "bid":
            if seat != self.bidder:
                return []
            if self.bid_round == 1:
                return [TAKE, PASS]
            turned_family = self._turned()[2]
            return [*(CHOOSE[f] for f in FAMILIES if f != turned_family), PASS]
        if phase == "over" or seat != self.taker:
            return []
        if phase == "espion":
            return [DISCARD[c] for c in self.hands[seat]]
        return [CALL[c] for c in self._callable()]

    def is_legal(self, seat: int, action_id: str) -> bool:
        """Fast path for the play phase; the generic check elsewhere."""
        if self.phase == "play" and seat == self.turn:
            if action_id[:5] == "play:":
                dom = self.dominant
                assert dom is not None
                return action_id[5:] in playable(self.hands[seat], self.trick, dom)
            return action_id == "announce" and self._can_announce(seat)
        return any(a.id == action_id for a in self.legal_actions(seat))

    def _can_announce(self, seat: int) -> bool:
        if not (self.options.bianco_mano_bonus and seat == self.taker) or self.announced:
            return False
        if self.tricks or self.trick:
            return False
        dom = self._dominant()
        held = self.hands[seat] + self.espion
        return "GC" + dom in held and "CH" + dom in held

    def _callable(self) -> list[str]:
        own = set(self.hands[self._taker()]) | set(self.espion)
        return [c for c in DECK if c[2] != self.dominant and c not in own]

    def explain(self, seat: int, action_id: str) -> str:
        """The precise reason a well-formed move is refused (never naming a hidden card)."""
        verb, _, arg = action_id.partition(":")
        phase = self.phase
        if verb not in ("take", "pass", "choose", "discard", "call", "announce", "play"):
            return "unknown_action"
        if verb in ("discard", "call", "play") and arg not in DECK_SET:
            return "unknown_card"
        if phase == "bid":
            if verb == "take":
                return "wrong_round"
            if verb == "choose":
                if self.bid_round == 1:
                    return "wrong_round"
                return "turned_family" if arg == self._turned()[2] else "unknown_family"
        elif phase == "espion" and verb == "discard":
            return "not_in_hand"
        elif phase == "call" and verb == "call":
            return "cannot_call_dominant" if arg[2] == self.dominant else "cannot_call_own_card"
        elif phase == "play" and verb == "announce":
            return "cannot_announce"
        elif phase == "play" and verb == "play":
            hand = self.hands[seat]
            if arg not in hand:
                return "not_in_hand"
            return refusal(hand, self.trick, self._dominant(), arg)
        return "wrong_phase"

    # --- moves -----------------------------------------------------------------------------
    def _apply(self, seat: int, action_id: str) -> None:
        card = CARD_OF_PLAY.get(action_id)
        if card is not None:
            self._play(seat, card)
            return
        verb, _, arg = action_id.partition(":")
        if verb == "play":
            self._play(seat, arg)
        elif verb == "pass":
            self._pass(seat)
        elif verb == "take":
            family = self._turned()[2]
            self.emit("take", seat=seat, family=family)
            self._take(seat, family)
        elif verb == "choose":
            self.emit("choose", seat=seat, family=arg)
            self._take(seat, arg)
        elif verb == "discard":
            self._discard(seat, arg)
        elif verb == "call":
            self._call(seat, arg)
        else:  # announce
            self.announced = True
            self.emit("announce", seat=seat, family=self.dominant)

    def _pass(self, seat: int) -> None:
        n = self.players
        self.emit("pass", seat=seat, round=self.bid_round)
        self.passes += 1
        if self.passes < n:
            self.bidder = (seat + 1) % n
        elif self.bid_round == 1:
            self.bid_round, self.passes, self.bidder = 2, 0, (self.dealer + 1) % n
            self.emit("bid_round", round=2)
        else:
            self._all_passed()

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
        self._new_deal(deck)

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
        events = self.events
        for s in range(n):
            self.hands[s].extend(got[s])
            events.append({"type": "received", "cards": got[s], "to": s})
        self.deck = []
        if HAS_ESPION[n]:
            self.phase = "espion"
        else:
            self._start_play()

    def _discard(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.espion.append(card)
        self.emit("discard", seat=seat, count=len(self.espion))
        self.emit("discarded", to=seat, card=card)
        if len(self.espion) == 2:
            if self.players == 5:
                self.phase = "call"
            else:
                self._start_play()

    def _call(self, seat: int, card: str) -> None:
        self.called = card
        self.partner = next(s for s in range(self.players) if card in self.hands[s])
        self.emit("call", seat=seat, card=card)
        self.emit("partner", to=self.partner, taker=seat, card=card)
        self._start_play()

    def _start_play(self) -> None:
        self.phase = "play"
        self.leader = self.turn = self.taker

    def _play(self, seat: int, card: str) -> None:
        # The hottest path of the engine: events are appended directly, not through emit().
        self.hands[seat].remove(card)
        trick = self.trick
        trick.append([seat, card])
        events = self.events
        events.append({"type": "play", "seat": seat, "card": card})
        if card == self.called:
            self.revealed = True
            events.append({"type": "partner_revealed", "seat": seat, "card": card})
        n = self.players
        if len(trick) < n:
            self.turn = seat + 1 if seat + 1 < n else 0
            return
        dom = self.dominant
        assert dom is not None
        winner = trick[trick_winner(trick, dom)][0]
        values = POINTS[dom]
        points = 0
        for _, c in trick:
            points += values[c]
        self.trick_points[winner] += points
        tricks = self.tricks
        tricks.append(trick)
        self.last_trick, self.last_winner = trick, winner
        self.trick = []
        self.leader = self.turn = winner
        events.append(
            {"type": "trick_won", "seat": winner, "points": points, "number": len(tricks)}
        )
        if not self.hands[winner]:
            self._score_deal()

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

    # --- cards and knowledge -----------------------------------------------------------------
    def zones(self) -> dict[str, list[str]]:
        zones = {f"hand{s}": self.hands[s] for s in range(self.players)}
        zones["stock"] = self.deck
        zones["turned"] = [self.turned] if self.phase == "bid" and self.turned else []
        zones["espion"] = self.espion
        zones["trick"] = [c for _, c in self.trick]
        zones["won"] = [c for t in self.tricks for _, c in t]
        return zones

    def knows_partner(self, seat: int | None) -> bool:
        """The partner knows from the call; everybody knows once the called card is played."""
        return self.partner is not None and (self.revealed or seat == self.partner)

    def sides(self, seat: int | None) -> list[list[int]] | None:
        """Sides as `seat` knows them: `[taker's side, defence]`; 4 players: fixed `[[0,2],[1,3]]`.

        A seat whose side the viewer cannot know yet (the secret partner) is in neither list.
        """
        n = self.players
        if n == 4:
            return [list(t) for t in TEAMS_OF_FOUR]
        taker = self.taker
        if taker is None:
            return None
        side: list[int] | None = None
        if n == 3:
            side = [taker]
        elif self.partner is not None and self.knows_partner(seat):
            side = [taker, self.partner]
        if side is not None:
            return [side, [s for s in range(n) if s not in side]]
        if self.called is None:
            # Before the call nobody is a partner yet, so nobody is known as a defender either.
            return [[taker], []]
        # After the call a seat not holding the called card knows it defends.
        defence = [seat] if seat is not None and seat != taker else []
        return [[taker], defence]

    def view(self, seat: int | None) -> dict[str, Any]:
        own = seat is not None
        return {
            "phase": self.phase,
            "dealer": self.dealer,
            "hand": sort_hand(self.hands[seat]) if seat is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "scores": list(self.scores),
            "events": self.events_for(seat),
            "to_move": self.to_move(),
            "deal_number": self.deal_number,
            "deals": self.options.deals,
            "bid_round": self.bid_round if self.phase == "bid" else None,
            "turned": self.turned,
            "taker": self.taker,
            "dominant": self.dominant,
            "espion": sort_hand(self.espion) if own and seat == self.taker else None,
            "espion_size": len(self.espion),
            "called": self.called,
            "partner": self.partner if self.knows_partner(seat) else None,
            "teams": self.sides(seat),
            "announced": self.announced,
            "trick": [list(p) for p in self.trick],
            "leader": self.leader,
            "last_trick": [list(p) for p in self.last_trick] if self.last_trick else None,
            "last_winner": self.last_winner,
            "trick_points": list(self.trick_points),
            "contracts_made": list(self.contracts_made),
            "last_deal": self.last_deal,
            "players": self.players,
        }

    def determinize(self, seat: int | None, rng: Rng) -> BiancoManoState:
        return redeal(self, seat, rng)
