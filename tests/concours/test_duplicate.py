from __future__ import annotations

from dataclasses import dataclass

from concours import Held, same_cards


@dataclass(frozen=True)
class T:
    number: int
    sides: tuple[int, ...]
    points: tuple[int, ...] | None


def test_each_place_lists_who_held_its_cards_best_first_then_by_table() -> None:
    tables = [T(0, (1, 2), (60, 102)), T(1, (3, 4), (110, 40)), T(2, (5, 6), (60, 10))]
    assert same_cards(tables) == [
        [Held(3, 110, 2), Held(1, 60, 1), Held(5, 60, 3)],
        [Held(2, 102, 1), Held(4, 40, 2), Held(6, 10, 3)],
    ]


def test_tables_not_scored_or_of_another_size_are_left_out() -> None:
    tables = [T(0, (1, 2, 3), (5, 6, 7)), T(1, (4, 5, 6), (1, 2, 3)), T(2, (7, 8), (9, 9))]
    assert [len(place) for place in same_cards(tables)] == [2, 2, 2]
    assert same_cards([T(0, (1, 2), (1, 2)), T(1, (3, 4), None)]) == []
    assert same_cards([]) == []
