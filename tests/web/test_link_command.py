"""`python -m web link`: a host's own signed link to a server's pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from web.__main__ import main
from web.links import verify

SECRET = "s" * 40


@pytest.fixture(autouse=True)
def _no_env_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Settings come from the test's environment only, not from a developer's .env."""
    monkeypatch.chdir(tmp_path)
    for name in ("WEB_BASE_URL", "WEB_SECRET", "WEB_HOST", "WEB_PORT"):
        monkeypatch.delenv(name, raising=False)


def test_the_link_opens_the_servers_page_on_the_local_web(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("WEB_SECRET", SECRET)
    monkeypatch.setenv("WEB_PORT", "9090")
    assert main(["link", "42", "--match", "7", "--lang", "en"]) == 0
    url = capsys.readouterr().out.strip()
    found = re.fullmatch(r"http://127\.0\.0\.1:9090/g/42/(\d+)/([\w-]+)/match/7\?lang=en", url)
    assert found, url
    assert verify(42, int(found[1]), found[2], SECRET)
    assert not verify(43, int(found[1]), found[2], SECRET)


def test_the_public_address_is_used_when_set(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("WEB_SECRET", SECRET)
    monkeypatch.setenv("WEB_BASE_URL", "https://tapis.example.org/")
    assert main(["link", "42", "--player", "99"]) == 0
    assert re.fullmatch(
        r"https://tapis\.example\.org/g/42/\d+/[\w-]{43}/player/99", capsys.readouterr().out.strip()
    )


def test_without_a_secret_it_says_what_to_set_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["link", "42"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "set WEB_SECRET" in captured.err
