"""A small line chart drawn on the server as SVG geometry (no script, no inline style).

`line_chart` turns series of numbers into polyline points and axis ticks in a fixed
viewBox; the template writes the SVG elements. Each game's line takes the game's own colour
(`Rules.colour`, the bot's embed colour), darkened where it would not show on the page.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import games

WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 60, 14, 12, 34
"""Room for the axis labels at the size a phone needs (tapis.css: 22 units there)."""
MAX_POINTS = 400
"""Longer series are thinned to this many points: a chart is ~600 pixels wide."""


@dataclass(frozen=True, slots=True)
class Series:
    label: str
    colour: str  # "#rrggbb", an SVG presentation attribute (no inline style)
    points: str  # "x,y x,y ..." for <polyline points>
    last: tuple[float, float]  # where the series ends, for its end dot
    value: float  # its last value


@dataclass(frozen=True, slots=True)
class Tick:
    position: float
    label: str


@dataclass(frozen=True, slots=True)
class Chart:
    width: int
    height: int
    series: list[Series]
    y_ticks: list[Tick]
    x_ticks: list[Tick]
    plot: tuple[float, float, float, float]  # left, top, right, bottom


ALL_GAMES_COLOUR = "#1f2a24"  # the page's ink: every game together
PAPER = (255, 253, 248)  # the chart's background
MIN_CONTRAST = 3.0  # WCAG's contrast for graphics


def _luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def readable(colour: int) -> str:
    """`colour` as `#rrggbb`, darkened until a line of it stands out on the paper."""
    rgb = ((colour >> 16) & 255, (colour >> 8) & 255, colour & 255)
    paper = _luminance(PAPER)
    while (paper + 0.05) / (_luminance(rgb) + 0.05) < MIN_CONTRAST:
        rgb = (rgb[0] * 9 // 10, rgb[1] * 9 // 10, rgb[2] * 9 // 10)
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def colour_of(slug: str | None) -> str:
    """A game's line colour; None, every game together, is the page's ink."""
    if slug is None or not games.known(slug):
        return ALL_GAMES_COLOUR
    return readable(games.get(slug).colour)


def _thin(points: list[tuple[int, float]]) -> list[tuple[int, float]]:
    """At most MAX_POINTS of the (x, value) points, always keeping the last."""
    if len(points) <= MAX_POINTS:
        return points
    stride = len(points) / MAX_POINTS
    picked = sorted({min(len(points) - 1, int(i * stride)) for i in range(MAX_POINTS)})
    if picked[-1] != len(points) - 1:
        picked.append(len(points) - 1)
    return [points[i] for i in picked]


def _nice_step(span: float, count: int) -> float:
    raw = span / max(count, 1)
    magnitude = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1.0
    for factor in (1, 2, 5, 10):
        if raw <= factor * magnitude:
            return factor * magnitude
    return 10 * magnitude


def line_chart(series: list[tuple[str, str, list[tuple[int, float]]]], length: int) -> Chart | None:
    """A chart of (label, colour, [(x, value)]) series; None if nothing to draw.

    x is a match's place (0 .. length - 1) among all the matches the chart covers, so a
    game's line has its points under the matches it was played in.
    """
    drawn = [(label, colour, points) for label, colour, points in series if points]
    if not drawn or length < 1:
        return None
    every = [v for _, _, points in drawn for _, v in points]
    low, high = min(every), max(every)
    if high - low < 1:
        low, high = low - 1, high + 1
    step = _nice_step(high - low, 4)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    longest = length
    x0, y0, x1, y1 = LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM

    def x(index: int) -> float:
        return x0 + (x1 - x0) * (index / (longest - 1) if longest > 1 else 0.5)

    def y(value: float) -> float:
        return y1 - (y1 - y0) * (value - low) / (high - low)

    lines = []
    for label, colour, points in drawn:
        pairs = _thin(points)
        coords = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in pairs)
        end = pairs[-1]
        last = (round(x(end[0]), 1), round(y(end[1]), 1))
        lines.append(Series(label, colour, coords, last, end[1]))
    y_ticks = []
    value = low
    while value <= high + step / 2:
        y_ticks.append(Tick(round(y(value), 1), f"{value:g}"))
        value += step
    return Chart(WIDTH, HEIGHT, lines, y_ticks, x_ticks(longest, x), (x0, y0, x1, y1))


def x_ticks(length: int, x: Callable[[int], float]) -> list[Tick]:
    """The match numbers under the chart: evenly spaced whole numbers, every one up to 7
    matches, else the multiples of a round step (2, 5, 10, 20...) with at most 7 ticks;
    `x` places the match at index i (number i + 1)."""
    step = 1
    while length // step > 7:
        step = _next_round(step)
    first = 1 if step == 1 else step
    return [Tick(round(x(n - 1), 1), str(n)) for n in range(first, length + 1, step)]


def _next_round(step: int) -> int:
    """The round step after `step`: 1, 2, 5, 10, 20, 50..."""
    digits = str(step)
    lead, zeros = int(digits[0]), len(digits) - 1
    return {1: 2, 2: 5, 5: 10}[lead] * 10**zeros
