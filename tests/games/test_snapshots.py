"""Snapshots stored by an earlier version of the engines still load and play on.

`snapshots/<slug>.json` are matches saved mid-play (Blanche-Neige's with a drawn card, a
challenged pair and a shown void) by the engines as they were before their modules were
reorganised. Each must load, save back to the very same text, and play on to the end of
the match exactly as the code that stored it did: the digest covers every legal action
list and every event of a seeded random-legal continuation. Print the digests with
`python -m tests.games.test_snapshots` only when a rule change is meant to alter play.
Every snapshot is the standard library's compact JSON text, whichever encoder wrote it.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import games
from games import Rng
from games.testing import random_moves

HERE = Path(__file__).resolve().parent / "snapshots"

DIGESTS = {
    "manille": "428ec74888826f92181e4db3011b7f83",
    "bianco-mano": "a99713e57841cae2e42274414c11345f",
    "blanche-neige": "519413efdf70c912d909313d1e238c25",
}


def stored(slug: str) -> str:
    return (HERE / f"{slug}.json").read_text(encoding="utf-8").strip()


def play_on(slug: str) -> str:
    """Load the stored match, play it to its end with seeded random-legal moves, and hash
    what the engine said on the way."""
    state = games.get(slug).from_json(stored(slug))
    rng = Rng(2024)
    h = hashlib.sha256()
    while not state.is_over():
        seat = state.to_move()[0]
        legal = [a.id for a in state.legal_actions(seat)]
        action = legal[rng.below(len(legal))]
        events = state.apply(seat, action)
        h.update(json.dumps([seat, legal, events], sort_keys=True).encode())
    h.update(json.dumps(state.outcome().ranks).encode())
    return h.hexdigest()[:32]


@pytest.mark.parametrize("slug", sorted(DIGESTS))
def test_a_stored_snapshot_loads_and_saves_back_unchanged(slug: str) -> None:
    text = stored(slug)
    assert games.get(slug).from_json(text).to_json() == text


@pytest.mark.parametrize("slug", sorted(DIGESTS))
def test_a_stored_snapshot_plays_on_as_the_code_that_stored_it(slug: str) -> None:
    assert play_on(slug) == DIGESTS[slug]


@pytest.mark.parametrize("slug", games.slugs())
def test_every_state_saves_as_the_compact_json_of_the_standard_library(slug: str) -> None:
    """Snapshots saved before and after the engines wrote them with orjson read the same."""
    rules = games.get(slug)
    for players in range(rules.min_players, rules.max_players + 1):
        for seed in range(3):
            state = rules.new(players, seed, rules.quick_options)
            saved = [state.to_json()]
            expected = [json.dumps(state.snapshot(), separators=(",", ":"), ensure_ascii=False)]
            for _ in random_moves(state, Rng(seed)):
                saved.append(state.to_json())
                snap = state.snapshot()
                expected.append(json.dumps(snap, separators=(",", ":"), ensure_ascii=False))
            assert saved == expected, (players, seed)
            assert rules.from_json(saved[-1]) == state


if __name__ == "__main__":
    for name in sorted(DIGESTS):
        print(f'    "{name}": "{play_on(name)}",')
