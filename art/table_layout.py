"""Where everything goes on the table picture (art.table): its size, the seats' places and
plates around the felt, the rows of cards in the centre and their tags, the boxes, and
whether a scene fits. Geometry only: nothing here draws.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from . import cards, text
from .scene import Box, Played, Seat, TableScene, Zone

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


def box_height(boxes: tuple[Box, ...]) -> int:
    return 92 if any(b.card for b in boxes) else 50


def is_around(zone: Zone) -> bool:
    return zone.around and bool(zone.cards) and all(p.seat is not None for p in zone.cards)


AROUND_MIN_H = 190  # below this the trick falls back to a row with name tags
AROUND_FIT_H = 150  # the least room left under the rows where a trick laid around still reads


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
    return len(box_rows(boxes, width)) * (box_height(boxes) + BOX_GAP)


def fits(scene: TableScene) -> bool:
    """Whether the middle of the felt holds the scene's boxes and zones at the smallest card
    size (else the last ones run over the plates): a caller drops zones until it does.
    Reckoned without drawing anything."""
    places = seat_layout(scene)
    x0, y0, x1, y1 = centre_rect(places)
    around = [z for z in scene.zones if is_around(z)]
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
