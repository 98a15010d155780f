"""Where sides sit, the round's deal seed, and a side's points from an outcome."""

from __future__ import annotations

import games
from concours.seating import Format, round_seed, side_points
from games import Outcome


def test_manille_and_bianco_mano_at_four_are_played_by_pairs_on_the_partnerships() -> None:
    manille = games.get("manille")
    fmt = Format.of(manille, 4)
    assert fmt.pairs and fmt.sizes(manille) == (2, 2, 2)
    assert fmt.seats(manille, 2) == [(0, 2), (1, 3)]
    bianco = games.get("bianco-mano")
    assert Format.of(bianco, 4).pairs and not Format.of(bianco, 3).pairs


def test_individual_tables_seat_one_player_a_side_at_the_size_or_one_less() -> None:
    nain = games.get("nain-jaune")
    fmt = Format.of(nain, 4)
    assert not fmt.pairs
    assert fmt.sizes(nain) == (3, 4, 4)
    assert fmt.seats(nain, 3) == [(0,), (1,), (2,)]
    assert Format.of(nain, 20).players == nain.max_players


def test_each_round_has_its_own_seed_that_the_round_number_alone_does_not_give() -> None:
    seeds = {round_seed(123456789, r) for r in range(1, 30)}
    assert len(seeds) == 29 and all(0 <= s < 2**63 for s in seeds)
    assert round_seed(1, 2) != round_seed(2, 1)
    assert round_seed(123456789, 3) == round_seed(123456789, 3)


def test_a_partnership_scores_once_and_a_forfeit_scores_nothing() -> None:
    teams = Outcome(ranks=(1, 2, 1, 2), scores=(104, 38, 104, 38), teams=((0, 2), (1, 3)))
    assert side_points(teams, [(0, 2), (1, 3)]) == [104, 38]
    assert side_points(teams, [(0, 2), (1, 3)], forfeits=[0]) == [0, 38]
    alone = Outcome(ranks=(2, 1, 3), scores=(90, 120, -5))
    assert side_points(alone, [(0,), (1,), (2,)]) == [90, 120, 0]
