"""Blanche-Neige redeals: what one seat cannot see, dealt again consistently with all that
is public (cards known to be in a hand, a drawn card the role can play, and what each
seat's last forced draw or pass showed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rng import Rng
from .roles import ALLOWED

if TYPE_CHECKING:
    from .state import BlancheNeigeState


def redeal(state: BlancheNeigeState, seat: int | None, rng: Rng) -> BlancheNeigeState:
    """Redeal the other hands (minus publicly known cards) and the draw pile.

    A player in phase `drawn` publicly holds a drawn card that their role may play (or
    the engine would have kept it for them), so the redealt drawn card is one of those.
    """
    c = state._copy()
    c.events = state.events_for(seat)
    pool = list(state.draw)
    hidden: list[tuple[int, int]] = []  # (seat, number of hidden cards)
    for s in range(state.players):
        if s == seat:
            continue
        rest = list(state.hands[s])
        for k in state.known[s]:
            rest.remove(k)
        pool += rest
        hidden.append((s, len(rest)))
    rng.shuffle(pool)
    if state.phase == "drawn" and state.turn != seat:
        ok = ALLOWED[state.roles[state.turn]][state.discard[-1]]
        pick = next(i for i, x in enumerate(pool) if x in ok)
        c.drawn = pool.pop(pick)
    for s, count in hidden:
        cards = list(state.known[s])
        if s == state.turn and state.phase == "drawn" and s != seat:
            cards.append(c.drawn)
            count -= 1
        cut = len(pool) - count
        fixed = len(cards)
        cards += pool[cut:]
        del pool[cut:]
        drawn = c.drawn if s == state.turn and state.phase == "drawn" else None
        _respect_void(state, s, cards, fixed, pool, drawn)
        c.hands[s] = cards
    c.draw = pool
    c.rng = rng.fork()
    return c


def _respect_void(
    state: BlancheNeigeState,
    seat: int,
    cards: list[str],
    fixed: int,
    pool: list[str],
    drawn: str | None,
) -> None:
    """Swap redealt cards of `seat` that its last forced draw or pass ruled out (a card
    its role could have played on that top) for draw-pile cards, keeping only as many
    as it may have drawn since. `cards[:fixed]` are known cards and its redealt `drawn`
    card, which counts among the new ones."""
    void = state.shown_void[seat]
    if void is None:
        return
    ruled_out = ALLOWED[state.roles[seat]][void[0]]
    allowance = void[1] - (1 if drawn is not None and drawn in ruled_out else 0)
    bad = [i for i in range(fixed, len(cards)) if cards[i] in ruled_out]
    spare = (j for j, x in enumerate(pool) if x not in ruled_out)
    for i in bad[max(0, allowance) :]:
        j = next(spare, None)
        if j is None:
            return
        cards[i], pool[j] = pool[j], cards[i]
