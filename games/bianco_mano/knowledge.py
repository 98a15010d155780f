"""What each seat may know: views, and determinization (redealing what a seat cannot see).

Kept apart from the state so the rules file stays readable; both functions only read the
state's fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.rng import Rng

from .logic import STRENGTH, sort_hand

if TYPE_CHECKING:
    from .state import BiancoManoState


def knows_partner(state: BiancoManoState, seat: int | None) -> bool:
    """The partner knows from the call; everybody knows once the called card is played."""
    return state.partner is not None and (state.revealed or seat == state.partner)


def teams(state: BiancoManoState, seat: int | None) -> list[list[int]] | None:
    """Sides as `seat` knows them: `[taker's side, defence]`; 4 players: fixed `[[0,2],[1,3]]`.

    A seat whose side the viewer cannot know yet (the secret partner) is in neither list.
    """
    n = state.players
    if n == 4:
        return [[0, 2], [1, 3]]
    taker = state.taker
    if taker is None:
        return None
    if n == 3 or knows_partner(state, seat):
        side = [taker] if n == 3 else [taker, state.partner]
        return [side, [s for s in range(n) if s not in side]]  # type: ignore[list-item]
    if state.called is None:
        # Before the call nobody is a partner yet, so nobody is known as a defender either.
        return [[taker], []]
    # After the call a seat not holding the called card knows it defends.
    defence = [seat] if seat is not None and seat != taker else []
    return [[taker], defence]


def view(state: BiancoManoState, seat: int | None) -> dict[str, Any]:
    n = state.players
    own = seat is not None
    return {
        "phase": state.phase,
        "dealer": state.dealer,
        "hand": sort_hand(state.hands[seat]) if own else [],  # type: ignore[index]
        "hand_sizes": [len(h) for h in state.hands],
        "scores": list(state.scores),
        "events": state.events_for(seat),
        "to_move": state.to_move(),
        "deal_number": state.deal_number,
        "deals": state.options.deals,
        "bid_round": state.bid_round if state.phase == "bid" else None,
        "turned": state.turned,
        "taker": state.taker,
        "dominant": state.dominant,
        "espion": sort_hand(state.espion) if own and seat == state.taker else None,
        "espion_size": len(state.espion),
        "called": state.called,
        "partner": state.partner if knows_partner(state, seat) else None,
        "teams": teams(state, seat),
        "announced": state.announced,
        "trick": [list(p) for p in state.trick],
        "leader": state.leader,
        "last_trick": [list(p) for p in state.last_trick] if state.last_trick else None,
        "last_winner": state.last_winner,
        "trick_points": list(state.trick_points),
        "contracts_made": list(state.contracts_made),
        "last_deal": state.last_deal,
        "players": n,
    }


# --- determinization ---------------------------------------------------------------------


def play_constraints(state: BiancoManoState) -> tuple[list[set[str]], list[int]]:
    """Public facts from this deal's play: families each seat is void in, and the strongest
    dominant each seat may still hold (9 = no limit).

    Not following proves a void in the led family; not playing a dominant then proves a void
    in the dominant family too; a dominant that did not beat the table's highest proves the
    seat had nothing stronger. Hands only shrink during play, so the facts stay true.
    """
    n = state.players
    voids: list[set[str]] = [set() for _ in range(n)]
    caps = [9] * n
    dom = state.dominant
    if dom is None:
        return voids, caps
    for trick in [*state.tricks, state.trick]:
        if not trick:
            continue
        led = trick[0][1][2]
        top = 0
        for i, (s, c) in enumerate(trick):
            f = c[2]
            if i:
                if f != led:
                    voids[s].add(led)
                    if f != dom:
                        voids[s].add(dom)
                if f == dom and top and STRENGTH[c] < top:
                    caps[s] = min(caps[s], top)
            if f == dom and STRENGTH[c] > top:
                top = STRENGTH[c]
    return voids, caps


def assign(
    cards: list[str], allowed: list[list[int]], sizes: list[int], rng: Rng, tries: int = 20
) -> list[list[str]]:
    """Deal `cards` into zones of the given `sizes`, card i only into the zones `allowed[i]`.

    Uniform among valid deals by rejection first; if the constraints are too tight for that,
    a randomised augmenting-path matching still finds a valid deal (one always exists: the
    real one).
    """
    idx = list(range(len(cards)))
    slots = [z for z, size in enumerate(sizes) for _ in range(size)]
    ok_sets = [set(a) for a in allowed]
    for _ in range(tries):
        rng.shuffle(idx)
        if all(slots[k] in ok_sets[i] for k, i in enumerate(idx)):
            zones: list[list[str]] = [[] for _ in sizes]
            for k, i in enumerate(idx):
                zones[slots[k]].append(cards[i])
            return zones
    held: list[list[int]] = [[] for _ in sizes]

    def place(i: int, seen: set[int]) -> bool:
        options = list(allowed[i])
        rng.shuffle(options)
        for z in options:
            if z not in seen and len(held[z]) < sizes[z]:
                held[z].append(i)
                return True
        for z in options:
            if z in seen:
                continue
            seen.add(z)
            for j in list(held[z]):
                held[z].remove(j)
                if place(j, seen):
                    held[z].append(i)
                    return True
                held[z].append(j)
        return False

    rng.shuffle(idx)
    for i in idx:
        if not place(i, set()):
            raise ValueError("no deal satisfies the known facts")
    return [[cards[i] for i in h] for h in held]


def determinize(state: BiancoManoState, seat: int | None, rng: Rng) -> BiancoManoState:
    """Redeal every card `seat` cannot see, keeping every public fact it relies on.

    Kept: its own hand, the espion for the taker, all played cards, hand sizes, the turned
    card (and an announced GC+CH) in the taker's hand or espion while unplayed, the called
    card in a non-taker hand, voids and climbing limits shown in play. The copy gets a fresh
    generator so future cuts and shuffles cannot be foreseen.
    """
    copy: BiancoManoState = state.clone()  # type: ignore[assignment]
    n, taker, dom = state.players, state.taker, state.dominant
    # Hidden zones: other seats' hands, the espion unless seat is the taker, the stock.
    zone_of: list[tuple[str, int]] = [("hand", s) for s in range(n) if s != seat]
    if state.espion and (seat is None or seat != taker):
        zone_of.append(("espion", 0))
    if state.deck:
        zone_of.append(("stock", 0))
    contents = [
        copy.hands[k] if kind == "hand" else copy.espion if kind == "espion" else copy.deck
        for kind, k in zone_of
    ]
    cards = [c for z in contents for c in z]
    sizes = [len(z) for z in contents]
    voids, caps = play_constraints(state)
    taker_zones = [
        z
        for z, (kind, k) in enumerate(zone_of)
        if kind == "espion" or (kind == "hand" and k == taker)
    ]
    with_taker: set[str] = set()
    if taker is not None and state.phase != "bid":
        with_taker.add(state.turned)  # type: ignore[arg-type]
        if state.announced:
            with_taker.update(("GC" + dom, "CH" + dom))  # type: ignore[operator]
    secret_call = state.called if state.called is not None and not state.revealed else None
    allowed: list[list[int]] = []
    for c in cards:
        ok = []
        for z, (kind, k) in enumerate(zone_of):
            if kind == "hand" and (c[2] in voids[k] or (c[2] == dom and STRENGTH[c] > caps[k])):
                continue
            if c in with_taker and z not in taker_zones:
                continue
            if c == secret_call and (kind != "hand" or k == taker):
                continue
            ok.append(z)
        allowed.append(ok)
    dealt = assign(cards, allowed, sizes, rng)
    for (kind, k), new in zip(zone_of, dealt, strict=True):
        if kind == "hand":
            copy.hands[k] = new
        elif kind == "espion":
            copy.espion = new
        else:
            copy.deck = new
    if secret_call is not None:
        copy.partner = next(s for s in range(n) if secret_call in copy.hands[s])
    copy.events = state.events_for(seat)
    copy.rng = rng.fork()
    return copy
