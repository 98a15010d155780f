"""Small anti-aliased pieces of the pictures, each drawn once and kept.

Pillow's ImageDraw does not anti-alias shapes, so every shape that appears on a picture is
drawn here at 3x and downsampled, then cached by its parameters: a picture is only pastes.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from . import cards, shapes, text
from .palette import FAMILY, GOLD, GOLD_LIGHT, INK, IVORY, RGB
from .shapes import Pen

RGBA = tuple[int, int, int, int]
_K = 3  # supersampling factor


def _down(img: Image.Image, size: tuple[int, int]) -> Image.Image:
    return img.resize(size, Image.Resampling.LANCZOS)


@lru_cache(maxsize=512)
def rounded(
    w: int, h: int, radius: int, fill: RGBA, outline: RGBA | None = None, width: int = 0
) -> Image.Image:
    img = Image.new("RGBA", (w * _K, h * _K), (0, 0, 0, 0))
    ImageDraw.Draw(img).rounded_rectangle(
        (0, 0, w * _K - 1, h * _K - 1),
        radius=radius * _K,
        fill=fill,
        outline=outline,
        width=width * _K if outline else 0,
    )
    return _down(img, (w, h))


@lru_cache(maxsize=256)
def shadow(w: int, h: int, radius: int, blur: int, opacity: int = 110) -> Image.Image:
    """A soft shadow for a w x h rounded box; the box sits at (2*blur, 2*blur) inside it."""
    mask = Image.new("L", (w + 4 * blur, h + 4 * blur), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (2 * blur, 2 * blur, 2 * blur + w, 2 * blur + h), radius=radius, fill=opacity
    )
    mask = mask.filter(ImageFilter.GaussianBlur(blur))
    out = Image.new("RGBA", mask.size, (0, 0, 0, 255))
    out.putalpha(mask)
    return out


@lru_cache(maxsize=64)
def glow(w: int, h: int, radius: int, colour: RGB, blur: int = 6) -> Image.Image:
    """A coloured halo around a w x h rounded box placed at (2*blur, 2*blur)."""
    mask = Image.new("L", (w + 4 * blur, h + 4 * blur), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (2 * blur - 2, 2 * blur - 2, 2 * blur + w + 2, 2 * blur + h + 2),
        radius=radius + 2,
        fill=200,
    )
    mask = mask.filter(ImageFilter.GaussianBlur(blur / 1.6))
    out = Image.new("RGBA", mask.size, (*colour, 255))
    out.putalpha(mask)
    return out


@lru_cache(maxsize=128)
def disc(
    d: int, fill: RGB, outline: RGB | None = None, label: str = "", ink: RGB = INK, size: int = 0
) -> Image.Image:
    """A round chip of diameter d with an optional centred label."""
    img = Image.new("RGBA", (d * _K, d * _K), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.ellipse(
        (0, 0, d * _K - 1, d * _K - 1),
        fill=fill,
        outline=outline,
        width=max(1, _K) if outline else 0,
    )
    out = _down(img, (d, d))
    if label:
        text.paste(out, label, (d / 2, d / 2 + 0.5), size or max(8, round(d * 0.6)), ink, "mm")
    return out


@lru_cache(maxsize=64)
def pill(label: str, size: int, fg: RGB, bg: RGBA, outline: RGBA | None = None) -> Image.Image:
    """A label in a rounded capsule."""
    tw = text.width(label, size)
    h = size + 6
    w = tw + h
    img = rounded(w, h, h // 2, bg, outline, 1 if outline else 0).copy()
    text.paste(img, label, (w / 2, h / 2), size, fg, "mm")
    return img


@lru_cache(maxsize=16)
def pip_icon(suit: str, size: int) -> Image.Image:
    """A suit pip, or a Bianco Mano family chip, `size` px square."""
    img = Image.new("RGBA", (size * _K, size * _K), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    pen = Pen(draw, 0, 0, size * _K, size * _K)
    if suit in FAMILY:
        draw.rounded_rectangle(
            (0, 0, size * _K - 1, size * _K - 1),
            radius=size * _K // 5,
            fill=FAMILY[suit],
            outline=IVORY,
            width=_K,
        )
        shapes.family_mark(
            pen.sub(0.22, 0.22, 0.78, 0.78), suit, (74, 48, 0) if suit == "J" else (255, 255, 255)
        )
    else:
        draw.ellipse((0, 0, size * _K - 1, size * _K - 1), fill=IVORY)
        shapes.pip(pen.sub(0.18, 0.18, 0.82, 0.82), suit, cards.suit_colour(suit))
    return _down(img, (size, size))


@lru_cache(maxsize=32)
def chips(n_visible: int, d: int) -> Image.Image:
    """A little stack of gold tokens seen from the side, `n_visible` high."""
    step = max(2, d // 5)
    h = d // 2 + step * (n_visible - 1)
    img = Image.new("RGBA", (d * _K, h * _K + _K), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    ry = d * _K // 4
    for i in range(n_visible):
        y = h * _K - ry * 2 - i * step * _K
        draw.ellipse((0, y, d * _K - 1, y + ry * 2), fill=(168, 124, 36))
        draw.ellipse(
            (0, y - _K, d * _K - 1, y + ry * 2 - _K), fill=GOLD, outline=(168, 124, 36), width=_K
        )
    top = h * _K - ry * 2 - (n_visible - 1) * step * _K - _K
    draw.ellipse(
        (d * _K * 0.25, top + ry * 0.5, d * _K * 0.75, top + ry * 1.5), outline=GOLD_LIGHT, width=_K
    )
    return _down(img, (d, h + 1))


@lru_cache(maxsize=16)
def back_fan(count: int, height: int) -> Image.Image:
    """Up to five card backs fanned like a hand held face down."""
    n = max(1, min(count, 5))
    back = cards.face(cards.BACK, height)
    spread = 9.0 if n > 1 else 0.0
    w = back.width + (n - 1) * height // 6 + height
    h = height + height // 2
    out = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    for i in range(n):
        angle = (i - (n - 1) / 2) * spread
        rot = back.rotate(-angle, Image.Resampling.BICUBIC, expand=True)
        cx = w / 2 + (i - (n - 1) / 2) * height / 6
        cy = h / 2 + abs(i - (n - 1) / 2) * 1.5
        out.alpha_composite(rot, (round(cx - rot.width / 2), round(cy - rot.height / 2)))
    bbox = out.getbbox()
    return out.crop(bbox) if bbox else out
