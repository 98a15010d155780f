"""A concours' start time: read as organisers type it (Paris time), and check-in opening by
itself at that time, driven by a manual clock, after a restart too."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.concours.schedule import parse_start
from bot.concours.service import ConcoursService
from bot.table.service import TableService
from db import ConcoursStatus, Store
from tests.bot.clock import ManualClock
from tests.waiting import eventually

from .helpers import CHANNEL, GUILD, ORGANISER, Recorder

# Friday 27 November 2026, 02:20 UTC: 03:20 in Paris (winter time, UTC+1).
NOW = datetime(2026, 11, 27, 2, 20, tzinfo=UTC)


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("20:30", datetime(2026, 11, 27, 19, 30, tzinfo=UTC)),
        ("20h30", datetime(2026, 11, 27, 19, 30, tzinfo=UTC)),
        ("20h", datetime(2026, 11, 27, 19, 0, tzinfo=UTC)),
        ("03:00", datetime(2026, 11, 28, 2, 0, tzinfo=UTC)),  # passed today: tomorrow
        ("14/12 20:30", datetime(2026, 12, 14, 19, 30, tzinfo=UTC)),
        ("05/01 9h", datetime(2027, 1, 5, 8, 0, tzinfo=UTC)),  # January next
        ("2026-12-24 18:00", datetime(2026, 12, 24, 17, 0, tzinfo=UTC)),
    ],
)
def test_a_start_time_is_read_in_paris_time(typed: str, expected: datetime) -> None:
    assert parse_start(typed, NOW) == expected


@pytest.mark.parametrize(
    "typed", ["", "demain", "25:00", "20:61", "31/02 20:00", "2026-11-01 20:00", "2027-06-01 9h"]
)
def test_an_unreadable_past_or_far_start_time_is_refused(typed: str) -> None:
    assert parse_start(typed, NOW) is None


@pytest.fixture
async def store(tmp_path: Path) -> Store:
    opened = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'c.db'}")
    yield opened
    await opened.close()


def service_on(store: Store, clock: ManualClock, recorder: Recorder) -> ConcoursService:
    tables = TableService(store)
    recorder.tables = tables
    return ConcoursService(
        store, tables, recorder, clock=clock, wall=lambda: NOW + timedelta(seconds=clock.now())
    )


async def test_check_in_opens_by_itself_at_the_start_time_even_after_a_restart(
    store: Store,
) -> None:
    clock, recorder = ManualClock(), Recorder()
    service = service_on(store, clock, recorder)
    cid = await service.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser_id=ORGANISER,
        game="manille",
        name="Saint-Jean",
        starts_at=NOW + timedelta(hours=2),
    )
    await clock.advance(3600)
    found = await store.concours.get(cid)
    assert found is not None and found.status is ConcoursStatus.REGISTRATION
    await service.starts.close()  # the process stops an hour before the start

    clock2, recorder2 = ManualClock(), Recorder()
    clock2.t = clock.t
    restarted = service_on(store, clock2, recorder2)
    await restarted.restore()
    await clock2.advance(3599)
    found = await store.concours.get(cid)
    assert found is not None and found.status is ConcoursStatus.REGISTRATION
    await clock2.advance(1)
    await eventually(lambda: recorder2.changes == 1, "check-in opened and shown at the start")
    found = await store.concours.get(cid)
    assert found is not None and found.status is ConcoursStatus.CHECKIN
    assert found.starts_at == NOW + timedelta(hours=2)


async def test_a_concours_started_by_hand_before_its_time_is_left_as_it_is(
    store: Store,
) -> None:
    clock, recorder = ManualClock(), Recorder()
    service = service_on(store, clock, recorder)
    cid = await service.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser_id=ORGANISER,
        game="manille",
        name="Saint-Jean",
        starts_at=NOW + timedelta(minutes=10),
    )
    await store.concours.move(cid, ConcoursStatus.CANCELLED, (ConcoursStatus.REGISTRATION,))
    await clock.advance(600)
    found = await store.concours.get(cid)
    assert found is not None and found.status is ConcoursStatus.CANCELLED
    assert recorder.changes == 0
