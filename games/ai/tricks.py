"""Card-play heuristics shared by the two trick-taking games (Manille and Bianco Mano).

Both rank cards inside a suit and have one strongest suit (Manille's trump, Bianco Mano's
dominant family). The heuristic plays like a careful club player: it counts cards (which
cards the other seats may still hold), knows who is winning the trick and whether that is
a friend, and what each card is worth.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import GameState
from ..rng import Rng
from .reason import Reason


@dataclass(frozen=True)
class Deck:
    """Per-card tables of one game: strength inside the suit (the suit is the id's last
    character), card points, and the strength of a suit's top card."""

    strength: Mapping[str, int]
    top: int


class Table:
    """What one decision knows: the deck, the trump suit, the cards the other seats may
    still hold (`out`), our friends (ourselves included) and the table size.

    `free_discard`: a void seat may keep its trumps when a friend is winning (Manille).
    The strongest outstanding card of each suit is noted once, as the heuristic asks
    whether a card is master many times per decision."""

    __slots__ = (
        "allies",
        "deck",
        "free_discard",
        "out",
        "players",
        "points",
        "suit_count",
        "suit_top",
        "trump",
    )

    def __init__(
        self,
        deck: Deck,
        points: Mapping[str, int],
        trump: str | None,
        out: frozenset[str],
        allies: frozenset[int],
        players: int,
        free_discard: bool,
    ) -> None:
        self.deck = deck
        self.points = points
        self.trump = trump
        self.out = out
        self.allies = allies
        self.players = players
        self.free_discard = free_discard
        st = deck.strength
        top: dict[str, int] = {}
        count: dict[str, int] = {}
        for o in out:
            suit = o[-1]
            count[suit] = count.get(suit, 0) + 1
            if st[o] > top.get(suit, 0):
                top[suit] = st[o]
        self.suit_top = top
        self.suit_count = count

    def master(self, card: str) -> bool:
        """No card the others may hold beats `card` in its own suit."""
        return self.suit_top.get(card[-1], 0) <= self.deck.strength[card]

    def trumps_out(self) -> int:
        return self.suit_count.get(self.trump, 0) if self.trump else 0

    def sure(self, card: str) -> bool:
        """`card` should hold the trick: a master (a cut is the risk we accept)."""
        return self.master(card)


def outstanding(state: GameState, seat: int, rng: Rng, sample: bool) -> frozenset[str]:
    """The cards the other seats may still hold. Which cards remain unplayed is public,
    so any redeal of what `seat` cannot see has the same union of hands; with `sample`
    False the state is already such a redeal (inside a simulation) and is read directly."""
    d = state.determinize(seat, rng) if sample else state
    cards: set[str] = set()
    for s in range(state.players):
        if s != seat:
            cards.update(d.hand(s))
    return frozenset(cards.difference(state.hand(seat)))


def trick_winner(trick: Sequence[Sequence[Any]], trump: str | None, deck: Deck) -> int:
    """Index of the card currently winning `trick` (`[[seat, card], ...]`)."""
    best = 0
    for i in range(1, len(trick)):
        c, w = trick[i][1], trick[best][1]
        if c[-1] == w[-1]:
            if deck.strength[c] > deck.strength[w]:
                best = i
        elif c[-1] == trump:
            best = i
    return best


def beats(card: str, best: str, trump: str | None, deck: Deck) -> bool:
    """Whether `card` played now takes the trick from `best`."""
    if card[-1] == best[-1]:
        return deck.strength[card] > deck.strength[best]
    return card[-1] == trump


def follow(cards: list[str], trick: Sequence[Sequence[Any]], t: Table) -> str:
    """Pick a card among the legal `cards` on a started trick.

    A friend winning safely gets points thrown on it (never a trump, nor a master that
    will win a trick of its own); an enemy winning is beaten with a sure card, or cheaply
    when the table is worth it; otherwise we throw the cheapest card and keep trumps.
    """
    st = t.deck.strength
    win_seat, win_card = trick[trick_winner(trick, t.trump, t.deck)]
    last = len(trick) == t.players - 1
    on_table = sum(t.points[c] for _, c in trick)
    if win_seat in t.allies:
        if last or t.sure(win_card):
            return _charge(cards, t, sure=last)
        # A friend's card that may still fall: take it over with a sure card of ours.
        overtake = [
            c for c in cards if c[-1] == win_card[-1] and beats(c, win_card, t.trump, t.deck)
        ]
        overtake = [c for c in overtake if t.sure(c)]
        if overtake and on_table >= 2:
            return min(overtake, key=st.__getitem__)
        return _cheapest(cards, t)
    winners = [c for c in cards if beats(c, win_card, t.trump, t.deck)]
    if winners:
        if last:  # nobody can take it back: win as cheaply as possible
            return min(winners, key=lambda c: (c[-1] == t.trump, st[c]))
        sure = [c for c in winners if t.sure(c)]
        if sure and (on_table >= 2 or any(c[-1] != t.trump for c in sure)):
            return min(sure, key=lambda c: (c[-1] == t.trump, st[c]))
        cuts = [c for c in winners if c[-1] == t.trump and win_card[-1] != t.trump]
        if cuts and on_table >= 1:
            return min(cuts, key=st.__getitem__)
        if on_table >= 3:
            return min(winners, key=lambda c: (c[-1] == t.trump, st[c]))
    return _cheapest(cards, t)


def _charge(cards: list[str], t: Table, sure: bool) -> str:
    """Give points to a friend's trick, keeping trumps and the masters that will win a
    trick on their own; once the trick is certain (`sure`), a master may go when another
    card of ours takes over as master, or when the deal is nearly over."""
    st = t.deck.strength

    def keep(c: str) -> bool:
        if c[-1] == t.trump:
            return True
        if not t.master(c) or t.points[c] == 0:
            return False
        backed = any(o != c and o[-1] == c[-1] and t.master(o) for o in cards)
        return not (sure and (backed or len(cards) <= 2))

    pool = [c for c in cards if not keep(c)]
    if not pool:
        pool = [c for c in cards if c[-1] != t.trump] if t.free_discard else []
    if not pool:
        return _cheapest(cards, t)
    return max(pool, key=lambda c: (t.points[c], -st[c]))


def _cheapest(cards: list[str], t: Table) -> str:
    """The card we mind losing least: not a trump, no points, not a master, weak."""
    st = t.deck.strength
    return min(cards, key=lambda c: (c[-1] == t.trump, t.points[c], t.master(c), st[c]))


def lead(hand: list[str], cards: list[str], t: Table) -> str:
    """Pick a lead. Draw trumps with a master trump and a long trump holding while the
    others still hold some; cash masters (the richest first); otherwise lead low from a
    short side suit, to get void and cut later."""
    st = t.deck.strength
    by_suit: dict[str, list[str]] = {}
    for c in hand:
        by_suit.setdefault(c[-1], []).append(c)
    trumps = by_suit.get(t.trump, []) if t.trump else []
    if len(trumps) >= 3 and t.trumps_out():
        top = max(trumps, key=st.__getitem__)
        if t.master(top) and top in cards:
            return top
    masters = [c for c in cards if c[-1] != t.trump and t.master(c)]
    masters = [c for c in masters if c[-1] in t.suit_count or t.points[c]]
    if masters:
        return max(masters, key=lambda c: (t.points[c], -len(by_suit[c[-1]])))
    side = [c for c in cards if c[-1] != t.trump]
    if side:
        guarded = {c[-1] for c in hand if t.master(c)}
        return min(
            side,
            key=lambda c: (t.points[c], c[-1] in guarded, len(by_suit[c[-1]]), st[c]),
        )
    return min(cards, key=lambda c: (t.points[c], st[c]))


def play(hand: list[str], cards: list[str], trick: list[list[Any]], t: Table) -> str:
    """Lead or follow, whichever the trick calls for."""
    return lead(hand, cards, t) if not trick else follow(cards, trick, t)


def explain(
    hand: list[str], card: str, legal: list[str], trick: list[list[Any]], t: Table
) -> Reason | None:
    """Why `card` (one of the `legal` cards) is a good play, in card-player's terms: from
    our hand, the trick on the table and the cards still out (never a card another seat
    holds); None when no such reason is true of it."""
    suit = card[-1]
    data: dict[str, Any] = {"card": card, "suit": suit}
    if not trick:
        same = [c for c in hand if c[-1] == suit]
        if suit == t.trump and t.master(card) and len(same) >= 3 and t.trumps_out():
            return Reason("draw_trumps", data)
        if t.master(card):
            return Reason("master", data)
        if suit != t.trump and len(same) <= 2 and t.trump in {c[-1] for c in hand}:
            return Reason("short_suit", data)
        return Reason("lead_low", data) if not t.points[card] else None
    win_seat, win_card = trick[trick_winner(trick, t.trump, t.deck)]
    if win_seat in t.allies:
        return Reason("charge" if t.points[card] else "partner_holds", data)
    if beats(card, win_card, t.trump, t.deck):
        if suit == t.trump and win_card[-1] != t.trump:
            return Reason("cut", {**data, "led": trick[0][1][-1]})
        if len(trick) == t.players - 1:
            return Reason("win_last", data)
        return Reason("master" if t.master(card) else "wins", data)
    if card != _cheapest(legal, t):
        return None
    if suit not in (t.trump, trick[0][1][-1]) and any(c[-1] == t.trump for c in hand):
        return Reason("keep_trumps", data)
    return Reason("throw_cheap", data)
