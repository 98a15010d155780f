"""Blanche-Neige: a shedding game where each player's identity card sets their discard rule.

The package splits the card tables (`roles`), the table options (`options`) and the match
state (`state`); this module exposes the registry's `RULES`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..base import Rules
from .options import Options
from .roles import ALL_ROLES, CLASSIC_ROLES, IDENTITY_CARD, VARIANT_ROLES
from .state import BlancheNeigeState

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
    slug = "blanche-neige"
    name = "Blanche-Neige"
    min_players = 2
    max_players = 5
    Options = Options
    State = BlancheNeigeState
    # A match is a single deal; one rebuild of the draw pile keeps it short, and the race
    # option is on so the shared property suite also sees several seats to move at once.
    quick_options: ClassVar[dict[str, Any]] = {"miroir_a_la_volee": True, "max_reshuffles": 1}

    def _new(self, players: int, seed: int, options: Any) -> BlancheNeigeState:
        return BlancheNeigeState.deal(players, seed, options)


RULES = BlancheNeigeRules()
BlancheNeigeState.rules = RULES
