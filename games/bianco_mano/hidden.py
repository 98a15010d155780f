"""What a Bianco Mano seat can infer, and redeals of what it cannot see (for the AI).

Both functions only read the state's fields; the redeal itself is the shared constraint
deal of games/redeal.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..redeal import Owner, Slot, deal
from ..rng import Rng
from .rules import STRENGTH

if TYPE_CHECKING:
    from .state import BiancoManoState


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


def redeal(state: BiancoManoState, seat: int | None, rng: Rng) -> BiancoManoState:
    """Redeal every card `seat` cannot see, keeping every public fact it relies on.

    Kept: its own hand, the espion for the taker, all played cards, hand sizes, the turned
    card (and an announced GC+CH) in the taker's hand or espion while unplayed, the called
    card in a non-taker hand, voids and climbing limits shown in play. The copy gets a fresh
    generator so future cuts and shuffles cannot be foreseen.
    """
    copy = state.copy()
    n, taker, dom = state.players, state.taker, state.dominant
    voids, caps = play_constraints(state)
    with_taker: set[str] = set()
    if taker is not None and state.phase != "bid" and state.turned is not None:
        with_taker.add(state.turned)
        if state.announced and dom is not None:
            with_taker.update(("GC" + dom, "CH" + dom))
    secret_call = state.called if state.called is not None and not state.revealed else None

    def fits(owner: Owner) -> Callable[[str], bool]:
        in_hand = isinstance(owner, int)
        takers = owner == "espion" or owner == taker

        def ok(c: str) -> bool:
            if in_hand and (
                c[2] in voids[int(owner)] or (c[2] == dom and STRENGTH[c] > caps[int(owner)])
            ):
                return False
            if c in with_taker and not takers:
                return False
            return not (c == secret_call and (not in_hand or owner == taker))

        return ok

    # Hidden zones: other seats' hands, the espion unless seat is the taker, the stock.
    zones: list[tuple[Owner, list[str]]] = [(s, state.hands[s]) for s in range(n) if s != seat]
    if state.espion and (seat is None or seat != taker):
        zones.append(("espion", state.espion))
    if state.deck:
        zones.append(("stock", state.deck))
    cards = [c for _, held in zones for c in held]
    dealt = deal(cards, [Slot(owner, len(held), fits(owner)) for owner, held in zones], rng)
    for owner, _ in zones:
        new = dealt.get(owner, [])
        if owner == "espion":
            copy.espion = new
        elif owner == "stock":
            copy.deck = new
        else:
            copy.hands[int(owner)] = new
    if secret_call is not None:
        copy.partner = next(s for s in range(n) if secret_call in copy.hands[s])
    copy.events = state.events_for(seat)
    copy.rng = rng.fork()
    return copy
