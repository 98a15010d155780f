"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS), game-agnostic.

Each iteration redeals what the searching seat cannot see (`state.determinize(seat, rng)`)
and plays the position out to the game's own horizon (usually the end of the current deal),
scored by the game's evaluation. Three choices make it work within a second of pure Python:

- Paired root: one redeal is played once for every root action (same redeal, same
  simulation seed), so the differences between actions are not drowned by the luck of
  the redeal.
- Open-loop tree of the searching seat's own later decisions (UCB1 with availability
  counts, since a move is legal only in some redeals); every other seat, partners
  included, plays the rollout policy, so the search is a best response to that policy
  rather than to clairvoyant opponents exploring at random.
- The heuristic ("facile") move is the default: another move must beat it in the paired
  simulations by `confidence` standard errors.

Everything goes through the engine contract; the game-specific parts come in a `Profile`.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..base import Event, GameState
from ..rng import Rng
from .reason import Explain, no_reason

Policy = Callable[[GameState, int, Rng], str]
# rewards(root public view, state at the horizon, events of the last move) -> per seat, 0..1
Rewards = Callable[[dict[str, Any], GameState, list[Event]], list[float]]


def first_to_move(state: GameState, rng: Rng) -> int:
    """Who acts in a simulation when several seats may: the first listed by the engine."""
    return state.to_move()[0]


def outcome_rewards(root: dict[str, Any], state: GameState, events: list[Event]) -> list[float]:
    """Fallback evaluation: final ranks mapped to 1 (first) .. 0 (last); 0.5 if unfinished."""
    if not state.is_over():
        return [0.5] * state.players
    ranks = state.outcome().ranks
    worst = max(ranks)
    if worst == 1:
        return [0.5] * len(ranks)
    return [(worst - r) / (worst - 1) for r in ranks]


def never(events: list[Event]) -> bool:
    """Fallback horizon: simulate to the end of the match."""
    return False


def plain_redeal(state: GameState, seat: int, rng: Rng) -> GameState:
    """The engine's redeal: everything `seat` cannot see, dealt again within the facts."""
    return state.determinize(seat, rng)


# redealer(state, seat): called once per search, returns what draws each iteration's redeal
Redealer = Callable[[GameState, int], Callable[[Rng], GameState]]


def nothing_known(state: GameState) -> bool:
    """Fallback: the cards a seat cannot see are never inferred exactly."""
    return False


def rank_places(players: int) -> tuple[float, str]:
    """Fallback scale of the rank reward: 1 (first) to 0 (last) is `players - 1` places."""
    return float(max(1, players - 1)), "place"


def random_policy(state: GameState, seat: int, rng: Rng) -> str:
    """Fallback policy for a game without a heuristic yet."""
    return rng.choice(state.legal_actions(seat)).id


@dataclass(frozen=True)
class Profile:
    """What the search needs to know about one game.

    `policy` is the "facile" level; `rollout` the policy played in simulations (often the
    same); `horizon` says, from the events of one move, that the simulation may stop (a
    deal ended); `rewards` scores the stop point per seat; `actor` picks who acts in a
    simulation when `to_move()` lists several seats; `iterations` is the default cap;
    `tree_depth` how many of the searching seat's later decisions the tree may hold;
    `redeal` draws the determinization of an iteration (the engine's, or one that also
    weighs what the others' choices suggest about their hands); `redealer`, when set,
    replaces it and is called once per search, so that what depends only on the searched
    position (the bidding and the play so far) is worked out once.

    For advice (games/ai/advice.py): `explain` says why a move is good in the game's own
    terms; `scale(players)` turns a reward difference into the game's points, near an even
    position (how many of which unit of the game's words one unit of reward is worth);
    `deal_known` says the seat can infer every hidden card (the search then uses them);
    `noise` is the least reward difference a review calls a mistake, measured as how much
    two searches of the same position with other seeds credit their choices over each
    other (`bench/ai.py --advice`).
    """

    policy: Policy = random_policy
    rollout: Policy = random_policy
    horizon: Callable[[list[Event]], bool] = never
    rewards: Rewards = outcome_rewards
    actor: Callable[[GameState, Rng], int] = first_to_move
    iterations: int = 300
    max_rollout: int = 600
    exploration: float = 0.7
    tree_depth: int = 8  # own decisions kept in the tree below the root
    confidence: float = 0.5  # standard errors a move needs to overrule the heuristic
    redeal: Callable[[GameState, int, Rng], GameState] = plain_redeal
    redealer: Redealer | None = None
    explain: Explain = no_reason
    scale: Callable[[int], tuple[float, str]] = rank_places
    deal_known: Callable[[GameState], bool] = nothing_known
    noise: float = 0.05  # reward two searches of one position may differ by (docs/ai.md)


class Node:
    """A tree node: the searching seat's own decision reached by a sequence of its moves."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


def _select(node: Node, keys: list[str], c: float) -> str:
    """UCB1 over the children available in this determinization (all already expanded)."""
    best_key = keys[0]
    best = -1.0
    for key in keys:
        child = node.children[key]
        child.avail += 1
        score = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
        if score > best:
            best, best_key = score, key
    return best_key


@dataclass(frozen=True)
class Samples:
    """The paired simulations of one search: per legal action, the reward `seat` got in
    each simulation (the i-th of every action shares its redeal and seed), and the
    heuristic's move, which the decision keeps unless another move proves better."""

    legal: list[str]
    prior: str
    rewards: dict[str, list[float]]

    def mean(self, action: str) -> float:
        got = self.rewards[action]
        return sum(got) / len(got) if got else 0.5

    def versus(self, action: str, other: str) -> tuple[float, float]:
        """The paired difference `action` − `other`: its mean and standard error (0..1
        reward units; the error is infinite below two pairs)."""
        mine, base = self.rewards[action], self.rewards[other]
        m = min(len(mine), len(base))
        if m < 2:
            return 0.0, math.inf
        diffs = [mine[i] - base[i] for i in range(m)]
        mean = sum(diffs) / m
        var = sum((x - mean) ** 2 for x in diffs) / (m - 1)
        return mean, math.sqrt(var / m)


def simulate(
    state: GameState,
    seat: int,
    profile: Profile,
    rng: Rng,
    iterations: int | None = None,
    budget_s: float = 0.8,
) -> Samples:
    """Run the paired simulations of a search for `seat` (at least two legal actions);
    `state` is untouched. Stops after `iterations` simulations or `budget_s` seconds,
    whichever comes first; with the iteration cap binding, the result depends only on
    `state` and `rng`."""
    legal = [a.id for a in state.legal_actions(seat)]
    cap = profile.iterations if iterations is None else iterations
    deadline = time.perf_counter() + budget_s
    prior = profile.policy(state, seat, Rng(rng.next64()))
    root = Node()
    samples: dict[str, list[float]] = {}
    for a in legal:
        root.children[a] = Node()
        samples[a] = []
    public = state.view(None)
    if profile.redealer is not None:
        redeal = profile.redealer(state, seat)
    else:
        redeal = functools.partial(profile.redeal, state, seat)
    done = 0
    while done < cap and not (done and time.perf_counter() > deadline):
        # One redeal shared by every root action: the comparison between them is paired,
        # so the luck of the redeal cancels out instead of drowning the differences.
        base = redeal(rng)
        seed = rng.next64()
        for k, action in enumerate(legal):
            if done and (done >= cap or time.perf_counter() > deadline):
                break
            d = base if k == len(legal) - 1 else base.copy()
            reward = _iterate(d, seat, profile, Rng(seed), root.children[action], action, public)
            samples[action].append(reward)
            done += 1
    return Samples(legal, prior if prior in legal else legal[0], samples)


def search(
    state: GameState,
    seat: int,
    profile: Profile,
    rng: Rng,
    iterations: int | None = None,
    budget_s: float = 0.8,
) -> str:
    """The action id the search prefers for `seat`; `state` is untouched.

    Stops after `iterations` iterations or once `budget_s` seconds have passed, whichever
    comes first; with the iteration cap binding, the answer depends only on `rng`.
    """
    legal = [a.id for a in state.legal_actions(seat)]
    if len(legal) == 1:
        return legal[0]
    found = simulate(state, seat, profile, rng, iterations, budget_s)
    return decide(found, profile.confidence)


def decide(found: Samples, z: float) -> str:
    """The heuristic's move, unless another one beats it in the paired simulations by more
    than `z` standard errors (the best such lower bound wins). Simulations are noisy; the
    heuristic is a strong prior, so the search has to prove an improvement to overrule it."""
    best, best_bound = found.prior, 0.0
    for a in found.legal:
        if a == found.prior:
            continue
        mean, se = found.versus(a, found.prior)
        bound = mean - z * se
        if bound > best_bound:
            best, best_bound = a, bound
    return best


def _iterate(
    d: GameState,
    seat: int,
    profile: Profile,
    rng: Rng,
    top: Node,
    action: str,
    public: dict[str, Any],
) -> float:
    """Play `action` for `seat` in the redeal `d`, then select / expand / simulate and
    back-propagate `seat`'s reward along its own decisions.

    The tree holds only `seat`'s own decisions (open loop: a node is the sequence of its own
    moves, whatever the others did in between); every other seat, partners included, plays
    the rollout policy, so the search is a best response to that policy rather than to
    clairvoyant opponents exploring at random.
    """
    path = [top]
    node: Node | None = top
    events = d.apply(seat, action)
    steps = 1
    while not profile.horizon(events) and not d.is_over() and steps < profile.max_rollout:
        actor = profile.actor(d, rng)
        if actor == seat and node is not None and len(path) <= profile.tree_depth:
            keys = [a.id for a in d.legal_actions(seat)]
            untried = [k for k in keys if k not in node.children]
            if untried:
                action = untried[rng.below(len(untried))]
                child = Node()
                node.children[action] = child
                for k in keys:
                    if k in node.children:
                        node.children[k].avail += 1
                path.append(child)
                node = None  # expanded: the rest is simulation
            else:
                action = _select(node, keys, profile.exploration)
                node = node.children[action]
                path.append(node)
        else:
            action = profile.rollout(d, actor, rng)
        events = d.apply(actor, action)
        steps += 1
    reward = profile.rewards(public, d, events)[seat]
    for n in path:
        n.visits += 1
        n.total += reward
    return reward
