"""Vector shapes drawn by Tapis: the `Pen`, suit pips, the star and the families' marks (the
characters' emblems, drawn with the same pen, are art.emblems').

Each shape is drawn into a unit box (0,0)-(1,1) through a `Pen` that maps the box onto
pixels, so one drawing serves a 9 px corner pip and a 150 px emblem. Faces are drawn at two
to four times their final size and downsampled, which is what anti-aliases these polygons.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

from .palette import RGB

Point = tuple[float, float]


class Pen:
    """Draws in the unit box (x, y)-(x + w, y + h) of an ImageDraw."""

    def __init__(self, draw: ImageDraw.ImageDraw, x: float, y: float, w: float, h: float):
        self.draw = draw
        self.x, self.y, self.w, self.h = x, y, w, h

    def p(self, u: float, v: float) -> Point:
        return (self.x + u * self.w, self.y + v * self.h)

    def box(self, u0: float, v0: float, u1: float, v1: float) -> tuple[float, float, float, float]:
        x0, y0 = self.p(u0, v0)
        x1, y1 = self.p(u1, v1)
        return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))

    def px(self, units: float) -> int:
        return max(1, round(units * self.w))

    def poly(self, pts: Sequence[Point], fill: RGB) -> None:
        self.draw.polygon([self.p(u, v) for u, v in pts], fill=fill)

    def ellipse(
        self,
        cx: float,
        cy: float,
        rx: float,
        ry: float | None = None,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: float = 0,
    ) -> None:
        ry = rx if ry is None else ry
        self.draw.ellipse(
            self.box(cx - rx, cy - ry, cx + rx, cy + ry),
            fill=fill,
            outline=outline,
            width=self.px(width) if outline else 0,
        )

    def rect(
        self,
        u0: float,
        v0: float,
        u1: float,
        v1: float,
        fill: RGB | None,
        radius: float = 0,
        outline: RGB | None = None,
        width: float = 0,
    ) -> None:
        self.draw.rounded_rectangle(
            self.box(u0, v0, u1, v1),
            radius=radius * self.w,
            fill=fill,
            outline=outline,
            width=self.px(width) if outline else 0,
        )

    def line(self, pts: Sequence[Point], fill: RGB, width: float, round_ends: bool = True) -> None:
        xy = [self.p(u, v) for u, v in pts]
        w = self.px(width)
        self.draw.line(xy, fill=fill, width=w, joint="curve")
        if round_ends and w > 2:
            for x, y in (xy[0], xy[-1]):
                self.draw.ellipse((x - w / 2, y - w / 2, x + w / 2, y + w / 2), fill=fill)

    def arc(
        self,
        cx: float,
        cy: float,
        rx: float,
        ry: float,
        start: float,
        end: float,
        fill: RGB,
        width: float,
    ) -> None:
        self.draw.arc(
            self.box(cx - rx, cy - ry, cx + rx, cy + ry),
            start,
            end,
            fill=fill,
            width=self.px(width),
        )

    def chord(
        self, cx: float, cy: float, rx: float, ry: float, start: float, end: float, fill: RGB
    ) -> None:
        self.draw.chord(self.box(cx - rx, cy - ry, cx + rx, cy + ry), start, end, fill=fill)

    def sub(self, u0: float, v0: float, u1: float, v1: float) -> Pen:
        """A pen for a sub-box of this one."""
        x0, y0 = self.p(u0, v0)
        x1, y1 = self.p(u1, v1)
        return Pen(self.draw, x0, y0, x1 - x0, y1 - y0)


def _normalise(pts: list[Point]) -> list[Point]:
    """Scale a shape to fit the unit box, centred, keeping its proportions."""
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    span = max(max(xs) - min(xs), max(ys) - min(ys))
    ox = (span - (max(xs) - min(xs))) / 2 - min(xs)
    oy = (span - (max(ys) - min(ys))) / 2 - min(ys)
    return [((x + ox) / span, (y + oy) / span) for x, y in pts]


def _heart_outline(n: int = 120) -> list[Point]:
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    return _normalise(pts)


def bezier(p0: Point, p1: Point, p2: Point, n: int = 12) -> list[Point]:
    out = []
    for i in range(n + 1):
        t = i / n
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


HEART = _heart_outline()
# The spade is a heart upside down, a little narrower, over a flared stem.
_SPADE_BODY = [(0.08 + u * 0.84, 0.80 - v * 0.80) for u, v in HEART]
_STEM = [
    *bezier((0.5, 0.5), (0.52, 0.86), (0.7, 1.0)),
    (0.3, 1.0),
    *bezier((0.3, 1.0), (0.48, 0.86), (0.5, 0.5)),
]
_DIAMOND = (
    bezier((0.5, 0.0), (0.70, 0.28), (0.86, 0.5))
    + bezier((0.86, 0.5), (0.70, 0.72), (0.5, 1.0))
    + bezier((0.5, 1.0), (0.30, 0.72), (0.14, 0.5))
    + bezier((0.14, 0.5), (0.30, 0.28), (0.5, 0.0))
)


def pip(pen: Pen, suit: str, colour: RGB) -> None:
    """A suit symbol (S, H, D, C) filling the pen's box."""
    if suit == "H":
        pen.poly([(u, 0.04 + v * 0.92) for u, v in HEART], colour)
    elif suit == "D":
        pen.poly(_DIAMOND, colour)
    elif suit == "S":
        pen.poly(_SPADE_BODY, colour)
        pen.poly(_STEM, colour)
    elif suit == "C":
        r = 0.215
        pen.ellipse(0.5, 0.25, r, fill=colour)
        pen.ellipse(0.27, 0.57, r, fill=colour)
        pen.ellipse(0.73, 0.57, r, fill=colour)
        pen.poly([(0.5, 0.3), (0.3, 0.6), (0.7, 0.6)], colour)
        pen.poly(_STEM, colour)
    else:
        raise ValueError(f"unknown suit {suit!r}")


def star(pen: Pen, colour: RGB, points: int = 5, inner: float = 0.42) -> None:
    """A star filling the box, one point up."""
    pts = []
    for i in range(points * 2):
        a = -math.pi / 2 + i * math.pi / points
        r = 0.5 if i % 2 == 0 else 0.5 * inner
        pts.append((0.5 + r * math.cos(a), 0.53 + r * math.sin(a)))
    pen.poly(pts, colour)


def family_mark(pen: Pen, family: str, colour: RGB) -> None:
    """A shape per family of the decks games declare, so colour is not the only cue (a small
    dot for a family art has no shape for)."""
    if family == "R":
        pen.ellipse(0.5, 0.5, 0.42, fill=colour)
    elif family == "B":
        pen.rect(0.12, 0.12, 0.88, 0.88, colour, radius=0.08)
    elif family == "J":
        pen.poly([(0.5, 0.06), (0.96, 0.88), (0.04, 0.88)], colour)
    elif family == "V":
        pen.poly([(0.5, 0.02), (0.98, 0.5), (0.5, 0.98), (0.02, 0.5)], colour)
    else:
        pen.ellipse(0.5, 0.5, 0.24, fill=colour)
