"""Restore cost at start-up over 1,000 open tables, for the storage and for the bot.

Usage: python bench/restore.py [--tables N] [--url URL] [--target SECONDS]
                               [--phase synthetic|real|both]

Phase "synthetic": N open tables with synthetic 3-8 KB snapshots and 50-150 moves each;
times `Store.open` (engine + migration check) and `tables.all_open()`, the storage's share.
Phase "real": N tables in the middle of a match with real engine states (every available
game, random player counts and options, some random legal moves from a seeded
`games.Rng`); times `Store.open` and `TableService(store).restore()`, which is what the
bot pays before it connects: loading every table and its engine state from its snapshot.
Each phase fills its own temporary SQLite file; --url (an EMPTY database) takes one phase.
Target for each phase: 1,000 tables in <= 2 s (scaled with --tables); exit 1 if over.
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

import games
from bot.table.model import table_from_record
from bot.table.service import TableService
from db import MoveRecord, SeatInfo, Store, TableRecord, TableStatus
from games import GameState, Rng
from tests.db.bulk import import_tables

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
CARDS = [rank + suit for rank in RANKS for suit in "SHDC"]
VERBS = ("play", "take", "pass", "bid", "draw", "discard", "call")
MAX_MOVES = 250
"""Upper bound of the random number of moves a real table has played (fewer if it ends)."""


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
    slugs = games.slugs()
    slug = slugs[index % len(slugs)]
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


async def fill(url: str, records: list[TableRecord]) -> float:
    """Import `records` into the database at `url`; returns the seconds it took."""
    start = time.perf_counter()
    store = await Store.open(url)
    try:
        if await store.tables.all_open():
            raise SystemExit("the database already holds open tables: give an empty one")
        await import_tables(store, records)
    finally:
        await store.close()
    return time.perf_counter() - start


async def restore_cost(url: str) -> tuple[float, float, list[TableRecord]]:
    """Seconds for Store.open and for tables.all_open(), as the bot pays them at start-up."""
    start = time.perf_counter()
    store = await Store.open(url)
    opened = time.perf_counter()
    try:
        tables = await store.tables.all_open()
    finally:
        loaded = time.perf_counter()
        await store.close()
    return opened - start, loaded - opened, tables


def report(rows: list[tuple[str, float]], total: float, tables: int, target: float) -> bool:
    """Print the timings, the total per table and the verdict; True if within target."""
    ok = total <= target
    for label, seconds in rows:
        print(f"  {label:<26}{seconds:8.3f} s")
    print(f"  {'total':<26}{total:8.3f} s  ({total / tables * 1000:.3f} ms per table)")
    print(f"  {'target':<26}{target:8.3f} s  {'ok' if ok else 'TOO SLOW'}")
    return ok


async def run_synthetic(url: str, tables: int, target: float) -> bool:
    rng = random.Random(1234)
    records = [synthetic_table(rng, i) for i in range(tables)]
    built = await fill(url, records)
    n_moves = sum(len(r.moves) for r in records)
    size = sum(len(r.snapshot or "") for r in records)
    print(
        f"synthetic: {tables} tables, {n_moves:,} moves, {size / 1e6:.1f} MB of snapshots "
        f"imported in {built:.2f} s"
    )
    open_s, load_s, restored = await restore_cost(url)
    assert len(restored) == tables, len(restored)
    assert sum(len(t.moves) for t in restored) == n_moves
    return report(
        [("Store.open", open_s), ("tables.all_open()", load_s)], open_s + load_s, tables, target
    )


def real_table(index: int, slugs: list[str], pick: Rng) -> tuple[TableRecord, GameState]:
    """A table in the middle of a real match: random legal moves from a fresh deal.

    If the random moves happen to finish the match, it is cut back to a random earlier
    point, so that every table is still being played (restore would record a finished one).
    """
    slug = slugs[index % len(slugs)]
    rules = games.get(slug)
    players = pick.between(rules.min_players, rules.max_players)
    chosen = rules.quick_options if index % 2 else {}
    # What TableService.create stores: the parsed options without their defaults.
    options = rules.parse_options(chosen).model_dump(mode="json", exclude_defaults=True)
    seed = pick.next64() >> 1  # 63 bits, like the service's seeds (a signed BIGINT)
    state = rules.new(players=players, seed=seed, options=options)
    wanted = pick.between(1, MAX_MOVES)
    log: list[tuple[int, str]] = []
    while len(log) < wanted and not state.is_over():
        seat = pick.choice(state.to_move())
        action = pick.choice(state.legal_actions(seat)).id
        state.apply(seat, action)
        log.append((seat, action))
    if state.is_over():
        log = log[: pick.between(0, len(log) - 1)]
        state = rules.replay(players, seed, options, log)
    seats = [
        SeatInfo(i, None, True, "medium", f"IA {i}")
        if i == players - 1 and index % 4 == 0
        else SeatInfo(i, 2**59 + pick.below(2**40), False, None, f"joueur {i}")
        for i in range(players)
    ]
    record = TableRecord(
        id=0,
        guild_id=2**60 + index % 20,
        channel_id=2**60 + index,
        thread_id=2**61 + index,
        message_id=2**62 + index,
        game=slug,
        options=options,
        seed=seed,
        status=TableStatus.PLAYING,
        version=state.version,
        host_id=seats[0].user_id or 1,
        seats=seats,
        snapshot=state.to_json(),
        snapshot_version=state.version,
        moves=[MoveRecord(seq, seat, action) for seq, (seat, action) in enumerate(log, 1)],
    )
    return record, state


async def service_restore_cost(url: str) -> tuple[float, float, TableService]:
    """Seconds for Store.open and for TableService.restore(), as `python -m bot` pays them."""
    start = time.perf_counter()
    store = await Store.open(url)
    opened = time.perf_counter()
    try:
        service = TableService(store)
        await service.restore()
        restored = time.perf_counter()
    finally:
        await store.close()
    return opened - start, restored - opened, service


async def engine_share(url: str) -> tuple[float, float]:
    """Warm re-run split in two: tables.all_open() alone, then only the snapshot loading."""
    async with await Store.open(url, migrate=False) as store:
        start = time.perf_counter()
        records = await store.tables.all_open()
        loaded = time.perf_counter()
        for record in records:
            table_from_record(record)
        return loaded - start, time.perf_counter() - loaded


async def run_real(url: str, tables: int, target: float) -> bool:
    slugs = list(games.slugs())
    pick = Rng(20_240_601)
    start = time.perf_counter()
    pairs = [real_table(i, slugs, pick) for i in range(tables)]
    played = time.perf_counter() - start
    records = [record for record, _ in pairs]
    built = await fill(url, records)
    n_moves = sum(len(r.moves) for r in records)
    size = sum(len(r.snapshot or "") for r in records)
    print(
        f"real: {tables} tables of {', '.join(slugs)}; {n_moves:,} moves played in "
        f"{played:.2f} s, {size / 1e6:.1f} MB of snapshots imported in {built:.2f} s"
    )
    open_s, restore_s, service = await service_restore_cost(url)

    # Every table came back in play, exactly in the state it was stored in.
    assert len(service.tables) == tables, len(service.tables)
    by_order = sorted(service.tables.values(), key=lambda t: t.id)
    for table, (record, state) in zip(by_order, pairs, strict=True):
        assert table.game == record.game and table.status == "playing"
        assert table.state == state, f"table {table.id} ({table.game}) restored differently"
    # And the stored log replays to the stored snapshot (a sample: replaying costs time).
    for table, (record, _) in list(zip(by_order, pairs, strict=True))[:: max(1, tables // 50)]:
        moves = [(m.seat, m.action_id) for m in record.moves]
        replayed = table.rules.replay(len(table.seats), table.seed, table.options, moves)
        assert replayed == table.state, f"table {table.id} does not replay to its snapshot"

    ok = report(
        [("Store.open", open_s), ("TableService.restore()", restore_s)],
        open_s + restore_s,
        tables,
        target,
    )
    load_s, engines_s = await engine_share(url)
    print(
        f"  of which, warm: tables.all_open() {load_s:.3f} s, engine states from snapshots "
        f"{engines_s:.3f} s ({engines_s / tables * 1e6:.0f} µs per table)"
    )
    return ok


async def run(url: str | None, tables: int, target: float, phases: list[str]) -> int:
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        for phase in phases:
            where = url or f"sqlite+aiosqlite:///{Path(tmp) / f'{phase}.db'}"
            runner = run_synthetic if phase == "synthetic" else run_real
            ok = await runner(where, tables, target) and ok
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1_000)
    parser.add_argument("--url", help="an EMPTY database to fill; default: a temp SQLite file")
    parser.add_argument("--target", type=float, default=2.0, help="seconds for 1,000 tables")
    parser.add_argument("--phase", choices=("synthetic", "real", "both"), default="both")
    args = parser.parse_args()
    if args.url and args.phase == "both":
        parser.error("--url fills one database: choose --phase synthetic or --phase real")
    phases = ["synthetic", "real"] if args.phase == "both" else [args.phase]
    target = args.target * args.tables / 1_000
    return asyncio.run(run(args.url, args.tables, target, phases))


if __name__ == "__main__":
    raise SystemExit(main())
