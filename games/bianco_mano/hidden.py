"""What a Bianco Mano seat can infer, and redeals of what it cannot see (for the AI).

Both only read the state's fields; the redeal itself is the shared constraint
deal of games/redeal.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..duties import proven
from ..redeal import Owner, Slot, deal
from ..rng import Rng
from .rules import FAMILIES, STRENGTH, duties

NO_CAP = 9  # nothing proven: stronger than any card

if TYPE_CHECKING:
    from .state import State


def play_caps(state: State) -> list[dict[str, int]]:
    """Per seat and family, the strongest card the seat may still hold this deal (9 when
    nothing is proven, 0 for a void): what each card played so far proves, given the play
    conditions it was played under (rules.py). Hands only shrink during play, so what was
    proven stays true."""
    caps = [dict.fromkeys(FAMILIES, NO_CAP) for _ in range(state.players)]
    dom = state.dominant
    if dom is None:
        return caps
    for trick in [*state.tricks, state.trick]:
        for i in range(1, len(trick)):
            seat, card = trick[i]
            mine = caps[seat]
            for family, cap in proven(duties(trick[:i], dom), card):
                mine[family] = min(mine[family], cap)
    return caps


def redeal(state: State, seat: int | None, rng: Rng) -> State:
    """Redeal every card `seat` cannot see, keeping every public fact it relies on.

    Kept: its own hand, the espion for the taker, all played cards, hand sizes, the turned
    card (and an announced GC+CH) in the taker's hand or espion while unplayed, the called
    card in a non-taker hand, voids and climbing limits shown in play. The copy gets a fresh
    generator so future cuts and shuffles cannot be foreseen.
    """
    copy = state.copy()
    n, taker, dom = state.players, state.taker, state.dominant
    caps = play_caps(state)
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
            if in_hand and STRENGTH[c] > caps[int(owner)][c[2]]:
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
