"""Start-up and settings errors of the three entry points (`python -m bot`, `python -m web`,
`python -m db.migrate`): each is one line on stderr that says what to fix, a non-zero exit
status, and never a traceback.

Every command runs as a process, from an empty directory (no .env) and with only the
environment given here. The bot gets a token and an address for Discord where nothing
listens: a database problem must be found before it tries Discord, or it would report
Discord instead.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # every test starts a Python process or two

ROOT = Path(__file__).resolve().parents[1]
SECRET = "a-test-secret-that-is-long-enough-0123456789"
COMMANDS = {
    "bot": (["-m", "bot"], "tapis: "),
    "web": (["-m", "web"], "tapis web: "),
    "migrate": (["-m", "db.migrate", "upgrade"], "tapis migrate: "),
}


def free_port() -> int:
    """A loopback port nothing listens on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def run(command: str, workdir: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    args, _ = COMMANDS[command]
    base = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(ROOT),
        # What each command needs besides the setting under test.
        "DISCORD_TOKEN": "a-token",
        "TAPIS_DISCORD_API_BASE": f"http://127.0.0.1:{free_port()}/api/v10",
        "TAPIS_DISCORD_GATEWAY": f"ws://127.0.0.1:{free_port()}/",
        "WEB_BASE_URL": "https://tapis.example.org",
        "WEB_SECRET": SECRET,
        "DATABASE_URL": f"sqlite+aiosqlite:///{workdir / 'tapis.db'}",
    }
    return subprocess.run(
        [sys.executable, *args],
        cwd=workdir,
        env={**base, **env},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )


def refused(result: subprocess.CompletedProcess[str], command: str) -> str:
    """The one line a refusal is: asserted, then returned without its prefix."""
    output = result.stdout + result.stderr
    assert result.returncode != 0, output
    assert "Traceback" not in output, output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, output
    prefix = COMMANDS[command][1]
    assert lines[0].startswith(prefix), output
    assert "stopped cleanly" not in output and "logging in" not in output, output
    return lines[0].removeprefix(prefix)


def read_only_dir(tmp_path: Path) -> Path:
    """A directory this process cannot create files in."""
    if os.geteuid() != 0:
        folder = tmp_path / "ro"
        folder.mkdir()
        folder.chmod(0o555)
        return folder
    # root writes through permission bits: use a file system nobody may create files in.
    folder = Path("/sys")
    try:
        (folder / "tapis-probe").touch()
    except OSError:
        return folder
    pytest.skip("running as root and /sys is writable: no read-only directory to try")


# (DATABASE_URL given the work directory, words the line must have)
DATABASES: dict[str, tuple[Callable[[Path], str], tuple[str, ...]]] = {
    "garbage": (lambda _: "garbage", ("not a database URL", "postgresql+asyncpg://")),
    "postgresql-without-asyncpg": (
        lambda _: "postgresql://tapis:hunter2@127.0.0.1:5432/tapis",
        ("use postgresql+asyncpg://tapis:***@127.0.0.1:5432/tapis",),
    ),
    "sqlite-without-aiosqlite": (
        lambda d: f"sqlite:///{d / 'x.db'}",
        ("use sqlite+aiosqlite:///{d}/x.db",),
    ),
    "nothing-listens": (
        lambda _: f"postgresql+asyncpg://postgres@127.0.0.1:{free_port()}/test",
        ("nothing answers at 127.0.0.1:", "start PostgreSQL"),
    ),
    "unknown-host": (
        lambda _: "postgresql+asyncpg://tapis@tapis-db.invalid:5432/tapis",
        ("the host 'tapis-db.invalid' in DATABASE_URL is not known here: fix the host",),
    ),
    "data-is-a-file": (
        lambda d: f"sqlite+aiosqlite:///{d / 'data' / 'tapis.db'}",
        ("{d}/data is a file", "move that file away"),
    ),
}


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("case", list(DATABASES))
def test_a_database_url_that_cannot_work_is_one_line(
    tmp_path: Path, command: str, case: str
) -> None:
    url_of, words = DATABASES[case]
    (tmp_path / "data").write_text("not a directory")  # for data-is-a-file
    result = run(command, tmp_path, {"DATABASE_URL": url_of(tmp_path)})
    line = refused(result, command)
    for word in words:
        assert word.replace("{d}", str(tmp_path)) in line, line
    assert "hunter2" not in result.stderr


@pytest.mark.parametrize("command", ["bot", "migrate"])
def test_a_read_only_data_directory_is_named(tmp_path: Path, command: str) -> None:
    folder = read_only_dir(tmp_path)
    result = run(command, tmp_path, {"DATABASE_URL": f"sqlite+aiosqlite:///{folder}/tapis.db"})
    line = refused(result, command)
    assert f"the directory {folder} " in line and "not writable" in line, line


def test_the_default_data_path_being_a_file_is_named(tmp_path: Path) -> None:
    """The default DATABASE_URL (data/tapis.db, relative) with a file called data."""
    (tmp_path / "data").write_text("not a directory")
    result = run("bot", tmp_path, {"DATABASE_URL": ""})
    assert "data is a file" in refused(result, "bot")


@pytest.mark.postgres
def test_the_bot_checks_postgresql_before_discord(tmp_path: Path) -> None:
    """A database named on a server that has no such database: said before any login."""
    url = os.environ.get("TAPIS_TEST_POSTGRES_URL")
    if not url:
        pytest.skip("TAPIS_TEST_POSTGRES_URL not set")
    base, _, _ = url.rpartition("/")
    result = run("bot", tmp_path, {"DATABASE_URL": f"{base}/tapis_no_such_database"})
    line = refused(result, "bot")
    assert "has no database 'tapis_no_such_database'" in line, line


BAD_SETTINGS = {
    "AI_WORKERS": ("-1", "it must be at least 0, not '-1'"),
    "AI_DELAY": ("abc", "it must be a number, not 'abc'"),
    "SHARD_IDS": ("x", "not a shard id or range"),
    "DEV_GUILD_ID": ("abc", "it must be a whole number, not 'abc'"),
    "CARD_EMOJIS": ("maybe", "it must be true or false, not 'maybe'"),
    "LOG_LEVEL": ("LOUD", "it must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL"),
}


@pytest.mark.parametrize("name", list(BAD_SETTINGS))
def test_a_setting_of_the_wrong_type_is_one_line(tmp_path: Path, name: str) -> None:
    value, reason = BAD_SETTINGS[name]
    line = refused(run("bot", tmp_path, {name: value}), "bot")
    assert line.startswith(f"bad setting {name}: {reason}"), line


@pytest.mark.parametrize(("name", "value"), [("LOG_LEVEL", "LOUD"), ("MIN_RATED_MATCHES", "many")])
def test_the_web_refuses_the_same_settings_the_same_way(
    tmp_path: Path, name: str, value: str
) -> None:
    web = refused(run("web", tmp_path, {name: value}), "web")
    bot = refused(run("bot", tmp_path, {name: value}), "bot")
    assert web == bot and web.startswith(f"bad setting {name}: "), (web, bot)


def test_a_secret_is_never_repeated_in_a_settings_error(tmp_path: Path) -> None:
    line = refused(run("bot", tmp_path, {"AI_DELAY": "x", "WEB_SECRET": SECRET}), "bot")
    assert SECRET not in line


def test_lower_case_log_levels_are_accepted(tmp_path: Path) -> None:
    """`LOG_LEVEL=debug` is a level: the bot goes on to the next problem (Discord)."""
    result = run("bot", tmp_path, {"LOG_LEVEL": "debug"})
    assert "Discord cannot be reached (127.0.0.1)" in refused_with_log(result)


def refused_with_log(result: subprocess.CompletedProcess[str]) -> str:
    """The bot's refusal once it logs: its last line, the only one that is not a log line."""
    output = result.stdout + result.stderr
    assert result.returncode != 0, output
    assert "Traceback" not in output and "stopped cleanly" not in output, output
    lines = [line for line in result.stderr.splitlines() if line.startswith("tapis: ")]
    assert len(lines) == 1 and result.stderr.rstrip().endswith(lines[0]), output
    return lines[0]


def test_migrate_upgrades_without_a_warning(tmp_path: Path) -> None:
    result = run("migrate", tmp_path, {"PYTHONWARNINGS": "default"})
    assert result.returncode == 0, result.stderr
    assert result.stderr == "", result.stderr
    assert (tmp_path / "tapis.db").exists()
