"""The standings picture of a concours message: what the board shows, from storage alone."""

from __future__ import annotations

from dataclasses import replace

from bot.concours.picture import describe_standings, standings_scene
from db import ConcoursStatus
from tests.bot.concours.test_words import SEED, record


def test_no_board_before_the_first_round_is_paired() -> None:
    assert standings_scene(record(ConcoursStatus.REGISTRATION)) is None


def test_the_board_ranks_every_entrant_with_each_rounds_points_and_byes_in_gold() -> None:
    scene = standings_scene(record(ConcoursStatus.RUNNING))
    assert scene is not None
    assert scene.round_labels == ("P1", "P2", "P3")
    assert [row.rank for row in scene.rows] == [1, 2, 3, 4, 5]
    by_name = {row.name: row for row in scene.rows}
    # Joueuse 5 sat out round 1, Joueuse 1 round 2; round 3 is not played yet.
    assert by_name["Joueuse 5"].byes == (0,) and by_name["Joueuse 1"].byes == (1,)
    assert by_name["Joueuse 2"].rounds == ("120", "101", "")
    assert by_name["Joueuse 2"].total == "221"
    assert scene.note == "En or : les points d'une partie exempte"


def test_the_board_speaks_the_concours_language_and_never_shows_the_seed() -> None:
    concours = replace(record(ConcoursStatus.RUNNING), lang="en")
    scene = standings_scene(concours)
    assert scene is not None and scene.round_labels[0] == "R1"
    described = describe_standings(concours)
    assert described.startswith("Standings of the Saint-Jean tournament after round 3: 1. ")
    assert str(SEED) not in repr(scene) + described
