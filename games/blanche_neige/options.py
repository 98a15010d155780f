"""Table options for Blanche-Neige, validated once so the engine can trust them."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import field_validator, model_validator

from ..options import BaseOptions, OptionsRefusal, hidden, option
from .rules import ALL_ROLES, CLASSIC_ROLES, DRAW_DECK, VARIANT_ROLES

# The variant characters' names, for the option's choices (the roles' words are in words.py).
VARIANT_NAMES: dict[str, tuple[str, str]] = {
    "prof": ("Prof", "Doc"),
    "joyeux": ("Joyeux", "Happy"),
    "simplet": ("Simplet", "Dopey"),
    "timide": ("Timide", "Bashful"),
    "grincheux": ("Grincheux", "Grumpy"),
    "dormeur": ("Dormeur", "Sleepy"),
}


# Options this game once had, ignored when an older table or snapshot still carries them.
RETIRED: frozenset[str] = frozenset({"max_reshuffles"})


def _no_duplicates(items: list[str], what: str) -> None:
    if len(set(items)) != len(items):
        raise ValueError(f"{what} lists a role twice")


class Options(BaseOptions):
    DECK: ClassVar[tuple[str, ...]] = DRAW_DECK

    miroir_a_la_volee: bool = option(
        False,
        fr="Miroir à la volée",
        en="Mirror on the fly",
        help_fr="Un miroir se pose sans le crier ; jusqu'au coup suivant, on peut le contester.",
        help_en="A mirror is played unshouted; until the next move, anyone may challenge it.",
    )
    variant_roles: list[str] = option(
        default_factory=list,
        fr="Personnages en variante",
        en="Variant characters",
        help_fr="Les personnages de la variante du livret à ajouter aux identités.",
        help_en="The rule book's variant characters to add to the identities.",
        choices=VARIANT_NAMES,
    )
    variant_mode: Literal["extend", "replace"] = option(
        "extend",
        fr="Identités distribuées",
        en="Identities dealt",
        help_fr="Les variantes s'ajoutent aux cinq personnages du livret, ou les remplacent.",
        help_en="The variant characters join the book's five characters, or replace them.",
        choices={
            "extend": ("les cinq du livret et les variantes", "the book's five and the variants"),
            "replace": ("les variantes seulement", "the variants only"),
        },
    )
    roles: list[str] | None = hidden(
        None, description="Role slug per seat, replacing the random identity deal."
    )
    dealer: int | None = hidden(None, description="Dealer seat, replacing the random choice.", ge=0)

    @model_validator(mode="before")
    @classmethod
    def _ignore_retired(cls, data: Any) -> Any:
        """Tables stored when the draw pile's rebuilds were limited carry `max_reshuffles`:
        the pile is now rebuilt as often as it empties, and the stale key is ignored."""
        if isinstance(data, dict) and any(k in data for k in RETIRED):
            return {k: v for k, v in data.items() if k not in RETIRED}
        return data

    @field_validator("variant_roles")
    @classmethod
    def _check_variants(cls, value: list[str]) -> list[str]:
        unknown = [r for r in value if r not in VARIANT_ROLES]
        if unknown:
            raise ValueError(f"unknown variant roles {unknown}; choose among {VARIANT_ROLES}")
        _no_duplicates(value, "variant_roles")
        return value

    @field_validator("roles")
    @classmethod
    def _check_roles(cls, value: list[str] | None) -> list[str] | None:
        if value is not None:
            unknown = [r for r in value if r not in ALL_ROLES]
            if unknown:
                raise ValueError(f"unknown roles {unknown}")
            _no_duplicates(value, "roles")
        return value

    @model_validator(mode="after")
    def _check_pool(self) -> Options:
        pool = self.role_pool()
        if len(pool) < 2:
            raise OptionsRefusal(
                "Il faut au moins deux identités : avec « les variantes seulement », "
                "choisissez au moins deux personnages en variante.",
                "At least two identities are needed: with “the variants only”, choose at "
                "least two variant characters.",
            )
        if self.roles is not None and not set(self.roles) <= set(pool):
            raise ValueError("fixed roles must come from the pool of identities")
        return self

    def role_pool(self) -> list[str]:
        """The identities shuffled and dealt one per seat; the rest are set aside."""
        if self.variant_mode == "replace":
            return list(self.variant_roles)
        return [*CLASSIC_ROLES, *self.variant_roles]
