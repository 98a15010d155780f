"""Web links handed out by the bot: present only with WEB_BASE_URL and WEB_SECRET, and they
open the page on the web app itself."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bot.app.settings import Settings
from emulator.drivers import Emulator
from emulator.model import Message
from tests.bot.harness import Tapis, running_tapis, text_of
from tests.bot.stats.test_leaderboard import seed_results
from web.app import create_app
from web.config import WebSettings

BASE_URL = "https://tapis.example.org/jeux"
SECRET = "a-long-enough-secret-for-the-tests-0123456789"
WEB = {"web_base_url": BASE_URL, "web_secret": SECRET}


def link_urls(message: Message) -> list[str]:
    """The URLs of the message's link buttons."""
    return [
        str(c["url"])
        for row in message.components
        for c in row.get("components", [])
        if c.get("type") == 2 and c.get("url")
    ]


def web_get(tapis: Tapis, url: str) -> Any:
    """Open a link the bot handed out on the web app, on the bot's own database."""
    assert url.startswith(BASE_URL + "/"), url
    settings = WebSettings(  # type: ignore[call-arg]
        _env_file=None,
        web_base_url=BASE_URL,
        web_secret=SECRET,
        database_url=tapis.bot.settings.database_url,
        min_rated_matches=tapis.bot.settings.min_rated_matches,
    )
    with TestClient(create_app(settings)) as client:
        return client.get(url.removeprefix(BASE_URL))


async def test_the_leaderboard_links_to_its_web_page_when_the_web_is_set_up(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path, settings=WEB) as tapis:
        await seed_results(tapis, 6, game="manille")
        reader = tapis.user("lectrice", locale="en-US")
        handle = await emulator.slash(reader, tapis.channel, "leaderboard", {"game": "manille"})
        board = await tapis.run(handle)
        assert board is not None
        (url,) = link_urls(board)
        assert "lang=en" in url and "game=manille" in url
        assert any(c.get("label") == "View on the web" for c in board.buttons())
        page = web_get(tapis, url)
        assert page.status_code == 200
        assert "joueur10000" in page.text and "Manille" in page.text
        # A signature for another server opens nothing.
        other = url.replace(f"/g/{tapis.guild.id}/", f"/g/{tapis.guild.id + 1}/")
        assert web_get(tapis, other).status_code == 404


async def test_no_web_link_without_the_web_settings(emulator: Emulator, tmp_path: Path) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        await seed_results(tapis, 3)
        reader = tapis.user("lecteur")
        board = await tapis.run(await emulator.slash(reader, tapis.channel, "leaderboard"))
        assert board is not None and "Classement" in text_of(board)
        assert link_urls(board) == []


def test_web_links_need_both_settings_valid_as_the_web_wants_them() -> None:
    def settings(**values: str) -> Settings:
        return Settings(_env_file=None, **values)  # type: ignore[call-arg, arg-type]

    assert settings().web_links() is None and settings().web_problem() is None
    assert settings(**WEB).web_links() == (BASE_URL, SECRET)
    assert settings(**WEB).web_problem() is None
    only_base = settings(web_base_url=BASE_URL)
    assert only_base.web_links() is None and "WEB_SECRET" in str(only_base.web_problem())
    short = settings(web_base_url=BASE_URL, web_secret="short")
    assert short.web_links() is None and "32" in str(short.web_problem())
    not_http = settings(web_base_url="tapis.example.org", web_secret=SECRET)
    assert not_http.web_links() is None and "http" in str(not_http.web_problem())


@pytest.mark.slow
def test_the_bot_imports_no_web_framework() -> None:
    """bot/ signs links with web.links, which must not pull FastAPI into the bot process."""
    code = (
        "import sys, bot.app.client, bot.__main__; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('fastapi', 'starlette', 'jinja2', 'uvicorn')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
