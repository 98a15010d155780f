"""Seeded matches play exactly as they did when these digests were taken.

Engine speed work must not change what a match does: the same seed and the same choices
must give the same legal actions (in the same order), the same events, the same views,
refusals and snapshots. Each digest below covers a few random-legal matches per game, at
every table size, on several option sets; it was computed before the engines were rewritten
for speed, so any change of behaviour fails here. Print them with
`python -m tests.games.test_seeded_play` only when a rule change is meant to alter play.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from typing import Any

import pytest

import games
from games import IllegalAction, Rng

# Option sets per game besides the defaults and `quick_options`: the other branches.
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "manille": [{"above_30": True, "shuffle_each_deal": True}],
    "bianco-mano": [{"deals": 3, "shuffle_each_deal": True}],
    "blanche-neige": [
        {"variant_roles": ["prof", "joyeux", "simplet", "timide", "grincheux", "dormeur"]},
        {
            "variant_roles": ["prof", "joyeux", "simplet", "timide", "grincheux", "dormeur"],
            "variant_mode": "replace",
        },
    ],
    "nain-jaune": [{"deals": 2, "may_stop": True, "board_penalty": "stake"}],
    "bonanza": [{"deals": 2, "sale_to": "dealer", "max_raise": 2}],
}
MATCHES = 5  # per table size and option set
DEEP_EVERY = 11  # views, a refusal and a snapshot every that many moves

DIGESTS = {
    "bianco-mano": "a267701aa27fa3f38723f323c9b0c859",
    "manille": "1ddcb19c48542a5e7e7129ca5488b565",
    "blanche-neige": "4ccf3e50569350828d7018a01ee332d7",
    "nain-jaune": "ce093dcbcb4fdefc222f58aea83b71f6",
    "bonanza": "aadbadac1ee5cf3154f43a460862f49c",
}


def _line(h: Any, value: object) -> None:
    h.update(json.dumps(value, sort_keys=True, ensure_ascii=False).encode())
    h.update(b"\n")


def play_digest(slug: str) -> str:
    """Play the fixed matches of `slug` and hash everything the engine said."""
    rules = games.get(slug)
    h = hashlib.sha256()
    option_sets: list[dict[str, Any]] = [{}, rules.quick_options, *VARIANTS.get(slug, [])]
    sizes = list(range(rules.min_players, rules.max_players + 1))
    for k, options in enumerate(option_sets):
        for players, m in itertools.product(sizes, range(MATCHES)):
            seed = 1009 * players + 7919 * k + 104729 * m + 17
            state = rules.new(players=players, seed=seed, options=options)
            pick = Rng(seed ^ 0xD16E57)
            _line(h, [players, options, state.to_json(), state.events])
            step = 0
            while not state.is_over():
                seats = state.to_move()
                seat = seats[int(pick.random() * len(seats))]
                legal = [a.id for a in state.legal_actions(seat)]
                if step % DEEP_EVERY == 0:
                    views = [state.view(s) for s in [None, *range(players)]]
                    idle = [s for s in range(players) if s not in seats]
                    refusals = []
                    for who, move in [(seat, "nonsense:0"), *[(s, legal[0]) for s in idle[:1]]]:
                        try:
                            state.apply(who, move)
                        except IllegalAction as err:
                            refusals.append(err.code)
                    _line(h, [views, refusals, state.to_json()])
                action = legal[int(pick.random() * len(legal))]
                events = state.apply(seat, action)
                _line(h, [seats, seat, legal, action, events, state.version])
                step += 1
            out = state.outcome()
            _line(h, [out.ranks, out.scores, out.teams, out.unit, state.to_json()])
    return h.hexdigest()[:32]


@pytest.mark.parametrize("slug", sorted(DIGESTS))
def test_seeded_matches_play_exactly_as_before(slug: str) -> None:
    assert play_digest(slug) == DIGESTS[slug]


if __name__ == "__main__":
    for name in DIGESTS:
        print(f'    "{name}": "{play_digest(name)}",')
