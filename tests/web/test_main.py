"""`python -m web`: refuses to start without its settings, serves the pages with them."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from web import __main__ as web_main
from web import links

from .conftest import SECRET
from .seed import GUILD, Seeded

ROOT = Path(__file__).resolve().parents[2]


def run_web(tmp_path: Path, env: dict[str, str], *args: str) -> subprocess.Popen[str]:
    """`python -m web` in an empty directory (no .env) with only `env` set."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("WEB_", "DATABASE_"))}
    return subprocess.Popen(
        [sys.executable, "-m", "web", *args],
        cwd=tmp_path,
        env={**clean, "PYTHONPATH": str(ROOT), **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({}, "WEB_BASE_URL is not set"),
        ({"WEB_BASE_URL": "tapis.example.org"}, "WEB_BASE_URL must be an http(s) address"),
        ({"WEB_BASE_URL": "https://t.example"}, "WEB_SECRET is not set"),
        ({"WEB_BASE_URL": "https://t.example", "WEB_SECRET": "short"}, "WEB_SECRET is too short"),
        ({"WEB_BASE_URL": "https://t.example", "WEB_SECRET": SECRET, "WEB_PORT": "x"}, "WEB_PORT"),
        (
            {"WEB_BASE_URL": "https://t.e", "WEB_SECRET": SECRET, "ACTIVITY_BOTS": "bot-0:8090"},
            "ACTIVITY_BOTS must list the bot processes' Activity addresses",
        ),
    ],
)
def test_refuses_to_start_with_one_clear_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    env: dict[str, str],
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    for name in list(os.environ):
        if name.startswith(("WEB_", "DATABASE_", "ACTIVITY_")):
            monkeypatch.delenv(name)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert web_main.main([]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.err.count("\n") == 1
    assert captured.out == ""


@pytest.mark.slow
def test_refuses_a_database_the_bot_has_not_migrated(tmp_path: Path) -> None:
    env = {
        "WEB_BASE_URL": "https://t.example",
        "WEB_SECRET": SECRET,
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'none.db'}",
    }
    process = run_web(tmp_path, env)  # as a process: the exit status is what a shell sees
    _, err = process.communicate(timeout=60)
    assert process.returncode == 2
    assert "start the bot once" in err and err.count("\n") == 1
    assert not (tmp_path / "none.db").exists()  # the web never creates or migrates it


@pytest.mark.slow
def test_serves_signed_pages(tmp_path: Path, seeded: Seeded) -> None:
    port = free_port()
    env = {"WEB_BASE_URL": "http://127.0.0.1", "WEB_SECRET": SECRET, "DATABASE_URL": seeded.url}
    process = run_web(tmp_path, env, "--port", str(port))
    try:
        assert process.stderr is not None
        for line in process.stderr:  # uvicorn says so once it listens
            if "Uvicorn running on" in line:
                break
        url = links.link(f"http://127.0.0.1:{port}", GUILD, SECRET)
        with urllib.request.urlopen(url, timeout=10) as response:
            assert response.status == 200
            assert "Classement" in response.read().decode()
    finally:
        process.terminate()
        process.wait(timeout=30)


def free_port() -> int:
    """A loopback port nobody listens on (the server binds it right after)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
