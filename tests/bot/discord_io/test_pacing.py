"""The pacer of bot-token writes: evenly spaced slots, the most urgent waiter first."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.discord_io.pacing import BLIND_TURN, HUMAN_TURN, OTHER, PING, Pacer
from emulator.drivers import Emulator
from tests.bot.clock import ManualClock
from tests.bot.harness import running_tapis


def test_a_lone_request_never_waits() -> None:
    pacer = Pacer(40)
    assert pacer.reserve(10.0) == 0.0
    assert pacer.reserve(11.0) == 0.0  # the previous slot is long past


def test_a_burst_is_spread_at_the_given_rate() -> None:
    pacer = Pacer(4)
    waits = [pacer.reserve(0.0) for _ in range(5)]
    assert waits == pytest.approx([0.0, 0.25, 0.5, 0.75, 1.0])


def test_slots_already_booked_delay_a_later_request() -> None:
    pacer = Pacer(2)
    pacer.reserve(0.0)
    pacer.reserve(0.0)  # booked for 0.5
    assert pacer.reserve(0.2) == pytest.approx(0.8)


def test_rate_must_be_positive() -> None:
    with pytest.raises(ValueError):
        Pacer(0)


async def test_waiters_are_served_most_urgent_first_then_in_order() -> None:
    pacer = Pacer(200)  # a slot every 5 ms
    await pacer.wait()  # takes the free slot: everyone else queues
    served: list[str] = []

    async def one(name: str, urgency: int) -> None:
        await pacer.wait(urgency)
        served.append(name)

    names = [("ai", OTHER), ("turn1", HUMAN_TURN), ("blind", BLIND_TURN), ("turn2", HUMAN_TURN)]
    await asyncio.gather(*(one(n, u) for n, u in names), one("ping", PING))
    assert served == ["ping", "blind", "turn1", "turn2", "ai"]


async def test_an_urgency_is_asked_again_when_a_slot_comes_up() -> None:
    pacer = Pacer(200)
    await pacer.wait()
    now_urgent = False
    served: list[str] = []

    async def one(name: str, urgency: int | Callable[[], int]) -> None:
        await pacer.wait(urgency)
        served.append(name)

    first = asyncio.ensure_future(one("steady", HUMAN_TURN))
    changing = asyncio.ensure_future(one("changing", lambda: BLIND_TURN if now_urgent else OTHER))
    await asyncio.sleep(0)
    now_urgent = True  # its player's turn came while it waited
    await asyncio.gather(first, changing)
    assert served == ["changing", "steady"]


async def test_slots_stay_spaced_and_a_cancelled_waiter_gives_its_place() -> None:
    clock = ManualClock()
    pacer = Pacer(4, clock=clock)  # a slot every 0.25 s
    await pacer.wait()  # takes the free slot at 0: everyone else queues
    times: list[float] = []

    async def one() -> None:
        await pacer.wait()
        times.append(clock.now())

    gone = asyncio.ensure_future(one())
    rest = [asyncio.ensure_future(one()) for _ in range(4)]
    await asyncio.sleep(0)
    gone.cancel()
    await clock.advance(0.2)
    assert times == []  # the next slot is not due yet
    await clock.advance(0.05)
    assert times == [0.25]  # the cancelled waiter's slot went to the next in line
    await clock.advance(0.2)
    assert times == [0.25]
    await clock.advance(0.55)
    await asyncio.gather(*rest)
    assert times == [0.25, 0.5, 0.75, 1.0] and pacer.waiting == 0


async def test_a_request_takes_a_slot_unless_its_task_took_one_for_it() -> None:
    clock = ManualClock()
    pacer = Pacer(4, clock=clock)  # a slot every 0.25 s
    sent: list[tuple[str, float]] = []

    async def redraw() -> None:  # takes its slot before it builds its request
        await pacer.wait(HUMAN_TURN)
        await pacer.before_request()
        sent.append(("redraw", clock.now()))

    async def command() -> None:  # a request nobody paced, that a player waits for
        await pacer.before_request()
        sent.append(("command", clock.now()))

    tasks = [asyncio.ensure_future(c()) for c in (command, redraw, command)]
    await asyncio.sleep(0)
    await clock.advance(0.25)
    await clock.advance(0.25)
    assert sent == [("command", 0.0), ("command", 0.25), ("redraw", 0.5)]
    await asyncio.gather(*tasks)
    assert pacer.reserve(clock.now()) == 0.25  # three requests, three slots


async def test_tables_opened_at_once_stay_under_the_global_limit(
    emulator: Emulator, tmp_path: Path
) -> None:
    """A thread, a message and a member per new table: opened together, their requests
    take the pacer's slots and Discord never answers a global 429."""
    emulator.limits.global_rate = 10
    emulator.limits.rate_limit = 100  # the channel's own limit out of the way
    async with running_tapis(emulator, tmp_path, settings={"public_edits_per_second": 8}) as tapis:
        hosts = [tapis.user(f"hôte{i}") for i in range(6)]
        opened = await asyncio.gather(*(tapis.open_table(h, "manille") for h in hosts))
    assert len({table_id for table_id, _where, _lobby in opened}) == len(hosts)
    assert not [r for r in emulator.rate_limited if r.endswith(" global")]
