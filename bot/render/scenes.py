"""What a picture shows, built from the facts: never drawn here (bot.render.pictures draws).

A table picture is an `art.TableScene` built from the public facts only
(`state.public_facts()`, which reads `view(None)`) in the game's own words, the same way for
every game; a hand picture shows the cards of `hand_facts(seat)` (read from `view(seat)`)
in the order a player holds them, the ones its legal moves play raised and the ones the
rules forbid now greyed. So a picture can
show a hidden card only if the engine leaked it into those facts, which its contract tests
rule out (and tests/bot/render/test_pictures.py watches every scene of whole matches).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

import art
from art.hand import MAX_CARDS as MAX_HAND
from art.scene import MAX_SEATS, MAX_TEAMS
from games.base import GameState
from games.cards import face as text_face
from games.cards import family_name, suit_name
from games.facts import Fact, SeatFacts
from games.facts import Zone as FactZone
from games.lang import amount
from games.words import Face, Words

from ..i18n.translate import tr
from ..table.model import AI_LEVELS, Table

HEADER_FACTS = 3  # facts in the picture's header band: more would crowd out the title
MAX_DESCRIPTION = 1024  # Discord's limit for a media item's description
_LEADING_MARK = re.compile(r"^\W+")  # a suit symbol or family mark before a word


def _plain(lang: str) -> Face:
    """Text faces: a picture's text never holds an emoji's markup."""
    return lambda card: text_face(card, lang)


def _names(table: Table) -> list[str]:
    return [s.name for s in table.seats]


def _split(text: str) -> tuple[str, str]:
    """`Atout : ♥ cœur` -> (`Atout`, `♥ cœur`): a label and its value, when it has one."""
    for sep in (" : ", ": "):
        label, found, value = text.partition(sep)
        if found and label and value:
            return label, value
    return "", text


def header_fact(fact: Fact, words: Words, lang: str, names: Sequence[str]) -> art.Fact:
    """A fact of the table for the picture's header, in its words; a fact whose words name
    one card, suit or family gets it drawn instead of its text face."""
    label, value = _split(words.fact(fact, lang, names, _plain(lang)))
    shown = fact.value if isinstance(fact.value, str) else None
    if shown in art.ALL_CARDS and text_face(shown, lang) in value:
        words_only = label or value.replace(text_face(shown, lang), "").strip()
        return art.Fact(words_only, "", card=shown)
    if shown in art.MARKS:
        named = (suit_name(shown, lang), family_name(shown, lang))
        if any(n in value for n in named):
            return art.Fact(label, _LEADING_MARK.sub("", value), suit=shown)
    return art.Fact(label, value)


def _seat(seat: SeatFacts, table: Table, words: Words, over: bool) -> art.Seat:
    lang = table.lang
    names = _names(table)
    name = names[seat.seat] if 0 <= seat.seat < len(names) else "?"
    marks = [words.fact(m, lang, names, _plain(lang)) for m in seat.marks]
    identity = seat.role if seat.role in art.ROLES else None
    if seat.role is not None and identity is None:
        marks.insert(0, words.role(seat.role, lang))  # a role the art has no card for
    team = seat.team if seat.team is not None and 0 <= seat.team < MAX_TEAMS else None
    score = words.amount(seat.score, seat.unit, lang) if seat.score is not None else ""
    return art.Seat(
        name=name,
        cards=seat.hand_size,
        dealer=seat.dealer,
        turn=seat.to_move and not over,
        score=score,
        team=team,
        identity=identity,
        marks=tuple(marks),
    )


def _zone(zone: FactZone, words: Words, lang: str, around: bool) -> art.Zone | None:
    """A zone of face-up cards (and a pile of the ones not shown); None when empty."""
    seats = zone.seats or ()
    cards = tuple(
        art.Played(card, seats[i] if i < len(seats) else None)
        for i, card in enumerate(zone.cards)
        if card in art.ALL_CARDS
    )
    hidden = max(0, (zone.count or 0) - len(zone.cards))
    if not cards and not hidden:
        return None
    return art.Zone(words.label(zone.key, lang), cards, face_down=hidden, around=around)


def title_of(table: Table, phase: str | None = None) -> str:
    words = table.rules.words
    name = words.name.get(table.lang)
    return f"{name} · {words.phase(phase, table.lang)}" if phase else name


def table_scene(table: Table) -> art.TableScene | None:
    """The public picture of a playing or finished table, from `view(None)`'s facts only."""
    state = table.state
    if state is None or not table.seats:
        return None
    facts = state.public_facts()
    words = table.rules.words
    lang = table.lang
    names = _names(table)
    over = state.is_over()
    seats = tuple(_seat(s, table, words, over) for s in facts.seats[:MAX_SEATS])
    zones: list[art.Zone] = []
    trick_laid = False
    for zone in facts.zones:
        # The first zone that says who played each card is the trick in play: its cards lie
        # in front of their players. Later ones (the last trick) are rows with names.
        around = zone.seats is not None and not trick_laid
        trick_laid = trick_laid or zone.seats is not None
        drawn = _zone(zone, words, lang, around)
        if drawn is not None:
            zones.append(drawn)
    shown = tuple(  # cards a player has shown from their hand, each above its owner's name
        art.Played(c, seat.seat)
        for seat in facts.seats
        if 0 <= seat.seat < len(seats)
        for c in seat.shown
        if c in art.ALL_CARDS
    )
    if shown:
        zones.append(art.Zone(tr("picture.shown", lang), shown))
    boxes = tuple(
        art.Box(
            words.box(b.key, lang, _plain(lang)),
            b.tokens,
            b.card if b.card in art.ALL_CARDS else None,
        )
        for b in facts.boxes
    )
    title = title_of(table, "over" if over else facts.phase)
    header = tuple(header_fact(f, words, lang, names) for f in facts.facts[:HEADER_FACTS])
    while len(header) > 1 and not art.header_fits(title, header):
        header = header[:-1]  # the first facts matter most; the words say them all
    scene = art.TableScene(title, seats, tuple(zones), boxes, header, lang)
    while len(scene.zones) > 1 and not art.fits(scene):
        scene = replace(scene, zones=scene.zones[:-1])  # likewise the first zones
    return scene


def lobby_scene(table: Table) -> art.TableScene | None:
    """The lobby: the players seated so far around an empty felt, and a free place."""
    if not table.seats or table.status != "lobby":
        return None
    rules = table.rules
    lang = table.lang
    seated = tr("picture.seated", lang, n=len(table.seats), max=rules.max_players)
    seats = [
        art.Seat(
            name=s.name,
            marks=(tr(f"table.ai_{s.ai_level}" if s.ai_level in AI_LEVELS else "table.ai", lang),)
            if s.is_ai
            else (tr("picture.host", lang),)
            if s.user_id == table.host_id
            else (),
        )
        for s in table.seats[:MAX_SEATS]
    ]
    if len(seats) < min(rules.max_players, MAX_SEATS):
        seats.append(art.Seat(name=tr("picture.free", lang)))
    ready = len(table.seats) >= rules.min_players
    note = art.Zone(tr("picture.ready" if ready else "picture.waiting", lang))
    return art.TableScene(
        title=title_of(table),
        seats=tuple(seats),
        zones=(note,),
        facts=(art.Fact("", seated),),
        lang=lang,
    )


def has_picture(table: Table) -> bool:
    """Whether the table message shows a picture now (`scene_of` is not None), cheaply."""
    return bool(table.seats) and (table.state is not None or table.status == "lobby")


def scene_of(table: Table) -> art.TableScene | None:
    """The picture of the table message, whatever the table's stage; None for none."""
    return lobby_scene(table) if table.state is None else table_scene(table)


def describe(scene: art.TableScene, lang: str) -> str:
    """The picture in words, for screen readers (the media item's description)."""
    turn = tr("picture.turn", lang)
    dealer = tr("picture.dealer", lang)
    parts = [scene.title]
    for seat in scene.seats:
        bits = [seat.name]
        if seat.cards:
            bits.append(amount(seat.cards, "card", lang))
        bits += [m for m in (seat.score, *seat.marks) if m]
        if seat.dealer:
            bits.append(dealer)
        if seat.turn:
            bits.append(turn)
        parts.append(", ".join(bits))
    for zone in scene.zones:
        shown = " ".join(text_face(p.card, lang) for p in zone.cards)
        if zone.face_down:
            shown = f"{shown} (+{zone.face_down})".strip()
        if not shown:  # a note on the felt (the lobby's "waiting for players"): its words
            parts.append(zone.label)
        else:
            parts.append(f"{zone.label} : {shown}" if lang != "en" else f"{zone.label}: {shown}")
    for fact in scene.facts:
        if fact.card:
            parts.append(f"{fact.label} {text_face(fact.card, lang)}".strip())
        elif fact.label or fact.value:
            parts.append(f"{fact.label} {fact.value}".strip())
    return ". ".join(p for p in parts if p)[:MAX_DESCRIPTION]


def hand_cards(
    table: Table, seat: int, state: GameState | None = None
) -> tuple[tuple[str, ...], frozenset[str], frozenset[str]]:
    """The seat's cards as it holds them (`hand_facts(seat)`: by suit or family, trump or
    dominant first), those its legal moves would play (raised) and those the rules forbid
    now (`why_not`: greyed); in `state` if given, else in the table's."""
    state = state or table.state
    assert state is not None
    held = state.hand_facts(seat).cards
    if state.is_over() or seat not in state.to_move():
        return held, frozenset(), frozenset()
    forbidden = frozenset(r.card for r in state.why_not(seat) if r.card is not None)
    return held, state.playable_cards(seat), forbidden


def held_cards(table: Table, seat: int) -> tuple[str, ...]:
    """The cards a picture of `seat`'s hand shows now (what `Picture.cards` compares to)."""
    state = table.state
    assert state is not None
    return state.hand_facts(seat).cards[:MAX_HAND]


def describe_hand(
    cards: Sequence[str],
    playable: frozenset[str],
    lang: str,
    forbidden: frozenset[str] = frozenset(),
) -> str:
    """The hand picture in words: its cards, then the raised ones and the greyed ones."""
    faces = " ".join(text_face(c, lang) for c in cards)
    text = tr("picture.hand", lang, cards=faces)
    for key, which in (("picture.playable", playable), ("picture.forbidden", forbidden)):
        if which:
            shown = " ".join(text_face(c, lang) for c in cards if c in which)
            text += ". " + tr(key, lang, cards=shown)
    return text[:MAX_DESCRIPTION]
