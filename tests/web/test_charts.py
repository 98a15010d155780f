"""The rating chart's geometry: inside its frame, thinned when long, ticks around the data."""

from __future__ import annotations

import itertools

import games
from web import charts


def coordinates(points: str) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in (p.split(",") for p in points.split())]


def test_no_values_no_chart() -> None:
    assert charts.line_chart([], 0) is None
    assert charts.line_chart([("a", "#000000", [])], 3) is None


def test_points_stay_in_the_plot_and_higher_is_up() -> None:
    chart = charts.line_chart(
        [("all", "#000000", [(0, 0.0), (1, 5.0), (2, -3.0)]), ("m", "#b3261e", [(1, 2.0)])], 3
    )
    assert chart is not None
    left, top, right, bottom = chart.plot
    line = coordinates(chart.series[0].points)
    assert all(left <= x <= right and top <= y <= bottom for x, y in line)
    assert line[1][1] < line[0][1] < line[2][1]  # 5 above 0 above -3
    assert line[0][0] == left and line[-1][0] == right
    labels = [float(t.label) for t in chart.y_ticks]
    assert min(labels) <= -3 and max(labels) >= 5
    assert chart.series[0].value == -3.0
    # A game's point sits under the match it was played in, not at its own count.
    (manille,) = coordinates(chart.series[1].points)
    assert manille[0] == line[1][0]


def test_long_series_are_thinned_keeping_the_last_point() -> None:
    values = [(i, float(i % 17)) for i in range(5_000)]
    chart = charts.line_chart([("all", "#000000", values)], 5_000)
    assert chart is not None
    line = coordinates(chart.series[0].points)
    assert len(line) <= charts.MAX_POINTS + 1
    assert line[-1][0] == chart.plot[2]
    assert chart.x_ticks[-1].label == "5000"


def test_a_flat_series_still_gets_a_range() -> None:
    chart = charts.line_chart([("all", "#000000", [(0, 1.5), (1, 1.5)])], 2)
    assert chart is not None
    assert len(chart.y_ticks) >= 2


def test_a_game_line_takes_its_colour_darkened_until_it_shows_on_the_page() -> None:
    assert charts.readable(0x2E7D32) == "#2e7d32"  # dark enough already
    light = charts.readable(0xF5F5F5)  # near white on the cream paper: darkened
    assert light != "#f5f5f5"
    r, g, b = (int(light[i : i + 2], 16) for i in (1, 3, 5))
    assert max(r, g, b) < 0xA0
    assert charts.colour_of(None) == charts.ALL_GAMES_COLOUR
    for rules in games.all():
        assert charts.colour_of(rules.slug) == charts.readable(rules.colour)


def test_series_carry_their_colour() -> None:
    chart = charts.line_chart([("all", "#123456", [(0, 1.0)])], 1)
    assert chart is not None and chart.series[0].colour == "#123456"


def test_the_match_numbers_are_evenly_spaced_whole_numbers() -> None:
    """Under the chart, every tick is a whole match number, the same step apart both in
    number and on the page, and there are enough of them but not too many."""
    for length in (*range(1, 160), 199, 200, 201, 399, 400, 999, 1_000, 4_321):
        chart = charts.line_chart([("all", "#000000", [(i, 1.0) for i in range(length)])], length)
        assert chart is not None
        numbers = [int(t.label) for t in chart.x_ticks]
        assert 1 <= len(numbers) <= 7 and all(1 <= n <= length for n in numbers), length
        if len(numbers) > 1:
            gaps = {b - a for a, b in itertools.pairwise(numbers)}
            assert len(gaps) == 1, (length, numbers)
            step = gaps.pop()
            assert numbers[0] == (1 if step == 1 else step) and length - numbers[-1] < step
            places = [t.position for t in chart.x_ticks]
            spacing = [round(b - a, 1) for a, b in itertools.pairwise(places)]
            assert max(spacing) - min(spacing) <= 0.2, (length, spacing)
        assert len(numbers) >= min(length, 3)
