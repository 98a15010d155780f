"""The shipped fonts, and text rendered once into reusable sprites.

Rendering a short string with FreeType costs about 0.15 ms, as much as pasting twenty card
faces, so every label of a picture is drawn once per (text, size, colour) and pasted after.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from .palette import RGB

FONT_DIR = Path(__file__).resolve().parent / "fonts"
SANS = "DejaVuSansCondensed-Bold.ttf"
SERIF = "DejaVuSerifCondensed-Bold.ttf"
ELLIPSIS = "…"


@lru_cache(maxsize=256)
def font(size: int, family: str = SANS) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / family), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=1)
def _missing_glyph() -> bytes:
    # What the font draws for a character it lacks (its "tofu" box): a private-use point.
    return bytes(font(24).getmask("\U0010fffd"))


@lru_cache(maxsize=8192)
def _has_glyph(ch: str) -> bool:
    return ch.isspace() or bytes(font(24).getmask(ch)) != _missing_glyph()


@lru_cache(maxsize=4096)
def printable(text: str) -> str:
    """`text` without the characters the shipped font cannot draw (emoji, CJK in player
    names), spaces tidied, so no picture ever shows an empty box."""
    kept = "".join(ch for ch in text if _has_glyph(ch))
    return " ".join(kept.split())


def width(text: str, size: int, family: str = SANS) -> int:
    return round(font(size, family).getlength(printable(text)))


def fit(text: str, max_width: int, size: int, min_size: int, family: str = SANS) -> tuple[str, int]:
    """The largest size in [min_size, size] at which `text` fits, else an ellipsized text."""
    text = printable(text)
    for s in range(size, min_size - 1, -1):
        if width(text, s, family) <= max_width:
            return text, s
    cut = text
    while cut and width(cut + ELLIPSIS, min_size, family) > max_width:
        cut = cut[:-1]
    return (cut.rstrip() + ELLIPSIS if cut else ELLIPSIS), min_size


@lru_cache(maxsize=4096)
def sprite(text: str, size: int, colour: RGB, family: str = SANS) -> Image.Image:
    """`text` as an RGBA image as tall as the font's line (so sprites of a size align)."""
    text = printable(text)
    f = font(size, family)
    ascent, descent = f.getmetrics()
    w = max(1, round(f.getlength(text)) + 2)
    mask = Image.new("L", (w, ascent + descent), 0)
    ImageDraw.Draw(mask).text((1, 0), text, font=f, fill=255)
    out = Image.new("RGBA", mask.size, (*colour, 255))
    out.putalpha(mask)
    return out


def paste(
    canvas: Image.Image,
    text: str,
    xy: tuple[float, float],
    size: int,
    colour: RGB,
    anchor: str = "lt",
    family: str = SANS,
) -> tuple[int, int, int, int]:
    """Paste a cached sprite; `anchor` is horizontal l/m/r then vertical t/m/b. Returns its box."""
    s = sprite(text, size, colour, family)
    x, y = xy
    if anchor[0] == "m":
        x -= s.width / 2
    elif anchor[0] == "r":
        x -= s.width
    if anchor[1] == "m":
        y -= s.height / 2
    elif anchor[1] == "b":
        y -= s.height
    x, y = round(x), round(y)
    canvas.paste(s, (x, y), s)
    return x, y, x + s.width, y + s.height
