"""What a Plus fort table shows, from its views alone."""

from __future__ import annotations

from typing import Any

from games.facts import Fact, HandFacts, PublicFacts, SeatFacts, group_by, trick_zone


def public(view: dict[str, Any]) -> PublicFacts:
    movers = set(view["to_move"])
    seats = tuple(
        SeatFacts(
            seat=s,
            hand_size=size,
            score=view["scores"][s],
            unit="trick",
            dealer=s == view["dealer"],
            to_move=s in movers,
        )
        for s, size in enumerate(view["hand_sizes"])
    )
    zone = trick_zone("trick", view["trick"])
    facts = (Fact("deal", "number", (view["deal"], view["deals"])),)
    return PublicFacts(phase=view["phase"], seats=seats, zones=(zone,), facts=facts)


def hand(view: dict[str, Any], seat: int) -> HandFacts:
    cards = view["hand"]
    key = {c: "SHDC".index(c[-1]) * 10 + "JQKA".index(c[0]) for c in cards}
    return HandFacts(seat=seat, groups=group_by(cards, key, {c: c[-1] for c in cards}))
