"""Bonanza (slug `bonanza`): the wheel game for 2 to 9 players (see docs/rules/bonanza.md).

A deal runs: stakes and deal, the dead hand (exchange or auction), the calls Joker,
Dame-Valet, Séquence and Dix-Deux, the Poker call (one betting round and a showdown), then
the sequence game that pays A♠, K♥, Q♦, J♣ and the Pot.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .. import base, register
from ..base import GameState
from ..facts import FactsOf
from ..options import BaseOptions
from . import facts
from .options import Options
from .rules import BOXES, CALLS
from .state import State
from .words import WORDS

__all__ = ["BOXES", "CALLS", "RULES", "Options", "Rules", "State"]


class Rules(base.Rules):
    slug: ClassVar[str] = "bonanza"
    name: ClassVar[str] = "Bonanza"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 9
    Options: ClassVar[type[BaseOptions]] = Options
    State: ClassVar[type[GameState]] = State
    words = WORDS
    facts: ClassVar[FactsOf] = facts
    colour: ClassVar[int] = 0x6A1B9A
    quick_options: ClassVar[dict[str, Any]] = {"deals": 2}
    quick_players: ClassVar[int | None] = 3
    ai: ClassVar[str | None] = "games.bonanza.ai"


RULES = Rules()
State.rules = RULES
register(RULES)
