"""What a Manille table shows, from its views alone (see games/facts.py)."""

from __future__ import annotations

from typing import Any

from ..cards import SUITS
from ..facts import Fact, HandFacts, PublicFacts, Zone, group_by, seat_facts, trick_zone
from .rules import PLAYERS, STRENGTH, SUIT, TEAMS


def public(view: dict[str, Any]) -> PublicFacts:
    seats = tuple(seat_facts(view, s, "point", team=s % 2) for s in range(PLAYERS))
    zones = [trick_zone("trick", view["trick"])]
    if view["retourne"] is not None:  # face up until the first trick is taken
        zones.append(Zone("retourne", cards=(view["retourne"],)))
    if view["last_trick"]:
        zones.append(trick_zone("last_trick", view["last_trick"]))
    facts = [
        Fact("deal", "number", view["deal_number"]),
        Fact("trump", "suit", view["trump"]),
        Fact("target", "number", view["target"]),
    ]
    return PublicFacts(
        phase=view["phase"], seats=seats, zones=tuple(zones), facts=tuple(facts), teams=TEAMS
    )


def hand(view: dict[str, Any], seat: int) -> HandFacts:
    """Trumps first, then the other suits; strongest card first in each."""
    trump = view["trump"]
    rank = {s: 0 if s == trump else 1 + i for i, s in enumerate(SUITS)}
    key = {c: rank[SUIT[c]] * 16 - STRENGTH[c] for c in view["hand"]}
    facts = (Fact("partner", "seat", view["partner"]),) if view["partner"] is not None else ()
    return HandFacts(seat=seat, groups=group_by(view["hand"], key, SUIT), facts=facts)
