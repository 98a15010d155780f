"""What one version of a match answers to the pure questions the bot asks it again and
again for one move: the table message, each hand, its picture and its buttons all want the
same facts, playable cards and refusals (`GameState.public_facts`, `hand_facts`,
`playable_cards`, `why_not` keep them here, per version)."""

from __future__ import annotations

from .facts import HandFacts, PublicFacts
from .reasons import Reason


class Answers:
    """The answers of one `version` of a state, by seat where the question names one."""

    __slots__ = ("hands", "playable", "public", "version", "why")

    def __init__(self, version: int) -> None:
        self.version = version
        self.public: PublicFacts | None = None
        self.hands: dict[int, HandFacts] = {}
        self.playable: dict[int, frozenset[str]] = {}
        self.why: dict[int, tuple[Reason, ...]] = {}
