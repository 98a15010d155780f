"""Why a card of the seat to move is not a legal play now: the answers of « Pourquoi ? ».

A state's `why_not(seat)` (the game's `_why_not`, worked out once per version) gives one
`Reason` per card of that seat's hand that no legal move plays (and, where a phase limits an
action rather than a card, a reason without a card).
The code comes from the same check that refuses the move (`GameState.explain`, the duties
of games/duties.py), so a rule is written once for the legal moves, the refusals and these
answers; `values` are the facts its sentence names, read from what the seat may see: its
own cards and the public ones, never a card hidden from it (the tests compare positions
that differ only in what the seat cannot see).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .base import GameState


@dataclass(frozen=True, slots=True)
class Reason:
    """`card` (of the seat's own hand; None for a limit on an action) may not be played
    now because of the rule `code`, a key of the game's `Words.why` (else of its refusals);
    `values` fill that sentence."""

    card: str | None
    code: str
    values: Mapping[str, Any] = field(default_factory=dict)


def named_cards(hand: Iterable[str], actions: Iterable[tuple[str]]) -> frozenset[str]:
    """The cards of `hand` that `actions` name (`play:10H`, `play:3H+3D`): the cards the
    legal moves play, in a game whose moves name them."""
    held = set(hand)
    return frozenset(
        card for (id_,) in actions for card in id_.partition(":")[2].split("+") if card in held
    )


def card_reasons(
    hand: Iterable[str],
    playable: Iterable[str],
    code_of: Callable[[str], str],
    values: Mapping[str, Any],
) -> tuple[Reason, ...]:
    """A reason for every card of `hand` (in its order) that is not in `playable`: the code
    the engine's own check gives (`code_of(card)`), with the position's `values`."""
    ok = set(playable)
    return tuple(Reason(c, code_of(c), values) for c in hand if c not in ok)


def explained(
    state: GameState, seat: int, values: Mapping[str, Any], actions: Iterable[str] = ()
) -> tuple[Reason, ...]:
    """`card_reasons` for a game whose moves are `play:<card>`, each code the refusal
    `state.explain` gives that move, then a card-less reason for each of `actions`."""

    def code(card: str) -> str:
        return state.explain(seat, "play:" + card)

    found = card_reasons(state.hand(seat), state.playable_cards(seat), code, values)
    return found + tuple(Reason(None, state.explain(seat, a), values) for a in actions)
