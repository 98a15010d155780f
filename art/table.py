"""The table picture: a green felt seen from above, the seats around it, the cards in play.

`draw_table(scene)` returns PNG bytes (720 x 450). Every layer that a later picture can
reuse is cached: the felt, each seat's plate, the header, each zone and the boxes, all keyed
by the (frozen, hashable) scene parts they show. A redraw after one move therefore pastes a
handful of cached sprites and encodes; see docs/art.md for the figures. Where each thing
goes is art.table_layout's; this module draws the layers there.
"""

from __future__ import annotations

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
from .scene import Box, Fact, Seat, TableScene, Zone
from .table_layout import (
    AROUND_MIN_H,
    BOX_CARD_H,
    BOX_GAP,
    FACT_CARD_H,
    FAN_H,
    HEADER,
    HEIGHT,
    HIDDEN_TAG_W,
    IDENTITY_EXTRA,
    IDENTITY_H,
    PLATE_H,
    TABLE,
    WIDTH,
    ZONE_HEIGHTS,
    Rect,
    SeatPlace,
    around_spots,
    box_height,
    box_label,
    box_rows,
    centre_rect,
    is_around,
    row_layout,
    seat_layout,
    zone_heights,
)
from .table_layout import (
    FACE_HEIGHTS as FACE_HEIGHTS,
)
from .table_layout import (
    TAG_GAP as TAG_GAP,
)
from .table_layout import (
    fits as fits,
)
from .table_layout import (
    name_width as name_width,
)
from .table_layout import (
    tag_width as tag_width,
)

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


@lru_cache(maxsize=128)
def _boxes(boxes: tuple[Box, ...], width: int, lang: str) -> Image.Image:
    """Token boxes in rows, each a label, an optional small card and its tokens."""
    box_h = box_height(boxes)
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


def _centre(img: Image.Image, scene: TableScene, rect: Rect, places: list[SeatPlace]) -> None:
    x0, y0, x1, y1 = rect
    width, height = x1 - x0, y1 - y0
    names = tuple(text.printable(s.name) or "?" for s in scene.seats)
    teams = tuple(s.team for s in scene.seats)
    around = [z for z in scene.zones if is_around(z)]
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
