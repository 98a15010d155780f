"""Deployment files: docker-compose.yml is valid for Docker Compose, refuses to run
PostgreSQL without a password and publishes the ports its services listen on; the image
runs as a non-root user, listens for the web on every interface and checks the health of
whichever process it runs.

No Docker engine is needed: the files are read as Compose and Docker read them (Compose's
`${...}` interpolation from `.env`, here the example settings; the image's ENV below the
container's environment).
"""

from __future__ import annotations

import itertools
import re
import shlex
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from web.config import WebSettings

ROOT = Path(__file__).resolve().parents[1]
VARIABLE = re.compile(r"\$\$|\$\{(?P<name>\w+)(?:(?P<op>:?[-?])(?P<arg>[^}]*))?\}")


class Refused(Exception):
    """Compose would refuse the file: a required variable has no value."""


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
    stages = [line.split()[1] for line in lines if line.startswith("FROM ")]
    assert all(stage.endswith("-slim") for stage in stages), stages  # the build stages too
    users = [line.split()[1] for line in lines if line.startswith("USER ")]
    assert users and users[-1] not in ("root", "0"), users
    text = (ROOT / "Dockerfile").read_text()
    assert "HEALTHCHECK" in text and '"bot.health"' in text
    assert "HEARTBEAT_FILE" in image_env(), "the bot must be told where to write its heartbeat"


def example_settings() -> dict[str, str]:
    """The assignments of .env.example (what `cp .env.example .env` gives), comments out."""
    found = {}
    for line in (ROOT / ".env.example").read_text().splitlines():
        name, equals, value = line.partition("=")
        if equals and not line.lstrip().startswith("#"):
            found[name.strip()] = value.strip()
    return found


def image_env() -> dict[str, str]:
    """The image's ENV instructions."""
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    env = {}
    for line in text.splitlines():
        if line.startswith("ENV "):
            for word in shlex.split(line[4:]):
                name, _, value = word.partition("=")
                env[name] = value
    return env


def interpolate(value: Any, env: dict[str, str]) -> Any:
    """Compose's interpolation of every string in the file: ${X}, ${X:-default},
    ${X-default}, ${X:?error}, ${X?error}, and $$ for a dollar."""
    if isinstance(value, dict):
        return {k: interpolate(v, env) for k, v in value.items()}
    if isinstance(value, list):
        return [interpolate(v, env) for v in value]
    if not isinstance(value, str):
        return value

    def one(match: re.Match[str]) -> str:
        if match[0] == "$$":
            return "$"
        name, op, arg = match["name"], match["op"], match["arg"]
        given = env.get(name)
        missing = given is None or (given == "" and op is not None and op.startswith(":"))
        if op is not None and op.endswith("?") and missing:
            raise Refused(f"{name}: {arg}")
        if op is not None and op.endswith("-") and missing:
            return str(arg)
        return given or ""

    return VARIABLE.sub(one, value)


def compose(**settings: str) -> dict[str, Any]:
    """docker-compose.yml as Compose reads it with .env.example's settings as .env, and
    `settings` changed in it."""
    raw = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    return dict(interpolate(raw, {**example_settings(), **settings}))


def container_env(service: dict[str, Any], dotenv: dict[str, str]) -> dict[str, str]:
    """A service's container environment: the image's ENV, then env_file (.env), then
    `environment`, each over the one before."""
    env = dict(image_env())
    if service.get("env_file"):
        env.update(dotenv)
    env.update({k: str(v) for k, v in (service.get("environment") or {}).items()})
    return env


def web_listens(command: list[str], env: dict[str, str]) -> tuple[str, int]:
    """Where `python -m web` listens: --host/--port, else WEB_HOST/WEB_PORT (an empty
    value means unset), else the web's defaults."""
    fields = WebSettings.model_fields
    host = env.get("WEB_HOST") or str(fields["web_host"].default)
    port = int(env.get("WEB_PORT") or fields["web_port"].default)
    for flag, value in itertools.pairwise(command):
        if flag == "--host":
            host = value
        if flag == "--port":
            port = int(value)
    return host, port


@pytest.mark.parametrize("password", [None, ""])
def test_compose_refuses_to_run_postgresql_without_a_password(password: str | None) -> None:
    settings = example_settings()
    settings.pop("POSTGRES_PASSWORD", None)
    if password is not None:
        settings["POSTGRES_PASSWORD"] = password
    raw = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    with pytest.raises(Refused, match=r"POSTGRES_PASSWORD: set POSTGRES_PASSWORD in \.env"):
        interpolate(raw, settings)


def test_compose_uses_the_password_it_is_given_everywhere() -> None:
    services = compose(POSTGRES_PASSWORD="s3cret")["services"]
    assert services["db"]["environment"]["POSTGRES_PASSWORD"] == "s3cret"
    urls = {
        name: s["environment"]["DATABASE_URL"]
        for name, s in services.items()
        if "DATABASE_URL" in (s.get("environment") or {})
    }
    assert {"migrate", "bot-0", "bot-1", "web"} <= set(urls)
    assert all(":s3cret@db:5432/" in url for url in urls.values()), urls


def host_and_container_port(mapping: object) -> tuple[int, int]:
    """ "8080:8080", "127.0.0.1:8080:8080" or "8080:8080/tcp" → (host port, container port)."""
    parts = str(mapping).split("/")[0].split(":")
    return int(parts[-2]), int(parts[-1])


@pytest.mark.parametrize("port", [None, "9000"])
def test_every_published_port_is_the_one_its_service_listens_on(port: str | None) -> None:
    settings = {"POSTGRES_PASSWORD": "pw", **({"WEB_PORT": port} if port else {})}
    dotenv = {**example_settings(), **settings}
    services = compose(**settings)["services"]
    published = {name: s["ports"] for name, s in services.items() if s.get("ports")}
    assert published, "no service publishes a port"
    for name, ports in published.items():
        command = list(services[name].get("command") or [])
        assert command[:3] == ["python", "-m", "web"], f"{name}: what listens on {ports}?"
        host, listens = web_listens(command, container_env(services[name], dotenv))
        assert host == "0.0.0.0", f"{name} listens on {host} only: unreachable from outside"
        for mapping in ports:
            outside, inside = host_and_container_port(mapping)
            assert inside == listens == outside, f"{name}: {mapping} but it listens on {listens}"


def test_the_image_runs_the_web_on_every_interface_with_the_example_settings() -> None:
    """`docker run --env-file .env ... tapis python -m web` (docs/web.md): the env file
    goes over the image's ENV, so .env.example must not pin the web to loopback."""
    env = {**image_env(), **example_settings()}
    host, port = web_listens(["python", "-m", "web"], env)
    assert host == "0.0.0.0"
    lines = (ROOT / "Dockerfile").read_text().splitlines()
    exposed = [word for line in lines if line.startswith("EXPOSE ") for word in line.split()[1:]]
    assert exposed == [str(port)], exposed


def test_the_web_service_keeps_the_image_health_check() -> None:
    """The image's check fits the web too (bot.health): the web service must not turn it
    off, unlike the one-shot migration."""
    services = compose(POSTGRES_PASSWORD="pw")["services"]
    assert "healthcheck" not in services["web"]
