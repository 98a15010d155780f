"""What a Plus fort table shows, from its views alone."""

from __future__ import annotations

from typing import Any

from games.facts import Fact, HandFacts, PublicFacts, group_by, seat_facts, trick_zone


def public(view: dict[str, Any]) -> PublicFacts:
    seats = tuple(seat_facts(view, s, "trick") for s in range(len(view["hand_sizes"])))
    zone = trick_zone("trick", view["trick"])
    facts = (Fact("deal", "number", (view["deal"], view["deals"])),)
    return PublicFacts(phase=view["phase"], seats=seats, zones=(zone,), facts=facts)


def hand(view: dict[str, Any], seat: int) -> HandFacts:
    cards = view["hand"]
    key = {c: "SHDC".index(c[-1]) * 10 + "JQKA".index(c[0]) for c in cards}
    return HandFacts(seat=seat, groups=group_by(cards, key, {c: c[-1] for c in cards}))
