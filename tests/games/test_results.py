"""The final ranking as the table and the terminal word it (`games.text.ranking_lines`),
checked line by line against `outcome()` for every registered game at every table size."""

from __future__ import annotations

import re

import pytest

import games
from games.lang import LANGS
from games.text import ranking_lines

from .results import Row, check_rows, finished, sizes

NAMES = ("Alice", "Basile", "Chloé", "Dédé", "Eugénie", "Firmin", "Gaston", "Huguette", "Ida")
LINE = re.compile(r"^(\d+)\. (.+) — (-?\d+) (\S+)$")
AND = {"fr": " et ", "en": " and "}


def parse(line: str, lang: str) -> tuple[Row, str]:
    """`2. Alice et Chloé — 12 points` -> ((2, [0, 2], 12), "points")."""
    match = LINE.match(line)
    assert match is not None, f"not a ranking line: {line!r}"
    place, who, number, unit = match.groups()
    names = who.replace(AND[lang], ", ").split(", ")
    return (int(place), [NAMES.index(n) for n in names], int(number)), unit


CASES = [(slug, n, seed) for slug in games.slugs() for n in sizes(slug) for seed in (1, 2)]


@pytest.mark.parametrize(("slug", "players", "seed"), CASES)
def test_every_ranking_line_shows_the_place_and_number_of_each_seat_it_names(
    slug: str, players: int, seed: int
) -> None:
    state = finished(slug, players, seed)
    out = state.outcome()
    words = state.rules.words
    for lang in LANGS:
        lines = ranking_lines(out, words, lang, NAMES[:players])
        parsed = [parse(line, lang) for line in lines]
        check_rows(out, [row for row, _ in parsed])
        for (_, _, number), unit in parsed:
            assert words.amount(number, out.unit, lang) == f"{number} {unit}"
        if out.teams:  # a side is one line
            assert len(lines) == len(out.teams)


def test_partners_who_scored_differently_are_not_shown_as_one_line() -> None:
    # What the check catches: the fixed partners of Bianco Mano at four rank apart.
    state = finished("bianco-mano", 4, 3)
    state.scores = [1, 0, 0, 1]
    state.contracts_made = [1, 0, 0, 0]
    out = state.outcome()
    lines = ranking_lines(out, state.rules.words, "fr", NAMES[:4])
    assert lines == [
        "1. Alice — 1 point",
        "2. Dédé — 1 point",
        "3. Basile — 0 point",
        "3. Chloé — 0 point",
    ]
    # The line a side of differing members would get (one member's points) fails the check,
    # and such an outcome cannot be made at all.
    side_as_one = [(1, [0, 2], 1), (1, [1, 3], 0)]
    with pytest.raises(AssertionError):
        check_rows(out, side_as_one)
    with pytest.raises(ValueError, match="members differ"):
        games.Outcome((1, 1, 1, 1), out.scores, ((0, 2), (1, 3)))
