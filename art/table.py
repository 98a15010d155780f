"""The table picture: a green felt seen from above, the seats around it, the cards in play.

`draw_table(scene)` returns PNG bytes (720 x 450). Every layer that a later picture can
reuse is cached: the felt, each seat's plate, the header, each zone and the boxes, all keyed
by the (frozen, hashable) scene parts they show. A redraw after one move therefore pastes a
handful of cached sprites and encodes; see docs/art.md for the figures.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from . import cards, sprites, text
from .encode import to_png
from .palette import (
    FELT,
    FELT_DARK,
    FELT_LIGHT,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    PLATE,
    PLATE_LABEL,
    PLATE_MUTED,
    PLATE_TEXT,
    RAIL,
    RAIL_DARK,
    ROOM,
    TEAM,
    TURN,
    tint,
)
from .scene import Box, Fact, Played, Seat, TableScene, Zone

WIDTH, HEIGHT = 720, 450
HEADER = 44  # the title and facts band at the top
TABLE = (12, 50, WIDTH - 12, HEIGHT - 8)  # the rail's outer ellipse
PLATE_W, PLATE_H = 176, 58
PLATE_W_CROWDED = 150  # from 7 seats on
IDENTITY_H = 50  # identity card height on a plate
IDENTITY_EXTRA = 42  # extra plate width when it shows an identity card
FAN_H = 30  # card backs on a plate
MARGIN = 6
ZONE_HEIGHTS = (76, 66, 56, 48, 40)  # card heights tried, largest first, until zones fit
BOX_CARD_H = 46
FACT_CARD_H = 34
FACE_HEIGHTS = (*ZONE_HEIGHTS, BOX_CARD_H, FACT_CARD_H)


Rect = tuple[int, int, int, int]


@dataclass(frozen=True)
class SeatPlace:
    """Where a seat's plate goes and the name as drawn (fitted to the plate)."""

    seat: int
    rect: Rect
    name: str
    name_size: int


# --- Layout -------------------------------------------------------------------------------


def plate_size(seat: Seat, seats: int) -> tuple[int, int]:
    """A seat's plate, narrower when 7 to 9 players share the table."""
    base = PLATE_W if seats <= 6 else PLATE_W_CROWDED
    return base + (IDENTITY_EXTRA if seat.identity else 0), PLATE_H


def name_width(seat: Seat, seats: int) -> int:
    """Room for the name on the plate, in px."""
    w, _ = plate_size(seat, seats)
    left = 12 + (IDENTITY_EXTRA if seat.identity else 0)
    fan = 58 if seat.cards else 8
    dealer = 22 if seat.dealer else 0
    return w - left - fan - dealer


def seat_layout(scene: TableScene) -> list[SeatPlace]:
    """Plates around the oval, seat 0 at the bottom then clockwise (the way the deal goes)."""
    n = len(scene.seats)
    anchors = _ANCHORS[n]
    places = []
    for i, seat in enumerate(scene.seats):
        w, h = plate_size(seat, n)
        x, y = anchors[i]
        left = min(max(MARGIN, round(x - w / 2)), WIDTH - MARGIN - w)
        top = min(max(HEADER + 4, round(y - h / 2)), HEIGHT - MARGIN - h)
        name, size = text.fit(text.printable(seat.name) or "?", name_width(seat, n), 15, 11)
        places.append(SeatPlace(i, (left, top, left + w, top + h), name, size))
    return places


# Plate centres per number of seats, clockwise from the bottom. The side seats hug the
# picture's edges so that the middle keeps about 340 x 270 px for cards and boxes; from 7
# seats the plates narrow and three share the bottom and the top.
_BOTTOM = (WIDTH / 2, HEIGHT - 36)
_TOP = (WIDTH / 2, HEADER + 36)
_LEFT, _RIGHT = 6 + PLATE_W / 2, WIDTH - 6 - PLATE_W / 2
_L7, _R7 = 6 + PLATE_W_CROWDED / 2, WIDTH - 6 - PLATE_W_CROWDED / 2
_BL, _BR = (WIDTH / 2 - 162, _BOTTOM[1]), (WIDTH / 2 + 162, _BOTTOM[1])
_TL, _TR = (WIDTH / 2 - 162, _TOP[1]), (WIDTH / 2 + 162, _TOP[1])
_ANCHORS: dict[int, tuple[tuple[float, float], ...]] = {
    1: (_BOTTOM,),
    2: (_BOTTOM, _TOP),
    3: (_BOTTOM, (_LEFT, 200), (_RIGHT, 200)),
    4: (_BOTTOM, (_LEFT, 240), _TOP, (_RIGHT, 240)),
    5: (
        _BOTTOM,
        (_LEFT, 290),
        (WIDTH / 2 - 150, _TOP[1]),
        (WIDTH / 2 + 150, _TOP[1]),
        (_RIGHT, 290),
    ),
    6: (_BOTTOM, (_LEFT, 315), (_LEFT, 165), _TOP, (_RIGHT, 165), (_RIGHT, 315)),
    7: (_BOTTOM, (_L7, 300), (_L7, 180), _TL, _TR, (_R7, 180), (_R7, 300)),
    8: (_BL, (_L7, 300), (_L7, 180), _TL, _TR, (_R7, 180), (_R7, 300), _BR),
    9: (_BOTTOM, _BL, (_L7, 300), (_L7, 180), _TL, _TR, (_R7, 180), (_R7, 300), _BR),
}


def centre_rect(places: list[SeatPlace]) -> Rect:
    """The free middle of the felt once the plates are placed."""
    x0, y0, x1, y1 = TABLE[0] + 40, TABLE[1] + 20, TABLE[2] - 40, TABLE[3] - 16
    gap = 6
    for place in places:
        px0, py0, px1, py1 = place.rect
        if px1 <= x0 or px0 >= x1 or py1 <= y0 or py0 >= y1:
            continue
        options = [
            (px1 + gap, y0, x1, y1),  # keep what is right of the plate
            (x0, y0, px0 - gap, y1),  # left of it
            (x0, py1 + gap, x1, y1),  # below it
            (x0, y0, x1, py0 - gap),  # above it
        ]
        x0, y0, x1, y1 = max(options, key=lambda r: max(0, r[2] - r[0]) * max(0, r[3] - r[1]))
    return x0, y0, x1, y1


# --- Layers -------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _felt() -> Image.Image:
    """Room, rail and felt, drawn at 2x once. The felt lightens toward the middle in steps
    of one colour level, which looks smooth and keeps long runs for the PNG compressor."""
    k = 2
    img = Image.new("RGB", (WIDTH * k, HEIGHT * k), ROOM)
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = (v * k for v in TABLE)
    d.ellipse((x0 + 2 * k, y0 + 5 * k, x1 + 2 * k, y1 + 5 * k), fill=(18, 20, 24))
    d.ellipse((x0, y0, x1, y1), fill=RAIL_DARK)
    d.ellipse((x0 + 2 * k, y0 + 2 * k, x1 - 2 * k, y1 - 2 * k), fill=RAIL)
    rail = 16 * k
    d.ellipse(
        (x0 + rail - 3 * k, y0 + rail - 3 * k, x1 - rail + 3 * k, y1 - rail + 3 * k), fill=GOLD_DARK
    )
    d.ellipse(
        (x0 + rail - 2 * k, y0 + rail - 2 * k, x1 - rail + 2 * k, y1 - rail + 2 * k), fill=GOLD
    )
    fx0, fy0, fx1, fy1 = x0 + rail, y0 + rail, x1 - rail, y1 - rail
    d.ellipse((fx0, fy0, fx1, fy1), fill=FELT_DARK)
    steps = 14
    for i in range(1, steps + 1):
        t = i / steps
        inset_x = (fx1 - fx0) * 0.012 + t * (fx1 - fx0) * 0.36
        inset_y = (fy1 - fy0) * 0.012 + t * (fy1 - fy0) * 0.36
        colour = tint(FELT_DARK, FELT_LIGHT, min(1.0, 0.35 + t * 0.75))
        d.ellipse((fx0 + inset_x, fy0 + inset_y, fx1 - inset_x, fy1 - inset_y), fill=colour)
    # A thin stitched line inside the rail.
    d.ellipse(
        (fx0 + 10 * k, fy0 + 10 * k, fx1 - 10 * k, fy1 - 10 * k),
        outline=tint(FELT, GOLD, 0.25),
        width=k,
    )
    return img.resize((WIDTH, HEIGHT), Image.Resampling.LANCZOS)


@lru_cache(maxsize=64)
def _header(title: str, facts: tuple[Fact, ...], lang: str) -> Image.Image:
    img = _felt().crop((0, 0, WIDTH, HEADER)).convert("RGBA")
    x = WIDTH - 12
    for fact in reversed(facts):
        x = _fact(img, fact, x, lang) - 18
    title, size = text.fit(title, max(40, x - 14), 18, 13)
    text.paste(img, title, (14, HEADER / 2), size, PLATE_TEXT, "lm")
    return img.convert("RGB")


def _fact(img: Image.Image, fact: Fact, right: int, lang: str) -> int:
    """Draw one fact ending at `right`; return where it starts."""
    x = right
    y = HEADER / 2
    if fact.value:
        box = text.paste(img, fact.value, (x, y), 15, PLATE_TEXT, "rm")
        x = box[0] - 4
    if fact.card:
        face = cards.face(fact.card, FACT_CARD_H, lang)
        x -= face.width
        img.alpha_composite(face, (x, round(y - face.height / 2)))
        x -= 5
    if fact.suit:
        icon = sprites.pip_icon(fact.suit, 22)
        x -= icon.width
        img.alpha_composite(icon, (x, round(y - icon.height / 2)))
        x -= 5
    if fact.label:
        box = text.paste(img, fact.label, (x, y), 12, PLATE_MUTED, "rm")
        x = box[0]
    return x


def _fact_width(fact: Fact) -> int:
    """How wide `_fact` draws a fact."""
    w = 0
    if fact.value:
        w += text.width(fact.value, 15) + 4
    if fact.card:
        w += cards.card_size(FACT_CARD_H)[0] + 5
    if fact.suit:
        w += 22 + 5
    if fact.label:
        w += text.width(fact.label, 12)
    return w


def header_fits(title: str, facts: tuple[Fact, ...]) -> bool:
    """Whether the header holds the title at its full size beside these facts: a caller
    with more facts than room keeps the first ones rather than cut the title short."""
    used = sum(_fact_width(f) + 18 for f in facts)
    return 14 + text.width(title, 18) + 14 + used + 12 - 18 * bool(facts) <= WIDTH


@lru_cache(maxsize=512)
def _plate(seat: Seat, lang: str, name: str, name_size: int, w: int) -> Image.Image:
    h = PLATE_H
    team = TEAM[seat.team] if seat.team is not None else None
    edge = (*TURN, 255) if seat.turn else ((*team, 230) if team else (255, 255, 255, 46))
    img = sprites.rounded(w, h, 11, (*PLATE, 232), edge, 2 if seat.turn or team else 1).copy()
    left = 12
    if team:
        img.alpha_composite(sprites.rounded(5, h - 16, 2, (*team, 255)), (5, 8))
        left = 15
    if seat.identity:
        card = cards.identity_card(seat.identity, lang, IDENTITY_H)
        img.alpha_composite(card, (left - 4, (h - card.height) // 2))
        left += IDENTITY_EXTRA
    colour = TURN if seat.turn else PLATE_TEXT
    box = text.paste(img, name, (left, 18), name_size, colour, "lm")
    if seat.dealer:
        chip = sprites.disc(18, (250, 248, 240), (120, 120, 120), "D", (30, 30, 36), 11)
        img.alpha_composite(chip, (box[2] + 3, 9))
    x = left
    if seat.identity:
        role = cards.IDENTITIES[seat.identity].name.get(lang)
        box = text.paste(img, role, (x, 40), 12, GOLD_LIGHT, "lm")
        x = box[2] + 6
    if seat.score:
        box = text.paste(img, seat.score, (x, 40), 12, PLATE_MUTED, "lm")
        x = box[2] + 6
    if seat.cards:
        fan = sprites.back_fan(seat.cards, FAN_H)
        fx = w - 8 - fan.width
        fy = (h - fan.height) // 2 - 2
        img.alpha_composite(fan, (fx, fy))
        badge = sprites.disc(
            20,
            (250, 248, 240),
            (60, 60, 60),
            str(seat.cards),
            (20, 20, 24),
            11 if seat.cards < 10 else 10,
        )
        img.alpha_composite(badge, (w - 24, h - 24))
    return img


def _card_with_shadow(
    canvas: Image.Image, card: str, x: int, y: int, height: int, lang: str
) -> None:
    face = cards.face(card, height, lang)
    sh = sprites.shadow(face.width, face.height, max(3, face.width // 14), 3, 120)
    canvas.paste(sh, (x - 6 + 1, y - 6 + 2), sh)
    canvas.paste(face, (x, y), face)


CARD_GAP = 6  # between the cards of a row that has room
TAG_GAP = 4  # between two name tags
TAG_SIZES = (11, 10, 9)  # name tag sizes tried, largest first
HIDDEN_TAG_W = 30  # the "+n" tag before a row that shows only its last cards


@dataclass(frozen=True)
class Row:
    """Where a zone's face-up cards lie, from the left of the zone's picture: the cards
    shown (the last ones when not all fit), each card's left edge, and each card's name tag
    (its text and size) when the zone says who played it."""

    shown: tuple[Played, ...]
    xs: tuple[float, ...]
    hidden_before: int
    tags: tuple[tuple[str, int] | None, ...]
    pile_x: float  # the face-down pile's left edge (when the zone has one)


def tag_width(name: str, size: int) -> int:
    """The width of a name tag (`sprites.pill`) holding `name` at `size`."""
    return text.width(name, size) + size + 6


def row_layout(
    zone: Zone, names: tuple[str, ...], card_h: int, width: int, lang: str = "fr"
) -> Row:
    """Lay out a zone's row of cards in `width`. Cards overlap only as far as leaves each
    one's index in view (`cards.index_right`), and a tagged row (a trick with who played
    each card) spaces its cards so that every name tag holds the whole name, shrinking the
    tags to 9 px before it cuts a name. What cannot fit shows only the last cards."""
    card_w = cards.card_size(card_h)[0]
    pile_w = (card_w + 14) if zone.face_down else 0
    avail = width - pile_w - 8
    played = zone.cards
    n = len(played)
    who = [names[p.seat] if p.seat is not None else None for p in played]
    tagged = any(w is not None for w in who)

    def widest_tag(size: int, among: tuple[str | None, ...]) -> int:
        return max((tag_width(w, size) + TAG_GAP for w in among if w is not None), default=0)

    def index_step(among: tuple[Played, ...]) -> float:
        return max((cards.index_right(p.card, card_h, lang) + 2 for p in among[:-1]), default=0)

    step: float = card_w + CARD_GAP
    size = TAG_SIZES[0]
    shown = played
    hidden_before = 0
    if tagged:
        fitting = [s for s in TAG_SIZES if card_w + (n - 1) * widest_tag(s, tuple(who)) <= avail]
        size = fitting[0] if fitting else TAG_SIZES[-1]
        step = max(step, widest_tag(size, tuple(who)))
    if n > 1 and card_w + (n - 1) * step > avail:
        step = (avail - card_w) / (n - 1)
        least = max(index_step(played), card_w * 0.8 if tagged else 0.0)
        if step < least:
            keep = max(1, int((avail - card_w - HIDDEN_TAG_W) / least) + 1)
            hidden_before = n - keep
            shown = played[-keep:]
            step = least
    row_w = pile_w + (card_w + (len(shown) - 1) * step if shown else 0)
    if hidden_before:
        row_w += HIDDEN_TAG_W
    left = (width - row_w) / 2
    x0 = left + pile_w + (HIDDEN_TAG_W if hidden_before else 0)
    xs = tuple(x0 + i * step for i in range(len(shown)))
    room = round(step) - TAG_GAP - size - 6  # the text a tag may hold beside its neighbours
    tags = tuple(
        text.fit(names[p.seat], max(room, 12), size, TAG_SIZES[-1]) if p.seat is not None else None
        for p in shown
    )
    return Row(shown, xs, hidden_before, tags, left)


@lru_cache(maxsize=256)
def _zone(
    zone: Zone,
    names: tuple[str, ...],
    teams: tuple[int | None, ...],
    card_h: int,
    width: int,
    lang: str,
) -> Image.Image:
    """One zone: label, then the face-down pile and the row of cards, tags under cards."""
    card_w = cards.card_size(card_h)[0]
    tagged = any(p.seat is not None for p in zone.cards)
    label_h = 16 if zone.label else 0
    tag_h = 18 if tagged else 0
    h = label_h + card_h + tag_h + 10
    img = Image.new("RGBA", (width, h), (0, 0, 0, 0))
    row = row_layout(zone, names, card_h, width, lang)
    top = label_h + 4
    if zone.label:
        text.paste(img, zone.label, (width / 2, label_h / 2), 13, PLATE_LABEL, "mm")
    if zone.face_down:
        x = row.pile_x
        for i in range(min(3, zone.face_down), 0, -1):
            _card_with_shadow(img, cards.BACK, round(x + i * 2), top - i * 2 + 2, card_h, lang)
        badge = sprites.disc(
            24,
            (250, 248, 240),
            (60, 60, 60),
            str(zone.face_down),
            (20, 20, 24),
            11 if zone.face_down < 100 else 9,
        )
        img.alpha_composite(badge, (round(x + card_w - 14), top + card_h - 18))
    if row.hidden_before:
        tag = sprites.pill(f"+{row.hidden_before}", 11, PLATE_TEXT, (0, 0, 0, 110))
        x = row.xs[0] - HIDDEN_TAG_W
        img.alpha_composite(tag, (round(x), round(top + card_h / 2 - tag.height / 2)))
    for played, x, tagged_as in zip(row.shown, row.xs, row.tags, strict=True):
        cx = round(x)
        _card_with_shadow(img, played.card, cx, top, card_h, lang)
        if played.seat is not None and tagged_as is not None:
            team = teams[played.seat]
            edge = (*TEAM[team], 255) if team is not None else None
            label, size = tagged_as
            tag = sprites.pill(label, size, PLATE_TEXT, (*PLATE, 230), edge)
            img.alpha_composite(tag, (round(cx + card_w / 2 - tag.width / 2), top + card_h + 4))
    return img


BOX_W = 62  # a box's width, unless its label needs more
BOX_GAP = 6
BOX_LABEL_SIZES = (11, 9)  # a box's label, largest and smallest size: never cut


def box_label(box: Box, width: int) -> tuple[str, int, int]:
    """A box's label as drawn, its size and the box's width: the label shrinks from 11 px
    to 9 px to fit the usual width, and past that the box widens to hold it (up to
    `width`, the whole row: only there would a label be cut)."""
    big, small = BOX_LABEL_SIZES
    label, size = text.fit(box.label, BOX_W - 6, big, small)
    if label == text.printable(box.label):
        return label, size, BOX_W
    w = min(width, text.width(box.label, small) + 8)
    label, size = text.fit(box.label, w - 6, small, small)
    return label, size, w


def box_rows(boxes: tuple[Box, ...], width: int) -> list[list[int]]:
    """The boxes (indices) of each row, in order, as many as fit a row's `width`."""
    rows: list[list[int]] = []
    used = 0
    for i, box in enumerate(boxes):
        w = box_label(box, width)[2]
        if rows and used + BOX_GAP + w <= width:
            rows[-1].append(i)
            used += BOX_GAP + w
        else:
            rows.append([i])
            used = w
    return rows


def _box_h(boxes: tuple[Box, ...]) -> int:
    return 92 if any(b.card for b in boxes) else 50


@lru_cache(maxsize=128)
def _boxes(boxes: tuple[Box, ...], width: int, lang: str) -> Image.Image:
    """Token boxes in rows, each a label, an optional small card and its tokens."""
    box_h = _box_h(boxes)
    rows = box_rows(boxes, width)
    img = Image.new("RGBA", (width, len(rows) * (box_h + BOX_GAP)), (0, 0, 0, 0))
    for r, row in enumerate(rows):
        widths = [box_label(boxes[i], width)[2] for i in row]
        x = (width - sum(widths) - BOX_GAP * (len(row) - 1)) // 2
        for i, w in zip(row, widths, strict=True):
            img.alpha_composite(_box(boxes[i], box_h, lang, width), (x, r * (box_h + BOX_GAP)))
            x += w + BOX_GAP
    return img


@lru_cache(maxsize=256)
def _box(box: Box, box_h: int, lang: str, room: int) -> Image.Image:
    label, size, w = box_label(box, room)
    img = sprites.rounded(w, box_h, 8, (0, 0, 0, 70), (*GOLD, 150), 1).copy()
    text.paste(img, label, (w / 2, 10), size, PLATE_MUTED, "mm")
    y = 19
    if box.card:
        face = cards.face(box.card, BOX_CARD_H, lang)
        img.alpha_composite(face, ((w - face.width) // 2, y))
        y += 48
    stack = sprites.chips(min(4, max(1, (box.tokens + 4) // 5)), 16) if box.tokens else None
    count = str(box.tokens)
    tw = text.width(count, 14)
    total = (stack.width + 4 if stack else 0) + tw
    x = (w - total) // 2
    cy = y + (box_h - y) // 2 - 1
    if stack:
        img.alpha_composite(stack, (x, round(cy - stack.height / 2)))
        x += stack.width + 4
    text.paste(img, count, (x, cy), 14, PLATE_TEXT if box.tokens else PLATE_MUTED, "lm")
    return img


def _is_around(zone: Zone) -> bool:
    return zone.around and bool(zone.cards) and all(p.seat is not None for p in zone.cards)


AROUND_MIN_H = 190  # below this the trick falls back to a row with name tags
AROUND_FIT_H = 150  # the least room left under the rows where a trick laid around still reads


def _centre(img: Image.Image, scene: TableScene, rect: Rect, places: list[SeatPlace]) -> None:
    x0, y0, x1, y1 = rect
    width, height = x1 - x0, y1 - y0
    names = tuple(text.printable(s.name) or "?" for s in scene.seats)
    teams = tuple(s.team for s in scene.seats)
    around = [z for z in scene.zones if _is_around(z)]
    if around and (height < AROUND_MIN_H or len(scene.seats) > 6):
        around = []  # too little room, or seats too close to tell apart: a tagged row
    rows = [z for z in scene.zones if z not in around]
    room = height - (AROUND_MIN_H if around else 0)
    blocks: list[Image.Image] = []
    for card_h in zone_heights(scene, rows, names, width, room):
        blocks = []
        if scene.boxes:
            blocks.append(_boxes(scene.boxes, width, scene.lang))
        blocks += [_zone(z, names, teams, card_h, width, scene.lang) for z in rows]
    total = sum(b.height for b in blocks) + 6 * max(0, len(blocks) - 1)
    y = y0 + (0 if around else max(0, (height - total) // 2))
    for block in blocks:
        img.paste(block, (x0, y), block)
        y += block.height + 6
    if around:
        played = tuple(p for z in around for p in z.cards)
        area = (x0, y if blocks else y0, x1, y1)
        card_h = next((h for h in ZONE_HEIGHTS if h <= (area[3] - area[1]) * 0.45), 40)
        for p, (cx, cy) in zip(played, around_spots(played, area, places, card_h), strict=True):
            w, h = cards.card_size(card_h)
            _card_with_shadow(img, p.card, round(cx - w / 2), round(cy - h / 2), card_h, scene.lang)


def zone_heights(
    scene: TableScene, rows: list[Zone], names: tuple[str, ...], width: int, room: int
) -> tuple[int, ...]:
    """The card height the rows are drawn at (a one-item tuple): the largest at which the
    boxes and rows fit the room, and at which every card of every row shows if one does;
    the smallest when none fits."""
    boxes = boxes_height(scene.boxes, width) + 6 if scene.boxes else 0
    fitting = [
        h for h in ZONE_HEIGHTS if boxes + sum(zone_height(z, h) + 6 for z in rows) - 6 <= room
    ]
    whole = [
        h
        for h in fitting
        if not any(row_layout(z, names, h, width, scene.lang).hidden_before for z in rows)
    ]
    return ((whole or fitting or [ZONE_HEIGHTS[-1]])[0],)


def zone_height(zone: Zone, card_h: int) -> int:
    """The height `_zone` draws a zone at with cards `card_h` high."""
    tagged = any(p.seat is not None for p in zone.cards)
    return (16 if zone.label else 0) + card_h + (18 if tagged else 0) + 10


def boxes_height(boxes: tuple[Box, ...], width: int) -> int:
    """The height `_boxes` draws the boxes at in `width`."""
    return len(box_rows(boxes, width)) * (_box_h(boxes) + BOX_GAP)


def fits(scene: TableScene) -> bool:
    """Whether the middle of the felt holds the scene's boxes and zones at the smallest card
    size (else the last ones run over the plates): a caller drops zones until it does.
    Reckoned without drawing anything."""
    places = seat_layout(scene)
    x0, y0, x1, y1 = centre_rect(places)
    around = [z for z in scene.zones if _is_around(z)]
    if around and (y1 - y0 < AROUND_MIN_H or len(scene.seats) > 6):
        around = []
    rows = [z for z in scene.zones if z not in around]
    heights = [boxes_height(scene.boxes, x1 - x0)] if scene.boxes else []
    heights += [zone_height(z, ZONE_HEIGHTS[-1]) for z in rows]
    total = sum(heights) + 6 * max(0, len(heights) - 1)
    return total <= y1 - y0 - (AROUND_FIT_H if around else 0)


def around_spots(
    played: tuple[Played, ...], area: Rect, places: list[SeatPlace], card_h: int
) -> list[tuple[float, float]]:
    """Card centres for a trick: each card pushed from the middle toward its player's plate."""
    ax0, ay0, ax1, ay1 = area
    cx, cy = (ax0 + ax1) / 2, (ay0 + ay1) / 2
    w, h = cards.card_size(card_h)
    rx = max(0.0, min(120.0, (ax1 - ax0) / 2 - w / 2 - 4))
    ry = max(0.0, min(72.0, (ay1 - ay0) / 2 - h / 2 - 4))
    spots = []
    for p in played:
        px0, py0, px1, py1 = places[p.seat or 0].rect
        dx, dy = (px0 + px1) / 2 - cx, (py0 + py1) / 2 - cy
        norm = math.hypot(dx / max(rx, 1.0), dy / max(ry, 1.0)) or 1.0
        spots.append((cx + dx / norm, cy + dy / norm))
    return spots


def draw_table_image(scene: TableScene) -> Image.Image:
    """The table picture as an RGB image (see `draw_table` for the bytes)."""
    img = _felt().copy()
    img.paste(_header(scene.title, scene.facts, scene.lang), (0, 0))
    places = seat_layout(scene)
    _centre(img, scene, centre_rect(places), places)
    for place in places:
        seat = scene.seats[place.seat]
        x0, y0, x1, y1 = place.rect
        w, h = x1 - x0, y1 - y0
        if seat.turn:
            halo = sprites.glow(w, h, 11, TURN)
            img.paste(halo, (x0 - 12, y0 - 12), halo)
        else:
            sh = sprites.shadow(w, h, 11, 4, 130)
            img.paste(sh, (x0 - 8 + 1, y0 - 8 + 3), sh)
        plate = _plate(seat, scene.lang, place.name, place.name_size, w)
        img.paste(plate, (x0, y0), plate)
        # Marks ride on the plate's top edge, right-aligned, so they never crowd the text.
        x = x1 - 10
        for mark in seat.marks:
            tag = sprites.pill(mark, 10, (40, 28, 0), (*GOLD, 255), (*GOLD_DARK, 255))
            x -= tag.width
            if x < x0 + 8:
                break
            img.paste(tag, (x, y0 - tag.height // 2), tag)
            x -= 4
    return img


def draw_table(scene: TableScene) -> bytes:
    """PNG bytes of the table picture (720 x 450, under 60 KB)."""
    return to_png(draw_table_image(scene))
