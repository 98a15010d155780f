"""Bonanza (slug `bonanza`): the wheel game for 2 to 9 players (see docs/rules/bonanza.md).

A deal runs: stakes and deal, the dead hand (exchange or auction), the calls Joker,
Dame-Valet, Séquence and Dix-Deux, the Poker call (one betting round and a showdown), then
the sequence game that pays A♠, K♥, Q♦, J♣ and the Pot.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .. import register
from ..base import GameState, Rules
from ..facts import FactsOf
from ..options import BaseOptions
from . import facts
from .common import BOXES, CALLS
from .options import BonanzaOptions
from .state import BonanzaState
from .words import WORDS

__all__ = ["BOXES", "CALLS", "RULES", "BonanzaOptions", "BonanzaRules", "BonanzaState"]


class BonanzaRules(Rules):
    slug: ClassVar[str] = "bonanza"
    name: ClassVar[str] = "Bonanza"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 9
    Options: ClassVar[type[BaseOptions]] = BonanzaOptions
    State: ClassVar[type[GameState]] = BonanzaState
    words = WORDS
    facts: ClassVar[FactsOf] = facts
    colour: ClassVar[int] = 0x6A1B9A
    quick_options: ClassVar[dict[str, Any]] = {"deals": 2}
    quick_players: ClassVar[int | None] = 3
    ai: ClassVar[str | None] = "games.ai.bonanza"


RULES = BonanzaRules()
BonanzaState.rules = RULES
register(RULES)
