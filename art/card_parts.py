"""What every card face is drawn with (art.cards): text fitted to a width, pips, emblems and
corner indices.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw
from PIL.ImageFont import FreeTypeFont

from . import emblems, shapes
from .decks import FRENCH_INDEX, suit_colour
from .palette import RGB
from .shapes import Pen
from .text import SANS, SERIF, font


def draw_text(
    d: ImageDraw.ImageDraw,
    text: str,
    size: float,
    cx: float,
    cy: float,
    fill: RGB,
    family: str = SANS,
    max_width: float | None = None,
) -> None:
    """Draw `text` with its ink centred on (cx, cy), shrunk to `max_width` if given."""
    f = sized_font(text, size, family, max_width)
    x0, y0, x1, y1 = d.textbbox((0, 0), text, font=f, anchor="ls")
    d.text((cx - (x0 + x1) / 2, cy - (y0 + y1) / 2), text, font=f, fill=fill, anchor="ls")


def sized_font(text: str, size: float, family: str, max_width: float | None) -> FreeTypeFont:
    """The font `draw_text` draws `text` in: `size`, shrunk until it is `max_width` wide."""
    px = max(1, round(size))
    f = font(px, family)
    if max_width is not None:
        while px > 6 and f.getlength(text) > max_width:
            px -= 1
            f = font(px, family)
    return f


def draw_pip(
    d: ImageDraw.ImageDraw, suit: str, cx: float, cy: float, size: float, flip: bool = False
) -> None:
    if flip:
        pen = Pen(d, cx - size / 2, cy + size / 2, size, -size)
    else:
        pen = Pen(d, cx - size / 2, cy - size / 2, size, size)
    shapes.pip(pen, suit, suit_colour(suit))


def draw_emblem(
    d: ImageDraw.ImageDraw,
    emblem: emblems.Emblem,
    cx: float,
    cy: float,
    size: float,
    colour: RGB,
    bg: RGB,
) -> None:
    emblem(Pen(d, cx - size / 2, cy - size / 2, size, size), colour, bg)


def index_label(rank: str, lang: str) -> str:
    """A rank as its index prints it: French figures V, D, R; English J, Q, K."""
    return rank if lang == "en" else FRENCH_INDEX.get(rank, rank)


def corner_index(
    canvas: Image.Image,
    d: ImageDraw.ImageDraw,
    W: int,
    H: int,
    label: str,
    colour: RGB,
    draw_mark: Callable[[float, float, float], None],
) -> None:
    """Top-left index (label over a mark), copied upside down into the bottom-right corner."""
    cx = 0.118 * W
    if label:
        size = 0.165 * H if len(label) == 1 else 0.15 * H
        draw_text(d, label, size, cx, 0.105 * H, colour, SERIF, max_width=0.21 * W)
    draw_mark(cx, 0.225 * H, 0.085 * H)
    box = (0, 0, round(0.24 * W), round(0.29 * H))
    corner = canvas.crop(box).rotate(180)
    canvas.paste(corner, (W - box[2], H - box[3]))
