"""Blanche-Neige (slug `blanche-neige`): a shedding game where each player's identity card
sets their discard rule. The rules as implemented are in docs/rules/blanche-neige.md.

`rules.py` holds the cards and each character's discard rule, `deal.py` the match's fields
and the moves nobody chooses, `state.py` the players' moves, `hidden.py` the redeal,
`ai.py` the AI's heuristic and evaluation, `options.py`, `facts.py` and `words.py` the rest.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .. import base, register
from ..base import GameState
from ..faces import Faces, Identity
from ..facts import FactsOf
from ..options import BaseOptions
from . import facts
from .options import Options
from .rules import ALL_ROLES, CLASSIC_ROLES, IDENTITY_CARD, VARIANT_ROLES
from .state import State
from .words import CARD_RULES, WORDS

__all__ = [
    "ALL_ROLES",
    "CLASSIC_ROLES",
    "IDENTITY_CARD",
    "RULES",
    "VARIANT_ROLES",
    "Options",
    "Rules",
    "State",
]


class Rules(base.Rules):
    slug: ClassVar[str] = "blanche-neige"
    name: ClassVar[str] = "Blanche-Neige"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    Options: ClassVar[type[BaseOptions]] = Options
    State: ClassVar[type[GameState]] = State
    words = WORDS
    facts: ClassVar[FactsOf] = facts
    colour: ClassVar[int] = 0xF5F5F5
    # Each role's identity card: its name and its rule, in the order of the book.
    faces: ClassVar[Faces] = Faces(
        identities=tuple(Identity(r, WORDS.roles[r], CARD_RULES[r]) for r in ALL_ROLES)
    )
    # A match is a single deal; one rebuild of the draw pile keeps it short, and the race
    # option is on so the shared property suite also sees several seats to move at once.
    quick_options: ClassVar[dict[str, Any]] = {"miroir_a_la_volee": True}
    quick_players: ClassVar[int | None] = 3
    ai: ClassVar[str | None] = "games.blanche_neige.ai"


RULES = Rules()
State.rules = RULES
register(RULES)
