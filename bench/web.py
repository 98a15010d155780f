"""Server time of the web companion's pages on a big server's history.

Usage: python bench/web.py [--players 10000] [--matches 100000] [--requests 300]
                           [--db PATH] [--url URL] [--target-ms 50]

Fills a database with `--players` players and `--matches` finished matches of every game
in one guild, over two seasons (half each), through the bulk import of tests/db/bulk.py:
the same rows, ratings and rating history that recording the matches one by one would
write, computed by the same functions. Each match is a real one: its seed, options and full move
log come from a pool of matches played to the end by the engines with seeded random
moves, so its replay is a real replay. `--db PATH` keeps the SQLite file and reuses it
when it already holds the data; `--url` fills an empty database (e.g. PostgreSQL).

Then it calls the ASGI app directly (no socket, no HTTP client: only the server's own
work) and times whole requests of three pages: the season leaderboard (all games or one,
random pages), a player page (random players) and a match replay (random matches, random
steps). Prints p50/p95/p99 per page; exits 1 when a p99 is over `--target-ms`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games
from db import MoveRecord, SeatInfo, SeatResult, Store, TableRecord, TableStatus
from games.testing import random_moves
from tests.db.bulk import ImportedMatch, import_finished
from web import links
from web.app import create_app
from web.config import WebSettings

GUILD = 2**62 + 777
SECRET = "bench-secret-bench-secret-bench-secret-42"
POOL_PER_GAME = 40
CHUNK = 2_000


def play_pool(rng: random.Random) -> list[dict[str, Any]]:
    """Matches played to the end by every engine, with seeded random legal moves."""
    pool = []
    for slug in games.slugs():
        rules = games.get(slug)
        for n in range(POOL_PER_GAME):
            players = rng.randint(rules.min_players, min(rules.max_players, 6))
            seed = rng.getrandbits(48)
            options = dict(rules.quick_options)
            state = rules.new(players=players, seed=seed, options=options)
            moves = [
                MoveRecord(k, m.seat, m.action)
                for k, m in enumerate(random_moves(state, games.Rng(seed ^ n)), 1)
            ]
            out = state.outcome()
            pool.append(
                {
                    "game": slug,
                    "players": players,
                    "seed": seed,
                    "options": options,
                    "moves": moves,
                    "ranks": list(out.ranks),
                    "scores": list(out.scores),
                    "teams": out.team_lists(),
                }
            )
    return pool


def matches(
    rng: random.Random, pool: list[dict[str, Any]], players: int, count: int, start: datetime
) -> Any:
    users = [2**58 + i for i in range(players)]
    names = {u: f"Joueur·se {i:05d}" for i, u in enumerate(users)}
    for i in range(count):
        base = pool[rng.randrange(len(pool))]
        seated = rng.sample(users, base["players"])
        if rng.random() < 0.15:  # now and then an AI fills a seat
            seated[rng.randrange(len(seated))] = None
        seats = [
            SeatInfo(s, u, u is None, "facile" if u is None else None, names.get(u, f"IA {s}"))
            for s, u in enumerate(seated)
        ]
        results = [
            SeatResult(s, u, u is None, seats[s].name, base["ranks"][s], base["scores"][s])
            for s, u in enumerate(seated)
        ]
        when = start + timedelta(seconds=30 * i)
        table = TableRecord(
            id=0,
            guild_id=GUILD,
            channel_id=GUILD + 1,
            thread_id=None,
            message_id=None,
            game=base["game"],
            options={**base["options"], "__table__": {"lang": "fr", "timer": 90}},
            seed=base["seed"],
            status=TableStatus.FINISHED,
            version=len(base["moves"]),
            host_id=seated[0] or users[0],
            seats=seats,
            moves=base["moves"],
            created_at=when - timedelta(minutes=20),
        )
        yield ImportedMatch(table, results, base["teams"], when)


async def fill(url: str, players: int, count: int, seed: int) -> None:
    rng = random.Random(seed)
    started = time.perf_counter()
    pool = play_pool(rng)
    print(f"pool: {len(pool)} matches played in {time.perf_counter() - started:.1f} s")
    store = await Store.open(url)
    try:
        start = datetime(2026, 1, 1, tzinfo=UTC)
        half = count // 2
        began = time.perf_counter()
        await import_finished(store, matches(rng, pool, players, half, start), chunk=CHUNK)
        await store.seasons.new(GUILD)
        later = start + timedelta(seconds=30 * half)
        await import_finished(store, matches(rng, pool, players, count - half, later), chunk=CHUNK)
        print(f"imported {count} matches in {time.perf_counter() - began:.1f} s")
    finally:
        await store.close()


async def filled(url: str, count: int) -> bool:
    store = await Store.open(url)
    try:
        return len(await store.history.recent(GUILD, offset=count - 1, limit=1)) == 1
    finally:
        await store.close()


async def call(app: Any, path: str, query: str = "") -> tuple[int, float]:
    """One request straight through the ASGI app; (status, seconds)."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": query.encode(),
        "root_path": "",
        "headers": [(b"host", b"bench"), (b"accept-language", b"fr-FR,fr;q=0.9")],
        "client": ("127.0.0.1", 1),
        "server": ("bench", 80),
    }
    status = 0

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]

    began = time.perf_counter()
    await app(scope, receive, send)
    return status, time.perf_counter() - began


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def measure(url: str, requests: int, seed: int, target_ms: float) -> bool:
    settings = WebSettings(
        _env_file=None,  # type: ignore[call-arg]
        web_base_url="http://bench",
        web_secret=SECRET,
        database_url=url,
    )
    app = create_app(settings)
    rng = random.Random(seed + 1)
    base = links.prefix(GUILD, 4_102_444_800, SECRET)
    store = await Store.open(url, migrate=False)
    try:
        pages = {}
        for game in (None, *games.slugs()):
            board = await store.leaderboard.page(GUILD, game=game, limit=1)
            pages[game] = max(1, -(-board.total // 25))
        recent = await store.history.recent(GUILD, limit=2_000)
        match_moves = {}
        for m in rng.sample(recent, 200):
            found = await store.history.match(GUILD, m.id)
            assert found is not None
            match_moves[m.id] = len(found.moves)
        people = [u for m in recent for u in (s.user_id for s in m.seats) if u is not None]
    finally:
        await store.close()

    def leaderboard() -> tuple[str, str]:
        game = rng.choice([None, *games.slugs()])
        page = 1 if rng.random() < 0.5 else rng.randint(1, pages[game])
        query = f"page={page}" + (f"&game={game}" if game else "")
        return base + "/", query

    def player() -> tuple[str, str]:
        return base + f"/player/{rng.choice(people)}", ""

    def match() -> tuple[str, str]:
        match_id = rng.choice(list(match_moves))
        return base + f"/match/{match_id}", f"step={rng.randint(0, match_moves[match_id])}"

    ok = True
    # Other processes share this machine's 2 cores: the load says how much they took.
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    async with app.router.lifespan_context(app):
        for name, make in (("leaderboard", leaderboard), ("player", player), ("replay", match)):
            for _ in range(20):  # warm up: connections, templates, imports
                await call(app, *make())
            times = []
            cpu = time.process_time()
            for _ in range(requests):
                status, seconds = await call(app, *make())
                if status != 200:
                    raise SystemExit(f"{name}: status {status}")
                times.append(seconds * 1000)
            cpu_ms = (time.process_time() - cpu) / requests * 1000
            p50, p95, p99 = (percentile(times, p) for p in (50, 95, 99))
            verdict = "ok" if p99 <= target_ms else "OVER TARGET"
            ok &= p99 <= target_ms
            print(
                f"{name:12} n={requests}  p50 {p50:6.2f} ms  p95 {p95:6.2f} ms  "
                f"p99 {p99:6.2f} ms  mean {statistics.fmean(times):6.2f} ms  "
                f"cpu {cpu_ms:5.2f} ms/request  {verdict}"
            )
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--db", type=Path, help="SQLite file to fill or reuse")
    parser.add_argument("--url", help="an EMPTY database URL to fill instead (e.g. PostgreSQL)")
    parser.add_argument("--target-ms", type=float, default=50.0)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.url:
            url = args.url
        else:
            path = args.db or Path(tmp) / "bench.db"
            url = f"sqlite+aiosqlite:///{path}"
        reuse = args.db is not None and args.db.exists() and asyncio.run(filled(url, args.matches))
        if reuse:
            print(f"reusing {args.db}")
        else:
            asyncio.run(fill(url, args.players, args.matches, args.seed))
        ok = asyncio.run(measure(url, args.requests, args.seed, args.target_ms))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
