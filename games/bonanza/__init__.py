"""Bonanza: the wheel game for 2 to 9 players (see docs/rules/bonanza.md).

A deal runs: stakes and deal, the dead hand (exchange or auction), the calls Joker,
Dame-Valet, Séquence and Dix-Deux, the Poker call (one betting round and a showdown), then
the sequence game that pays A♠, K♥, Q♦, J♣ and the Pot.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..base import Rules
from .common import BOXES, CALLS
from .options import BonanzaOptions
from .state import BonanzaState, new_state


class BonanzaRules(Rules):
    slug: ClassVar[str] = "bonanza"
    name: ClassVar[str] = "Bonanza"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 9
    Options: ClassVar[type[BonanzaOptions]] = BonanzaOptions
    State: ClassVar[type[BonanzaState]] = BonanzaState
    quick_options: ClassVar[dict[str, Any]] = {"deals": 2}

    def _new(self, players: int, seed: int, options: Any) -> BonanzaState:
        return new_state(players, seed, options)


RULES = BonanzaRules()
BonanzaState.rules = RULES

__all__ = ["BOXES", "CALLS", "RULES", "BonanzaOptions", "BonanzaRules", "BonanzaState"]
