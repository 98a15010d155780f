"""Activity bench: how long a move from one Activity page takes to reach the table's other
pages, with many tables playing at once.

Usage: python bench/activity.py [--tables 50] [--seconds 30] [--think 1.0] [--game manille]
                                [--web]

The real bot (on a throw-away SQLite file, pictures drawn in a thread) logged into the
Discord emulator, and every seat of every table with its page open on the Activity's
server (a WebSocket each, as tests/bot/activity/pages.py opens them), all in this process:
the figures include the emulator's and the pages' own work, on the same loop. Setup (open,
join, start, the pages) is not measured. Then each table plays for --seconds: the seat to
move sends its first legal move from its page after a think time drawn around --think, and
the bench times, for each move but a table's first (the first moves start the bot's move
writer process), from the send to the moment every other page of the table
has received the frame that shows it. The table messages and the hands are redrawn as in
play (store, then show: nothing goes out before the write). Prints p50, p95 and p99.
With --web the pages go through the web companion, as in production (web/activity.py
relays each socket to the bot), served in this same process and loop.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import statistics
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from emulator.drivers import Emulator
from games import Rng
from tests.bot.activity.pages import Page, open_page
from tests.bot.harness import Tapis, running_tapis
from tests.web.live import serving_web, web_settings


async def play(
    tapis: Tapis, table_id: int, pages: list[Page], until: float, think: float, rng: Rng
) -> list[float]:
    """One table's moves from its pages until `until`; each move's latency in seconds."""
    table = tapis.bot.service.tables[table_id]
    latencies: list[float] = []
    warm = False  # each table's first move is not counted: the first ones start the writer
    while time.monotonic() < until and table_id in tapis.bot.service.tables:
        await asyncio.sleep(think * (0.5 + rng.random()))
        state = table.state
        if state is None or state.is_over():
            break
        version = state.version
        seat = state.to_move()[0]
        frame = pages[seat].state
        if frame.get("version") != version:
            continue  # its page has not shown this position yet
        choices = [c["action"] for c in frame["hand"] if c["action"]]
        choices += [a["id"] for a in frame["actions"]]
        if not choices:
            continue
        start = time.monotonic()
        await pages[seat].move(version, choices[0])
        others = [p for i, p in enumerate(pages) if i != seat]
        await asyncio.gather(
            *(p.until(lambda f, v=version: (f.get("version") or -1) > v) for p in others)
        )
        if warm:
            latencies.append(time.monotonic() - start)
        warm = True
    return latencies


async def bench(args: argparse.Namespace) -> list[float]:
    with tempfile.TemporaryDirectory() as tmp:
        emu = Emulator()
        await emu.start()
        settings = {
            "activity_port": 0,
            "discord_client_secret": emu.activities.client_secret,
            "picture_workers": 1,  # as in production: pictures drawn in worker processes
        }
        try:
            async with running_tapis(emu, Path(tmp), settings=settings) as tapis:
                server = tapis.bot.activity_server
                assert server is not None
                base = f"http://127.0.0.1:{server.port}"
                front = contextlib.AsyncExitStack()
                if args.web:
                    url = f"sqlite+aiosqlite:///{Path(tmp) / 'tapis.db'}"
                    web = await front.enter_async_context(serving_web(web_settings(url, [base])))
                    base = web + "/activity"
                unlimited = aiohttp.TCPConnector(limit=0)  # a socket per page
                async with aiohttp.ClientSession(connector=unlimited) as http:
                    tables = []
                    for _ in range(args.tables):
                        table_id, where, users = await tapis.seat_and_start(args.game, 4, "timer=0")
                        pages = [await open_page(http, base, emu, u, where) for u in users]
                        tables.append((table_id, pages))
                    for _, pages in tables:
                        for page in pages:
                            await page.until(lambda f: f["type"] == "state")
                    print(f"{args.tables} tables, {4 * args.tables} pages open; playing")
                    until = time.monotonic() + args.seconds
                    runs = [play(tapis, t, pages, until, args.think, Rng(t)) for t, pages in tables]
                    results = await asyncio.gather(*runs)
                    for _, pages in tables:
                        for page in pages:
                            await page.ws.close()
                await front.aclose()
        finally:
            await emu.stop()
    return [x for r in results for x in r]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--game", default="manille")
    parser.add_argument("--web", action="store_true", help="through the web companion")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    logging.getLogger("tapis.activity").setLevel(logging.INFO)
    latencies = sorted(asyncio.run(bench(args)))
    if not latencies:
        print("no move measured")
        return 1
    ms = [1000 * x for x in latencies]
    q = statistics.quantiles(ms, n=100)
    rate = len(ms) / args.seconds
    quantiles = f"p50 {q[49]:.0f} ms, p95 {q[94]:.0f} ms, p99 {q[98]:.0f} ms"
    print(f"{len(ms)} moves ({rate:.1f}/s): {quantiles}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
