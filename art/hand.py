"""A player's hand as a fanned picture, the cards they may play raised and ringed in gold,
the ones the rules forbid now greyed.

Rotating a face (1.5 ms) costs more than a whole picture's budget, so cards lean at five
angles only and each (card, angle) is rotated once and kept.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache

from PIL import Image, ImageOps

from . import cards, sprites
from .encode import to_png
from .palette import FELT, GOLD_LIGHT, TURN

CARD_H = 112
MAX_WIDTH = 720
MAX_CARDS = 32
RAISE = 16  # how far a playable card rises
GREY_FELT = 0.35  # how much of the felt shows through a greyed card
MARGIN = 14
_MAX_STEP_DEG = 4.0
_MAX_SPREAD_DEG = 18.0
_MAX_DROP = 16  # how far the outermost cards sink, px


# The only angles a card is ever drawn at: all (card, angle, language) triples fit the
# cache (about 20 MB for the 86 faces, a little more for the English court and Bianco Mano
# faces), so after `art.warm()` no hand waits for a rotation.
ANGLES: tuple[float, ...] = (-8.0, -4.0, 0.0, 4.0, 8.0)


def _quantise(angle: float) -> float:
    return min(ANGLES, key=lambda a: abs(a - angle))


def rotated(card: str, angle: float, lang: str = "fr") -> Image.Image:
    """The face with its soft shadow, turned by `angle` degrees (clockwise), centred."""
    return _rotated(card, angle, cards.face_lang(card, CARD_H, lang))


@lru_cache(maxsize=800)
def _rotated(card: str, angle: float, lang: str) -> Image.Image:
    face = cards.face(card, CARD_H, lang)
    sh = sprites.shadow(face.width, face.height, 7, 3, 120)
    out = Image.new("RGBA", sh.size, (0, 0, 0, 0))
    out.alpha_composite(sh, (2, 3))
    pad = (sh.width - face.width) // 2
    out.alpha_composite(face, (pad, pad))
    return out.rotate(-angle, Image.Resampling.BICUBIC, expand=True) if angle else out


def greyed(card: str, angle: float, lang: str = "fr") -> Image.Image:
    """`rotated`, washed out to grey towards the felt: a card the rules forbid now."""
    return _greyed(card, angle, cards.face_lang(card, CARD_H, lang))


@lru_cache(maxsize=400)
def _greyed(card: str, angle: float, lang: str) -> Image.Image:
    face = _rotated(card, angle, lang)
    grey = ImageOps.grayscale(face.convert("RGB")).convert("RGB")
    out = Image.blend(grey, Image.new("RGB", face.size, FELT), GREY_FELT).convert("RGBA")
    out.putalpha(face.getchannel("A"))
    return out


@lru_cache(maxsize=128)
def _ring(angle: float) -> Image.Image:
    """The gold ring behind a playable card, rotated like it."""
    w, h = cards.card_size(CARD_H)
    pad = 4
    ring = sprites.glow(w, h, 7, TURN, 4)
    solid = sprites.rounded(w + 2 * pad, h + 2 * pad, 9, (*GOLD_LIGHT, 255))
    out = ring.copy()
    out.alpha_composite(solid, ((ring.width - solid.width) // 2, (ring.height - solid.height) // 2))
    return out.rotate(-angle, Image.Resampling.BICUBIC, expand=True) if angle else out


def fan_layout(n: int) -> tuple[int, int, list[tuple[float, float, float]]]:
    """Picture size and, per card, its centre (x, y) and angle, before raising."""
    w, h = cards.card_size(CARD_H)
    if n == 0:
        return 2 * MARGIN + w, 2 * MARGIN + h, []
    step_deg = min(_MAX_STEP_DEG, _MAX_SPREAD_DEG / max(1, n - 1))
    angles = [_quantise((i - (n - 1) / 2) * step_deg) for i in range(n)]
    widest = max(abs(a) for a in angles)
    drop_scale = _MAX_DROP / (1 - math.cos(math.radians(widest))) if widest else 0.0
    # How much wider than upright the outermost (rotated, raised) card reaches, per side.
    extra = (w * math.cos(math.radians(widest)) + h * math.sin(math.radians(widest)) - w) / 2
    extra += RAISE * math.sin(math.radians(widest)) + 4
    spacing = min(w * 0.62, (MAX_WIDTH - 2 * MARGIN - w - 2 * extra) / max(1, n - 1))
    width = round(2 * MARGIN + w + (n - 1) * spacing + 2 * extra)
    height = round(MARGIN + RAISE + h + _MAX_DROP + 2 * extra + MARGIN)
    cx0 = width / 2 - (n - 1) * spacing / 2
    cy = MARGIN + RAISE + h / 2 + extra
    spots = [
        (cx0 + i * spacing, cy + drop_scale * (1 - math.cos(math.radians(a))), a)
        for i, a in enumerate(angles)
    ]
    return width, height, spots


@lru_cache(maxsize=16)
def _background(width: int, height: int) -> Image.Image:
    return Image.new("RGB", (width, height), FELT)


def draw_hand_image(
    hand: list[str], playable: Iterable[str] = (), lang: str = "fr", grey: Iterable[str] = ()
) -> Image.Image:
    """The fanned hand as an RGB image, cards in the caller's order, left to right, their
    faces as a `lang` table reads them; those in `grey` greyed."""
    if len(hand) > MAX_CARDS:
        raise ValueError(f"a hand picture holds at most {MAX_CARDS} cards")
    ok = set(playable)
    dim = set(grey) - ok
    width, height, spots = fan_layout(len(hand))
    img = _background(width, height).copy()
    for card, (x, y, angle) in zip(hand, spots, strict=True):
        lift = card in ok
        if lift:
            a = math.radians(angle)
            x += RAISE * math.sin(a)
            y -= RAISE * math.cos(a)
            ring = _ring(angle)
            img.paste(ring, (round(x - ring.width / 2), round(y - ring.height / 2)), ring)
        face = greyed(card, angle, lang) if card in dim else rotated(card, angle, lang)
        img.paste(face, (round(x - face.width / 2), round(y - face.height / 2)), face)
    return img


def draw_hand(
    hand: list[str], playable: Iterable[str] = (), lang: str = "fr", grey: Iterable[str] = ()
) -> bytes:
    """PNG bytes of `hand` fanned, the cards in `playable` raised and ringed, those in
    `grey` greyed."""
    return to_png(draw_hand_image(hand, playable, lang, grey))
