"""Restore cost at start-up: `Store.open` + `open_tables()` over 1,000 open tables.

Usage: python bench/restore.py [--tables N] [--url URL] [--target SECONDS]
Builds N open tables (mixed game slugs, synthetic 3-8 KB snapshots, 50-150 moves each)
in a temporary SQLite file (or an empty database at --url), then times opening the store
(engine + migration check) and loading every open table with seats, snapshot and moves.
Target: 1,000 tables in <= 2 s. The data is synthetic because the engines are written in
parallel; `restore_cost` is the piece to extend with the bot's engine loading.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from db import MoveRecord, SeatInfo, Store, TableRecord, TableStatus

SLUGS = ("bianco-mano", "manille", "blanche-neige", "nain-jaune", "bonanza")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
CARDS = [rank + suit for rank in RANKS for suit in "SHDC"]
VERBS = ("play", "take", "pass", "bid", "draw", "discard", "call")


def synthetic_snapshot(rng: random.Random, slug: str, players: int, version: int) -> str:
    """A JSON document shaped like an engine snapshot, 3-8 KB."""
    target = rng.randint(3_000, 8_000)
    data: dict[str, object] = {
        "hands": [rng.sample(CARDS, 8) for _ in range(players)],
        "scores": [rng.randint(0, 200) for _ in range(players)],
        "history": [],
    }
    snap = {
        "slug": slug,
        "players": players,
        "seed": rng.getrandbits(63),
        "options": {"target": 100},
        "version": version,
        "rng": [rng.getrandbits(32) for _ in range(4)],
        "events": [{"type": "played", "seat": 0, "card": "10H"}],
        "data": data,
    }
    history = data["history"]
    assert isinstance(history, list)
    text = json.dumps(snap, separators=(",", ":"))
    while len(text) < target:
        history.append([rng.randrange(players), rng.choice(CARDS), rng.randint(0, 30)])
        if len(history) % 50 == 0:
            text = json.dumps(snap, separators=(",", ":"))
    return json.dumps(snap, separators=(",", ":"))


def synthetic_table(rng: random.Random, index: int) -> TableRecord:
    slug = SLUGS[index % len(SLUGS)]
    players = rng.randint(2, 5)
    n_moves = rng.randint(50, 150)
    moves = [
        MoveRecord(seq, seq % players, f"{rng.choice(VERBS)}:{rng.choice(CARDS)}")
        for seq in range(1, n_moves + 1)
    ]
    seats = [
        SeatInfo(i, None, True, "medium", f"AI {i}")
        if i == players - 1 and index % 3 == 0
        else SeatInfo(i, 2**60 + rng.getrandbits(40), False, None, f"player {i}")
        for i in range(players)
    ]
    return TableRecord(
        id=0,
        guild_id=2**60 + index % 20,
        channel_id=2**60 + index,
        thread_id=2**61 + index,
        message_id=2**62 + index,
        game=slug,
        options={"target": 100},
        seed=rng.getrandbits(63),
        status=TableStatus.PLAYING if index % 10 else TableStatus.LOBBY,
        version=n_moves,
        host_id=seats[0].user_id or 1,
        seats=seats,
        snapshot=synthetic_snapshot(rng, slug, players, n_moves),
        snapshot_version=n_moves,
        moves=moves,
    )


async def build(url: str, tables: int) -> tuple[float, int, int]:
    """Fill the database; returns (seconds, moves, snapshot bytes)."""
    rng = random.Random(1234)
    records = [synthetic_table(rng, i) for i in range(tables)]
    start = time.perf_counter()
    store = await Store.open(url)
    try:
        await store.import_tables(records)
    finally:
        await store.close()
    n_moves = sum(len(r.moves) for r in records)
    size = sum(len(r.snapshot or "") for r in records)
    return time.perf_counter() - start, n_moves, size


async def restore_cost(url: str) -> tuple[float, float, list[TableRecord]]:
    """Seconds for Store.open and for open_tables(), as the bot pays them at start-up."""
    start = time.perf_counter()
    store = await Store.open(url)
    opened = time.perf_counter()
    try:
        tables = await store.open_tables()
    finally:
        loaded = time.perf_counter()
        await store.close()
    return opened - start, loaded - opened, tables


async def run(url: str, tables: int, target: float) -> int:
    built, n_moves, size = await build(url, tables)
    print(
        f"built {tables} tables, {n_moves:,} moves, {size / 1e6:.1f} MB of snapshots "
        f"in {built:.2f} s"
    )
    open_s, load_s, restored = await restore_cost(url)
    assert len(restored) == tables, len(restored)
    assert sum(len(t.moves) for t in restored) == n_moves
    total = open_s + load_s
    ok = total <= target
    print(f"Store.open     {open_s:8.3f} s")
    print(f"open_tables()  {load_s:8.3f} s")
    print(f"total          {total:8.3f} s  ({total / tables * 1000:.3f} ms per table)")
    print(f"target         {target:8.3f} s  {'ok' if ok else 'TOO SLOW'}")
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1_000)
    parser.add_argument("--url", help="an EMPTY database to fill; default: a temp SQLite file")
    parser.add_argument("--target", type=float, default=2.0, help="seconds for 1,000 tables")
    args = parser.parse_args()
    target = args.target * args.tables / 1_000
    if args.url:
        return asyncio.run(run(args.url, args.tables, target))
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'restore.db'}"
        return asyncio.run(run(url, args.tables, target))


if __name__ == "__main__":
    raise SystemExit(main())
