"""What a Nain Jaune table shows, from its views alone (see games/facts.py)."""

from __future__ import annotations

from typing import Any

from ..facts import Box, Fact, HandFacts, PublicFacts, Zone, group_by, seat_facts
from .rules import BOXES, SORT_KEY

_RANK_OF = {c: c[:-1] for c in SORT_KEY}


def public(view: dict[str, Any]) -> PublicFacts:
    seats = tuple(seat_facts(view, s, "token") for s in range(len(view["hand_sizes"])))
    zones = (Zone("run", cards=tuple(view["run"])), Zone("talon", count=view["talon_size"]))
    boxes = tuple(Box(card, view["board"][card], card=card) for card in BOXES)
    facts = [Fact("deal", "number", view["deal"])]
    if view["phase"] == "play":
        if view["sans"] is not None:
            facts.append(Fact("asking", "rank", view["sans"]))
        elif view["needed"] is not None:
            facts.append(Fact("needed", "rank", view["needed"]))
        else:
            facts.append(Fact("new_run", "flag"))
    return PublicFacts(
        phase=view["phase"], seats=seats, zones=zones, boxes=boxes, facts=tuple(facts)
    )


def hand(view: dict[str, Any], seat: int) -> HandFacts:
    """By rank from the ace to the king, as runs are played."""
    return HandFacts(seat=seat, groups=group_by(view["hand"], SORT_KEY, _RANK_OF))
