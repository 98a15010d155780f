"""The web companion in a real browser: Playwright driving Debian's Chromium, headless.

The app runs under uvicorn on a loopback port. The tests follow a person's path: the
leaderboard from a signed link, a player, a replay stepped with the buttons and the arrow
keys (the cards shown must be the engine's own replay at that step), the language switch,
a phone-sized screen, and a wrong link. Each page's screenshot goes to the test's temporary
directory, or to docs/screens/ when TAPIS_SCREENS=1 (`make screens`).

Playwright's own browser download cannot work here, so Chromium comes from the system
(`apt-get install chromium`, which `make test` does when it can); without it these tests
are skipped, saying so.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import socket
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import uvicorn

import games
from db import Store
from web import replay
from web.app import create_app

from .conftest import settings_for, signed
from .seed import GUILD, XSS, Seeded, uid

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
SCREENS_ENV = "TAPIS_SCREENS"
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "chrome")


def screens_dir(tmp_path: Path) -> Path:
    """docs/screens/ when the pictures are wanted for the docs (`make screens`), else the
    test's own temporary directory: a plain test run leaves the repository alone."""
    return SCREENS if os.environ.get(SCREENS_ENV) == "1" else tmp_path


def test_screenshots_go_to_the_docs_only_when_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(SCREENS_ENV, raising=False)
    assert screens_dir(tmp_path) == tmp_path
    monkeypatch.setenv(SCREENS_ENV, "0")
    assert screens_dir(tmp_path) == tmp_path
    monkeypatch.setenv(SCREENS_ENV, "1")
    assert screens_dir(tmp_path) == SCREENS


def find_chromium() -> str | None:
    explicit = os.environ.get("TAPIS_CHROMIUM")
    if explicit:
        return explicit if Path(explicit).is_file() else None
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


CHROMIUM = find_chromium()
playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium found (apt-get install chromium, or set TAPIS_CHROMIUM to its path)",
)


@pytest.fixture(scope="module")
def server(seeded: Seeded) -> Iterator[str]:
    """The app served by uvicorn on a free loopback port, in a thread; yields its origin."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)  # connections wait in the backlog until uvicorn accepts them
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        create_app(settings_for(seeded)), log_level="warning", lifespan="on", server_header=False
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        launched = p.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            yield launched
        finally:
            launched.close()


class Watch:
    """What a page did that it must not: dialogs (an injected alert) and CSP violations."""

    def __init__(self, page: Any) -> None:
        self.dialogs: list[str] = []
        self.csp: list[str] = []
        page.on("dialog", self._dialog)
        page.on("console", self._console)

    def _dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def _console(self, message: Any) -> None:
        if "Content Security Policy" in message.text:
            self.csp.append(message.text)


@pytest.fixture
def screens(tmp_path: Path) -> Path:
    return screens_dir(tmp_path)


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(
        viewport={"width": 1100, "height": 900}, locale="fr-FR", device_scale_factor=1
    )
    opened = context.new_page()
    opened.set_default_timeout(10_000)
    opened.watch = Watch(opened)
    try:
        yield opened
    finally:
        context.close()


def shot(screens: Path, page: Any, name: str) -> None:
    screens.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(screens / f"web-{name}.png"), full_page=True)


def engine_hands(seeded: Seeded, match_id: int, step: int) -> list[list[str]]:
    """Every seat's hand after `step` moves, straight from the engine's replay, in the order
    its player sorts it (the game's hand facts)."""

    async def load() -> Any:
        store = await Store.open(seeded.url, migrate=False)
        try:
            return await store.history.match(GUILD, match_id)
        finally:
            await store.close()

    # Playwright's sync API keeps an event loop running in this thread: load in another.
    with ThreadPoolExecutor(max_workers=1) as worker:
        match = worker.submit(asyncio.run, load()).result()
    assert match is not None
    rules = games.get(match.summary.game)
    moves = [(m.seat, m.action_id) for m in match.moves]
    options = replay.game_options(match.options)
    state = rules.replay(len(match.summary.seats), match.seed, options, moves[:step])
    return [list(state.hand_facts(seat).cards) for seat in range(len(match.summary.seats))]


def shown_hands(page: Any) -> list[list[str]]:
    return page.eval_on_selector_all(
        "[data-hand]",
        "hands => hands.map(h => Array.from(h.querySelectorAll('[data-card]'))"
        ".map(c => c.dataset.card))",
    )


def current_step(page: Any) -> int:
    return int(page.get_attribute("#replay", "data-step"))


def wait_step(page: Any, step: int) -> None:
    page.wait_for_selector(f'#replay[data-step="{step}"]')


CARD_IMAGES = "Array.from(document.querySelectorAll('#replay img.picture'))"


def wait_cards(page: Any) -> None:
    """Until every card picture of the replay is loaded, then check it is: a picture still
    loading (or broken) shows a hand with a card missing."""
    page.wait_for_function(f"() => {CARD_IMAGES}.every(i => i.complete)")
    loaded = page.evaluate(f"() => {CARD_IMAGES}.map(i => i.naturalWidth > 0)")
    assert loaded and all(loaded)


def one_line_seat_heads(page: Any) -> None:
    """Each seat's head is one line, the name (cut when long) and the score; its chips sit
    on their own line, each chip on one line."""
    heads = page.eval_on_selector_all(
        ".seat-head",
        """heads => heads.map(h => {
            const name = h.querySelector('.seat-name').getBoundingClientRect();
            return [h.getBoundingClientRect().height, name.height, h.scrollWidth - h.clientWidth];
        })""",
    )
    assert heads
    for height, name, overflow in heads:
        assert height < 1.6 * name and overflow <= 0
    chips = page.eval_on_selector_all(
        ".seat-tags .tag",
        "tags => tags.map(t => [t.getClientRects().length, t.getBoundingClientRect().height,"
        " parseFloat(getComputedStyle(t).fontSize)])",
    )
    for rects, height, size in chips:
        assert rects == 1 and height < 2.2 * size


def test_leaderboard_player_and_replay_as_a_person_would(
    page: Any, server: str, seeded: Seeded, screens: Path
) -> None:
    response = page.goto(server + signed())
    assert response.status == 200
    assert page.locator("h1").first.inner_text().startswith("Classement")
    assert page.locator("table.board tbody tr").count() == 4  # season 2: four players
    # A name made of markup is shown as its text, and runs no script.
    assert page.get_by_text(XSS, exact=True).count() >= 1
    # A player's name is a link and looks like one: underlined, in the links' colour.
    link = page.eval_on_selector(
        f'a[data-player="{uid(1)}"]',
        "a => [getComputedStyle(a).textDecorationLine, getComputedStyle(a).color,"
        " getComputedStyle(a.closest('tr')).color]",
    )
    assert "underline" in link[0] and link[1] != link[2]
    # The Points column says what its points are.
    note = page.get_attribute("th[aria-describedby]", "aria-describedby")
    assert "partie classée" in page.inner_text(f"#{note}")
    shot(screens, page, "leaderboard")

    page.click(f'a[data-player="{uid(1)}"]')
    page.wait_for_selector("#player-name")
    assert page.inner_text("#player-name") == "Alice"
    assert page.locator("figure.chart svg polyline").count() >= 2  # all games and each game
    page.click("nav.seasons a:not([aria-current])")  # the older season: a longer history
    page.wait_for_selector('nav.seasons a[aria-current="page"]:has-text("Saison 1")')
    assert page.locator("figure.chart svg polyline").count() >= 5
    swatch = page.locator(".legend .swatch").first.bounding_box()
    assert swatch is not None and swatch["height"] <= 16  # a legend's dot, not a drawing
    shot(screens, page, "player")

    manille = seeded.matches["s2-manille"]
    page.click(f'a[data-match="{manille}"]')
    page.wait_for_selector("#replay")
    assert current_step(page) == 0
    assert shown_hands(page) == engine_hands(seeded, manille, 0)
    wait_cards(page)
    one_line_seat_heads(page)
    shot(screens, page, "replay")
    assert page.watch.dialogs == [] and page.watch.csp == []


def test_replay_steps_with_buttons_and_arrow_keys(
    page: Any, server: str, seeded: Seeded, screens: Path
) -> None:
    match_id = seeded.matches["bianco"]
    page.goto(server + signed(f"match/{match_id}"))
    total = int(page.get_attribute("#replay", "data-total"))
    assert total > 10

    for expected in (1, 2, 3):
        page.click('#replay a[data-nav="next-move"]')
        wait_step(page, expected)
        assert shown_hands(page) == engine_hands(seeded, match_id, expected)
    page.click('#replay a[data-nav="prev-move"]')
    wait_step(page, 2)
    assert shown_hands(page) == engine_hands(seeded, match_id, 2)

    page.keyboard.press("ArrowRight")
    wait_step(page, 3)
    page.keyboard.press("ArrowRight")
    wait_step(page, 4)
    page.keyboard.press("ArrowLeft")
    wait_step(page, 3)
    assert shown_hands(page) == engine_hands(seeded, match_id, 3)
    assert "step=3" in page.url  # the address follows, so a step can be shared

    # Deal by deal: Shift+→ lands on the next deal's first position, Shift+← back on 0.
    page.keyboard.press("Shift+ArrowRight")
    page.wait_for_selector('#replay[data-deal="2"]')
    second_deal = current_step(page)
    assert 3 < second_deal < total
    assert shown_hands(page) == engine_hands(seeded, match_id, second_deal)
    assert all(len(hand) > 0 for hand in shown_hands(page))  # a fresh deal: everyone holds cards
    wait_cards(page)
    # The families' marks are the cards' own shapes, drawn on the page, never an emoji.
    story = page.inner_text("#replay .story")
    assert not any(ord(ch) >= 0x1F000 for ch in story)
    marks = page.eval_on_selector_all(
        "#replay svg.family", "marks => marks.map(m => m.getBoundingClientRect().width)"
    )
    assert marks and all(width > 4 for width in marks)
    shot(screens, page, "replay-deal")
    page.keyboard.press("Shift+ArrowLeft")
    wait_step(page, 0)

    # The last step: the match is over, the forward controls are disabled.
    page.goto(server + signed(f"match/{match_id}", lang=None) + f"?step={total}")
    assert page.get_attribute('#replay [data-nav="next-move"]', "aria-disabled") == "true"
    assert shown_hands(page) == engine_hands(seeded, match_id, total)
    assert page.watch.csp == []


def test_language_switch_and_english_browser(
    page: Any, server: str, browser: Any, screens: Path
) -> None:
    page.goto(server + signed())
    assert page.get_attribute("html", "lang") == "fr"
    page.click("#lang-switch")
    page.wait_for_selector("html[lang='en']")
    assert page.locator("h1").first.inner_text().startswith("Leaderboard")
    # The chosen language sticks while following links.
    page.click(f'a[data-player="{uid(1)}"]')
    page.wait_for_selector("#player-name")
    assert page.get_attribute("html", "lang") == "en"
    assert "Rating over the matches" in page.inner_text("main")
    shot(screens, page, "player-en")

    english = browser.new_context(locale="en-US")
    try:
        other = english.new_page()
        other.goto(server + signed())
        assert other.get_attribute("html", "lang") == "en"
    finally:
        english.close()


def test_phone_sized_replay(browser: Any, server: str, seeded: Seeded, screens: Path) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        locale="fr-FR",
    )
    try:
        phone = context.new_page()
        phone.goto(server + signed(f"match/{seeded.matches['manille']}") + "?step=6")
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390  # nothing wider than the screen
        wait_cards(phone)
        one_line_seat_heads(phone)
        shot(screens, phone, "replay-phone")
        # The rating chart shrinks to the screen: its labels still read 10 px or more.
        phone.goto(server + signed(f"player/{uid(1)}") + "?season=1")
        sizes = phone.eval_on_selector_all(
            "figure.chart text.axis",
            """labels => labels.map(t => {
                const svg = t.ownerSVGElement;
                const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
                return parseFloat(getComputedStyle(t).fontSize) * scale;
            })""",
        )
        assert sizes and min(sizes) >= 10
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        phone.goto(server + signed())
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        shot(screens, phone, "leaderboard-phone")
    finally:
        context.close()


def test_a_wrong_signature_is_a_plain_404(page: Any, server: str, screens: Path) -> None:
    good = signed()
    bad = good[:-2] + ("A/" if good[-2] != "A" else "B/")
    response = page.goto(server + bad)
    assert response.status == 404
    assert "Classement" not in page.inner_text("body")
    shot(screens, page, "404")


def test_a_game_the_web_does_not_know_replays_with_its_card_pictures(
    page: Any, server: str, seeded: Seeded, screens: Path
) -> None:
    """The tests' toy game: its hands as the engine sorts them, the art's faces loaded."""
    match_id = seeded.matches["toy"]
    page.goto(server + signed(f"match/{match_id}"))
    assert page.locator("h1").first.inner_text().startswith("Plus fort")
    page.keyboard.press("ArrowRight")
    wait_step(page, 1)
    assert shown_hands(page) == engine_hands(seeded, match_id, 1)
    page.wait_for_load_state("load")
    loaded = page.eval_on_selector_all(
        "#replay img.picture", "images => images.map(i => i.complete && i.naturalWidth > 0)"
    )
    assert loaded and all(loaded)
    assert page.watch.csp == []
    shot(screens, page, "replay-toy")


def test_keys_pressed_while_a_step_loads_are_queued(page: Any, server: str, seeded: Seeded) -> None:
    """Three presses of → while the first step is still loading: all three are done, in
    turn, none dropped."""
    match_id = seeded.matches["manille2"]
    page.goto(server + signed(f"match/{match_id}"))
    held: list[Any] = []

    def hold_the_first(route: Any) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)  # the first step's page waits here

    page.route("**/match/**", hold_the_first)
    page.keyboard.press("ArrowRight")
    while not held:  # until the browser asks for it
        page.evaluate("0")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert current_step(page) == 0
    held[0].continue_()
    wait_step(page, 3)
    assert shown_hands(page) == engine_hands(seeded, match_id, 3)
    assert "step=3" in page.url


def test_an_english_replay_shows_english_cards_and_units(
    page: Any, server: str, seeded: Seeded
) -> None:
    """Court cards read J, Q, K in English, in their pictures too; every score says what it
    counts (Blanche-Neige's: the cards left, not points)."""
    page.goto(server + signed(f"match/{seeded.matches['bonanza']}", lang="en"))
    wait_cards(page)
    sources = page.eval_on_selector_all(
        "#replay img.picture", "images => images.map(i => [i.dataset.card, i.src])"
    )
    court = {r + s for r in "JQK" for s in "SHDC"}
    assert any(card in court for card, _ in sources)
    assert all(("lang=en" in src) == (card in court) for card, src in sources)

    page.goto(server + signed(f"match/{seeded.matches['blanche']}", lang="en"))
    wait_cards(page)
    one_line_seat_heads(page)  # roles and marks beside long names
    scores = page.eval_on_selector_all(".podium .score", "s => s.map(e => e.textContent)")
    assert scores and all(re.fullmatch(r"\d+ cards?", s) for s in scores)
