"""A table as the bot keeps it: its seats, its settings, the engine's state and the last
events, and how a stored record becomes one. Plain data, no Discord and no storage."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any

import games
from db import TABLE_SETTINGS, SeatInfo, TableRecord
from games import GameState

RECENT_EVENTS = 8
DEFAULT_TIMER = 90  # seconds a player has to act before the AI plays for them (0: off)
TABLE_KEY = TABLE_SETTINGS  # table settings (language, timer, practice) beside the game options
AI_NAMES = ("Marcel", "Huguette", "Lucien", "Odette", "Gaston", "Simone", "Firmin", "Paulette")
AI_LEVELS = ("facile", "fort")


@dataclass
class Seat:
    user_id: int | None
    name: str
    is_ai: bool = False
    ai_level: str | None = None
    autopilot: bool = False  # a human seat the AI plays until its player takes it back

    @property
    def automatic(self) -> bool:
        return self.is_ai or self.autopilot

    def info(self, seat: int) -> SeatInfo:
        return SeatInfo(
            seat=seat,
            user_id=self.user_id,
            is_ai=self.is_ai,
            ai_level=self.ai_level,
            name=self.name,
        )


Lines = tuple[str, ...]


class StateLines:
    """Lines that several messages of a table say alike about one state of its match (the
    public lines under the table message and under every hand, bot.render.words): built
    once for that state object at its version, per key (language, names) and card faces,
    and forgotten when the table's state moves on (a move, a reload, a new match)."""

    def __init__(self) -> None:
        self._state: GameState | None = None
        self._version = -1
        self._lines: dict[Hashable, tuple[object, Lines]] = {}

    def get(
        self, state: GameState, key: Hashable, faces: object, build: Callable[[], Iterable[str]]
    ) -> Lines:
        """The lines under `key` for `state` as it is with `faces` (the same object: the
        faces change when the emojis are synced), built by `build` the first time."""
        if state is not self._state or state.version != self._version:
            self._state, self._version, self._lines = state, state.version, {}
        found = self._lines.get(key)
        if found is None or found[0] is not faces:
            found = self._lines[key] = (faces, tuple(build()))
        return found[1]


@dataclass(eq=False)
class Table:
    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    game: str
    options: dict[str, Any]
    seed: int
    host_id: int
    status: str = "lobby"
    message_id: int | None = None
    seats: list[Seat] = field(default_factory=list)
    state: GameState | None = None
    snapshot: str | None = None
    lang: str = "fr"
    timer: int = DEFAULT_TIMER
    # A practice table: one player against the AI, unrated and counted nowhere (db/ratings.py);
    # what a practice table allows more (hints) reads this flag.
    practice: bool = False
    # A rematch lobby (bot.table.rematch): the finished table it follows, the players of
    # that match who have not confirmed yet (their seats are kept for them), and whether
    # those kept seats are now offered to anyone (`lapsed`, at the end of a lobby lifetime).
    rematch_of: int | None = None
    reserved: tuple[int, ...] = ()
    lapsed: bool = False
    # Hints (*Conseil*) allowed by the host: the match is then unrated (db/ratings.py).
    hints: bool = False
    # A concours table whose organiser chose that its matches count in no season: recorded
    # unrated, like a practice match, but shown as an ordinary one.
    unrated: bool = False
    # A concours table: a no-show is replaced from the concours message, where the side's
    # forfeit is recorded (docs/concours.md), not by the table's own host button.
    concours: bool = False
    recent: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=RECENT_EVENTS))
    # Bumped on every stored change (bot.table.session): what is drawn is keyed by it, so a
    # redraw happens whenever anything shown may have changed (a version number can come back).
    revision: int = 0
    # A write failed in a way that may have committed anyway (a connection lost at COMMIT):
    # the next operation reads the truth back from storage first.
    suspect: bool = False
    # What its messages say alike about the state shown now (bot.render.words).
    said: StateLines = field(default_factory=StateLines, repr=False)

    @property
    def rules(self) -> games.Rules:
        return games.get(self.game)

    @property
    def where_id(self) -> int:
        """The channel or thread the table's public message lives in."""
        return self.thread_id or self.channel_id

    def seat_of(self, user_id: int) -> int | None:
        for i, s in enumerate(self.seats):
            if s.user_id == user_id and not s.is_ai:
                return i
        return None

    def settings(self) -> dict[str, Any]:
        """The table's own settings as stored under TABLE_KEY beside the game's options."""
        stored: dict[str, Any] = {"lang": self.lang, "timer": self.timer}
        if self.practice:
            stored["practice"] = True
        if self.rematch_of is not None:
            stored.update(rematch_of=self.rematch_of, reserved=list(self.reserved))
        if self.lapsed:
            stored["lapsed"] = True
        if self.hints:
            stored["hints"] = True
        if self.unrated:
            stored["unrated"] = True
        if self.concours:
            stored["concours"] = True
        return stored

    @property
    def hints_allowed(self) -> bool:
        """Whether a seat may ask for a hint here: a practice table, or one whose host
        allowed them (either is unrated)."""
        return self.practice or self.hints

    def version(self) -> int:
        return self.state.version if self.state else 0

    def to_move_users(self) -> list[int]:
        if self.state is None or self.state.is_over():
            return []
        return [u for s in self.state.to_move() if (u := self.seats[s].user_id) is not None]


def seat_in_play(table: Table | None, user_id: int) -> tuple[int | None, str | None]:
    """The seat `user_id` plays at `table` (a hand to show, a card to explain), else the
    catalog key of the refusal: no such table, not being played, or not seated there."""
    if table is None or table.state is None:
        return None, "err.no_table" if table is None else "err.not_playing"
    seat = table.seat_of(user_id)
    return seat, "hand.spectator" if seat is None else None


def table_from_record(record: TableRecord) -> Table:
    options = dict(record.options)
    settings = options.pop(TABLE_KEY, None) or {}
    table = Table(
        id=record.id,
        guild_id=record.guild_id,
        channel_id=record.channel_id,
        thread_id=record.thread_id,
        game=record.game,
        options=options,
        lang=settings.get("lang", "fr"),
        timer=int(settings.get("timer", DEFAULT_TIMER)),
        practice=settings.get("practice") is True,
        hints=settings.get("hints") is True,
        unrated=settings.get("unrated") is True,
        concours=settings.get("concours") is True,
        seed=record.seed,
        host_id=record.host_id,
        status=record.status,
        message_id=record.message_id,
        seats=[
            Seat(user_id=s.user_id, name=s.name, is_ai=s.is_ai, ai_level=s.ai_level)
            for s in sorted(record.seats, key=lambda s: s.seat)
        ],
    )
    if isinstance(settings.get("rematch_of"), int):
        table.rematch_of = settings["rematch_of"]
        seated = {s.user_id for s in table.seats if not s.is_ai}
        kept = settings.get("reserved")
        table.reserved = tuple(u for u in kept if u in seated) if isinstance(kept, list) else ()
        table.lapsed = settings.get("lapsed") is True
    if record.snapshot:
        table.state = table.rules.from_json(record.snapshot)
        table.snapshot = record.snapshot
    return table


def ai_name(table: Table, level: str) -> str:
    """A first name no seat has yet; the level is shown beside it in the table's language
    (bot.render.words), never in the name, which every language reads."""
    taken = {s.name for s in table.seats}
    for name in AI_NAMES:
        if name not in taken:
            return name
    return f"Robot {len(table.seats) + 1}"
