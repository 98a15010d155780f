"""What a Blanche-Neige table shows, from its views alone (see games/facts.py)."""

from __future__ import annotations

from typing import Any

from ..facts import Fact, HandFacts, PublicFacts, Zone, group_by, seat_facts
from .rules import SORT_KEY

_VALUE_KEY = {c: i for i, c in enumerate(sorted(SORT_KEY, key=SORT_KEY.__getitem__))}
_VALUE_OF = {c: c[:-1] for c in SORT_KEY}


def public(view: dict[str, Any]) -> PublicFacts:
    pending = view["pending_seat"]
    seats = tuple(
        seat_facts(
            view,
            s,
            "card",
            scored=False,  # the score is the hand size, shown already
            role=view["roles"][s],
            marks=(Fact("pair_owner", "flag"),) if s == pending else (),
            shown=tuple(view["revealed"][s]),
        )
        for s in range(len(view["hand_sizes"]))
    )
    zones = (
        Zone("discard", cards=(view["top"],), count=view["discard_size"]),
        Zone("draw", count=view["draw_size"]),
    )
    facts = []
    if pending is not None:
        facts.append(Fact("pending", "seat", pending))
    return PublicFacts(phase=view["phase"], seats=seats, zones=zones, facts=tuple(facts))


def hand(view: dict[str, Any], seat: int) -> HandFacts:
    """By value, ace first; the two cards of a mirror pair side by side."""
    facts = []
    if 0 <= seat < len(view["roles"]):
        role = view["roles"][seat]
        facts.append(Fact("your_role", "role", role))
        facts.append(Fact("your_rule", "term", role))
    if view["drawn"] is not None:
        facts.append(Fact("drawn", "card", view["drawn"]))
    groups = group_by(view["hand"], _VALUE_KEY, _VALUE_OF)
    return HandFacts(seat=seat, groups=groups, facts=tuple(facts))
