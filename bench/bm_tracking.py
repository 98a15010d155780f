"""Bench-only diagnostic for Bianco Mano's "fort": what tracking the gathered pack is worth.

Without `shuffle_each_deal`, a deal after the first is dealt from the previous deal's
tricks, gathered in the order they were played (public), and cut: the cut is a rotation,
and the turned card (public, the 21st card dealt at four players) fixes it. So a seat that
remembers the previous deal's tricks knows every hand and the stock of the next deal (and,
by the same chain, of a redeal after everybody passed). The engine's `determinize` ignores
this on purpose (docs/rules/bianco-mano.md, "Determinization"). This redealer gives the
search the knowledge such a memory would give, by reading the true deal from the state:
the engine's redeal in the first deal, the real cards from the second deal on. It is a
measurement of the idea's worth, not an AI: it reads hidden state and must never leave
`bench/`.

    python bench/ai.py --game bianco-mano --level fort --budget 0 --jobs 1 \
        --set redealer=bench.bm_tracking:tracking_redealer --matches 50 --record t.jsonl
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from games.base import GameState
from games.bianco_mano.ai import PROFILE
from games.rng import Rng


def tracking_redealer(state: GameState, seat: int) -> Callable[[Rng], GameState]:
    """The true deal once a deal has been played (the pack then follows from the public
    tricks and the turned card); the game's own redeal before that."""
    view = state.view(None)
    if view["deal_number"] >= 2 and not state.options.shuffle_each_deal:

        def draw(rng: Rng) -> GameState:
            return state.copy()

        return draw
    return functools.partial(PROFILE.redeal, state, seat)
