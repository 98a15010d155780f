"""Who sits where in a lobby: a join, a leave, an AI seat, and a rematch's kept seats.

Pure: each function returns the seating a lobby change makes (or refuses it with a catalog
key); the table's session stores it, then makes it the table's. In a rematch lobby
(bot.table.rematch) the players of the finished match keep their seats until they confirm
(`Table.reserved`): their own "Rejoindre" confirms, nobody else takes a kept seat, and the
host's AI button hands the first one still kept to the AI, in its place (so the partners
stay as they were). Once the reservations lapse (`Table.lapsed`, at the end of a lobby
lifetime), anyone's "Rejoindre" takes the first kept seat, in its place.
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import Seat, Table


class SeatRefused(Exception):
    """A seating change the lobby refuses: `key` is the catalog key of the answer."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


@dataclass(frozen=True, slots=True)
class Seating:
    """A lobby's seats and the players whose seats are still kept for them."""

    seats: list[Seat]
    reserved: tuple[int, ...]


def join(table: Table, seat: Seat) -> Seating:
    user_id = seat.user_id
    if user_id in table.reserved:  # a kept seat: its player confirms
        return Seating(table.seats, tuple(u for u in table.reserved if u != user_id))
    if table.seat_of(user_id or 0) is not None:
        raise SeatRefused("err.already_seated")
    if len(table.seats) < table.rules.max_players:
        return Seating([*table.seats, seat], table.reserved)
    if table.lapsed and table.reserved:
        return _instead_of_first_kept(table, seat)
    raise SeatRefused("err.rematch_kept" if table.reserved else "err.table_full")


def leave(table: Table, user_id: int) -> Seating:
    seat = table.seat_of(user_id)
    if seat is None:
        raise SeatRefused("err.not_seated")
    if user_id == table.host_id:
        raise SeatRefused("err.host_leave")
    seats = [s for i, s in enumerate(table.seats) if i != seat]
    return Seating(seats, tuple(u for u in table.reserved if u != user_id))


def add_ai(table: Table, ai: Seat) -> Seating:
    if len(table.seats) < table.rules.max_players:
        return Seating([*table.seats, ai], table.reserved)
    if table.reserved:  # the host hands a seat nobody confirmed to the AI
        return _instead_of_first_kept(table, ai)
    raise SeatRefused("err.table_full")


def _instead_of_first_kept(table: Table, seat: Seat) -> Seating:
    kept = table.reserved[0]
    place = table.seat_of(kept)
    assert place is not None  # a kept seat is seated (bot.table.model loads it so)
    seats = [*table.seats[:place], seat, *table.seats[place + 1 :]]
    return Seating(seats, table.reserved[1:])
