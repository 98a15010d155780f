"""The emblems of the figures, the court cards and the roles: each a function `(pen, colour,
background)` drawing in the unit box through `Pen` (art.shapes), in `colour` on a light
background, which it also uses to cut details out of its own shape. Keyed by the declared
ids in art.decks and art.roles.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from .palette import GOLD, INK, RGB, tint
from .shapes import HEART, Pen, bezier, star

# Each emblem draws in `c` (its main colour) on a light background `bg`.
Emblem = Callable[[Pen, RGB, RGB], None]


def crown(pen: Pen, c: RGB, bg: RGB) -> None:
    pen.poly(
        [
            (0.14, 0.70),
            (0.08, 0.30),
            (0.32, 0.50),
            (0.5, 0.20),
            (0.68, 0.50),
            (0.92, 0.30),
            (0.86, 0.70),
        ],
        c,
    )
    for u, v in ((0.08, 0.27), (0.5, 0.16), (0.92, 0.27)):
        pen.ellipse(u, v, 0.065, fill=c)
    pen.rect(0.13, 0.70, 0.87, 0.84, c, radius=0.03)
    for u in (0.3, 0.5, 0.7):
        pen.ellipse(u, 0.77, 0.04, fill=bg)


def rose(pen: Pen, c: RGB, bg: RGB) -> None:
    """The Dame's flower: five petals, a heart, a stem and two leaves."""
    pen.line([(0.5, 0.5), (0.5, 0.96)], c, 0.06)
    pen.poly(
        bezier((0.5, 0.8), (0.66, 0.62), (0.84, 0.70))
        + bezier((0.84, 0.70), (0.70, 0.86), (0.5, 0.8)),
        c,
    )
    pen.poly(
        bezier((0.5, 0.72), (0.34, 0.56), (0.16, 0.62))
        + bezier((0.16, 0.62), (0.30, 0.80), (0.5, 0.72)),
        c,
    )
    for i in range(5):
        a = -math.pi / 2 + i * 2 * math.pi / 5
        pen.ellipse(0.5 + 0.17 * math.cos(a), 0.33 + 0.17 * math.sin(a), 0.15, fill=c)
    pen.ellipse(0.5, 0.33, 0.09, fill=bg)
    pen.ellipse(0.5, 0.33, 0.05, fill=c)


def plumed_cap(pen: Pen, c: RGB, bg: RGB) -> None:
    """The Valet's cap with a feather."""
    # Feather, sweeping up and back.
    pen.poly(
        bezier((0.56, 0.56), (0.66, 0.12), (0.96, 0.08))
        + bezier((0.96, 0.08), (0.86, 0.40), (0.64, 0.58)),
        c,
    )
    pen.line(bezier((0.6, 0.56), (0.72, 0.3), (0.92, 0.12)), bg, 0.018, round_ends=False)
    # Cap: a soft dome over a brim.
    pen.chord(0.45, 0.62, 0.32, 0.28, 180, 360, c)
    pen.ellipse(0.45, 0.66, 0.42, 0.08, fill=c)
    pen.rect(0.14, 0.56, 0.76, 0.61, bg)


def jester(pen: Pen, c: RGB, bg: RGB) -> None:
    """The joker's cap: three drooping points with bells."""
    gold = GOLD
    pen.poly(
        [
            (0.2, 0.7),
            *bezier((0.2, 0.7), (0.05, 0.4), (0.1, 0.2)),
            *bezier((0.1, 0.2), (0.3, 0.3), (0.38, 0.5)),
            *bezier((0.38, 0.5), (0.42, 0.2), (0.5, 0.08)),
            *bezier((0.5, 0.08), (0.58, 0.2), (0.62, 0.5)),
            *bezier((0.62, 0.5), (0.7, 0.3), (0.9, 0.2)),
            *bezier((0.9, 0.2), (0.95, 0.4), (0.8, 0.7)),
        ],
        c,
    )
    pen.rect(0.16, 0.68, 0.84, 0.82, gold, radius=0.04)
    for u, v in ((0.1, 0.17), (0.5, 0.06), (0.9, 0.17)):
        pen.ellipse(u, v, 0.07, fill=gold)
    for u in (0.3, 0.5, 0.7):
        pen.poly([(u, 0.71), (u + 0.05, 0.75), (u, 0.79), (u - 0.05, 0.75)], c)


def fedora(pen: Pen, c: RGB, bg: RGB) -> None:
    """Parrain: a wide-brimmed felt hat with a band."""
    pen.ellipse(0.5, 0.70, 0.46, 0.12, fill=c)
    pen.poly(
        [
            (0.24, 0.72),
            (0.27, 0.34),
            *bezier((0.27, 0.34), (0.36, 0.22), (0.46, 0.28)),
            (0.5, 0.36),
            *bezier((0.54, 0.28), (0.64, 0.22), (0.73, 0.34)),
            (0.76, 0.72),
        ],
        c,
    )
    pen.rect(0.245, 0.56, 0.755, 0.64, bg)


def scale(pen: Pen, c: RGB, bg: RGB) -> None:
    """Avocat: the scales of justice."""
    pen.rect(0.46, 0.18, 0.54, 0.84, c)
    pen.rect(0.28, 0.82, 0.72, 0.92, c, radius=0.03)
    pen.rect(0.1, 0.22, 0.9, 0.28, c, radius=0.02)
    pen.ellipse(0.5, 0.15, 0.065, fill=c)
    for u in (0.19, 0.81):
        pen.line([(u, 0.26), (u - 0.12, 0.58)], c, 0.025, round_ends=False)
        pen.line([(u, 0.26), (u + 0.12, 0.58)], c, 0.025, round_ends=False)
        pen.chord(u, 0.56, 0.17, 0.12, 0, 180, c)


def mitre(pen: Pen, c: RGB, bg: RGB) -> None:
    """Évêque: a mitre with its cross and lappets."""
    pen.poly([(0.32, 0.8), (0.42, 0.8), (0.40, 0.97), (0.31, 0.95)], c)
    pen.poly([(0.58, 0.8), (0.68, 0.8), (0.69, 0.95), (0.60, 0.97)], c)
    pen.poly(
        [
            (0.24, 0.82),
            *bezier((0.22, 0.48), (0.26, 0.3), (0.44, 0.08)),
            (0.5, 0.26),
            *bezier((0.56, 0.08), (0.74, 0.3), (0.78, 0.48)),
            (0.76, 0.82),
        ],
        c,
    )
    pen.rect(0.465, 0.34, 0.535, 0.70, bg)
    pen.rect(0.38, 0.44, 0.62, 0.51, bg)
    pen.rect(0.23, 0.72, 0.77, 0.75, bg)


def coins(pen: Pen, c: RGB, bg: RGB) -> None:
    """Banquier: a stack of coins and a taller one beside it."""

    def stack(u0: float, u1: float, n: int, bottom: float) -> None:
        h = 0.11
        for i in range(n):
            y = bottom - i * h
            pen.ellipse((u0 + u1) / 2, y, (u1 - u0) / 2, 0.05, fill=c)
            pen.rect(u0, y - h + 0.01, u1, y, c)
            pen.ellipse((u0 + u1) / 2, y - h + 0.01, (u1 - u0) / 2, 0.05, fill=c)
            pen.arc((u0 + u1) / 2, y - h + 0.01, (u1 - u0) / 2, 0.05, 0, 180, bg, 0.022)

    stack(0.06, 0.50, 6, 0.88)
    stack(0.52, 0.96, 4, 0.88)
    pen.ellipse(0.74, 0.43, 0.17, 0.05, outline=bg, width=0.02)


def badge(pen: Pen, c: RGB, bg: RGB) -> None:
    """Commissaire: a six-pointed police star with round tips."""
    pts = []
    for i in range(12):
        a = -math.pi / 2 + i * math.pi / 6
        r = 0.40 if i % 2 == 0 else 0.25
        pts.append((0.5 + r * math.cos(a), 0.5 + r * math.sin(a)))
        if i % 2 == 0:
            pen.ellipse(0.5 + 0.43 * math.cos(a), 0.5 + 0.43 * math.sin(a), 0.065, fill=c)
    pen.poly(pts, c)
    pen.ellipse(0.5, 0.5, 0.15, outline=bg, width=0.04)
    pen.ellipse(0.5, 0.5, 0.05, fill=bg)


def shield(pen: Pen, c: RGB, bg: RGB) -> None:
    """Garde du corps: a shield with a chevron."""
    outline = [
        (0.16, 0.1),
        (0.5, 0.04),
        (0.84, 0.1),
        (0.84, 0.44),
        *bezier((0.84, 0.44), (0.82, 0.78), (0.5, 0.96)),
        *bezier((0.5, 0.96), (0.18, 0.78), (0.16, 0.44)),
    ]
    pen.poly(outline, c)
    pen.line([(0.28, 0.62), (0.5, 0.40), (0.72, 0.62)], bg, 0.09, round_ends=False)


def wheel(pen: Pen, c: RGB, bg: RGB) -> None:
    """Chauffeur: a steering wheel."""
    pen.ellipse(0.5, 0.5, 0.44, fill=c)
    pen.ellipse(0.5, 0.5, 0.33, fill=bg)
    pen.rect(0.12, 0.46, 0.88, 0.56, c)
    pen.poly([(0.44, 0.5), (0.56, 0.5), (0.58, 0.9), (0.42, 0.9)], c)
    pen.ellipse(0.5, 0.52, 0.12, fill=c)
    pen.ellipse(0.5, 0.52, 0.045, fill=bg)


def bow(pen: Pen, c: RGB, bg: RGB) -> None:
    """Blanche-Neige: a hair ribbon."""
    pen.poly([(0.46, 0.5), (0.38, 0.92), (0.5, 0.84), (0.54, 0.54)], c)
    pen.poly([(0.54, 0.5), (0.66, 0.9), (0.74, 0.8), (0.58, 0.54)], c)
    pen.poly(
        [
            (0.5, 0.46),
            *bezier((0.5, 0.46), (0.1, 0.05), (0.06, 0.35)),
            *bezier((0.06, 0.35), (0.04, 0.7), (0.5, 0.5)),
        ],
        c,
    )
    pen.poly(
        [
            (0.5, 0.46),
            *bezier((0.5, 0.46), (0.9, 0.05), (0.94, 0.35)),
            *bezier((0.94, 0.35), (0.96, 0.7), (0.5, 0.5)),
        ],
        c,
    )
    pen.line(bezier((0.42, 0.44), (0.2, 0.28), (0.14, 0.4)), bg, 0.025, round_ends=False)
    pen.line(bezier((0.58, 0.44), (0.8, 0.28), (0.86, 0.4)), bg, 0.025, round_ends=False)
    pen.ellipse(0.5, 0.48, 0.09, fill=c)
    pen.ellipse(0.5, 0.48, 0.09, outline=bg, width=0.02)


def small_crown(pen: Pen, c: RGB, bg: RGB) -> None:
    """Prince charmant: a light crown over a heart."""
    pen.poly(
        [
            (0.2, 0.46),
            (0.16, 0.14),
            (0.35, 0.3),
            (0.5, 0.08),
            (0.65, 0.3),
            (0.84, 0.14),
            (0.8, 0.46),
        ],
        c,
    )
    pen.rect(0.19, 0.44, 0.81, 0.52, c, radius=0.02)
    pen.sub(0.3, 0.56, 0.7, 0.96).poly(HEART, c)


def bow_and_arrow(pen: Pen, c: RGB, bg: RGB) -> None:
    """Chasseur: a hunting bow with an arrow nocked."""
    pen.arc(0.62, 0.5, 0.44, 0.44, 110, 250, c, 0.07)
    top = (0.62 + 0.44 * math.cos(math.radians(110)), 0.5 - 0.44 * math.sin(math.radians(110)))
    bottom = (top[0], 1 - top[1])
    pen.line([top, (0.62, 0.5), bottom], c, 0.018, round_ends=False)
    pen.line([(0.12, 0.5), (0.84, 0.5)], c, 0.035, round_ends=False)
    pen.poly([(0.96, 0.5), (0.8, 0.42), (0.84, 0.5), (0.8, 0.58)], c)
    pen.poly([(0.56, 0.5), (0.48, 0.4), (0.52, 0.5), (0.48, 0.6)], c)
    pen.poly([(0.64, 0.5), (0.56, 0.4), (0.60, 0.5), (0.56, 0.6)], c)


def mirror(pen: Pen, c: RGB, bg: RGB) -> None:
    """Reine: the magic hand mirror."""
    pen.rect(0.44, 0.62, 0.56, 0.96, c, radius=0.04)
    pen.ellipse(0.5, 0.38, 0.34, 0.36, fill=c)
    glass = tint(bg, (150, 190, 230), 0.55)
    pen.ellipse(0.5, 0.38, 0.26, 0.28, fill=glass)
    pen.line(bezier((0.36, 0.44), (0.36, 0.26), (0.48, 0.2)), bg, 0.04)
    star(pen.sub(0.22, 0.0, 0.36, 0.14), c)


def witch_hat(pen: Pen, c: RGB, bg: RGB) -> None:
    """Sorcière: a pointed hat with a bent tip."""
    pen.ellipse(0.5, 0.80, 0.46, 0.1, fill=c)
    pen.poly(
        [
            (0.26, 0.8),
            *bezier((0.34, 0.5), (0.44, 0.22), (0.62, 0.16)),
            *bezier((0.62, 0.16), (0.78, 0.12), (0.9, 0.24)),
            *bezier((0.9, 0.24), (0.7, 0.24), (0.62, 0.36)),
            (0.74, 0.8),
        ],
        c,
    )
    pen.rect(0.3, 0.66, 0.72, 0.74, bg)
    pen.rect(0.46, 0.645, 0.56, 0.755, c, outline=bg, width=0.02)


_SKIN: RGB = (242, 204, 166)
_BEARD: RGB = (214, 214, 210)
_BLUSH: RGB = (236, 130, 120)


def _dwarf(
    pen: Pen, hood: RGB, beard: bool = True, tall: bool = False, droop: bool = False
) -> None:
    """The head every dwarf shares; the caller draws the face."""
    tip = (0.86, 0.22) if droop else (0.5, 0.0 if tall else 0.04)
    pen.poly(
        [(0.2, 0.42), tip, (0.8, 0.42)]
        if not droop
        else [(0.2, 0.42), *bezier((0.3, 0.1), (0.62, 0.0), tip), (0.8, 0.42)],
        hood,
    )
    if droop:
        pen.ellipse(tip[0], tip[1] + 0.04, 0.05, fill=_BEARD)
    if beard:
        pen.poly(
            [
                (0.22, 0.56),
                *bezier((0.24, 0.86), (0.4, 0.98), (0.5, 0.98)),
                *bezier((0.5, 0.98), (0.6, 0.98), (0.76, 0.86)),
                (0.78, 0.56),
            ],
            _BEARD,
        )
    pen.ellipse(0.5, 0.56, 0.26, 0.22, fill=_SKIN)
    pen.rect(0.17, 0.38, 0.83, 0.46, hood, radius=0.04)
    pen.ellipse(0.5, 0.62, 0.06, 0.05, fill=tint(_SKIN, _BLUSH, 0.5))  # nose


def _eyes(pen: Pen, y: float = 0.53) -> None:
    pen.ellipse(0.4, y, 0.035, fill=INK)
    pen.ellipse(0.6, y, 0.035, fill=INK)


def dwarf_doc(pen: Pen, c: RGB, bg: RGB) -> None:
    _dwarf(pen, c)
    _eyes(pen)
    for u in (0.39, 0.61):
        pen.ellipse(u, 0.53, 0.085, outline=INK, width=0.025)
    pen.line([(0.47, 0.53), (0.53, 0.53)], INK, 0.025, round_ends=False)
    pen.arc(0.5, 0.68, 0.07, 0.04, 20, 160, INK, 0.02)


def dwarf_happy(pen: Pen, c: RGB, bg: RGB) -> None:
    _dwarf(pen, c)
    pen.arc(0.4, 0.55, 0.045, 0.035, 200, 340, INK, 0.025)
    pen.arc(0.6, 0.55, 0.045, 0.035, 200, 340, INK, 0.025)
    pen.chord(0.5, 0.67, 0.11, 0.08, 0, 180, INK)
    pen.ellipse(0.33, 0.63, 0.045, fill=tint(_SKIN, _BLUSH, 0.7))
    pen.ellipse(0.67, 0.63, 0.045, fill=tint(_SKIN, _BLUSH, 0.7))


def dwarf_dopey(pen: Pen, c: RGB, bg: RGB) -> None:
    _dwarf(pen, c, beard=False, tall=True)
    pen.ellipse(0.22, 0.56, 0.07, 0.1, fill=_SKIN)
    pen.ellipse(0.78, 0.56, 0.07, 0.1, fill=_SKIN)
    _eyes(pen, 0.54)
    pen.arc(0.5, 0.66, 0.1, 0.07, 10, 170, INK, 0.025)
    pen.rect(0.47, 0.72, 0.53, 0.77, _BEARD, outline=INK, width=0.01)


def dwarf_bashful(pen: Pen, c: RGB, bg: RGB) -> None:
    _dwarf(pen, c)
    pen.arc(0.4, 0.54, 0.04, 0.03, 20, 160, INK, 0.025)
    pen.arc(0.6, 0.54, 0.04, 0.03, 20, 160, INK, 0.025)
    pen.ellipse(0.33, 0.62, 0.06, 0.045, fill=tint(_SKIN, _BLUSH, 0.85))
    pen.ellipse(0.67, 0.62, 0.06, 0.045, fill=tint(_SKIN, _BLUSH, 0.85))
    pen.arc(0.5, 0.69, 0.04, 0.025, 20, 160, INK, 0.02)


def dwarf_grumpy(pen: Pen, c: RGB, bg: RGB) -> None:
    _dwarf(pen, c)
    _eyes(pen, 0.55)
    pen.line([(0.32, 0.46), (0.46, 0.51)], INK, 0.035)
    pen.line([(0.68, 0.46), (0.54, 0.51)], INK, 0.035)
    pen.arc(0.5, 0.73, 0.08, 0.05, 200, 340, INK, 0.025)


def dwarf_sleepy(pen: Pen, c: RGB, bg: RGB) -> None:
    _dwarf(pen, c, droop=True)
    pen.arc(0.4, 0.53, 0.045, 0.03, 20, 160, INK, 0.025)
    pen.arc(0.6, 0.53, 0.045, 0.03, 20, 160, INK, 0.025)
    pen.ellipse(0.5, 0.69, 0.03, 0.025, fill=INK)
    pen.line([(0.74, 0.04), (0.86, 0.04), (0.74, 0.14), (0.86, 0.14)], c, 0.03, round_ends=False)
