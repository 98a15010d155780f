"""The engine contract every game implements (see docs/architecture.md).

A game is a `Rules` object (slug, player counts, an `Options` model, its words, `new`,
`from_json`) and a `GameState` subclass holding the whole match. The base class does the
bookkeeping that must be identical everywhere: building a state, validating a move before
touching the state, the state version, the seeded generator, the event list, copies, JSON
snapshots, equality, and the typed public and private facts the bot and the art draw.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Self

import orjson

from .answers import Answers
from .faces import Faces
from .facts import FactsOf, HandFacts, PublicFacts
from .options import BaseOptions
from .outcome import Outcome
from .reasons import Reason, named_cards
from .rng import Rng

if TYPE_CHECKING:
    from .words import Words

Event = dict[str, Any]
View = dict[str, Any]


class IllegalAction(Exception):
    """A move the rules do not allow. `code` is a stable key the game's words translate.

    The message never names a hidden card, so it is safe in any log line.
    """

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail


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


def plain_copy(value: Any) -> Any:
    """A deep copy of plain JSON data (lists and dicts of scalars, nested)."""
    kind = type(value)
    if kind is list:
        return [plain_copy(v) if type(v) in _CONTAINERS else v for v in value]
    if kind is dict:
        return {k: plain_copy(v) if type(v) in _CONTAINERS else v for k, v in value.items()}
    return value


_CONTAINERS = (list, dict)


class GameState:
    """Base of every game's state. Subclasses list their own data attributes in `FIELDS`.

    Everything in `FIELDS` must be plain JSON data (ints, strs, bools, None, lists, dicts
    with str keys): snapshots are compared strictly, so a tuple that came back as a list
    would be caught by the round-trip property test, and `copy` relies on it.
    """

    FIELDS: ClassVar[tuple[str, ...]] = ()
    rules: ClassVar[Rules]
    DEALER_OPTION: ClassVar[str | None] = None  # the hidden option seating the first dealer

    players: int
    seed: int
    options: Any
    version: int
    rng: Rng
    events: list[Event]

    # --- building a state -----------------------------------------------------------------
    @classmethod
    def start(cls, players: int, seed: int, options: BaseOptions) -> Self:
        """A new match: the common bookkeeping, then the game's own `setup`."""
        state = cls.__new__(cls)
        state.players = players
        state.seed = seed
        state.options = options
        state.version = 0
        state.rng = Rng(seed)
        state.events = []
        state.setup()
        return state

    def setup(self) -> None:
        """Deal the first deal (and play what offers no choice): the game's own start."""
        raise NotImplementedError

    def next_dealer(self) -> int | None:
        """Who deals a rematch's first deal, as the rules pass the deal on (None: drawn)."""
        return None

    # --- the contract -----------------------------------------------------------------------
    def to_move(self) -> list[int]:
        raise NotImplementedError

    def view(self, seat: int | None) -> View:
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def hand(self, seat: int) -> list[str]:
        """The cards `seat` holds, as `view(seat)["hand"]` shows them. Games answer it
        without building the whole view: the AI counts cards with it on every move."""
        return list(self.view(seat)["hand"])

    def outcome(self) -> Outcome:
        """Final ranks, scores and teams per seat (meaningful once `is_over`)."""
        raise NotImplementedError

    def determinize(self, seat: int | None, rng: Rng) -> Self:
        """A full state that `seat` cannot tell apart from this one (hidden cards redealt)."""
        raise NotImplementedError

    def zones(self) -> dict[str, list[str]]:
        """Every card of the game by where it lies; the property tests check conservation."""
        raise NotImplementedError

    def tokens_total(self) -> int | None:
        """Tokens held by players plus tokens on the board, for games with tokens."""
        return None

    # --- facts: what a view shows, as typed data --------------------------------------------
    # This version's answers, asked again by every message of a move (games/answers.py):
    # immutable, and this object's only (a copy, a snapshot or a redeal starts without any).
    _answers: Answers | None = None

    def _answered(self) -> Answers:
        """This version's answers so far (a move starts them afresh)."""
        answers = self._answers
        if answers is None or answers.version != self.version:
            answers = self._answers = Answers(self.version)
        return answers

    def public_facts(self) -> PublicFacts:
        """What anyone at the table sees, built from the spectator's view only."""
        answers = self._answered()
        if answers.public is None:
            answers.public = self.rules.public_facts(self.view(None))
        return answers.public

    def hand_facts(self, seat: int) -> HandFacts:
        """What `seat` alone sees (its hand, private facts), from that seat's view only."""
        hands = self._answered().hands
        if seat not in hands:
            hands[seat] = self.rules.hand_facts(self.view(seat), seat)
        return hands[seat]

    # --- moves ------------------------------------------------------------------------------
    # What `legal_actions` last answered: (version, seat, actions). Callers nearly always ask
    # for the legal actions and then apply one of them; `apply` finds the move here instead
    # of working the rules out a second time. It belongs to this object only (never copied,
    # never saved) and is keyed by the version, which every move changes.
    _legal_memo: tuple[int, int, tuple[Action, ...]] | None = None

    def legal_actions(self, seat: int) -> list[Action]:
        """`seat`'s legal actions now (none when not to move), worked out once per version
        and seat by the game's `_legal`; the caller may change the list it gets."""
        memo = self._legal_memo
        if memo is None or memo[0] != self.version or memo[1] != seat:
            memo = (self.version, seat, tuple(self._legal(seat)))
            self._legal_memo = memo
        return list(memo[2])

    def _legal(self, seat: int) -> Sequence[Action]:
        """The game's rule for what `seat` may do now (nothing when it is not to move)."""
        raise NotImplementedError

    def apply(self, seat: int, action_id: str) -> list[Event]:
        """Apply one action, or raise `IllegalAction` and change nothing."""
        memo = self._legal_memo
        # A seat has legal actions only while it is to move and the game is not over, so a
        # move listed for this seat at this version passes every check of `_check`. (Only a
        # plain int seat and a plain str action may take that path: anything else, a bool or
        # a str subclass, takes the full check.)
        listed = (
            memo is not None
            and memo[0] == self.version
            and type(seat) is int
            and memo[1] == seat
            and type(action_id) is str
            and (action_id,) in memo[2]
        )
        if not listed:
            self._check(seat, action_id)
        self.events = []
        self._apply(seat, action_id)
        self.version += 1
        return self.events

    def _check(self, seat: int, action_id: str) -> None:
        """Raise `IllegalAction` unless `seat` may play `action_id` now."""
        if not isinstance(action_id, str) or not isinstance(seat, int):
            raise IllegalAction("malformed")
        if self.is_over():
            raise IllegalAction("game_over")
        if seat not in self.to_move():
            raise IllegalAction("not_your_turn")
        if not self.is_legal(seat, action_id):
            raise IllegalAction(self.explain(seat, action_id))

    def is_legal(self, seat: int, action_id: str) -> bool:
        return any(a.id == action_id for a in self.legal_actions(seat))

    def explain(self, seat: int, action_id: str) -> str:
        """Why `action_id` is refused, as a code the game's words translate."""
        return "illegal_move"

    def playable_cards(self, seat: int) -> frozenset[str]:
        """`seat`'s cards its legal moves play now, once per version by `_playable_cards`."""
        playable = self._answered().playable
        if seat not in playable:
            playable[seat] = frozenset(self._playable_cards(seat))
        return playable[seat]

    def _playable_cards(self, seat: int) -> frozenset[str]:
        """The game's rule for the cards `seat`'s legal moves play: those their ids name."""
        return named_cards(self.hand(seat), self.legal_actions(seat))

    def why_not(self, seat: int) -> tuple[Reason, ...]:
        """Why each card of `seat`'s hand no legal move plays is refused, once per version
        by the game's `_why_not` (games/reasons.py)."""
        why = self._answered().why
        if seat not in why:
            why[seat] = tuple(self._why_not(seat))
        return why[seat]

    def _why_not(self, seat: int) -> tuple[Reason, ...]:
        """The game's « Pourquoi ? » for the seat to move (games/reasons.py); none here."""
        return ()

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

    # --- copies and snapshots ---------------------------------------------------------------
    def copy(self) -> Self:
        """An independent deep copy, field by declared field (no JSON round trip)."""
        other = type(self).__new__(type(self))
        other.players = self.players
        other.seed = self.seed
        other.options = self.options
        other.version = self.version
        other.rng = Rng(self.rng.state)
        other.events = plain_copy(self.events)
        for f in self.FIELDS:
            setattr(other, f, plain_copy(getattr(self, f)))
        return other

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
        """The snapshot as compact JSON: the text stdlib json gives, by the faster orjson."""
        return orjson.dumps(self.snapshot()).decode()

    @classmethod
    def from_snapshot(cls, snap: Mapping[str, Any]) -> Self:
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

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.snapshot() == other.snapshot()

    # Defining __eq__ leaves __hash__ None: a state is mutable, compared by value.


class Rules:
    """A game's rules object: what the registry hands out for a slug."""

    slug: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[BaseOptions]]
    State: ClassVar[type[GameState]]
    words: ClassVar[Words]
    # Options and a table size for a short match: the property tests, the demo, the benches.
    quick_options: ClassVar[dict[str, Any]] = {}
    quick_players: ClassVar[int | None] = None
    # The module holding the game's AI `PROFILE` (games.ai), if it has one.
    ai: ClassVar[str | None] = None
    # The accent colour of the game's messages and pictures (0xRRGGBB).
    colour: ClassVar[int] = 0x455A64
    # What the game's cards say beyond the standard ones (its own deck, identity cards):
    # what pictures draw (games/faces.py).
    faces: ClassVar[Faces] = Faces()

    def __init__(self) -> None:
        # Options are frozen, so every table on the defaults shares one instance: validating
        # a pydantic model costs about as much as a deal of some games.
        self.default_options = self.Options()

    def teams(self, players: int) -> list[list[int]] | None:
        """Fixed partnerships at this table size, known before the match starts."""
        return None

    # The game's facts module: `public(view)` and `hand(view, seat)` (games/facts.py).
    facts: ClassVar[FactsOf]

    def public_facts(self, view: View) -> PublicFacts:
        """The public facts of a spectator's view (`view(None)`); see games/facts.py."""
        return self.facts.public(view)

    def hand_facts(self, view: View, seat: int) -> HandFacts:
        """The private facts of `seat`'s own view (`view(seat)`)."""
        return self.facts.hand(view, seat)

    def parse_options(self, options: Mapping[str, Any] | BaseOptions | None) -> BaseOptions:
        if options is None:
            return self.default_options
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
        return self.State.start(players, seed, self.parse_options(options))

    def from_json(self, text: str) -> GameState:
        snap = orjson.loads(text)
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
