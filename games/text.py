"""Facts and outcomes as plain lines of text, in the game's words.

The one place that turns `PublicFacts`, `HandFacts` and `Outcome` into sentences: the bot
adds its markup around these lines and the terminal player prints them as they are, so
both say the same thing in the same words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .facts import Box, HandFacts, PublicFacts, SeatFacts, Zone
from .outcome import Outcome
from .reasons import Reason
from .words import Context, Face, T, Words

COMMON = {
    "boxes": T("Cases", "Boxes"),
    "dealer": T("donneur", "dealer"),
    "turn": T("à jouer", "to play"),
    "empty": T("(aucune carte)", "(no cards)"),
    "shown": T("montre", "shows"),
}


def common(key: str, lang: str) -> str:
    return COMMON[key].get(lang)


def _ctx(words: Words, lang: str, names: Sequence[str], face: Face | None) -> Context:
    return words.context(lang, names, face)


def zone_line(
    zone: Zone, words: Words, lang: str, names: Sequence[str], face: Face | None = None
) -> str | None:
    """`Sur le tapis : Alice 10♥, Basile A♥`, `Défausse : 8♥ (12 cartes)`, `Pioche : 30
    cartes`; None for an empty zone."""
    ctx = _ctx(words, lang, names, face)
    if zone.cards and zone.seats:
        shown = ", ".join(
            f"{ctx.name(s)} {ctx.face(c)}" for s, c in zip(zone.seats, zone.cards, strict=True)
        )
    else:
        shown = " ".join(ctx.face(c) for c in zone.cards)
    count = words.zone_count(zone, lang) if zone.count is not None else ""
    if shown and count and zone.count != len(zone.cards):
        body = f"{shown} ({count})"
    else:
        body = shown or count
    if not body:
        return None
    return f"{words.label(zone.key, lang)}{_colon(lang)}{body}"


def boxes_line(
    boxes: Sequence[Box], words: Words, lang: str, face: Face | None = None
) -> str | None:
    """`Cases : 10♦ 3 · V♣ 6 · Nain jaune 7♦ 12`."""
    if not boxes:
        return None
    parts = [f"{words.box(b.key, lang, face)} {b.tokens}" for b in boxes]
    return f"{common('boxes', lang)}{_colon(lang)}" + " · ".join(parts)


def seat_parts(
    seat: SeatFacts, words: Words, lang: str, names: Sequence[str], face: Face | None = None
) -> list[str]:
    """A seat's facts after its name: `donneur`, `[Reine]`, `3 cartes`, `12 jetons`..."""
    ctx = _ctx(words, lang, names, face)
    parts: list[str] = []
    if seat.dealer:
        parts.append(common("dealer", lang))
    if seat.role is not None:
        parts.append(f"[{words.role(seat.role, lang)}]")
    parts.append(words.amount(seat.hand_size, "card", lang))
    if seat.score is not None:
        parts.append(words.amount(seat.score, seat.unit, lang))
    parts.extend(words.fact(m, lang, names, face) for m in seat.marks)
    if seat.shown:
        parts.append(f"{common('shown', lang)} " + " ".join(ctx.face(c) for c in seat.shown))
    return parts


def public_lines(
    facts: PublicFacts, words: Words, lang: str, names: Sequence[str], face: Face | None = None
) -> list[str]:
    """The table's labelled facts, face-up cards and boxes, one line each."""
    lines = [words.fact(f, lang, names, face) for f in facts.facts]
    for zone in facts.zones:
        line = zone_line(zone, words, lang, names, face)
        if line is not None:
            lines.append(line)
    boxes = boxes_line(facts.boxes, words, lang, face)
    if boxes is not None:
        lines.append(boxes)
    return lines


def hand_line(hand: HandFacts, lang: str, face: Face | None, words: Words) -> str:
    """The hand as a player holds it: groups apart, `10♥ A♥ · D♠ 7♠`."""
    ctx = _ctx(words, lang, (), face)
    if not hand.groups:
        return common("empty", lang)
    return " · ".join(" ".join(ctx.face(c) for c in group) for group in hand.groups)


def private_lines(
    hand: HandFacts, words: Words, lang: str, names: Sequence[str], face: Face | None = None
) -> list[str]:
    return [words.fact(f, lang, names, face) for f in hand.facts]


def why_text(
    words: Words,
    code: str,
    values: Mapping[str, Any],
    lang: str,
    names: Sequence[str] = (),
    face: Face | None = None,
) -> str:
    """Why a card cannot be played now (a `Reason`'s code and values), in a sentence that
    starts in lower case: the game's `why` words, else its refusal's."""
    entry = words.why.get(code)
    template = entry(values) if callable(entry) else entry
    if template is None:
        text = words.refusal(code, lang).removesuffix(".")
        return text[:1].lower() + text[1:]
    return words.fill(template.get(lang), values, _ctx(words, lang, names, face))


def why_lines(
    reasons: Sequence[Reason],
    words: Words,
    lang: str,
    names: Sequence[str],
    face: Face | None = None,
) -> list[str]:
    """« Pourquoi ? » in lines: `R♣ : vous devez monter sur le V♣ d'Ines…`. Cards whose
    sentence is the same share its line (`A♠ 3♥ : …`), in hand order; a reason about no
    card is a sentence of its own."""
    ctx = _ctx(words, lang, names, face)
    by_text: dict[str, list[str]] = {}
    for reason in reasons:
        text = why_text(words, reason.code, reason.values, lang, names, face)
        cards = by_text.setdefault(text, [])
        if reason.card is not None:
            cards.append(reason.card)
    lines = []
    for text, cards in by_text.items():
        if cards:
            lines.append(" ".join(ctx.face(c) for c in cards) + _colon(lang) + text)
        else:
            lines.append(text[:1].upper() + text[1:])
    return lines


def ranking_lines(outcome: Outcome, words: Words, lang: str, names: Sequence[str]) -> list[str]:
    """`1. Alice — 12 jetons`; teams once, their players together."""
    ctx = _ctx(words, lang, names, None)
    groups = (
        [list(t) for t in outcome.teams]
        if outcome.teams
        else [[s] for s in range(len(outcome.ranks))]
    )
    groups.sort(key=lambda g: (outcome.ranks[g[0]], g[0]))
    lines = []
    for group in groups:
        who = ctx.join([ctx.name(s) for s in group])
        score = words.amount(outcome.scores[group[0]], outcome.unit, lang)
        lines.append(f"{outcome.ranks[group[0]]}. {who} — {score}")
    return lines


def _colon(lang: str) -> str:
    """French sets a colon apart with a (non-breaking) space."""
    return ": " if lang == "en" else " : "
