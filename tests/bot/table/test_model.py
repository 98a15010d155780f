"""The seat a click plays from: one lookup for the hand and the « Pourquoi ? » buttons."""

from __future__ import annotations

from bot.table.model import Seat, seat_in_play
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
