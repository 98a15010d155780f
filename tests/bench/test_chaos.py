"""`bench/chaos.py` with a small count: every kind of kill point is hit, nothing is lost.

Six SIGKILLs of `python -m bot` over five tables of mixed games (AI seats included): one
at least in a write, a redraw, an AI move and a match end. The bench itself checks, after
every kill, the move logs, the snapshots, the results and what the players were shown;
this test asserts its verdict and figures.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from emulator.drivers import Emulator

KILLS = 6
BENCH = Path(__file__).resolve().parents[2] / "bench" / "chaos.py"


def load_bench() -> ModuleType:
    """bench/ is a folder of scripts, not a package: load the script as a module."""
    spec = importlib.util.spec_from_file_location("tapis_chaos_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


# A killed bot never answers the clicks it was handling: Discord (the emulator) times
# them out, as it would for a crashed bot.
@pytest.mark.emulator_allows("ack_timeout")
async def test_six_kills_lose_nothing_and_every_table_resumes(
    emulator: Emulator, tmp_path: Path
) -> None:
    chaos = load_bench()
    figures = await chaos.run_chaos(emulator, tmp_path, kills=KILLS, seed=5)
    report = figures.report(5)
    assert figures.ok, report
    assert (figures.lost, figures.duplicated) == (0, 0), report
    assert sum(figures.kills.values()) == KILLS
    assert all(figures.kills[kind] >= 1 for kind in chaos.KINDS), report
    assert figures.kills["fallback"] == 0, report
    assert figures.resumes >= KILLS, report  # at least one open table at every restart
    assert figures.finished >= 1 and figures.moves > 0, report
    assert figures.shutdown is not None and figures.shutdown[0] == 0, report
    assert not figures.bot_errors, report
