"""Table options: the pydantic base every game's options model extends, and their words.

Each option a host may set is declared with `option(...)`: a default, a French and an
English label and help text, the words of each allowed value for enumerations, and bounds
for numbers. The bot builds its option UI (slash-command parameters, the lobby's list) from
`describe(model)` alone, so a new game's options need no change outside its package.
Options that exist for tests and replays (a stacked deck, a fixed dealer) are declared with
`hidden(...)` and never offered to a host.
"""

from __future__ import annotations

import types
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Union, get_args, get_origin

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    ValidationError,
    field_validator,
    model_serializer,
    model_validator,
)
from pydantic.fields import FieldInfo

from .words import EN, T

Pair = tuple[str, str]  # (French, English)
Kind = Literal["bool", "int", "choice", "multi"]


def option(
    default: Any = None,
    *,
    fr: str,
    en: str,
    help_fr: str,
    help_en: str,
    choices: Mapping[Any, Pair] | None = None,
    none: Pair | None = None,
    default_factory: Any = None,
    **field: Any,
) -> Any:
    """A host-settable option: `Field` plus its words (label, help, value words).

    `choices` maps each allowed value (of a `Literal` or a list of them) to its words;
    `none` words the value `None` where it means something ("no limit").
    """
    extra: dict[str, Any] = {
        "label": {"fr": fr, "en": en},
        "help": {"fr": help_fr, "en": help_en},
    }
    if choices is not None:
        extra["choices"] = [{"value": v, "fr": w[0], "en": w[1]} for v, w in choices.items()]
    if none is not None:
        extra["none"] = {"fr": none[0], "en": none[1]}
    if default_factory is not None:
        return Field(
            default_factory=default_factory,
            description=help_en,
            json_schema_extra=extra,
            **field,
        )
    return Field(default, description=help_en, json_schema_extra=extra, **field)


def hidden(default: Any = None, *, description: str, **field: Any) -> Any:
    """An option for tests and replays only: validated like the others, never offered."""
    return Field(default, description=description, json_schema_extra={"hidden": True}, **field)


class OptionsRefusal(ValueError):
    """A rule between options that a host broke, in words players read: raised by a
    model's validator, it reaches the host as it is (see `explain_error`)."""

    def __init__(self, fr: str, en: str) -> None:
        super().__init__(en)
        self.words = T(fr, en)


class BaseOptions(BaseModel):
    """Table options. Every field has a default; unknown keys are refused.

    Every game takes a stacked `deck` (tests and replays): it must hold each card of the
    game's `DECK` exactly once, and the game deals it as given instead of shuffling. Every
    game also takes a `deal_seed` (duplicate deals of a concours, `games/deals.py`).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    DECK: ClassVar[tuple[str, ...]] = ()

    deck: list[str] | None = hidden(
        None,
        description="Stacked deck for the first deal, top card first, dealt as it is instead "
        "of shuffled (see the game's rules page for the exact dealing order).",
    )
    deal_seed: int | None = hidden(
        None,
        description="Duplicate deals (a concours round): deal k is shuffled from a fresh "
        "deck by `games.deals.deal_rng(deal_seed, k)` instead of gathered, and the first "
        "dealer is drawn from the seed too, so every table with this seed gets the same "
        "cards seat by seat (see the game's rules page for what a deal is).",
        ge=0,
        le=(1 << 63) - 1,
    )

    @field_validator("deck")
    @classmethod
    def _deck_is_the_whole_deck(cls, deck: list[str] | None) -> list[str] | None:
        if deck is not None and Counter(deck) != Counter(cls.DECK):
            raise ValueError(f"deck must hold each of the {len(cls.DECK)} cards exactly once")
        return deck

    @model_validator(mode="after")
    def _one_way_to_order_the_deck(self) -> BaseOptions:
        if self.deck is not None and self.deal_seed is not None:
            raise ValueError("a stacked deck and a deal seed cannot both order the cards")
        return self

    @model_serializer(mode="wrap")
    def _without_an_unset_deal_seed(self, handler: SerializerFunctionWrapHandler) -> Any:
        """An unset `deal_seed` is left out of the JSON: an ordinary table's snapshots and
        stored options carry no trace of duplicate deals (the golden digests hold them)."""
        data = handler(self)
        if isinstance(data, dict) and data.get("deal_seed", 0) is None:
            del data["deal_seed"]
        return data


@dataclass(frozen=True, slots=True)
class Choice:
    """One allowed value of an enumerated option, with its words."""

    value: Any
    fr: str
    en: str

    def text(self, lang: str) -> str:
        return self.en if lang == "en" else self.fr


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """An option as the bot's UI needs it: its type, bounds, allowed values and words."""

    name: str
    kind: Kind
    default: Any
    label: Mapping[str, str]
    help: Mapping[str, str]
    choices: tuple[Choice, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    optional: bool = False  # None is allowed (worded by `none`)
    none: Mapping[str, str] | None = None

    def label_text(self, lang: str) -> str:
        return self.label.get(lang) or self.label["fr"]

    def help_text(self, lang: str) -> str:
        return self.help.get(lang) or self.help["fr"]

    def value_text(self, value: Any, lang: str) -> str:
        """A value as a player reads it: `oui`, `200`, `sans limite`, `Prof, Joyeux`."""
        if value is None:
            if self.none is not None:
                return self.none.get(lang) or self.none["fr"]
            return "—"
        if isinstance(value, bool):
            return ("yes" if value else "no") if lang == "en" else ("oui" if value else "non")
        if isinstance(value, list | tuple):
            none = "none" if lang == EN else "aucun"
            return ", ".join(self.value_text(v, lang) for v in value) or none
        for choice in self.choices:
            if choice.value == value:
                return choice.text(lang)
        return str(value)

    def line(self, value: Any, lang: str) -> str:
        """`Objectif : 200 points` (English: `Target: 200 points`)."""
        colon = ": " if lang == EN else " : "
        return f"{self.label_text(lang)}{colon}{self.value_text(value, lang)}"

    def expected(self) -> T:
        """What the option takes, for a refusal: `un nombre de 1 à 100`."""
        if self.kind == "int":
            low, high = self.minimum or 0, self.maximum or 0
            fr = f"un nombre de {_number(low, 'fr')} à {_number(high, 'fr')}"
            en = f"a number from {_number(low, EN)} to {_number(high, EN)}"
            if self.optional and self.none is not None:
                fr += f", ou rien pour « {self.none['fr']} »"
                en += f", or nothing for “{self.none['en']}”"
            return T(fr, en)
        if self.kind == "bool":
            return T("oui ou non", "yes or no")
        fr_values = [c.fr for c in self.choices]
        en_values = [c.en for c in self.choices]
        if self.kind == "multi":
            return T(f"parmi {', '.join(fr_values)}", f"among {', '.join(en_values)}")
        return T(_either(fr_values, " ou "), _either(en_values, " or "))

    def refusal(self) -> T:
        """`Manches : un nombre de 1 à 100.`"""
        expected = self.expected()
        return T(
            f"{self.label['fr']} : {expected.fr}.",
            f"{self.label.get('en') or self.label['fr']}: {expected.en}.",
        )


def describe(model: type[BaseOptions]) -> list[OptionInfo]:
    """The host-settable options of a game, in declaration order (hidden ones left out)."""
    out: list[OptionInfo] = []
    for name, info in model.model_fields.items():
        extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
        if extra.get("hidden") or "label" not in extra:
            continue
        out.append(_info(name, info, extra))
    return out


def _number(n: int, lang: str) -> str:
    """`10 000` (French, a narrow no-break space), `10,000` (English)."""
    return f"{n:,}" if lang == EN else f"{n:,}".replace(",", "\u202f")


def _either(values: list[str], word: str) -> str:
    return ", ".join(values[:-1]) + word + values[-1] if len(values) > 1 else "".join(values)


def explain_error(model: type[BaseOptions], exc: ValueError) -> T:
    """A refused set of options in the host's words: the model's own refusal, else what the
    first wrong option takes (`Objectif : 100 points ou 200 points.`)."""
    errors = exc.errors() if isinstance(exc, ValidationError) else []
    for error in errors:
        cause = (error.get("ctx") or {}).get("error")
        if isinstance(cause, OptionsRefusal):
            return cause.words
    if isinstance(exc, OptionsRefusal):
        return exc.words
    infos = {info.name: info for info in describe(model)}
    for error in errors:
        loc = error.get("loc") or ()
        if loc and loc[0] in infos:
            return infos[str(loc[0])].refusal()
    return T("Ces options ne vont pas ensemble.", "These options do not go together.")


def _info(name: str, info: FieldInfo, extra: Mapping[str, Any]) -> OptionInfo:
    annotation, optional = _unwrap_optional(info.annotation)
    choices = tuple(Choice(c["value"], c["fr"], c["en"]) for c in extra.get("choices", ()))
    kind: Kind
    if annotation is bool:
        kind = "bool"
    elif get_origin(annotation) is Literal:
        kind = "choice"
    elif get_origin(annotation) is list:
        kind = "multi"
    else:
        kind = "int"
    low, high = _bounds(info.metadata)
    default = info.get_default(call_default_factory=True)
    return OptionInfo(
        name=name,
        kind=kind,
        default=default,
        label=extra["label"],
        help=extra["help"],
        choices=choices,
        minimum=low,
        maximum=high,
        optional=optional,
        none=extra.get("none"),
    )


def _unwrap_optional(annotation: Any) -> tuple[Any, bool]:
    origin = get_origin(annotation)
    if origin is Union or origin is types.UnionType:
        args = [a for a in get_args(annotation) if a is not type(None)]
        return (args[0] if len(args) == 1 else annotation), True
    return annotation, False


def _bounds(metadata: Sequence[Any]) -> tuple[int | None, int | None]:
    low: int | None = None
    high: int | None = None
    for m in metadata:
        if getattr(m, "ge", None) is not None:
            low = m.ge
        if getattr(m, "le", None) is not None:
            high = m.le
    return low, high
