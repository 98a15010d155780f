"""Time to draw table and hand pictures, and their bytes, over varied scenes.

Usage: python bench/render.py [--pictures N] [--seed S] [--offload [--rate R]]
Targets (2-core machine): table picture p99 <= 10 ms, hand picture p99 <= 5 ms, both
<= 60 KB. The faces are drawn first (`art.warm()`, as the bot does at start-up); the tables
then evolve move by move like real ones (turn passes, a card joins the trick, tokens move),
so the per-seat layers are reused the way a running bot reuses them. "fresh" tables have
never been drawn: every plate, zone and header is new.

--offload measures where the bot should draw: the same table pictures asked from an asyncio
loop at --rate per second, drawn in a thread of the process or in a worker process (what
bot.render.pictures can do), while a ticker measures how late the loop runs its callbacks (what a
click's answer would wait). Pillow lets go of the interpreter lock only in parts of its
work (encoding, some pastes), so a thread still delays the loop.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import art
import games
from art import Box, Fact, Played, Seat, TableScene, Zone
from art.cards import STANDARD_CARDS, SUITS

T = TypeVar("T")
BIANCO_MANO_DECK = games.get("bianco-mano").faces.deck
assert BIANCO_MANO_DECK is not None
BIANCO_MANO_CARDS = BIANCO_MANO_DECK.cards
TABLE_P99_MS = 10.0
HAND_P99_MS = 5.0
MAX_BYTES = 60_000

NAMES = (
    "Camille",
    "Bastien",
    "Inès",
    "Théo",
    "Lucie",
    "Marco",
    "Nour",
    "Paul",
    "Zoé-Anne",
    "Jeanne",
    "Hugo",
    "Sofia",
    "Malik",
    "Rose",
    "Yanis",
    "Anaïs",
    "Bruno",
    "Céline",
    "Dimitri",
    "Emma",
    "Farid",
    "Gaëlle",
    "Hélène",
    "Ilyes",
    "Jules",
    "Kenza",
    "Louis",
)
ROLES = art.ROLES
MANILLE = tuple(r + s for s in SUITS for r in ("7", "8", "9", "10", "J", "Q", "K", "A"))
BOX_LABELS = ("As", "Roi", "Dame", "Valet", "Paire", "Brelan", "Suite", "Couleur", "Full", "Carré")


class Table:
    """A table that changes a little at each move, as a real one does."""

    def __init__(self, rng: random.Random, suffix: str = "") -> None:
        self.rng = rng
        self.kind = rng.choice(("trick", "trick-bm", "discard", "board", "wheel"))
        # Seat counts as the games allow them: Manille 2-4, Bianco Mano 3-5,
        # Blanche-Neige 2-5, Nain Jaune 3-8, Bonanza 2-9.
        low, high = {
            "trick": (2, 4),
            "trick-bm": (3, 5),
            "discard": (2, 5),
            "board": (3, 8),
            "wheel": (2, 9),
        }[self.kind]
        n = rng.randint(low, high)
        names = rng.sample(NAMES, n)
        self.deck = {
            "trick": MANILLE,
            "trick-bm": BIANCO_MANO_CARDS,
            "discard": tuple(c for c in STANDARD_CARDS if c[:-1] not in ("J", "Q", "K")),
            "board": STANDARD_CARDS,
            "wheel": (*STANDARD_CARDS, "JK"),
        }[self.kind]
        teams = self.kind.startswith("trick")
        roles = rng.sample(ROLES, n)
        self.seats = [
            Seat(
                names[i] + suffix,
                cards=rng.randint(3, 12),
                dealer=i == 0,
                score=f"{rng.randint(0, 60)} {'pts' if teams else 'jetons'}",
                team=i % 2 if teams else None,
                identity=roles[i] if self.kind == "discard" else None,
                marks=("preneur",) if teams and i == 1 else (),
            )
            for i in range(n)
        ]
        self.turn = 0
        self.row: list[Played] = []
        self.tokens = [rng.randint(0, 30) for _ in range(10)]
        self.title = {
            "trick": "Manille · donne 3",
            "trick-bm": "Bianco Mano · manche 2",
            "discard": "Blanche-Neige",
            "board": "Nain Jaune · tour 4",
            "wheel": "Bonanza · phase 3",
        }[self.kind] + suffix

    def move(self) -> None:
        rng, n = self.rng, len(self.seats)
        seat = self.seats[self.turn]
        self.seats[self.turn] = replace(seat, cards=max(1, seat.cards - 1))
        if len(self.row) >= (n if self.kind.startswith("trick") else 9):
            self.row = []
        self.row.append(Played(rng.choice(self.deck), self.turn))
        self.tokens[rng.randrange(10)] += rng.randint(1, 3)
        self.turn = (self.turn + 1) % n

    def scene(self) -> TableScene:
        seats = tuple(replace(s, turn=i == self.turn) for i, s in enumerate(self.seats))
        zones: tuple[Zone, ...] = ()
        boxes: tuple[Box, ...] = ()
        facts: tuple[Fact, ...] = ()
        if self.kind.startswith("trick"):
            zones = (Zone("Pli en cours", tuple(self.row), around=True),)
            facts = (
                (Fact("Atout", "cœur", suit="H"),)
                if self.kind == "trick"
                else (Fact("Dominante", "rouge", suit="R"), Fact("Appel", "", card="PAJ"))
            )
        elif self.kind == "discard":
            zones = (
                Zone(
                    "Défausse",
                    tuple(Played(p.card) for p in self.row[-3:]),
                    face_down=self.rng.randint(0, 30),
                ),
            )
        elif self.kind == "board":
            boxes = tuple(
                Box(label, self.tokens[i], card)
                for i, (label, card) in enumerate(
                    (
                        ("Dix", "10D"),
                        ("Valet", "JC"),
                        ("Dame", "QS"),
                        ("Roi", "KH"),
                        ("Nain jaune", "7D"),
                    )
                )
            )
            zones = (Zone("Suite", tuple(Played(p.card) for p in self.row)),)
        else:
            boxes = tuple(Box(label, self.tokens[i]) for i, label in enumerate(BOX_LABELS))
            zones = (Zone("Table", tuple(self.row)),)
            facts = (Fact("Pot", f"{sum(self.tokens) % 40} jetons"),)
        return TableScene(self.title, seats, zones, boxes, facts)


def random_hand(rng: random.Random) -> tuple[list[str], set[str]]:
    deck, size = rng.choice(
        (
            (MANILLE, 8),
            (BIANCO_MANO_CARDS, rng.randint(6, 10)),
            (STANDARD_CARDS, rng.randint(5, 22)),
            ((*STANDARD_CARDS, "JK"), 22),
        )
    )
    size = rng.randint(1, size)
    hand = rng.sample(deck, size)
    order = {c: i for i, c in enumerate(deck)}
    hand.sort(key=order.__getitem__)
    playable = {c for c in hand if rng.random() < 0.4}
    return hand, playable


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(
    draw: Callable[[T], bytes], inputs: Sequence[T]
) -> tuple[list[float], list[float], list[int]]:
    """Wall time, CPU time of this thread (what is left when other processes preempt us),
    and bytes, per picture."""
    wall, cpu, sizes = [], [], []
    for item in inputs:
        start, start_cpu = time.perf_counter(), time.thread_time()
        data = draw(item)
        cpu.append((time.thread_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
        sizes.append(len(data))
    return wall, cpu, sizes


TICK_S = 0.002  # the ticker's period: its lateness is the loop's lag


async def offloaded(
    executor: Executor | None, scenes: Sequence[TableScene], rate: float
) -> tuple[list[float], list[float]]:
    """Loop lag (ms) while `scenes` are drawn at `rate` per second through `executor`
    (None: not drawn at all, the baseline), and each picture's latency (ms)."""
    loop = asyncio.get_running_loop()
    lags: list[float] = []
    latencies: list[float] = []
    running = True

    async def ticker() -> None:
        while running:
            start = loop.time()
            await asyncio.sleep(TICK_S)
            lags.append((loop.time() - start - TICK_S) * 1000)

    async def one(scene: TableScene) -> None:
        start = time.perf_counter()
        if executor is not None:
            await loop.run_in_executor(executor, art.draw_table, scene)
        latencies.append((time.perf_counter() - start) * 1000)

    tick = asyncio.create_task(ticker())
    tasks = []
    for scene in scenes:
        tasks.append(asyncio.create_task(one(scene)))
        await asyncio.sleep(1 / rate)
    await asyncio.gather(*tasks)
    running = False
    await tick
    return lags, latencies


def offload(scenes: list[TableScene], rate: float) -> None:
    """Print the loop's lag and the pictures' latency with no drawing, in a thread and in a
    worker process."""
    process = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
    process.submit(art.warm).result()  # the worker draws its faces first, as the bot's does
    thread = ThreadPoolExecutor(1)
    print(f"offload: {len(scenes)} table pictures asked at {rate:.0f}/s from an asyncio loop")
    print(f"{'drawn in':<16}{'lag p50':>9}{'lag p99':>9}{'lag max':>9}{'pic p50':>9}{'pic p99':>9}")
    for name, executor in (("(not drawn)", None), ("a thread", thread), ("a process", process)):
        lags, latencies = asyncio.run(offloaded(executor, scenes, rate))
        print(
            f"{name:<16}{percentile(lags, 0.5):>9.2f}{percentile(lags, 0.99):>9.2f}"
            f"{max(lags):>9.2f}{percentile(latencies, 0.5):>9.2f}"
            f"{percentile(latencies, 0.99):>9.2f}"
        )
    thread.shutdown()
    process.shutdown()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pictures", type=int, default=2000, help="pictures per kind")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--offload", action="store_true", help="thread or worker process")
    parser.add_argument("--rate", type=float, default=100.0, help="--offload pictures per s")
    args = parser.parse_args()
    rng = random.Random(args.seed)

    start = time.perf_counter()
    art.warm()
    print(f"warm-up (every face and rotation): {time.perf_counter() - start:.2f} s")

    tables = [Table(rng) for _ in range(60)]
    scenes = []
    for _ in range(args.pictures):
        table = rng.choice(tables)
        table.move()
        scenes.append(table.scene())
    fresh = [Table(rng, suffix=f" {i}").scene() for i in range(max(50, args.pictures // 10))]
    if args.offload:
        offload(scenes, args.rate)
        return 0
    hands = [random_hand(rng) for _ in range(args.pictures)]

    rows = [
        ("table", *measure(art.draw_table, scenes), TABLE_P99_MS),
        ("table fresh", *measure(art.draw_table, fresh), None),
        ("hand", *measure(lambda h: art.draw_hand(*h), hands), HAND_P99_MS),
    ]
    load = os.getloadavg()[0]
    print(f"load average before: {load:.2f} on {os.cpu_count()} cores")
    print(
        f"{'picture':<13}{'n':>6}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}{'cpu p50':>9}"
        f"{'cpu p99':>9}{'p50 KB':>8}{'max KB':>8}  ok"
    )
    failed = False
    for name, wall, cpu, sizes, target in rows:
        p99 = percentile(wall, 0.99)
        ok = max(sizes) <= MAX_BYTES and (target is None or p99 <= target)
        failed |= not ok
        print(
            f"{name:<13}{len(wall):>6}{percentile(wall, 0.5):>9.2f}{p99:>9.2f}"
            f"{max(wall):>9.2f}{percentile(cpu, 0.5):>9.2f}{percentile(cpu, 0.99):>9.2f}"
            f"{percentile(sizes, 0.5) / 1000:>8.1f}{max(sizes) / 1000:>8.1f}"
            f"  {'yes' if ok else 'NO'}"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
