"""Blanche-Neige (slug `blanche-neige`): a shedding game where each player's identity card
sets their discard rule. The rules as implemented are in docs/rules/blanche-neige.md.

The package splits the card tables (`roles`), the table options (`options`), the match
state (`state`), the redeal (`hidden`), the facts (`facts`) and the words (`words`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from .. import register
from ..base import GameState, Rules
from ..facts import FactsOf
from ..options import BaseOptions
from . import facts
from .options import Options
from .rules import ALL_ROLES, CLASSIC_ROLES, IDENTITY_CARD, VARIANT_ROLES
from .state import BlancheNeigeState
from .words import WORDS

__all__ = [
    "ALL_ROLES",
    "CLASSIC_ROLES",
    "IDENTITY_CARD",
    "RULES",
    "VARIANT_ROLES",
    "BlancheNeigeRules",
    "BlancheNeigeState",
    "Options",
]


class BlancheNeigeRules(Rules):
    slug: ClassVar[str] = "blanche-neige"
    name: ClassVar[str] = "Blanche-Neige"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    Options: ClassVar[type[BaseOptions]] = Options
    State: ClassVar[type[GameState]] = BlancheNeigeState
    words = WORDS
    facts: ClassVar[FactsOf] = facts
    colour: ClassVar[int] = 0xF5F5F5
    # A match is a single deal; one rebuild of the draw pile keeps it short, and the race
    # option is on so the shared property suite also sees several seats to move at once.
    quick_options: ClassVar[dict[str, Any]] = {"miroir_a_la_volee": True}
    quick_players: ClassVar[int | None] = 3
    ai: ClassVar[str | None] = "games.blanche_neige.ai"


RULES = BlancheNeigeRules()
BlancheNeigeState.rules = RULES
register(RULES)
