"""`python -m bot` on a first run: the friendly guide, a refused token, no voice warnings."""

from __future__ import annotations

import asyncio
import shutil
import sys
from pathlib import Path

import pytest

from emulator.drivers import Emulator

ROOT = Path(__file__).resolve().parents[2]


async def run_bot(cwd: Path, env: dict[str, str], timeout: float = 30.0) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=cwd,
        env={"PYTHONPATH": str(ROOT), **env},
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        out, err = await asyncio.wait_for(proc.communicate(), timeout)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


@pytest.mark.slow
async def test_the_example_settings_as_they_are_give_the_token_guide(tmp_path: Path) -> None:
    """`cp .env.example .env && make run`: every empty value means unset, so the only
    thing missing is the token, and the bot says how to get one."""
    shutil.copyfile(ROOT / ".env.example", tmp_path / ".env")
    code, out, err = await run_bot(tmp_path, {})
    assert code == 2, err
    assert "DISCORD_TOKEN" in err and "cp .env.example .env" in err, err
    assert "Traceback" not in err and "ValidationError" not in err, err
    assert out == ""


async def test_a_refused_token_is_one_clear_line(emulator: Emulator, tmp_path: Path) -> None:
    emulator.world.bot_token = "the-real-token"
    env = {
        "DISCORD_TOKEN": "a-mistyped-token",
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 't.db'}",
        **emulator.env(),
    }
    code, _out, err = await run_bot(tmp_path, env)
    assert code == 2, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert [line for line in lines if "Discord refused the token" in line], err
    assert "Traceback" not in err, err
    assert "voice" not in err.lower(), err
