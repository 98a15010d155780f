"""Bonanza snapshots stored by an earlier engine still load and play on exactly as they did.

`snapshots/bonanza.json` holds snapshots made by `make_data` below with an earlier version
of the engine: one per kind of moment (each phase, each call, the joker kept, known voids
and dead cards, two and nine players), with the legal actions the seat to move had then and
a digest of the next moves played from it. Do not regenerate it: it keeps the old shape.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

import games
from games import Rng

RULES = games.get("bonanza")
DATA = Path(__file__).parent / "snapshots" / "bonanza.json"
CASES: list[dict[str, Any]] = json.loads(DATA.read_text())
MOVES = 60  # played from each snapshot


def play_on(text: str, seed: int) -> str:
    """Load `text`, play up to `MOVES` seeded random legal moves and hash all that happens."""
    state = RULES.from_json(text)
    h = hashlib.sha256()
    pick = Rng(seed)
    for _ in range(MOVES):
        if state.is_over():
            break
        seat = state.to_move()[0]
        legal = [a.id for a in state.legal_actions(seat)]
        move = legal[pick.below(len(legal))]
        events = state.apply(seat, move)
        h.update(json.dumps([seat, legal, move, events], sort_keys=True).encode())
    h.update(state.to_json().encode())
    return h.hexdigest()


def test_the_stored_snapshots_cover_every_phase_and_call() -> None:
    moments = {(c["data"]["phase"], c["data"]["call"]) for c in map(_snap, CASES)}
    assert moments == {
        ("mort", None),
        ("auction", None),
        *(("calls", call) for call in ("joker", "dame-valet", "sequence", "dix-deux")),
        ("poker", "poker"),
        ("play", None),
        ("over", None),
    }


@pytest.mark.parametrize("i", range(len(CASES)))
def test_a_stored_snapshot_loads_unchanged_and_plays_on_as_before(i: int) -> None:
    case = CASES[i]
    state = RULES.from_json(case["snapshot"])
    assert state.to_json() == case["snapshot"]
    seats = state.to_move()
    legal = [a.id for a in state.legal_actions(seats[0])] if seats else []
    assert legal == case["legal"]
    assert play_on(case["snapshot"], i) == case["after"]


def _snap(case: dict[str, Any]) -> dict[str, Any]:
    snap: dict[str, Any] = json.loads(case["snapshot"])
    return snap


def make_data() -> list[dict[str, Any]]:
    """Play seeded random matches and keep the first state of each kind of moment."""
    out: list[dict[str, Any]] = []
    seen = set()
    for players in range(2, 10):
        for m in range(6):
            options = [{}, {"deals": 2, "sale_to": "dealer", "max_raise": 2}][m % 2]
            state: Any = RULES.new(players=players, seed=31 * players + m, options=options)
            pick = Rng((31 * players + m) ^ 0x5A5A)
            while True:
                kind = (
                    state.phase,
                    state.call,
                    state.joker_wild,
                    bool(state.public_dead),
                    any(state.voids),
                    players in (2, 9),
                )
                if kind not in seen:
                    seen.add(kind)
                    text = state.to_json()
                    seats = state.to_move()
                    legal = [a.id for a in state.legal_actions(seats[0])] if seats else []
                    out.append({"snapshot": text, "legal": legal, "after": play_on(text, len(out))})
                if state.is_over():
                    break
                seat = state.to_move()[0]
                legal_now = state.legal_actions(seat)
                state.apply(seat, legal_now[pick.below(len(legal_now))].id)
    return out


if __name__ == "__main__":
    print(json.dumps(make_data(), indent=1))
