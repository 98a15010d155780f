"""What a Bonanza table shows, from its views alone (see games/facts.py)."""

from __future__ import annotations

from typing import Any

from ..cards import is_standard
from ..facts import Box, Fact, HandFacts, PublicFacts, Zone, group_by, seat_facts
from .rules import BOXES, SORT_KEY

_SUIT_OF = {c: c[-1] for c in SORT_KEY}


def public(view: dict[str, Any]) -> PublicFacts:
    players = len(view["hand_sizes"])
    auction = view["auction"]
    seats = []
    for s in range(players):
        marks = []
        if view["pot_bets"][s]:
            marks.append(Fact("bet", "number", view["pot_bets"][s]))
        if view["phase"] == "poker" and view["folded"][s]:
            marks.append(Fact("folded", "flag"))
        if auction is not None and s in auction["passed"]:
            marks.append(Fact("out_of_auction", "flag"))
        if view["joker"] == s:
            marks.append(Fact("holds_joker", "flag"))
        seats.append(
            seat_facts(view, s, "token", marks=tuple(marks), shown=tuple(view["shown"][s]))
        )
    zones = [Zone("table", cards=tuple(view["table"]))]
    if view["mort_size"]:
        zones.append(Zone("mort", count=view["mort_size"]))
    if view["dead_count"]:
        zones.append(Zone("dead", cards=tuple(view["known_dead"]), count=view["dead_count"]))
    boxes = tuple(
        Box(key, view["wheel"][key], card=key if is_standard(key) else None) for key in BOXES
    )
    facts = [Fact("deal", "number", (view["deal"], view["deals"]))]
    if view["call"] is not None:
        facts.append(Fact("call", "term", view["call"]))
    if view["pair"]:
        facts.append(Fact("pair", "cards", tuple(view["pair"])))
    if auction is not None:
        facts.append(Fact("high_bid", "number", auction["high"]))
        if auction["high_seat"] is not None:
            facts.append(Fact("high_bidder", "seat", auction["high_seat"]))
    if view["last"] is not None and view["stop"]:
        facts.append(Fact("stopped_on", "card", view["last"]))
    return PublicFacts(
        phase=view["phase"],
        seats=tuple(seats),
        zones=tuple(zones),
        boxes=boxes,
        facts=tuple(facts),
    )


def hand(view: dict[str, Any], seat: int) -> HandFacts:
    """Suit by suit (♠ ♥ ♦ ♣), lowest first as phase 3 plays them; the joker last."""
    facts = []
    if view["known_dead"]:
        facts.append(Fact("known_dead", "cards", tuple(view["known_dead"])))
    groups = group_by(view["hand"], SORT_KEY, _SUIT_OF)
    return HandFacts(seat=seat, groups=groups, facts=tuple(facts))
