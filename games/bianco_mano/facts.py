"""What a Bianco Mano table shows, from its views alone (see games/facts.py)."""

from __future__ import annotations

from typing import Any

from ..facts import Fact, HandFacts, PublicFacts, Zone, group_by, seat_facts, trick_zone
from .rules import FAMILIES, SORT_KEY


def _team_of(teams: list[list[int]] | None, seat: int) -> int | None:
    for i, side in enumerate(teams or ()):
        if seat in side:
            return i
    return None


def public(view: dict[str, Any]) -> PublicFacts:
    teams = view["teams"]
    seats = []
    for s in range(view["players"]):
        marks = []
        if s == view["taker"]:
            marks.append(Fact("taker", "flag"))
        if view["partner"] is not None and s == view["partner"]:
            marks.append(Fact("partner_mark", "flag"))
        seats.append(seat_facts(view, s, "point", team=_team_of(teams, s), marks=tuple(marks)))
    zones = [trick_zone("trick", view["trick"])]
    if view["dominant"] is None and view["turned"] is not None:  # face up while bidding
        zones.append(Zone("turned", cards=(view["turned"],)))
    if view["last_trick"]:
        zones.append(trick_zone("last_trick", view["last_trick"]))
    if view["espion_size"]:
        zones.append(Zone("espion", count=view["espion_size"]))
    facts = [Fact("deal", "number", (view["deal_number"], view["deals"]))]
    if view["bid_round"] is not None:
        facts.append(Fact("bid_round", "number", view["bid_round"]))
    if view["dominant"] is not None:
        facts.append(Fact("dominant", "family", view["dominant"]))
    if view["called"] is not None:
        facts.append(Fact("called", "card", view["called"]))
    if view["announced"]:
        facts.append(Fact("announced", "flag"))
    fixed = tuple(tuple(t) for t in teams) if view["players"] == 4 and teams else None
    return PublicFacts(
        phase=view["phase"],
        seats=tuple(seats),
        zones=tuple(zones),
        facts=tuple(facts),
        teams=fixed,
    )


def hand(view: dict[str, Any], seat: int) -> HandFacts:
    """Family by family, the dominant one first; strongest character first in each."""
    dom = view["dominant"]
    order = {f: 0 if f == dom else 1 + i for i, f in enumerate(FAMILIES)}
    key = {c: order[c[2]] * 100 + SORT_KEY[c] for c in view["hand"]}
    family = {c: c[2] for c in view["hand"]}
    facts = []
    if view["espion"]:
        facts.append(Fact("your_espion", "cards", tuple(view["espion"])))
    partner = view["partner"]
    if partner is not None and partner == seat and view["taker"] is not None:
        facts.append(Fact("partner_of", "seat", view["taker"]))
    elif partner is not None and seat == view["taker"]:
        facts.append(Fact("your_partner", "seat", partner))
    return HandFacts(seat=seat, groups=group_by(view["hand"], key, family), facts=tuple(facts))
