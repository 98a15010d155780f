"""Table options for Blanche-Neige, validated once so the engine can trust them."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from ..base import BaseOptions, hidden_option
from .roles import ALL_ROLES, CLASSIC_ROLES, DRAW_DECK_SET, VARIANT_ROLES


def _no_duplicates(items: list[str], what: str) -> None:
    if len(set(items)) != len(items):
        raise ValueError(f"{what} lists a role twice")


class Options(BaseOptions):
    miroir_a_la_volee: bool = Field(
        False,
        description=(
            "Mirror pairs are played without the shout; until the next player acts, the "
            "player may shout and any opponent may challenge (first click wins)."
        ),
    )
    variant_roles: list[str] = Field(
        default_factory=list,
        description=(
            "Variant characters from the rule book to put in the pool of identities: any of "
            + ", ".join(VARIANT_ROLES)
            + "."
        ),
    )
    variant_mode: Literal["extend", "replace"] = Field(
        "extend",
        description=(
            "'extend': the variant characters join the five characters of the book; "
            "'replace': only the variant characters are dealt."
        ),
    )
    max_reshuffles: int = Field(
        3,
        ge=0,
        le=99,
        description=(
            "How many times the draw pile may be rebuilt from the discard pile. Once it is "
            "used up nothing can be drawn and a full round without a play ends the game; "
            "this guarantees the deal ends even when the roles lock cards in the hands."
        ),
    )
    deck: list[str] | None = Field(
        None,
        **hidden_option(
            description=(
                "Stacked 40-card deck, top first, replacing the shuffle: dealt one card at a "
                "time from the seat left of the dealer, then the first discard, then the draw "
                "pile from its top."
            )
        ),
    )
    roles: list[str] | None = Field(
        None,
        **hidden_option(description="Role slug per seat, replacing the random identity deal."),
    )
    dealer: int | None = Field(
        None, **hidden_option(description="Dealer seat, replacing the random choice.", ge=0)
    )

    @field_validator("variant_roles")
    @classmethod
    def _check_variants(cls, value: list[str]) -> list[str]:
        unknown = [r for r in value if r not in VARIANT_ROLES]
        if unknown:
            raise ValueError(f"unknown variant roles {unknown}; choose among {VARIANT_ROLES}")
        _no_duplicates(value, "variant_roles")
        return value

    @field_validator("deck")
    @classmethod
    def _check_deck(cls, value: list[str] | None) -> list[str] | None:
        if value is not None and (len(value) != 40 or set(value) != DRAW_DECK_SET):
            raise ValueError("deck must hold each of the 40 number cards (A to 10) once")
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
            raise ValueError("the pool of identities needs at least two roles")
        if self.roles is not None and not set(self.roles) <= set(pool):
            raise ValueError("fixed roles must come from the pool of identities")
        return self

    def role_pool(self) -> list[str]:
        """The identities shuffled and dealt one per seat; the rest are set aside."""
        if self.variant_mode == "replace":
            return list(self.variant_roles)
        return [*CLASSIC_ROLES, *self.variant_roles]
