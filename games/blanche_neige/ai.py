"""Blanche-Neige AI: the "facile" heuristic and the evaluation the "fort" search uses.

A match is a single deal, so a simulation plays to the end (capped; a cut-off simulation
ranks the seats by cards in hand). Reward: the final rank mapped to 1 (first) .. 0 (last).
In a "miroir à la volée" race, simulations let any seat of the race act first with equal
chance; at the table the AI shouts its own pair and challenges everybody else's.
"""

from __future__ import annotations

import math
from typing import Any

from ..ai.ismcts import Profile
from ..ai.reason import Reason
from ..base import Event, GameState
from ..rng import Rng
from .rules import ALLOWED, DRAW_DECK, MIRROR

CARDS = DRAW_DECK
# covers[role][card] = bit mask of the tops (by index in CARDS) that card may go on.
COVERS: dict[str, dict[str, int]] = {
    role: {c: sum(1 << i for i, top in enumerate(CARDS) if c in ALLOWED[role][top]) for c in CARDS}
    for role in ALLOWED
}
SHED, PAIR_KEPT, COVER, BLOCK = 10.0, 4.0, 6.0, 3.0  # weights of `_score`
CUT_SLOPE = 0.6  # evaluation of a simulation cut short, per card of difference


def policy(state: GameState, seat: int, rng: Rng) -> str:
    """Shout our pair, challenge any other, else shed the most cards while keeping a hand
    that fits many tops (a card of each colour and parity), and leave the next player a
    top that suits its role badly. Draw only when nothing can be played."""
    legal = [a.id for a in state.legal_actions(seat)]
    for urgent in ("shout", "challenge"):
        if urgent in legal:
            return urgent
    plays = [a for a in legal if a.startswith("play:")]
    if not plays:
        return legal[0]  # draw, keep or pass: whichever the rules leave
    view = state.view(seat)
    hand = list(view["hand"])
    if view["drawn"] is not None and view["drawn"] not in hand:
        hand.append(view["drawn"])
    roles = view["roles"]
    n = len(roles)
    nxt = (seat + 1) % n
    # Without the shout, a pair stands only if we win the race (one chance in n); else
    # it comes back with a penalty card: on average (2 - (n - 1)) / n cards shed.
    volee = bool(getattr(state.options, "miroir_a_la_volee", False))
    pair_shed = (2 - (n - 1)) / n if volee else 2.0
    return max(plays, key=lambda a: _score(a, hand, roles[seat], roles[nxt], view, nxt, pair_shed))


def _score(
    action: str,
    hand: list[str],
    role: str,
    next_role: str,
    view: Any,
    nxt: int,
    pair_shed: float,
) -> float:
    cards = action[5:].split("+")
    rest = [c for c in hand if c not in cards]
    if not rest and (len(cards) == 1 or pair_shed == 2.0):
        return 1000.0  # going out wins (an unshouted pair may still be challenged)
    pairs = sum(1 for c in rest if c[-1] in "SH" and MIRROR[c] in rest)
    covers = COVERS[role]
    mask = 0
    for c in rest:
        mask |= covers[c]
    cover = mask.bit_count() / len(CARDS)
    top = cards[-1]
    block = 1 - len(ALLOWED[next_role][top]) / len(CARDS)
    urgency = 1 / max(1, int(view["hand_sizes"][nxt]))
    shed = 1.0 if len(cards) == 1 else pair_shed
    kept = PAIR_KEPT * max(pair_shed, 0.0) / 2
    return SHED * shed + kept * pairs + COVER * cover + BLOCK * block * (1 + 4 * urgency)


def actor(state: GameState, rng: Rng) -> int:
    """A race is won by any of its seats with equal chance (nobody knows who clicks first)."""
    seats = state.to_move()
    return seats[0] if len(seats) == 1 else rng.choice(seats)


def rewards(public: dict[str, Any], state: GameState, events: list[Event]) -> list[float]:
    """Final rank mapped to 1 (first) .. 0 (last); a simulation cut short scores each seat
    by how many fewer cards it holds than the others on average (logistic)."""
    n = state.players
    if not state.is_over():
        left = state.view(None)["hand_sizes"]
        total = sum(left)
        return [1 / (1 + math.exp(-CUT_SLOPE * ((total - mine) / (n - 1) - mine))) for mine in left]
    ranks = state.outcome().ranks
    worst = max(ranks)
    if worst == 1:
        return [0.5] * n
    return [(worst - r) / (worst - 1) for r in ranks]


BLOCKING = 0.6  # share of the cards the next role may not play on a top we call a block


def explain(state: GameState, seat: int, action: str) -> Reason | None:
    """Why that move, in the characters' terms: a pair shouted or challenged, a pair laid,
    going out, a top the next character can hardly answer, nothing our role may play."""
    if action in ("shout", "challenge"):
        return Reason(action)
    view = state.view(seat)
    roles = view["roles"]
    legal = [a.id for a in state.legal_actions(seat)]
    if action in ("draw", "pass", "keep"):
        if any(a.startswith("play:") for a in legal):
            return None
        return Reason(f"{action}_forced", {"role": roles[seat]})
    if not action.startswith("play:"):
        return None
    cards = action[5:].split("+")
    hand = list(view["hand"])
    if view["drawn"] is not None and view["drawn"] not in hand:
        hand.append(view["drawn"])
    if not [c for c in hand if c not in cards]:
        return Reason("go_out", {"cards": cards})
    if len(cards) == 2:
        return Reason("pair", {"cards": cards})
    nxt = (seat + 1) % len(roles)
    block = 1 - len(ALLOWED[roles[nxt]][cards[-1]]) / len(CARDS)
    if block >= BLOCKING:
        return Reason("block", {"card": cards[-1], "seat": nxt, "role": roles[nxt]})
    return Reason("shed", {"card": cards[-1], "role": roles[seat]})


def scale(players: int) -> tuple[float, str]:
    """The final rank, 1 (first) to 0 (last): `players - 1` places."""
    return float(players - 1), "place"


# 300 iterations: 66.2 % against facile over 400 matches (interval 61-71 %), where 600 won
# 63.7 % on the same seeds; 0.09 s of CPU per decision on average, 0.38 s at most (docs/ai.md).
PROFILE = Profile(
    policy=policy,
    rollout=policy,
    rewards=rewards,
    actor=actor,
    iterations=300,
    max_rollout=300,
    explain=explain,
    scale=scale,
    noise=0.08,  # docs/ai.md#advice-hints-and-reviews
)
