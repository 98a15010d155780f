"""CPU to lay out one move's messages: the table message and two hands, with no picture.

Usage: python bench/messages.py [--tables N] [--repeats R] [--seed S] [--once]

N random mid-game tables per game (the five built-in games, every seat a player). For each,
what the bot lays out after a move: the table message (`public_layout`), the table
picture's scene (`scene_of`, not drawn), the hand of the seat now to move (`hand_parts`:
words and buttons, `hand_cards`: what its picture shows) and the same for the seat that
just played. Each repeat lays them out from a new state object (`copy()`, made before the
clock starts), as a move gives one: nothing worked out for an earlier version is reused.
"same state" repeats on one object instead, the upper bound of what a cache can save.
Figures are CPU time (`time.process_time`) per table, best of the repeats, with the
collector's work on the prepared states left out (`gc.freeze`): it made the figures vary
by half on a busy machine.

`--once` lays every table out once from a new state, inside `itertools.starmap`, and times
nothing: for a count of machine instructions that the machine's load does not change,
  PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    --collect-atstart=no --toggle-collect=starmap_next python bench/messages.py --once
(the "Collected" figure, divided by the tables it prints).
"""

from __future__ import annotations

import argparse
import gc
import itertools
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games
from bot.render import layout, scenes
from bot.render.emojis import TEXT_FACES
from bot.table.model import Seat, Table
from games.base import GameState

BUILT_IN = ("manille", "bianco-mano", "blanche-neige", "nain-jaune", "bonanza")


def tables(per_game: int, seed: int) -> list[Table]:
    """Tables in play after 1 to 40 random moves (those the moves ended are left out)."""
    rng = random.Random(seed)
    found = []
    for slug in BUILT_IN:
        rules = games.get(slug)
        for k in range(per_game):
            n = rules.min_players
            state = rules.new(n, rng.randrange(10**9), {})
            for _ in range(rng.randrange(1, 40)):
                if state.is_over():
                    break
                seat = state.to_move()[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)).id)
            if state.is_over():
                continue
            seats = [Seat(i, f"P{i}") for i in range(n)]
            found.append(
                Table(k, 1, 1, None, slug, {}, 1, 1, status="playing", seats=seats, state=state)
            )
    return found


def lay_out(table: Table, state: GameState) -> None:
    """One move's messages of `table` at `state`."""
    table.state = state
    mover = state.to_move()[0]
    played = (mover - 1) % state.players
    layout.public_layout(table, TEXT_FACES, None)
    scenes.scene_of(table)
    for seat in (mover, played):
        layout.hand_parts(table, seat, "fr", TEXT_FACES, None)
        scenes.hand_cards(table, seat)


def timed(all_tables: list[Table], states: list[list[GameState]], repeats: int) -> float:
    """Best CPU ms per table over `repeats`, the r-th repeat on `states[t][r]`."""
    best = float("inf")
    for r in range(repeats):
        gc.collect()
        start = time.process_time()
        for table, own in zip(all_tables, states, strict=True):
            lay_out(table, own[r])
        best = min(best, time.process_time() - start)
    return best / len(all_tables) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20, help="tables per game")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--once", action="store_true", help="lay out once, for callgrind")
    args = parser.parse_args()
    found = tables(args.tables, args.seed)
    if args.once:
        states = [t.state.copy() for t in found if t.state is not None]
        lay_out(found[0], states[0].copy())
        list(itertools.starmap(lay_out, zip(found, states, strict=True)))
        print(f"{len(found)} tables laid out once")
        return
    assert all(t.state is not None for t in found)
    originals = [t.state for t in found]
    fresh = [[s.copy() for _ in range(args.repeats)] for s in originals if s is not None]
    same = [[s] * args.repeats for s in originals if s is not None]
    lay_out(found[0], fresh[0][0].copy())  # imports and first-use caches out of the clock
    gc.freeze()  # the states laid out are not the collector's work of a move
    print(f"{len(found)} tables, {args.repeats} repeats, CPU ms per table (best repeat)")
    print(f"  new state per move: {timed(found, fresh, args.repeats):.3f}")
    print(f"  same state again:   {timed(found, same, args.repeats):.3f}")


if __name__ == "__main__":
    main()
