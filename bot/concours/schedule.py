"""A concours' start time: `debut` as an organiser types it, and the check-in that opens
by itself at that time.

The time is read in the French servers' usual zone (Europe/Paris) and stored in UTC; the
concours message shows it as a Discord timestamp, which every reader sees in their own
zone. Waiting is the bot's `Clock`'s (tests drive a manual one); the wall clock says only
how long to wait, so a restart arms the wait again from the stored time, and a time
passed meanwhile opens check-in at once.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from db import ConcoursRecord, ConcoursRefused, ConcoursStatus, Store

from ..app.clock import Clock

log = logging.getLogger("tapis.concours")
ZONE = ZoneInfo("Europe/Paris")
AHEAD = timedelta(days=60)  # the furthest a start may be set
WAITING = (ConcoursStatus.REGISTRATION, ConcoursStatus.CLOSED)
_TIME = r"(?P<h>\d{1,2})\s*[:hH]\s*(?P<m>\d{2})?"
_FORMS = (
    re.compile(rf"^{_TIME}$"),
    re.compile(rf"^(?P<d>\d{{1,2}})/(?P<mo>\d{{1,2}})(?:/(?P<y>\d{{4}}))?\s+{_TIME}$"),
    re.compile(rf"^(?P<y>\d{{4}})-(?P<mo>\d{{2}})-(?P<d>\d{{2}})[ T]{_TIME}$"),
)


def parse_start(text: str, now: datetime) -> datetime | None:
    """The UTC time `text` names, read in Paris time: `20:30` or `20h30` (today, or
    tomorrow once passed), `14/07 20:30`, `14/07/2027 20h`, `2027-07-14 20:30`. None if
    it is none of these, or past, or more than AHEAD away."""
    here = now.astimezone(ZONE)
    for form in _FORMS:
        found = form.match(text.strip())
        if found is None:
            continue
        parts = found.groupdict()
        try:
            clock = time(int(parts["h"]), int(parts["m"] or 0))
            day = here.date()
            if parts.get("d") is not None:
                day = date(int(parts["y"] or here.year), int(parts["mo"]), int(parts["d"]))
        except ValueError:
            return None
        when = datetime.combine(day, clock, ZONE)
        if parts.get("d") is None and when <= here:
            when = datetime.combine(day + timedelta(days=1), clock, ZONE)
        elif parts.get("d") is not None and parts.get("y") is None and when <= here:
            when = when.replace(year=when.year + 1)  # 05/01 typed in December
        if not here < when <= here + AHEAD:
            return None
        return when.astimezone(UTC)
    return None


class StartTimes:
    """One wait per concours with a start time still to come: at that time, check-in opens
    (if the concours still waits for it) and the message is redrawn."""

    def __init__(
        self,
        store: Store,
        clock: Clock,
        wall: Callable[[], datetime],
        changed: Callable[[ConcoursRecord], Awaitable[None]],
    ) -> None:
        self.store = store
        self.clock = clock
        self.wall = wall
        self.changed = changed
        self._waits: dict[int, asyncio.Task[Any]] = {}

    def arm(self, concours: ConcoursRecord) -> None:
        """Wait for `concours`' start (once per concours; nothing without a start time or
        once check-in opened)."""
        if concours.starts_at is None or concours.status not in WAITING:
            return
        if concours.id in self._waits:
            return
        task = asyncio.get_running_loop().create_task(self._wait(concours.id, concours.starts_at))
        self._waits[concours.id] = task
        task.add_done_callback(lambda _: self._waits.pop(concours.id, None))

    async def _wait(self, concours_id: int, starts_at: datetime) -> None:
        await self.clock.sleep((starts_at - self.wall()).total_seconds())
        try:
            await self.store.concours.move(concours_id, ConcoursStatus.CHECKIN, WAITING)
        except ConcoursRefused:  # started, cancelled or checking in already
            return
        except Exception:  # the next start arms it again
            log.exception("concours %s: check-in not opened", concours_id)
            return
        latest = await self.store.concours.get(concours_id)
        if latest is not None:
            await self.changed(latest)

    async def close(self) -> None:
        for task in list(self._waits.values()):
            task.cancel()
        await asyncio.gather(*self._waits.values(), return_exceptions=True)
