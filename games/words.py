"""Words players read, French first and English: the mechanism each game's `words.py` fills.

A sentence is a `T` (its French and English text) with typed placeholders: the template
says how each value reads, so nothing is guessed from a key's name.

    {seat:seat}          a seat number -> the player's name; {seat:seat:de} -> `d'Alice`
    {seats:seats}        seat numbers -> "Alice, Basile et Chloé"
    {card:card}          a card id -> its face (`10♥`, `D♠`, `🟥 Mamma`);
                         {card:card:le} -> `le V♣`, `l'A♠` / `the J♣`
    {cards:cards}        card ids (a list, or `9H+9D`) -> faces
    {suit:suit}          `H` -> `♥ cœur`;  {family:family}: `R` -> `🟥 rouge`
    {rank:rank}          `Q` -> `D` (as on the card); {rank:rank:name} -> `dame`;
                         {rank:rank:name:de} -> `de dame` / `d'as` (French elision);
                         {rank:rank:name:plural} -> `dames`, `7` / `queens`, `7s`
    {n:count:token}      a number with a unit of the words' `units` -> `1 jeton`, `0 jeton`,
                         `12 jetons` (French and English plural rules)
    {n:count:pli:plis}   the same with the two forms written in the sentence itself
    {n:signed}           `+3`, `−2`, `0`
    {box:box}, {role:role}, {phase:phase}   a word of the game's boxes, roles, phases
    {call:term:calls}    a word of the game's `terms["calls"]`
    {flag:yesno}         `oui` / `non`
    {x:about}            `[1.8, "point"]` -> `1,8 point` / `1.8 points` (one decimal, a unit)
    {a:action}           an action id -> its label (`Passer`, `10♥`)
    {n} or {name}        the value as it is (a number, a text)

Index a list value with `{points[0]}`. A game may add its own types (`Words.types`).
The bot passes in the players' names and a card-face function; the text faces of
games/cards.py are the default, and a picture-emoji face can replace them later.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from . import cards
from .facts import Fact, Zone
from .lang import COMMON_UNITS, Unit, joined

# A game's words module reads T, FR and EN from here, beside Words.
from .lang import EN as EN
from .lang import FR as FR
from .lang import T as T

Face = Callable[[str], str]
Event = Mapping[str, Any]


@dataclass(slots=True)
class Context:
    """What a sentence needs besides its values: the language, names and card faces."""

    lang: str
    names: Sequence[str]
    face: Face
    words: Words

    def name(self, seat: Any) -> str:
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.names):
            return self.names[seat]
        n = seat + 1 if isinstance(seat, int) else seat
        return f"player {n}" if self.lang == EN else f"joueur {n}"

    def join(self, items: Sequence[str]) -> str:
        """`A`, `A et B`, `A, B et C` (English: `and`)."""
        return joined(list(items), self.lang)


TypeFn = Callable[[Any, Sequence[str], Context], str]
EventWords = T | Callable[[Event], T | None] | None


def _cards(value: Any) -> list[str]:
    if isinstance(value, str):
        return value.split("+") if value else []
    return [str(c) for c in value]


def elide_de(text: str) -> str:
    """French `de` before a word: `d'as`, `d'Alice`, `de dame`, `de Basile`."""
    return ("d'" if text[:1].lower() in "aeéèêiîoôuûyh" else "de ") + text


def _seat(value: Any, args: Sequence[str], ctx: Context) -> str:
    name = ctx.name(value)
    return elide_de(name) if "de" in args and ctx.lang == FR else name


def _rank(value: Any, args: Sequence[str], ctx: Context) -> str:
    rank = str(value)
    text = cards.rank_name(rank, ctx.lang) if "name" in args else cards.rank_text(rank, ctx.lang)
    if "plural" in args and not (ctx.lang == FR and (text.endswith("s") or text.isdigit())):
        text += "s"
    return elide_de(text) if "de" in args and ctx.lang == FR else text


def _count(value: Any, args: Sequence[str], ctx: Context) -> str:
    n = int(value)
    if len(args) >= 2:
        return Unit(fr=(args[0], args[1]), en=(args[0], args[1])).amount(n, ctx.lang)
    return ctx.words.unit(args[0] if args else "point").amount(n, ctx.lang)


def _signed(value: Any, args: Sequence[str], ctx: Context) -> str:
    n = int(value)
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def _about(value: Any, args: Sequence[str], ctx: Context) -> str:
    """An estimate with one decimal and its unit: French `1,8 point` (singular below 2),
    English `1.8 points`; a whole number shows no decimal."""
    x = round(float(value[0]), 1)
    text = str(int(x)) if x == int(x) else f"{x:.1f}"
    unit = ctx.words.unit(str(value[1]))
    if ctx.lang == EN:
        return f"{text} {unit.en[0] if x == 1 else unit.en[1]}"
    return f"{text.replace('.', ',')} {unit.fr[0] if abs(x) < 2 else unit.fr[1]}"


def _term(value: Any, args: Sequence[str], ctx: Context) -> str:
    return ctx.words.term(args[0], str(value), ctx.lang)


def _card(value: Any, args: Sequence[str], ctx: Context) -> str:
    """A card's face; `{card:card:le}` with its article: `le V♣`, `l'A♠` / `the J♣`."""
    face = ctx.face(str(value))
    if "le" not in args:
        return face
    if ctx.lang == EN:
        return f"the {face}"
    return ("l'" if str(value)[:-1] == "A" else "le ") + face


BASE_TYPES: dict[str, TypeFn] = {
    "seat": _seat,
    "seats": lambda v, a, ctx: ctx.join([ctx.name(s) for s in v]),
    "card": _card,
    "cards": lambda v, a, ctx: " ".join(ctx.face(c) for c in _cards(v)),
    "suit": lambda v, a, ctx: cards.suit_name(str(v), ctx.lang),
    "family": lambda v, a, ctx: cards.family_name(str(v), ctx.lang),
    "rank": _rank,
    "count": _count,
    "signed": _signed,
    "n": lambda v, a, ctx: str(v),
    "about": _about,
    "action": lambda v, a, ctx: ctx.words.action_label(str(v), ctx.lang, ctx.face),
    "box": lambda v, a, ctx: ctx.words.box(str(v), ctx.lang, ctx.face),
    "role": lambda v, a, ctx: ctx.words.role(str(v), ctx.lang),
    "phase": lambda v, a, ctx: ctx.words.phase(str(v), ctx.lang),
    "term": _term,
    "yesno": lambda v, a, ctx: (
        ("yes" if v else "no") if ctx.lang == EN else ("oui" if v else "non")
    ),
}
# The type each fact kind reads with (games/facts.py).
KIND_TYPES: dict[str, str] = {
    "number": "n",
    "seat": "seat",
    "seats": "seats",
    "card": "card",
    "cards": "cards",
    "suit": "suit",
    "family": "family",
    "rank": "rank",
    "box": "box",
    "role": "role",
}

# Refusals every game may give (GameState.apply), and the generic fallback.
COMMON_REFUSALS: dict[str, T] = {
    "illegal_move": T("Ce coup n'est pas permis.", "That move is not allowed."),
    "not_your_turn": T("Ce n'est pas votre tour.", "It is not your turn."),
    "game_over": T("La partie est terminée.", "The game is over."),
    "malformed": T("Action invalide.", "Invalid action."),
    "unknown_action": T("Action inconnue.", "Unknown action."),
    "unknown_card": T("Carte inconnue.", "Unknown card."),
    "not_in_hand": T("Vous n'avez pas cette carte.", "You do not hold that card."),
    "wrong_phase": T("Ce n'est pas le moment.", "Not at this point of the game."),
}
COMMON_PHASES: dict[str, T] = {"over": T("partie terminée", "game over")}
COMMON_FACTS: dict[str, T] = {"dealer": T("donneur", "dealer")}

_FORMATTER = string.Formatter()


class WordsError(KeyError):
    """A sentence names a value the event lacks, or a type nobody defined."""


@dataclass(frozen=True)
class Words:
    """A game's words: its name and summary, what it says about its events, refusals,
    actions, phases, roles, boxes, facts and terms. Shared words fill what it leaves out."""

    name: T
    summary: T
    events: Mapping[str, EventWords] = field(default_factory=dict)
    refusals: Mapping[str, T] = field(default_factory=dict)
    # Why a card cannot be played now (games/reasons.py), by reason code: a sentence that
    # goes after the card (`R♣ : vous devez monter…`), so it starts in lower case.
    why: Mapping[str, EventWords] = field(default_factory=dict)
    actions: Mapping[str, T] = field(default_factory=dict)  # by verb; `{arg:...}` after `:`
    minor: frozenset[str] = frozenset()  # verbs that decline (pass, fold): shown quieter
    phases: Mapping[str, T] = field(default_factory=dict)
    roles: Mapping[str, T] = field(default_factory=dict)
    boxes: Mapping[str, T] = field(default_factory=dict)
    facts: Mapping[str, T] = field(default_factory=dict)  # facts, zones and marks; `{value}`
    terms: Mapping[str, Mapping[str, T]] = field(default_factory=dict)
    units: Mapping[str, Unit] = field(default_factory=dict)
    types: Mapping[str, TypeFn] = field(default_factory=dict)
    reasons: Mapping[str, T] = field(default_factory=dict)  # games/ai/advice.py

    # --- the public API --------------------------------------------------------------------
    def narrate(
        self,
        event: Event,
        lang: str,
        names: Sequence[str] = (),
        face: Face | None = None,
        *,
        strict: bool = False,
    ) -> str | None:
        """One event in words, or None when the game says nothing about it.

        A sentence that cannot be filled (a bug) is None too, unless `strict` (tests).
        """
        entry = self.events.get(str(event.get("type", "")))
        template = entry(event) if callable(entry) else entry
        if template is None:
            return None
        ctx = self.context(lang, names, face)
        try:
            return self.fill(template.get(lang), event, ctx)
        except (WordsError, LookupError, TypeError, ValueError):
            if strict:
                raise
            return None

    def action_label(self, action_id: str, lang: str, face: Face | None = None) -> str:
        """A short label for a button or a select option: `Prendre`, `10♥`, `Miser 3`."""
        verb, _, arg = action_id.partition(":")
        template = self.actions.get(verb)
        if template is None:
            return action_id
        return self.fill(template.get(lang), {"arg": arg}, self.context(lang, (), face))

    def refusal(self, code: str, lang: str) -> str:
        """Why a move was refused, from its `IllegalAction.code`."""
        text = self.refusals.get(code) or COMMON_REFUSALS.get(code)
        return (text or COMMON_REFUSALS["illegal_move"]).get(lang)

    def fact(
        self, fact: Fact, lang: str, names: Sequence[str] = (), face: Face | None = None
    ) -> str:
        """A fact as a line or a mark: `Atout : ♥ cœur`, `preneur`, `mise : 3`."""
        template = self.facts.get(fact.key) or COMMON_FACTS.get(fact.key)
        if template is None:
            return fact.key
        default = KIND_TYPES.get(fact.kind)
        if fact.kind == "term":
            default = f"term:{fact.key}"
        ctx = self.context(lang, names, face)
        return self.fill(template.get(lang), {"value": fact.value}, ctx, {"value": default})

    def label(self, key: str, lang: str) -> str:
        """The label of a zone or a fact without its value (`Sur le tapis`)."""
        template = self.facts.get(key) or COMMON_FACTS.get(key)
        return template.get(lang) if template is not None else key

    def zone_count(self, zone: Zone, lang: str) -> str:
        """What a zone's `count` says beside its cards: `12 cartes` (a pile, its top shown),
        or the game's own sentence for that zone, `facts["<key>.count"]` with `{shown}` (the
        cards listed) and `{count}`, when the cards listed are some of those counted: the
        dead cards known, `7 connues sur 13`."""
        assert zone.count is not None
        template = self.facts.get(f"{zone.key}.count") if zone.cards else None
        if template is None:
            return self.amount(zone.count, "card", lang)
        values = {"shown": len(zone.cards), "count": zone.count}
        return self.fill(template.get(lang), values, self.context(lang, (), None))

    def amount(self, n: int, unit: str, lang: str) -> str:
        """`1 point`, `0 jeton`, `12 tokens`."""
        return self.unit(unit).amount(n, lang)

    def unit(self, key: str) -> Unit:
        return self.units.get(key) or COMMON_UNITS.get(key) or COMMON_UNITS["point"]

    def phase(self, key: str, lang: str) -> str:
        text = self.phases.get(key) or COMMON_PHASES.get(key)
        return text.get(lang) if text is not None else key

    def role(self, key: str, lang: str) -> str:
        text = self.roles.get(key)
        return text.get(lang) if text is not None else key

    def box(self, key: str, lang: str, face: Face | None = None) -> str:
        text = self.boxes.get(key)
        if text is not None:
            return text.get(lang)
        return (face or _text_face(lang))(key)

    def term(self, group: str, key: str, lang: str) -> str:
        text = self.terms.get(group, {}).get(key)
        return text.get(lang) if text is not None else key

    # --- the machinery ---------------------------------------------------------------------
    def context(self, lang: str, names: Sequence[str], face: Face | None) -> Context:
        return Context(lang=lang, names=names, face=face or _text_face(lang), words=self)

    def fill(
        self,
        template: str,
        values: Mapping[str, Any],
        ctx: Context,
        defaults: Mapping[str, str | None] | None = None,
    ) -> str:
        """`template` with each placeholder read by its type (see the module docstring)."""
        out: list[str] = []
        for literal, name, head, kind, args in _parse(template):
            out.append(literal)
            if name is None:
                continue
            value = values[name] if name == head and name in values else _lookup(values, name)
            if not kind and defaults:
                spec = defaults.get(head)
                if spec:
                    kind, *rest = spec.split(":")
                    args = tuple(rest)
            out.append(self.read(value, kind, args, ctx) if kind else str(value))
        return "".join(out)

    def read(self, value: Any, kind: str, args: Sequence[str], ctx: Context) -> str:
        fn = self.types.get(kind) or BASE_TYPES.get(kind)
        if fn is None:
            raise WordsError(f"no type {kind!r}")
        return fn(value, args, ctx)


@lru_cache(maxsize=4096)
def _parse(template: str) -> tuple[tuple[str, str | None, str, str, tuple[str, ...]], ...]:
    """A template's pieces, `(literal, name, head, type, type arguments)`: parsed once, read
    many times (`head` is the name without its `[index]`)."""
    pieces = []
    for literal, name, spec, _ in _FORMATTER.parse(template):
        kind, *args = (spec or "").split(":")
        head = name.split("[", 1)[0] if name is not None else ""
        pieces.append((literal, name, head, kind, tuple(args)))
    return tuple(pieces)


def _lookup(values: Mapping[str, Any], name: str) -> Any:
    """`points` or `points[0]` in `values`; a missing value is a WordsError."""
    head, _, rest = name.partition("[")
    if head not in values:
        raise WordsError(head)
    value = values[head]
    while rest:
        index, _, rest = rest.partition("]")
        value = value[int(index)]
        rest = rest.removeprefix("[")
    return value


def _text_face(lang: str) -> Face:
    return lambda c: cards.face(c, lang)


def placeholders(template: str) -> list[tuple[str, str]]:
    """`(name, spec)` of every placeholder of a template (for the words tests)."""
    return [(n, s or "") for _, n, s, _ in _FORMATTER.parse(template) if n is not None]
