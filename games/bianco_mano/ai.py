"""Bianco Mano AI: the "facile" heuristic and the evaluation the "fort" search uses.

Evaluation: a simulation stops when the deal is scored (event `deal_scored`) or when
everybody passed twice (`all_passed`: nothing changes, a delta of 0). A seat's reward is
its match points for the deal, -2..+2, mapped to 0..1; at four players it is its team's
(the fixed pairs 0+2 and 1+3), -4..+3 mapped to 0..1: the AI plays for its pair, as the
bench measures it, although the match result ranks the four players one by one.
"""

from __future__ import annotations

from typing import Any

from ..ai.ismcts import Profile
from ..ai.reason import Reason
from ..ai.tricks import Deck, Table, outstanding, play
from ..ai.tricks import explain as tricks_explain
from ..base import Event, GameState
from ..rng import Rng
from .rules import FAMILIES, FIRST_PACKETS, POINTS, STRENGTH

DECK = Deck(strength=STRENGTH, top=max(STRENGTH.values()))
# Bid when the hand (with the turned card) reaches this strength, by table size (about an
# even chance to make the contract in facile-vs-facile play, measured); the hand
# is only partly dealt while bidding (6, 8 or 5 cards known of the final 8, 10 or 6).
TAKE_AT = {3: 7.0, 4: 5.0, 5: 4.0}


def strength(cards: list[str], family: str) -> float:
    """How well `cards` would hold `family` as dominant: every dominant counts, the high
    ones more, and a Mamma elsewhere is nearly a trick."""
    total = 0.0
    for c in cards:
        st = DECK.strength[c]
        if c[2] == family:
            total += 1 + st / 8
        elif st == DECK.top:
            total += 0.7
    return total


def policy(state: GameState, seat: int, rng: Rng) -> str:
    """Take (or choose) the family the hand holds best when it is strong enough; bank
    side-family points in the espion and keep the dominants to cut; call the strongest
    card we lack; announce when we may; then play the shared trick heuristic with the
    dominant family as trumps and the side as friends (`tricks`)."""
    return _policy(state, seat, rng, state.view(seat), [a.id for a in state.legal_actions(seat)])


def _policy(state: GameState, seat: int, rng: Rng, view: dict[str, Any], legal: list[str]) -> str:
    phase = view["phase"]
    if phase == "bid":
        return _bid(view, legal)
    if phase == "espion":
        return "discard:" + _discard(view["hand"], view["dominant"])
    if phase == "call":
        return "call:" + _call(view, [a[5:] for a in legal])
    if "announce" in legal:
        return "announce"  # five points towards the contract, at no cost
    return _play(state, seat, rng, view, legal, sample=True)


def rollout(state: GameState, seat: int, rng: Rng) -> str:
    """The same policy inside a simulation, where the state is already a redeal."""
    view = state.view(seat)
    legal = [a.id for a in state.legal_actions(seat)]
    if view["phase"] != "play" or "announce" in legal:
        return _policy(state, seat, rng, view, legal)
    return _play(state, seat, rng, view, legal, sample=False)


def _play(
    state: GameState, seat: int, rng: Rng, view: dict[str, Any], legal: list[str], sample: bool
) -> str:
    if len(legal) == 1:
        return legal[0]
    table = _table(state, seat, rng, view, sample)
    return "play:" + play(view["hand"], [a[5:] for a in legal], view["trick"], table)


def _table(state: GameState, seat: int, rng: Rng, view: dict[str, Any], sample: bool) -> Table:
    allies = {seat}
    for side in view["teams"] or []:
        if seat in side:
            allies.update(side)
    dom = view["dominant"]
    return Table(
        deck=DECK,
        points=POINTS[dom],
        trump=dom,
        out=outstanding(state, seat, rng, sample),
        allies=frozenset(allies),
        players=view["players"],
        free_discard=False,
    )


def _bid(view: dict[str, Any], legal: list[str]) -> str:
    """Take or choose the family our hand holds best, when it is strong enough."""
    cards = [*view["hand"], view["turned"]]
    need = TAKE_AT[view["players"]]
    if "take" in legal:
        return "take" if strength(cards, view["turned"][2]) >= need else "pass"
    choices = [a for a in legal if a.startswith("choose:")]
    best = max(choices, key=lambda a: strength(cards, a[7:]))
    return best if strength(cards, best[7:]) >= need else "pass"


def _discard(hand: list[str], dom: str) -> str:
    """Bank points in the espion: a side-suit card with points that is not the family's
    Mamma (it would fall to it), preferably from a short family so we can cut it later."""
    counts = {f: sum(1 for c in hand if c[2] == f) for f in FAMILIES}
    side = [c for c in hand if c[2] != dom and DECK.strength[c] != DECK.top]
    pool = side or [c for c in hand if c[2] != dom] or hand
    return max(pool, key=lambda c: (POINTS[dom][c] - counts[c[2]], -DECK.strength[c]))


def _call(view: dict[str, Any], callable_cards: list[str]) -> str:
    """Call the strongest card we lack, in the family where we hold the most points."""
    dom = view["dominant"]
    held = [*view["hand"], *(view["espion"] or [])]
    worth = {f: sum(POINTS[dom][c] for c in held if c[2] == f) for f in FAMILIES}
    return max(callable_cards, key=lambda c: (DECK.strength[c], worth[c[2]]))


def horizon(events: list[Event]) -> bool:
    return any(e["type"] in ("deal_scored", "all_passed") for e in events)


def rewards(public: dict[str, Any], state: GameState, events: list[Event]) -> list[float]:
    """Per seat (see the module docstring); a deal nobody took changes nothing."""
    n = state.players
    scored = next((e for e in events if e["type"] == "deal_scored"), None)
    deltas = scored["deltas"] if scored is not None else [0] * n
    if n == 4:
        view = state.view(None)
        scores = view["scores"]
        left = 0 if view["phase"] == "over" else view["deals"] - view["deal_number"] + 1
        totals = [scores[0] + scores[2], scores[1] + scores[3]]
        team = [
            WIN_WEIGHT * win_chance(totals[t] - totals[1 - t], left)
            + (1 - WIN_WEIGHT) * (deltas[t] + deltas[t + 2] + 4) / 7
            for t in (0, 1)
        ]
        return [team[s % 2] for s in range(4)]
    return [(d + 2) / 4 for d in deltas]


# At four players a counted deal moves the pairs' difference by 5 (contract made or failed)
# or 7 (capo), either way about as often (facile against facile). From a lead and the deals
# still to count, the chance to win the match follows (a tie counts half); the reward weighs
# it most, and the deal's own points a little, so that the last deal is played to win the
# match rather than for its points, and a first deal for what it does to the odds.
WIN_WEIGHT = 0.8
_STEPS = ((5, 0.47), (-5, 0.47), (7, 0.03), (-7, 0.03))
_MAX_LEFT = 12


def _win_table() -> list[dict[int, float]]:
    """`table[d][lead]`: the expected match result from `lead` with `d` deals to count."""
    table: list[dict[int, float]] = [{}]
    spread = 7 * _MAX_LEFT
    for lead in range(-spread, spread + 1):
        table[0][lead] = 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
    for d in range(1, _MAX_LEFT + 1):
        prev = table[d - 1]
        table.append(
            {
                lead: sum(
                    p * prev.get(lead + step, 1.0 if lead + step > 0 else 0.0) for step, p in _STEPS
                )
                for lead in range(-spread, spread + 1)
            }
        )
    return table


_WIN_TABLE = _win_table()


def win_chance(lead: int, deals_left: int) -> float:
    """The expected result (1 win, 0.5 tie, 0 loss) of a pair `lead` points ahead with
    `deals_left` counted deals to play (see `_STEPS`)."""
    row = _WIN_TABLE[min(max(deals_left, 0), _MAX_LEFT)]
    found = row.get(lead)
    if found is None:
        return 1.0 if lead > 0 else 0.0
    return found


# --- what the bidding says about the hands --------------------------------------------
# Facile bids by `strength` against `TAKE_AT`, and the search models the others as facile:
# a pass says the hand (with the turned card) was below the mark for the family on offer, a
# take or a choice that it reached it. A redeal that contradicts the bidding is drawn again
# (a few times, keeping the least contradictory): the taker then holds the dominants the
# take promised, and the seats that passed do not.
REDEAL_TRIES = 4
PLAY_SLACK = 2.0  # after the bidding hands are only estimated (a random redeal is flagged 24 %
# of the time at this slack, the real deal 7 %): only clear contradictions count
BID_CARDS = {n: sum(packets) for n, packets in FIRST_PACKETS.items()}  # held while bidding


def said(view: dict[str, Any]) -> list[tuple[int, str | None, bool]]:
    """The bidding's claims, `(seat, family, reached)`: `reached` False says the seat's
    hand was below the mark for `family` (None: for every family but the turned one)."""
    n, dealer, turned = view["players"], view["dealer"], view["turned"]
    if turned is None:
        return []
    first = (dealer + 1) % n
    order = [(first + k) % n for k in range(n)]
    fam = turned[2]
    claims: list[tuple[int, str | None, bool]] = []
    if view["phase"] == "bid":
        if view["bid_round"] == 2:
            claims += [(s, fam, False) for s in order]
        speaker = view["to_move"][0] if view["to_move"] else first
        for s in order[: order.index(speaker)]:
            claims.append((s, fam if view["bid_round"] == 1 else None, False))
        return claims
    taker, dom = view["taker"], view["dominant"]
    if taker is None or dom is None:
        return []
    before = order[: order.index(taker)]
    if dom == fam:  # taken in the first round
        claims += [(s, fam, False) for s in before]
    else:
        claims += [(s, fam, False) for s in order]
        claims += [(s, None, False) for s in before]
    claims.append((taker, dom, True))
    return claims


def misfit(d: GameState, view: dict[str, Any], claims: list[tuple[int, str | None, bool]]) -> float:
    """How far the hands of redeal `d` are from what the bidding said (0: consistent)."""
    need = TAKE_AT[view["players"]]
    turned = view["turned"]
    bidding = view["phase"] == "bid"
    slack = 0.0 if bidding else PLAY_SLACK
    held = BID_CARDS[view["players"]]
    total = 0.0
    for s, family, reached in claims:
        hand = [c for c in d.hand(s) if c != turned]
        if not bidding and len(hand) < 3:
            continue  # too few cards left to say anything
        scale = 1.0 if bidding else held / len(hand)
        families = [family] if family is not None else [f for f in FAMILIES if f != turned[2]]
        for f in families:
            est = strength(hand, f) * scale + strength([turned], f)
            if bidding:  # the hand is the one that bid: facile takes at `need` exactly
                if (est < need) if reached else (est >= need):
                    total += abs(need - est) + 0.01
            else:
                gap = need - est if reached else est - need
                if gap > slack:
                    total += gap - slack
    return total


def pack_known(state: GameState) -> bool:
    """Whether every card of the deal follows from what every seat has seen: at four
    players, from the second deal on, without `shuffle_each_deal`.

    The pack of a deal after the first is the previous deal's tricks, gathered in the
    order they were played (public: four players have no espion), then cut, and a cut only
    rotates the pack; the turned card (public, the 21st card dealt) fixes the rotation. So
    a seat that remembers the previous deal's 32 cards in play order knows every hand and
    the stock; a deal after everybody passed twice is then gathered from hands it knows,
    in a known order, and stays known. At three and five players the espion is gathered
    in an order only its taker knows, so those deals are left to the engine's redeal."""
    if state.players != 4 or state.options.shuffle_each_deal:
        return False
    return bool(state.view(None)["deal_number"] >= 2)


def known_deal(state: GameState) -> GameState:
    """The deal a seat that remembers the previous deal holds to be true (`pack_known`):
    the cards as they are. The copy gets a generator of its own, so the cuts after the
    deal (beyond the search's horizon anyway) are not the real ones."""
    d = state.copy()
    d.rng = Rng(0)
    return d


def redeal(state: GameState, seat: int, rng: Rng) -> GameState:
    """The deal itself when the pack could be tracked (`pack_known`); otherwise a
    determinization the bidding does not contradict, if one of a few draws is."""
    if pack_known(state):
        return known_deal(state)
    view = state.view(None)
    claims = [c for c in said(view) if c[0] != seat]
    d = state.determinize(seat, rng)
    if not claims:
        return d
    best, worst = d, misfit(d, view, claims)
    for _ in range(REDEAL_TRIES - 1):
        if worst == 0.0:
            break
        d = state.determinize(seat, rng)
        bad = misfit(d, view, claims)
        if bad < worst:
            best, worst = d, bad
    return best


def explain(state: GameState, seat: int, action: str) -> Reason | None:
    """Why that move: the dominants a bid rests on, points banked in the espion, the card
    called, the announce, or the card play's reason (`tricks.explain`)."""
    view = state.view(seat)
    verb, _, arg = action.partition(":")
    if view["phase"] == "bid":
        return _explain_bid(view, verb, arg, "take" in {a.id for a in state.legal_actions(seat)})
    if verb == "discard":
        points = POINTS[view["dominant"]][arg]
        return Reason("discard" if points else "discard_void", {"card": arg, "points": points})
    if verb == "call":
        return Reason("call", {"card": arg})
    if verb == "announce":
        return Reason("announce")
    if verb == "play":
        table = _table(state, seat, Rng(0), view, sample=False)  # a stand-in: read it
        legal = [a.id[5:] for a in state.legal_actions(seat)]
        return tricks_explain(view["hand"], arg, legal, view["trick"], table)
    return None


def _explain_bid(view: dict[str, Any], verb: str, arg: str, first_round: bool) -> Reason | None:
    """Take: the turned family's cards; choose: the strongest family, when it is; pass: the
    hand is below the taking strength in the family it would play."""
    cards = [*view["hand"], view["turned"]]
    best = max(FAMILIES, key=lambda f: strength(cards, f))
    family = view["turned"][2] if first_round else arg if verb == "choose" else best
    count = sum(1 for c in cards if c[2] == family)
    data = {"family": family, "count": count}
    if verb == "take" or (verb == "choose" and family == best):
        return Reason(verb, data)
    weak = strength(cards, family) < TAKE_AT[view["players"]]
    return Reason("pass_weak", data) if verb == "pass" and weak else None


def scale(players: int) -> tuple[float, str]:
    """The deal's match points (-2..+2) at three and five players; at four, mostly the
    pair's chance to win the match, in points of percentage."""
    return (100.0, "chance") if players == 4 else (4.0, "point")


# 1200 iterations fit the 1 s budget (bench/ai.py --budget 0: mean 0.38 s, at most 0.87 s of
# CPU per decision); the figures are in docs/performance.md and docs/ai.md.
PROFILE = Profile(
    policy=policy,
    rollout=rollout,
    horizon=horizon,
    rewards=rewards,
    iterations=1200,
    redeal=redeal,
    explain=explain,
    scale=scale,
    noise=0.01,  # docs/ai.md#advice-hints-and-reviews
    deal_known=pack_known,
)
