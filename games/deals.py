"""Duplicate deals ("donnes identiques"): the same cards at every table of a concours round.

A table whose `deal_seed` option is set deals each deal from a fresh deck shuffled by
`deal_rng(deal_seed, k)` instead of the gathered tricks: the generator depends on the seed
and the deal number only, so what was played before at that table changes nothing. Number
0 is kept for what comes before the first deal (the draw for the first dealer), so every
table of the round also starts with the same dealer.

Cards are dealt from the dealer's left, so the seat that gets a given hand is fixed by its
place after the dealer: `same_cards_seat` says which seat of another table held the cards a
seat held here (the same seat whenever both tables had the same dealer), `same_cards_side`
the same for a side of partners, and `same_cards_as` asks two tables at the same deal.
`rematch_options` passes the deal on to a next match at the same table.

Whoever knows a seed can work out every hand of every deal with this module, so a concours
keeps its seed as secret as the hands: a random number it stores, never one players could
derive from what they see (the concours, round or table numbers).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from .rng import Rng

if TYPE_CHECKING:
    from .base import GameState

S = TypeVar("S", bound="GameState")

_SALT = 0x636F6E636F757273  # keeps seeded deals apart from a match seed of the same value


def _mix(value: int) -> int:
    """One SplitMix64 output of `value`: nearby inputs give unrelated 64-bit numbers."""
    return Rng(value).next64()


def deal_rng(deal_seed: int, deal_number: int) -> Rng:
    """The generator of deal `deal_number` (1-based; 0 draws the first dealer) of every
    table seeded with `deal_seed`. Both numbers are mixed, so two deals' streams start at
    unrelated places and never overlap in practice."""
    if deal_number < 0:
        raise ValueError("deal_number must be 0 (the draw for the dealer) or more")
    return Rng(_mix(_mix(deal_seed ^ _SALT) ^ deal_number))


def first_dealer(deal_seed: int, players: int) -> int:
    """The first dealer of every table seeded with `deal_seed` (a draw from deal 0)."""
    return deal_rng(deal_seed, 0).below(players)


def pick_first_dealer(fixed: int | None, deal_seed: int | None, players: int, rng: Rng) -> int:
    """The first dealer: the seat a hidden option fixes, else one drawn from the deal seed
    (the same at every duplicate table), else one drawn from the match's generator."""
    if fixed is not None:
        return fixed
    if deal_seed is not None:
        return first_dealer(deal_seed, players)
    return rng.below(players)


def generator_for(deal_seed: int | None, deal_number: int, rng: Rng) -> Rng:
    """What shuffles deal `deal_number`: its own generator for duplicate deals, else the
    match's `rng`, which goes on from where it was."""
    return rng if deal_seed is None else deal_rng(deal_seed, deal_number)


def unseeded(copy: S) -> S:
    """A determinized copy (`GameState.determinize`) that deals its later deals from its
    own generator, as an ordinary table does: kept, the seed would show the AI's search the
    real hands of the deals to come."""
    if copy.options.deal_seed is not None:
        copy.options = copy.options.model_copy(update={"deal_seed": None})
    return copy


def same_cards_seat(seat: int, players: int, dealer: int, other_dealer: int) -> int:
    """The seat of another table of the same seed and deal that held `seat`'s cards: the
    one as far from its dealer as `seat` is from `dealer` (`seat` itself when the dealers
    are the same seat)."""
    for value, name in ((seat, "seat"), (dealer, "dealer"), (other_dealer, "other_dealer")):
        if not 0 <= value < players:
            raise ValueError(f"{name} must be a seat below {players}")
    return (seat - dealer + other_dealer) % players


def same_cards_side(
    side: Iterable[int], players: int, dealer: int, other_dealer: int
) -> tuple[int, ...]:
    """The seats of another table that held what a side of partners held here, in the
    side's order. At Manille the same dealer maps 0+2 to 0+2; a dealer one seat further on
    would map them to 1+3, the other team of that table."""
    return tuple(same_cards_seat(s, players, dealer, other_dealer) for s in side)


class AtADeal(Protocol):
    """A table in the middle of a deal: every game's state has these two."""

    players: int
    dealer: int


def same_cards_as(here: AtADeal, seat: int, there: AtADeal) -> int:
    """The seat of `there` that was dealt what `seat` was dealt `here`, both tables being
    at the same deal of the same `deal_seed`."""
    if here.players != there.players:
        raise ValueError("tables of different sizes are not dealt the same cards")
    return same_cards_seat(seat, here.players, here.dealer, there.dealer)


def rematch_options(state: GameState) -> dict[str, Any]:
    """The options of a rematch (the same game at the same seats): the finished match's,
    the deal passed on as the rules say (`GameState.next_dealer`, set through the game's
    `DEALER_OPTION`), without duplicate deals' seed: a rematch is an ordinary match."""
    options: dict[str, Any] = state.options.model_dump(mode="json", exclude_defaults=True)
    options.pop("deal_seed", None)
    key = state.DEALER_OPTION
    if key is not None:
        options.pop(key, None)
        dealer = state.next_dealer()
        if dealer is not None:
            options[key] = dealer
    return options
