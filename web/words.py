"""What the pages say about a game, in the game's own words.

Nothing here knows a game. A game's name, what its moves and events say, what lies on its
table and how a player holds a hand all come from the registered game: `rules.words`
(games/words.py), its typed facts (`public_facts` from the spectator's view, `hand_facts`
from each seat's view, games/facts.py) and the text faces of games/cards.py, so the pages
say what the bot says on Discord. Card pictures come from the art (web/cards.py) where it
draws the card. The page furniture (titles, buttons, dates) is web/i18n.py's.

The games' texts mark a Bianco Mano family with a coloured-square emoji (Discord draws
it). A browser draws an emoji only with an emoji font, which many systems lack, so the
pages never send one: `marked` turns each family mark into the family's own shape, drawn
inline in SVG as the card art draws it (circle, square, triangle, diamond), and a card's
text face names its family in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape

from games.cards import FAMILY_MARKS, JOKER_MARK, family_name, is_bianco_mano, tint
from games.cards import face as text_face
from games.facts import HandFacts, PublicFacts, SeatFacts, Zone
from games.text import common
from games.words import Words

from . import cards, i18n


# --- card faces -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Face:
    """One card as a page shows it: the art's picture where it draws the card (`src`), else
    the text face, which is also the picture's alternative text."""

    card: str
    text: str  # `10♥`, `D♠`, `Mamma (rouge)`: plain text, no emoji
    css: str  # "card red": the colour a player sees first (suit or family)
    src: str | None  # /cards/<id>.png?v=...; None: show `text`


def face(card: str, lang: str) -> Face:
    colour = tint(card)
    return Face(card, plain_face(card, lang), f"card {colour or 'plain'}", cards.url(card, lang))


def plain_face(card: str, lang: str) -> str:
    """A card's text face with no mark a font must draw: `D♠`, `Mamma (rouge)`, `Joker`."""
    text = unmarked(text_face(card, lang))
    if is_bianco_mano(card):
        return f"{text} ({unmarked(family_name(card[2], lang))})"
    return text


# --- family marks -----------------------------------------------------------------------------
_SHAPES = {
    "R": '<circle cx="5" cy="5" r="4.2"/>',
    "B": '<rect x="1.2" y="1.2" width="7.6" height="7.6" rx="0.8"/>',
    "J": '<polygon points="5,0.6 9.6,8.8 0.4,8.8"/>',
    "V": '<polygon points="5,0.2 9.8,5 5,9.8 0.2,5"/>',
}
"""Each family's shape in a 10 x 10 box, as art.shapes.family_mark draws it on the cards."""
_FAMILY_OF_MARK = {mark: family for family, mark in FAMILY_MARKS.items()}


def unmarked(text: str) -> str:
    """`text` without family or joker marks (for attributes: alternative text, titles)."""
    for mark in (*FAMILY_MARKS.values(), JOKER_MARK):
        text = text.replace(mark + " ", "").replace(mark, "")
    return text


def family_mark(family: str, lang: str) -> Markup:
    """A family's shape as inline SVG, coloured by the style sheet, named for screen readers."""
    name = escape(unmarked(family_name(family, lang)))
    return Markup(
        f'<svg class="family family-{family}" viewBox="0 0 10 10" role="img" '
        f'aria-label="{name}">{_SHAPES[family]}</svg>'
    )


def marked(text: str, lang: str) -> Markup:
    """A game's text as HTML: escaped, each family mark drawn as its shape, the joker's
    emoji left out (its name follows it)."""
    html = str(escape(text)).replace(JOKER_MARK + " ", "").replace(JOKER_MARK, "")
    for mark, family in _FAMILY_OF_MARK.items():
        html = html.replace(mark, str(family_mark(family, lang)))
    return Markup(html)


def isolated(names: Sequence[str]) -> list[str]:
    """Names to put inside the game's sentences, each in a Unicode isolate (FSI ... PDI):
    the text form of the pages' `<bdi>`, so a right-to-left name, even with an override
    character, cannot turn the rest of the sentence around."""
    return [f"\u2068{name}\u2069" for name in names]


# --- moves and events -------------------------------------------------------------------------
def narration(
    words: Words,
    events: Sequence[Mapping[str, Any]],
    move: tuple[int, str],
    names: Sequence[str],
    lang: str,
) -> tuple[str, list[str]]:
    """The move that led to a step and what it caused, as the game tells its events.

    The first narrated event is the move itself ("Alice joue 10♥"); the others follow it
    (a trick won, a deal scored). A move whose events the game does not narrate is shown
    by the player's name and the game's label for the action.
    """
    names = isolated(names)
    told = [text for event in events if (text := words.narrate(event, lang, names))]
    if told:
        return told[0], told[1:]
    seat, action_id = move
    who = names[seat] if 0 <= seat < len(names) else "?"
    return i18n.text("move_by", lang, who=who, move=words.action_label(action_id, lang)), []


# --- the table --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ZoneView:
    """Cards face up on the table: who played each one (a trick) and a pile's size."""

    key: str
    label: str
    cards: list[tuple[str | None, Face]]
    count: str | None  # `12 cartes`, when the pile holds more than shows


@dataclass(frozen=True, slots=True)
class TableView:
    """The middle of the table: labelled facts, face-up cards, boxes and their tokens."""

    facts: list[str]
    zones: list[ZoneView]
    boxes_label: str
    boxes: list[tuple[str, str]]  # box name, its tokens with their unit (`3 jetons`)


def table(words: Words, facts: PublicFacts, names: Sequence[str], lang: str) -> TableView:
    zones = [z for zone in facts.zones if (z := zone_view(words, zone, names, lang))]
    return TableView(
        facts=[words.fact(f, lang, isolated(names)) for f in facts.facts],
        zones=zones,
        boxes_label=common("boxes", lang),
        boxes=[
            (words.box(b.key, lang), words.amount(b.tokens, "token", lang)) for b in facts.boxes
        ],
    )


def zone_view(words: Words, zone: Zone, names: Sequence[str], lang: str) -> ZoneView | None:
    """A zone in words and faces (who played each card: a name the page isolates itself);
    None when it holds nothing to show."""
    seats: Sequence[int | None] = zone.seats or [None] * len(zone.cards)
    shown = [
        (names[s] if s is not None and 0 <= s < len(names) else None, face(c, lang))
        for s, c in zip(seats, zone.cards, strict=True)
    ]
    count = None
    if zone.count is not None and zone.count != len(zone.cards):
        count = words.zone_count(zone, lang)
    if not shown and count is None:
        return None
    return ZoneView(zone.key, words.label(zone.key, lang), shown, count)


# --- the seats --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SeatWords:
    """A seat as the table shows it, and its hand as its player holds it."""

    seat: int
    score: str | None  # `12 jetons`, `36 points`
    role: str | None
    marks: list[str]  # `preneur`, a bet...
    dealer: bool
    to_move: bool
    hand: list[list[Face]]  # one group per suit, family or rank, as the player sorts

    @property
    def cards(self) -> int:
        return sum(len(group) for group in self.hand)


def seats(
    words: Words,
    facts: PublicFacts,
    hands: Sequence[HandFacts],
    names: Sequence[str],
    lang: str,
) -> list[SeatWords]:
    held = {h.seat: h for h in hands}
    return [seat_words(words, s, held.get(s.seat), names, lang) for s in facts.seats]


def seat_words(
    words: Words, seat: SeatFacts, hand: HandFacts | None, names: Sequence[str], lang: str
) -> SeatWords:
    return SeatWords(
        seat=seat.seat,
        score=None if seat.score is None else words.amount(seat.score, seat.unit, lang),
        role=None if seat.role is None else words.role(seat.role, lang),
        marks=[words.fact(m, lang, isolated(names)) for m in seat.marks],
        dealer=seat.dealer,
        to_move=seat.to_move,
        hand=[[face(c, lang) for c in group] for group in hand.groups] if hand else [],
    )
