"""The files of bot/, db/ and workers/ a card click runs through, traced in the emulator,
are the ones docs/architecture.md lists under the click's sequence: its synchronous path
(what the click's own task runs until it is answered) in at most SYNC_LIMIT files, and
everything else the click causes until the table is settled in a second list."""

from __future__ import annotations

import asyncio
import re
import sys
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

from emulator.drivers import Emulator
from games import Rng
from tests.bot.harness import click_random_action, ready_to_play, running_tapis, settled

ROOT = Path(__file__).resolve().parents[2]
TRACED = ("bot", "db", "workers")
ARCHITECTURE = ROOT / "docs" / "architecture.md"
BUTTONS = "bot/table/components.py"
SYNC_LIMIT = 10
SYNC_HEADING = "Files of the click's synchronous path"
SETTLED_HEADING = "Files the click causes besides"

Task = asyncio.Task[Any]


@dataclass
class Trace:
    """Who entered which file, in order, and which task started which."""

    entered: list[tuple[Task | None, str]] = field(default_factory=list)
    parents: dict[Task, Task | None] = field(default_factory=dict)
    click: Task | None = None
    click_end: int = 0  # how many entries were made when the click's task ended
    ended: set[Task] = field(default_factory=set)  # the tasks done by then

    def clicked(self, task: Task) -> None:
        self.click = task
        task.add_done_callback(self._click_ended)

    def _click_ended(self, task: Task) -> None:
        self.click_end = len(self.entered)
        self.ended = {t for t in self.parents if t.done()} | {task}

    def of_click(self, task: Task | None) -> bool:
        """`task` is the click's, or a helper it started (or one those started...) that was
        done when the click was: what the click awaited. Work that outlives the click (the
        move writer's task, which the first move of the process starts; a picture that
        follows) is not the click's, nor what subscribers to the stored move do: they run
        from the loop's callbacks, outside any task."""
        while task is not None and task in self.ended:
            if task is self.click:
                return True
            task = self.parents.get(task)
        return False

    def synchronous(self) -> set[str]:
        """The files the click's task and its helpers entered until it ended."""
        assert self.click is not None and self.click.done(), "the click was not traced"
        return {path for task, path in self.entered[: self.click_end] if self.of_click(task)}

    def everything(self) -> set[str]:
        return {path for _task, path in self.entered}


@contextmanager
def files_entered() -> Iterator[Trace]:
    """The files of bot/, db/ and workers/ the event loop's thread runs code of while the
    block runs (drawings in other threads or processes aside), by task."""
    trace = Trace()
    roots = tuple(str(ROOT / name) + "/" for name in TRACED)
    loop = asyncio.get_running_loop()
    previous_factory = loop.get_task_factory()

    def factory(
        loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, Any], **kwargs: Any
    ) -> Task:
        if previous_factory is not None:
            task: Task = previous_factory(loop, coro, **kwargs)  # type: ignore[assignment]
        else:
            task = asyncio.Task(coro, loop=loop, **kwargs)
        trace.parents[task] = asyncio.current_task(loop)
        return task

    def profile(frame: FrameType, event: str, _arg: Any) -> None:
        if event != "call":
            return
        filename = frame.f_code.co_filename
        if not filename.startswith(roots):
            return
        path = str(Path(filename).relative_to(ROOT))
        task = asyncio.current_task(loop)
        if trace.click is None and path == BUTTONS and frame.f_code.co_name == "callback":
            assert task is not None
            trace.clicked(task)
        trace.entered.append((task, path))

    previous = sys.getprofile()
    loop.set_task_factory(factory)
    sys.setprofile(profile)
    try:
        yield trace
    finally:
        sys.setprofile(previous)
        loop.set_task_factory(previous_factory)


def documented(heading: str) -> set[str]:
    """The files the architecture page lists under `heading`, in the click's section."""
    text = ARCHITECTURE.read_text()
    section = text.split("## A click's path", 1)[1].split("\n## ", 1)[0]
    block = section.split(heading, 1)[1].split("\n\n", 1)[0]
    return set(re.findall(r"`((?:bot|db|workers)/[\w/]+\.py)`", block))


async def test_a_card_click_runs_through_the_documented_files(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, _where, _users, user, hand = await ready_to_play(tapis)
        with files_entered() as trace:
            handle = await click_random_action(emulator, user, hand, Rng(7))
            answer = await tapis.run(handle)
            await settled(tapis, table_id)
        assert answer is not None
    synchronous, everything = trace.synchronous(), trace.everything()
    assert {BUTTONS, "bot/table/controller.py", "db/store/moves.py"} <= synchronous
    assert "bot/table/turns.py" in everything - synchronous, "the turn is armed apart"
    listed, besides = documented(SYNC_HEADING), documented(SETTLED_HEADING)
    missing = sorted(synchronous - listed)
    assert not missing, f"on the click's synchronous path, not in architecture.md: {missing}"
    missing = sorted(everything - listed - besides)
    assert not missing, f"entered after a click, not in architecture.md: {missing}"
    assert len(listed) <= SYNC_LIMIT, f"the click's synchronous path crosses {len(listed)} files"
    assert all((ROOT / path).is_file() for path in listed | besides), "a listed file is gone"
