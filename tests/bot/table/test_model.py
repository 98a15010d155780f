"""The table as the bot keeps it: the seat a click plays from (one lookup for the hand and
the « Pourquoi ? » buttons), and the lines its messages say alike about one state."""

from __future__ import annotations

from collections.abc import Callable

from bot.table.model import Seat, StateLines, seat_in_play
from tests.bot.tables import mid_deal


def test_a_seated_player_gets_their_seat_and_anyone_else_a_refusal() -> None:
    table = mid_deal("manille")
    assert seat_in_play(table, 1002) == (2, None)
    assert seat_in_play(table, 42) == (None, "hand.spectator")
    assert seat_in_play(None, 1002) == (None, "err.no_table")
    table.seats[1] = Seat(1001, "Robot", is_ai=True, ai_level="facile")
    assert seat_in_play(table, 1001) == (None, "hand.spectator"), "an AI's seat is no one's"
    table.state = None
    assert seat_in_play(table, 1002) == (None, "err.not_playing")


def test_state_lines_are_built_once_per_state_object_version_key_and_faces() -> None:
    table = mid_deal("manille")
    state = table.state
    assert state is not None
    said = StateLines()
    built: list[str] = []

    def build(text: str) -> Callable[[], list[str]]:
        return lambda: built.append(text) or [text]

    faces = object()
    assert said.get(state, "k", faces, build("a")) == ("a",)
    assert said.get(state, "k", faces, build("b")) == ("a",)  # kept
    assert said.get(state, "other", faces, build("c")) == ("c",)  # another key
    assert said.get(state, "k", object(), build("d")) == ("d",)  # other faces
    twin = state.copy()  # the same version, another object (a reload): built again
    assert said.get(twin, "k", faces, build("e")) == ("e",)
    seat = twin.to_move()[0]
    twin.apply(seat, twin.legal_actions(seat)[0].id)
    assert said.get(twin, "k", faces, build("f")) == ("f",)  # moved on
    assert built == ["a", "c", "d", "e", "f"]
