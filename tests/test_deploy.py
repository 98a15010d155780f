"""Deployment files: docker-compose.yml is valid for Docker Compose, and the image runs the
bot as a non-root user with a health check fed by the bot's heartbeat."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def compose_missing() -> str | None:
    """Why `docker compose` cannot run here (no client, or no compose plugin); None if it can."""
    if shutil.which("docker") is None:
        return "no docker client on this machine"
    try:
        probe = subprocess.run(
            ["docker", "compose", "version"], capture_output=True, text=True, timeout=30
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"docker compose version failed: {exc}"
    if probe.returncode != 0:
        return "the docker client has no compose plugin: " + (probe.stderr or probe.stdout).strip()
    return None


def test_compose_file_is_valid() -> None:
    """`docker compose config -q` parses and checks the file (no engine needed)."""
    reason = compose_missing()
    if reason:
        pytest.skip(reason)
    result = subprocess.run(
        ["docker", "compose", "-f", str(ROOT / "docker-compose.yml"), "config", "-q"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr or result.stdout


def test_the_image_is_slim_runs_as_non_root_and_checks_the_bot_heartbeat() -> None:
    lines = [line.strip() for line in (ROOT / "Dockerfile").read_text().splitlines()]
    base = next(line for line in lines if line.startswith("FROM "))
    assert base.endswith("-slim"), base
    users = [line.split()[1] for line in lines if line.startswith("USER ")]
    assert users and users[-1] not in ("root", "0"), users
    text = (ROOT / "Dockerfile").read_text()
    assert "HEALTHCHECK" in text and '"bot.health"' in text
    assert "HEARTBEAT_FILE=" in text, "the bot must be told where to write its heartbeat"
