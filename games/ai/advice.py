"""Advice from the strong AI: a hint for the move to play, and the review of a match.

Both judge a position only by what the seat knew then. The search never reads the state
it is given directly: it first builds a stand-in (`stand_in`) whose hidden cards are dealt
from the seat's information alone, so two deals that differ only in cards hidden from the
seat give the same stand-in, hence the same hint and the same review with the same seed.
The exception is a game whose profile says the seat can infer every hidden card
(`Profile.deal_known`: Bianco Mano's tracked pack); the real deal is then what it knows.

Estimates come from the paired simulations of the search (`ismcts.simulate`), in the
game's reward (0..1) turned into the game's points by `Profile.scale`.
"""

from __future__ import annotations

import math
from collections.abc import Collection, MutableSequence, Sequence
from dataclasses import asdict, dataclass
from typing import Any, TypeVar

from ..base import GameState, Rules
from ..rng import Rng
from ..words import T, Words
from . import profile_for
from .ismcts import Profile, Samples, decide, simulate
from .reason import Reason

Item = TypeVar("Item")

# A mistake must beat the game's noise (`Profile.noise`) and this many standard errors of
# its own paired estimate.
ERRORS = 2.0

# A match's review searches, in all, as much as this many decisions at the game's iteration
# cap: a long match spreads it over its decisions (at least FLOOR of the cap each), so the
# review of a whole match stays within a minute of CPU at the default options (docs/ai.md).
REVIEW_DECISIONS = 32
FLOOR = 0.25


class _Sorting(Rng):
    """A generator whose shuffles sort: a redeal drawn with it places the cards a seat
    cannot see in an order that depends only on which cards they are, not on who holds
    them, so the stand-in of two deals that differ only in hidden cards is the same."""

    __slots__ = ()

    def shuffle(self, items: MutableSequence[Item]) -> None:
        items[:] = sorted(items, key=repr)

    def fork(self) -> Rng:
        return _Sorting(self.next64())


def stand_in(state: GameState, seat: int, rng: Rng) -> GameState:
    """A state `seat` cannot tell from `state`, built from its information only."""
    if profile_for(state.rules).deal_known(state):
        return state
    canonical = state.determinize(seat, _Sorting(0))
    return canonical.determinize(seat, Rng(rng.next64()))


# Why the strong AI plays a move when the game's `Words.reasons` say nothing better, and
# the lines of a match's review.
COMMON_REASONS: dict[str, T] = {
    "only_move": T("{action:action} : c'est le seul coup permis", "{action:action}: the only move"),
    "search": T(
        "{action:action} : les simulations de l'IA forte le préfèrent, environ {gain:about} "
        "de plus en moyenne",
        "{action:action}: the strong AI's simulations favour it, about {gain:about} more on "
        "average",
    ),
    "close": T(
        "{action:action} : plusieurs coups se valent, les simulations de l'IA forte penchent "
        "pour celui-ci",
        "{action:action}: several moves are worth about the same, the strong AI's "
        "simulations lean towards this one",
    ),
    "review": T(
        "Coup {move}, donne {deal} : vous avez joué {played:action} ; l'IA forte aurait joué "
        "{best:action}, environ {gain:about} de plus en moyenne",
        "Move {move}, deal {deal}: you played {played:action}; the strong AI would have "
        "played {best:action}, about {gain:about} more on average",
    ),
    "review_one": T(
        "Coup {move} : vous avez joué {played:action} ; l'IA forte aurait joué {best:action}, "
        "environ {gain:about} de plus en moyenne",
        "Move {move}: you played {played:action}; the strong AI would have played "
        "{best:action}, about {gain:about} more on average",
    ),
}


@dataclass(frozen=True)
class Hint:
    """The move the strong AI would play, why, and its estimated edge (`gain`, in the
    game's `unit`) over the best other move."""

    action: str
    reason: Reason
    gain: float
    unit: str


def hint(
    state: GameState,
    seat: int,
    rng: Rng,
    *,
    iterations: int | None = None,
    budget_s: float = 0.8,
) -> Hint:
    """The strong AI's move for `seat` and a reason in the game's terms; `state` is
    untouched. With the iteration cap binding, a function of what `seat` knows and `rng`."""
    legal = [a.id for a in state.legal_actions(seat)]
    if not legal:
        raise ValueError(f"seat {seat} has no legal action")
    profile = profile_for(state.rules)
    scale, unit = profile.scale(state.players)
    if len(legal) == 1:
        return Hint(legal[0], Reason("only_move", {"action": legal[0]}), 0.0, unit)
    stand = stand_in(state, seat, rng)
    found = simulate(stand, seat, profile, rng, iterations, budget_s)
    action = decide(found, profile.confidence)
    others = [a for a in legal if a != action]
    runner_up = max(others, key=found.mean)
    gain = found.versus(action, runner_up)[0] * scale
    reason = profile.explain(stand, seat, action)
    if reason is None:
        code = "search" if gain >= profile.noise * scale else "close"
        reason = Reason(code, {"action": action, "gain": [round(gain, 1), unit]})
    return Hint(action, reason, gain, unit)


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: the move played, the strong AI's, and how much
    better the AI's looked (`gain`, in `unit`, with its standard error `error`).

    `move` counts the match's moves from 1; `deal` is the deal number where the game
    shows one; `view` is the position as the seat saw it; `costly` says the difference
    is above the measured noise and its own error."""

    move: int
    deal: int | None
    played: str
    best: str
    gain: float
    error: float
    unit: str
    costly: bool
    reason: Reason | None
    view: dict[str, Any]


def review(
    rules: Rules,
    players: int,
    seed: int,
    options: dict[str, Any] | None,
    moves: Sequence[tuple[int, str]],
    seat: int,
    *,
    iterations: int | None = None,
    budget_s: float = math.inf,
    only: Collection[int] | None = None,
) -> list[Decision]:
    """Every decision of `seat` with a choice in the match `moves` (seat, action) played
    from `seed`, costliest first; with `only`, just those at these move indices (from 0).
    Deterministic from `seed` while the iteration cap binds (the default: no time budget),
    and each decision's verdict is the same whichever others are judged with it."""
    state = rules.new(players=players, seed=seed, options=options)
    profile = profile_for(rules)
    scale, unit = profile.scale(players)
    out: list[Decision] = []
    for index, (who, action) in enumerate(moves):
        wanted = only is None or index in only
        if wanted and who == seat and len(state.legal_actions(seat)) > 1:
            rng = Rng((seed << 24) ^ (index * 0x9E3779B1) ^ 0xAD71CE)
            stand = stand_in(state, seat, rng)
            found = simulate(stand, seat, profile, rng, iterations, budget_s)
            out.append(_judge(stand, seat, index, action, found, profile, scale, unit))
        state.apply(who, action)
    return sorted(out, key=lambda d: (-d.gain, d.move))


def review_iterations(cap: int, decisions: int) -> int:
    """Simulations per decision for a match of `decisions` judged decisions, `cap` being the
    game's per-decision cap: the whole cap up to REVIEW_DECISIONS decisions, then shared."""
    if decisions <= REVIEW_DECISIONS:
        return cap
    return max(math.ceil(cap * FLOOR), cap * REVIEW_DECISIONS // decisions)


def choices(
    rules: Rules,
    players: int,
    seed: int,
    options: dict[str, Any] | None,
    moves: Sequence[tuple[int, str]],
    seat: int,
) -> list[int]:
    """The move indices (from 0) where `seat` had more than one legal move."""
    state = rules.new(players=players, seed=seed, options=options)
    found = []
    for index, (who, action) in enumerate(moves):
        if who == seat and len(state.legal_actions(seat)) > 1:
            found.append(index)
        state.apply(who, action)
    return found


def review_match(
    rules: Rules,
    players: int,
    seed: int,
    options: dict[str, Any] | None,
    moves: Sequence[tuple[int, str]],
    seat: int,
) -> list[Decision]:
    """`review` at the bot's budget: iteration-bound (so reproducible from `seed`), each
    decision searched with its share of the match's budget (`review_iterations`)."""
    cap = profile_for(rules).iterations
    its = review_iterations(cap, len(choices(rules, players, seed, options, moves, seat)))
    return review(rules, players, seed, options, moves, seat, iterations=its)


def costliest(decisions: Sequence[Decision], n: int = 3) -> list[Decision]:
    """The `n` costliest decisions that count as mistakes (above the noise)."""
    return [d for d in decisions if d.costly][:n]


def _judge(
    stand: GameState,
    seat: int,
    index: int,
    played: str,
    found: Samples,
    profile: Profile,
    scale: float,
    unit: str,
) -> Decision:
    best = decide(found, profile.confidence)
    gain, error = found.versus(best, played) if best != played else (0.0, 0.0)
    costly = gain > profile.noise and gain > ERRORS * error
    view = stand.view(seat)
    deal = view.get("deal_number", view.get("deal"))  # the games name it either way
    return Decision(
        move=index + 1,
        deal=deal if isinstance(deal, int) else None,
        played=played,
        best=best,
        gain=gain * scale,
        error=error * scale,
        unit=unit,
        costly=costly,
        reason=profile.explain(stand, seat, best) if best != played else None,
        view=view,
    )


def hint_text(found: Hint, words: Words, lang: str, names: Sequence[str] = ()) -> str:
    """The hint as the seat reads it: `Jouez 10♠ : vous êtes maître à ♠ pique`."""
    return say(words, found.reason, lang, names)


def decision_text(d: Decision, words: Words, lang: str, names: Sequence[str] = ()) -> str:
    """One costly decision of a review: what was played, the AI's move, the estimated
    difference, and why the AI's move is good when the game says."""
    values = {**asdict(d), "gain": [d.gain, d.unit]}
    line = say(words, Reason("review" if d.deal is not None else "review_one", values), lang)
    if d.reason is None or d.reason.code in COMMON_REASONS:
        return line + "."
    return f"{line}. {say(words, d.reason, lang, names)}."


def say(words: Words, reason: Reason, lang: str, names: Sequence[str] = ()) -> str:
    """A reason as a sentence: the game's words for its code, else the shared ones."""
    template = words.reasons.get(reason.code) or COMMON_REASONS[reason.code]
    return words.fill(template.get(lang), reason.data, words.context(lang, names, None))
