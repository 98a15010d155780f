"""The faces of the standard deck (pips, court cards in their framed panel), the joker and the
back, compact or full (art.cards).
"""

from __future__ import annotations

from functools import partial

from PIL import Image, ImageDraw

from . import emblems, shapes
from .card_parts import corner_index, draw_emblem, draw_pip, draw_text, index_label
from .decks import COURTS, JOKER_COLOUR, suit_colour
from .palette import FELT_DARK, GOLD, GOLD_LIGHT, IVORY, tint
from .shapes import Pen
from .text import SANS, SERIF

# Pip positions (column, row) inside the central area; rows run 0 (top) to 1 (bottom).
_L, _C, _R = 0.0, 0.5, 1.0
_PIPS: dict[str, list[tuple[float, float]]] = {
    "2": [(_C, 0), (_C, 1)],
    "3": [(_C, 0), (_C, 0.5), (_C, 1)],
    "4": [(_L, 0), (_R, 0), (_L, 1), (_R, 1)],
    "5": [(_L, 0), (_R, 0), (_C, 0.5), (_L, 1), (_R, 1)],
    "6": [(_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    "7": [(_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    "8": [(_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1), (_R, 1)],
    "9": [(x, y) for y in (0, 1 / 3, 2 / 3, 1) for x in (_L, _R)] + [(_C, 0.5)],
    "10": [(x, y) for y in (0, 1 / 3, 2 / 3, 1) for x in (_L, _R)] + [(_C, 1 / 6), (_C, 5 / 6)],
}


def standard_face(
    canvas: Image.Image,
    d: ImageDraw.ImageDraw,
    W: int,
    H: int,
    compact: bool,
    rank: str,
    suit: str,
    lang: str,
) -> None:
    colour = suit_colour(suit)
    label = index_label(rank, lang)
    court = rank in COURTS
    if compact:
        if court:
            d.rounded_rectangle(
                (0.08 * W, 0.06 * H, 0.92 * W, 0.94 * H),
                radius=0.05 * W,
                outline=GOLD,
                width=round(0.035 * W),
            )
        size = 0.44 * H if len(label) == 1 else 0.40 * H
        draw_text(d, label, size, W / 2, 0.29 * H, colour, SERIF, max_width=0.8 * W)
        draw_pip(d, suit, W / 2, 0.71 * H, 0.36 * H)
        return
    corner_index(canvas, d, W, H, label, colour, partial(draw_pip, d, suit))
    if rank == "A":
        draw_pip(d, suit, W / 2, H / 2, 0.52 * W)
    elif court:
        _court_panel(d, W, H, rank, suit, lang)
    else:
        s = 0.13 * H if len(_PIPS[rank]) <= 6 else 0.12 * H
        x0, x1 = 0.36 * W, 0.64 * W
        y0, y1 = 0.19 * H, 0.81 * H
        for col, row in _PIPS[rank]:
            draw_pip(d, suit, x0 + col * (x1 - x0), y0 + row * (y1 - y0), s, flip=row > 0.5)


_COURT_EMBLEM: dict[str, emblems.Emblem] = {
    "J": emblems.plumed_cap,
    "Q": emblems.rose,
    "K": emblems.crown,
}


def _court_panel(d: ImageDraw.ImageDraw, W: int, H: int, rank: str, suit: str, lang: str) -> None:
    colour = suit_colour(suit)
    wash = tint(colour, IVORY, 0.9)
    x0, y0, x1, y1 = 0.25 * W, 0.075 * H, 0.75 * W, 0.925 * H
    d.rounded_rectangle(
        (x0, y0, x1, y1), radius=0.05 * W, fill=wash, outline=GOLD, width=round(0.02 * W)
    )
    d.rounded_rectangle(
        (x0 + 0.03 * W, y0 + 0.03 * W, x1 - 0.03 * W, y1 - 0.03 * W),
        radius=0.035 * W,
        outline=colour,
        width=max(1, round(0.008 * W)),
    )
    draw_emblem(d, _COURT_EMBLEM[rank], W / 2, 0.3 * H, 0.38 * W, colour, wash)
    draw_text(d, index_label(rank, lang), 0.26 * H, W / 2, 0.6 * H, colour, SERIF)
    draw_pip(d, suit, W / 2, 0.8 * H, 0.11 * H)


def joker_face(canvas: Image.Image, d: ImageDraw.ImageDraw, W: int, H: int, compact: bool) -> None:
    if compact:
        draw_emblem(d, emblems.jester, W / 2, 0.4 * H, 0.8 * W, JOKER_COLOUR, IVORY)
        draw_text(d, "JOKER", 0.14 * H, W / 2, 0.82 * H, JOKER_COLOUR, SANS, max_width=0.86 * W)
        return

    def mark(x: float, y: float, s: float) -> None:
        draw_emblem(d, emblems.jester, x, 0.1 * H, 0.2 * W, JOKER_COLOUR, IVORY)
        shapes.star(Pen(d, x - s / 2, y - s / 2, s, s), GOLD)

    corner_index(canvas, d, W, H, "", JOKER_COLOUR, mark)
    wash = tint(JOKER_COLOUR, IVORY, 0.9)
    d.rounded_rectangle(
        (0.25 * W, 0.075 * H, 0.75 * W, 0.925 * H),
        radius=0.05 * W,
        fill=wash,
        outline=GOLD,
        width=round(0.02 * W),
    )
    draw_emblem(d, emblems.jester, W / 2, 0.36 * H, 0.46 * W, JOKER_COLOUR, wash)
    for i, letter in enumerate("JOKER"):
        draw_text(d, letter, 0.075 * H, W / 2, (0.6 + i * 0.07) * H, JOKER_COLOUR, SERIF)


def back_face(canvas: Image.Image, d: ImageDraw.ImageDraw, W: int, H: int, compact: bool) -> None:
    inset = round(0.06 * W)
    inner = (inset, inset, W - inset, H - inset)
    d.rounded_rectangle(inner, radius=0.05 * W, fill=FELT_DARK)
    # A gold lattice on the green, clipped to the inner panel through a mask.
    lattice = Image.new("RGBA", canvas.size, (0, 0, 0, 0))
    ld = ImageDraw.Draw(lattice)
    step = 0.2 * W if compact else 0.125 * W
    line = tint(FELT_DARK, GOLD, 0.45)
    lw = max(1, round(0.015 * W))
    n = int((W + H) / step) + 2
    for i in range(-n, n):
        x = i * step
        ld.line((x, 0, x + H, H), fill=line, width=lw)
        ld.line((x, H, x + H, 0), fill=line, width=lw)
    mask = Image.new("L", canvas.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (inner[0] + 0.04 * W, inner[1] + 0.04 * W, inner[2] - 0.04 * W, inner[3] - 0.04 * W),
        radius=0.03 * W,
        fill=255,
    )
    canvas.paste(
        lattice,
        (0, 0),
        Image.composite(lattice, Image.new("RGBA", canvas.size), mask).getchannel("A"),
    )
    d.rounded_rectangle(
        (inner[0] + 0.04 * W, inner[1] + 0.04 * W, inner[2] - 0.04 * W, inner[3] - 0.04 * W),
        radius=0.03 * W,
        outline=GOLD,
        width=lw,
    )
    # The medallion: the four suits in gold around a dot.
    rx, ry = 0.27 * W, 0.27 * W
    cx, cy = W / 2, H / 2
    d.ellipse(
        (cx - rx, cy - ry, cx + rx, cy + ry),
        fill=FELT_DARK,
        outline=GOLD,
        width=max(1, round(0.03 * W)),
    )
    if compact:
        s = 0.26 * W
        shapes.star(Pen(d, cx - s / 2, cy - s / 2, s, s), GOLD_LIGHT)
        return
    s = 0.14 * W
    for suit, dx, dy in (("S", 0, -1), ("H", 1, 0), ("D", 0, 1), ("C", -1, 0)):
        px, py = cx + dx * 0.12 * W, cy + dy * 0.12 * W
        shapes.pip(Pen(d, px - s / 2, py - s / 2, s, s), suit, GOLD_LIGHT)
