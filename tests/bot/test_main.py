"""`python -m bot` on a first run: the friendly guide, a refused token, Discord out of
reach, no voice warnings; and Ctrl-C in a terminal."""

from __future__ import annotations

import asyncio
import shutil
import socket
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
    thing missing is the token, and the bot says to set it in the .env that exists."""
    shutil.copyfile(ROOT / ".env.example", tmp_path / ".env")
    code, out, err = await run_bot(tmp_path, {})
    assert code == 2, err
    assert "Set DISCORD_TOKEN=<your token> in .env." in err, err
    assert "cp .env.example" not in err, err
    assert "Traceback" not in err and "ValidationError" not in err, err
    assert out == ""


@pytest.mark.slow
async def test_without_a_env_file_the_guide_starts_with_copying_the_example(
    tmp_path: Path,
) -> None:
    code, out, err = await run_bot(tmp_path, {})
    assert code == 2, err
    assert "cp .env.example .env" in err and "DISCORD_TOKEN" in err, err
    assert "Traceback" not in err and out == ""


def only_refusal(err: str) -> str:
    """The bot's one refusal line, alone on its output."""
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("tapis: "), err
    return lines[0]


@pytest.mark.slow
@pytest.mark.parametrize("where", ["unknown-host", "nothing-listens"])
async def test_discord_out_of_reach_is_one_line(tmp_path: Path, where: str) -> None:
    """No route to Discord: its name does not resolve (.invalid never does), or nothing
    answers at its address."""
    host = "discord.invalid" if where == "unknown-host" else "127.0.0.1"
    port = 443 if where == "unknown-host" else free_port()
    env = {
        "DISCORD_TOKEN": "abc",
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 't.db'}",
        "TAPIS_DISCORD_API_BASE": f"http://{host}:{port}/api/v10",
    }
    code, _out, err = await run_bot(tmp_path, env)
    assert code != 0, err
    line = only_refusal(err)
    assert f"Discord cannot be reached ({host}): check this machine's network" in line, err


async def test_a_refused_token_is_one_clear_line(emulator: Emulator, tmp_path: Path) -> None:
    emulator.world.bot_token = "the-real-token"
    env = {
        "DISCORD_TOKEN": "a-mistyped-token",
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 't.db'}",
        **emulator.env(),
    }
    code, _out, err = await run_bot(tmp_path, env)
    assert code == 2, err
    line = only_refusal(err)
    assert "Discord refused the token in DISCORD_TOKEN" in line, err
    assert "https://discord.com/developers/applications" in line and "Reset Token" in line, err
    assert "a-mistyped-token" not in err
    assert "voice" not in err.lower(), err


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.mark.slow
async def test_an_activity_port_without_the_client_secret_is_one_line(tmp_path: Path) -> None:
    env = {
        "DISCORD_TOKEN": "abc",
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 't.db'}",
        "ACTIVITY_PORT": "8090",
    }
    code, out, err = await run_bot(tmp_path, env)
    assert code == 2, err
    line = only_refusal(err)
    assert "ACTIVITY_PORT is set but DISCORD_CLIENT_SECRET is not" in line, err
    assert out == ""
