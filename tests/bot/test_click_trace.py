"""The files of bot/, db/ and workers/ a card click runs through, traced in the emulator,
are all listed in docs/architecture.md's sequence of the click."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

from emulator.drivers import Emulator
from games import Rng
from tests.bot.harness import click_random_action, ready_to_play, running_tapis, settled

ROOT = Path(__file__).resolve().parents[2]
TRACED = ("bot", "db", "workers")
ARCHITECTURE = ROOT / "docs" / "architecture.md"


@contextmanager
def files_entered() -> Iterator[set[str]]:
    """The files of bot/, db/ and workers/ the event loop's thread runs code of while the
    block runs (drawings in other threads or processes aside)."""
    seen: set[str] = set()
    roots = tuple(str(ROOT / name) + "/" for name in TRACED)

    def profile(frame: FrameType, event: str, _arg: Any) -> None:
        if event != "call":
            return
        filename = frame.f_code.co_filename
        if not filename.startswith(roots):
            return
        seen.add(str(Path(filename).relative_to(ROOT)))

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        yield seen
    finally:
        sys.setprofile(previous)


def documented_click_files() -> set[str]:
    """The files the architecture page lists under the click's sequence."""
    text = ARCHITECTURE.read_text()
    section = text.split("## A click's path", 1)[1].split("\n## ", 1)[0]
    block = section.split("Files a click runs through", 1)[1]
    return set(re.findall(r"`((?:bot|db|workers)/[\w/]+\.py)`", block))


async def test_a_card_click_runs_through_the_documented_files(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, _where, _users, user, hand = await ready_to_play(tapis)
        with files_entered() as entered:
            handle = await click_random_action(emulator, user, hand, Rng(7))
            answer = await tapis.run(handle)
            await settled(tapis, table_id)
        assert answer is not None
    assert {"bot/table/controller.py", "bot/table/service.py", "db/store/moves.py"} <= entered
    documented = documented_click_files()
    assert entered <= documented, f"not in docs/architecture.md: {sorted(entered - documented)}"
    assert all((ROOT / path).is_file() for path in documented), "a listed file is gone"
