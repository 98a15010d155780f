"""The engine contract every game implements (see shared/DESIGN.md).

A game is a `Rules` object (slug, player counts, an `Options` model, `new`, `from_json`)
and a `GameState` subclass holding the whole match. The base class does the bookkeeping
that must be identical everywhere: validating a move before touching the state, the state
version, the seeded generator, the event list, JSON snapshots and equality.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple

from pydantic import BaseModel, ConfigDict

from .rng import Rng

Event = dict[str, Any]


class IllegalAction(Exception):
    """A move the rules do not allow. `code` is a stable key the bot translates.

    The message never names a hidden card, so it is safe in any log line.
    """

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail

    @property
    def reason(self) -> str:
        return self.code


class Action(NamedTuple):
    """A legal action; `id` is the stable string stored in custom_ids and move logs."""

    id: str

    @property
    def verb(self) -> str:
        return self.id.split(":", 1)[0]

    @property
    def arg(self) -> str | None:
        parts = self.id.split(":", 1)
        return parts[1] if len(parts) == 2 else None


class BaseOptions(BaseModel):
    """Table options. Every field has a default; unknown keys are refused."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def hidden_option(**kwargs: Any) -> dict[str, Any]:
    """Field extras for an option that exists for tests and replays, not for the table UI."""
    return {"json_schema_extra": {"hidden": True}, **kwargs}


class GameState:
    """Base of every game's state. Subclasses list their own data attributes in `FIELDS`.

    Everything in `FIELDS` must be plain JSON data (ints, strs, bools, None, lists, dicts
    with str keys): snapshots are compared strictly, so a tuple that came back as a list
    would be caught by the round-trip property test.
    """

    FIELDS: ClassVar[tuple[str, ...]] = ()
    rules: ClassVar[Rules]

    players: int
    seed: int
    options: Any
    version: int
    rng: Rng
    events: list[Event]

    # --- the contract -------------------------------------------------------------------
    def to_move(self) -> list[int]:
        raise NotImplementedError

    def legal_actions(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def view(self, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def outcome(self) -> dict[str, Any]:
        """`{"ranks": [...], "scores": [...], "teams": [[...], ...] | None}` per seat.

        Ranks are 1-based and shared on a tie; in team games every member has the team's rank.
        """
        raise NotImplementedError

    def determinize(self, seat: int | None, rng: Rng) -> GameState:
        """A full state that `seat` cannot tell apart from this one (hidden cards redealt)."""
        raise NotImplementedError

    def zones(self) -> dict[str, list[str]]:
        """Every card of the game by where it lies; the property tests check conservation."""
        raise NotImplementedError

    def tokens_total(self) -> int | None:
        """Tokens held by players plus tokens on the board, for games with tokens."""
        return None

    # --- moves ----------------------------------------------------------------------------
    def apply(self, seat: int, action_id: str) -> list[Event]:
        """Apply one action, or raise `IllegalAction` and change nothing."""
        if not isinstance(action_id, str) or not isinstance(seat, int):
            raise IllegalAction("malformed")
        if self.is_over():
            raise IllegalAction("game_over")
        if seat not in self.to_move():
            raise IllegalAction("not_your_turn")
        if not self.is_legal(seat, action_id):
            raise IllegalAction(self.explain(seat, action_id))
        self.events = []
        self._apply(seat, action_id)
        self.version += 1
        return self.events

    def is_legal(self, seat: int, action_id: str) -> bool:
        return any(a.id == action_id for a in self.legal_actions(seat))

    def explain(self, seat: int, action_id: str) -> str:
        """Why `action_id` is refused, as a code the bot can translate."""
        return "illegal_move"

    def _apply(self, seat: int, action_id: str) -> None:
        raise NotImplementedError

    def emit(self, kind: str, to: int | None = None, **data: Any) -> None:
        """Record an event; `to` makes it private to one seat (it may name hidden cards)."""
        ev: Event = {"type": kind, **data}
        if to is not None:
            ev["to"] = to
        self.events.append(ev)

    def events_for(self, seat: int | None) -> list[Event]:
        return [e for e in self.events if "to" not in e or e["to"] == seat]

    # --- snapshots ------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {
            "slug": self.rules.slug,
            "players": self.players,
            "seed": self.seed,
            "options": self.options.model_dump(mode="json"),
            "version": self.version,
            "rng": self.rng.state,
            "events": self.events,
            "data": {f: getattr(self, f) for f in self.FIELDS},
        }

    def to_json(self) -> str:
        return json.dumps(self.snapshot(), separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_snapshot(cls, snap: Mapping[str, Any]) -> GameState:
        state = cls.__new__(cls)
        state.players = snap["players"]
        state.seed = snap["seed"]
        state.options = cls.rules.Options(**snap["options"])
        state.version = snap["version"]
        state.rng = Rng(snap["rng"])
        state.events = list(snap["events"])
        for f in cls.FIELDS:
            setattr(state, f, snap["data"][f])
        return state

    def clone(self) -> GameState:
        return type(self).from_snapshot(json.loads(self.to_json()))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def _init_base(self, players: int, seed: int, options: Any) -> None:
        self.players = players
        self.seed = seed
        self.options = options
        self.version = 0
        self.rng = Rng(seed)
        self.events = []


def rank_by_score(scores: Sequence[float], tiebreak: Sequence[float] | None = None) -> list[int]:
    """1-based ranks, higher score better, ties (after the tie-break) sharing a rank."""
    keys = [(scores[i], tiebreak[i] if tiebreak else 0) for i in range(len(scores))]
    return [1 + sum(1 for k in keys if k > keys[i]) for i in range(len(keys))]


class Rules:
    """A game's rules object: what the registry hands out for a slug."""

    slug: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[BaseOptions]]
    State: ClassVar[type[GameState]]
    # Options for a short match: used by the property tests, the demo and the benchmarks.
    quick_options: ClassVar[dict[str, Any]] = {}

    def parse_options(self, options: Mapping[str, Any] | BaseOptions | None) -> BaseOptions:
        if options is None:
            return self.Options()
        if isinstance(options, BaseOptions):
            return options
        return self.Options(**options)

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.slug} takes {self.min_players} to {self.max_players} players, not {players}"
            )

    def new(
        self,
        players: int,
        seed: int = 0,
        options: Mapping[str, Any] | BaseOptions | None = None,
    ) -> GameState:
        self.check_players(players)
        opts = self.parse_options(options)
        return self._new(players, seed, opts)

    def _new(self, players: int, seed: int, options: Any) -> GameState:
        raise NotImplementedError

    def from_json(self, text: str) -> GameState:
        snap = json.loads(text)
        if snap.get("slug") != self.slug:
            raise ValueError(f"snapshot of {snap.get('slug')!r}, not {self.slug!r}")
        return self.State.from_snapshot(snap)

    def replay(
        self,
        players: int,
        seed: int,
        options: Mapping[str, Any] | BaseOptions | None,
        moves: Iterable[tuple[int, str]],
    ) -> GameState:
        """Rebuild a match from its seed, options and move log."""
        state = self.new(players=players, seed=seed, options=options)
        for seat, action_id in moves:
            state.apply(seat, action_id)
        return state

    def __repr__(self) -> str:
        return f"<Rules {self.slug}>"
