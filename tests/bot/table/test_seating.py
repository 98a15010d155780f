"""A lobby's seating, a rematch's kept seats included (bot.table.seating): pure rules."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.table.model import Seat, Table
from bot.table.seating import SeatRefused, add_ai, join, leave

ADA, BOB, CLEO, DEDE = 1, 2, 3, 4


def rematch_lobby(*, lapsed: bool = False) -> Table:
    """A Manille rematch lobby: Ada hosts, Bob and Cléo not confirmed yet, one AI."""
    seats = [Seat(ADA, "Ada"), Seat(BOB, "Bob"), Seat(None, "Marcel", True, "facile")]
    seats.append(Seat(CLEO, "Cléo"))
    return Table(
        id=9,
        guild_id=1,
        channel_id=1,
        thread_id=None,
        game="manille",
        options={},
        seed=1,
        host_id=ADA,
        seats=seats,
        rematch_of=8,
        reserved=(BOB, CLEO),
        lapsed=lapsed,
    )


def test_a_kept_player_confirms_without_moving() -> None:
    table = rematch_lobby()
    seating = join(table, Seat(CLEO, "Cléo"))
    assert seating.seats == table.seats and seating.reserved == (BOB,)


def test_nobody_else_takes_a_kept_seat_until_the_reservations_lapse() -> None:
    with pytest.raises(SeatRefused) as refused:
        join(rematch_lobby(), Seat(DEDE, "Dédé"))
    assert refused.value.key == "err.rematch_kept"
    seating = join(rematch_lobby(lapsed=True), Seat(DEDE, "Dédé"))
    assert [s.user_id for s in seating.seats] == [ADA, DEDE, None, CLEO]  # Bob's place
    assert seating.reserved == (CLEO,)


def test_the_hosts_ai_takes_the_first_kept_seat_in_its_place() -> None:
    ai = Seat(None, "Huguette", True, "fort")
    seating = add_ai(rematch_lobby(), ai)
    assert seating.seats[1] is ai and seating.reserved == (CLEO,)
    with pytest.raises(SeatRefused):
        add_ai(replace(rematch_lobby(), reserved=()), ai)  # full, nothing kept


def test_a_kept_player_who_leaves_is_no_longer_kept() -> None:
    seating = leave(rematch_lobby(), BOB)
    assert [s.user_id for s in seating.seats] == [ADA, None, CLEO]
    assert seating.reserved == (CLEO,)
    with pytest.raises(SeatRefused):
        leave(rematch_lobby(), ADA)  # the host stays
