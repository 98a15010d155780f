"""The Activity in a real browser: four Chromium pages at a Manille table, with Discord's SDK
replaced by a stand-in (the SDK only works inside Discord's frame), against the bot and the
emulator. Two seats play from their page (one with the mouse, one with the keyboard), two
from their Discord hand's buttons; after every move every page, the hands and the table
message agree. The Activity's server restarts mid-deal and the pages recover by
themselves. A phone-sized page is photographed (docs/screens/ with TAPIS_SCREENS=1).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from emulator.drivers import Emulator
from emulator.model import Channel, User
from games import Rng
from tests.bot.activity.test_activity import activity_tapis
from tests.bot.harness import Tapis, click_random_action, is_my_turn, settled, shown_version
from tests.bot.table.test_practice import open_practice
from tests.web.test_browser import CHROMIUM, screens_dir

BUNDLE = Path(__file__).resolve().parents[3] / "activity" / "dist" / "activity.js"
playwright = pytest.importorskip("playwright.async_api", reason="playwright is not installed")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.emulator,
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="no Chromium found (apt-get install chromium)"),
    pytest.mark.skipif(
        not BUNDLE.exists(), reason="the Activity's page is not built (make activity needs npm)"
    ),
]
PHONE = {"width": 360, "height": 760}


def fake_sdk(emu: Emulator, user: User, channel: Channel, instance_id: str | None = None) -> str:
    """The stand-in for `DiscordSDK`: the instance the user joined (or `instance_id`), the
    code the Discord client would hand the page, and the user's Discord locale."""
    instance = emu.activities.launch(user, channel)
    sdk = {
        "instanceId": instance_id or instance.id,
        "guildId": str(channel.guild_id),
        "code": emu.activities.authorize(user),
        "locale": user.locale,
    }
    return (
        f"const given = {json.dumps(sdk)};"
        "window.__tapisSdk = {ready: async () => {}, instanceId: given.instanceId,"
        " guildId: given.guildId, commands: {authorize: async () => ({code: given.code}),"
        " authenticate: async () => ({}),"
        " userSettingsGetLocale: async () => ({locale: given.locale})}};"
    )


async def open_pages(
    browser: Any, base: str, tapis: Tapis, users: list[User], where: Channel
) -> list[Any]:
    pages = []
    for i, user in enumerate(users):
        context = await browser.new_context(
            viewport=PHONE if i == 3 else {"width": 1100, "height": 800}
        )
        page = await context.new_page()
        await page.add_init_script(fake_sdk(tapis.emu, user, where))
        await page.goto(base + "/")
        pages.append(page)
    return pages


async def shows(page: Any, version: int) -> None:
    await page.wait_for_selector(f'#app[data-version="{version}"]', timeout=15_000)


async def play_from_page(page: Any, keyboard: bool) -> None:
    if await page.locator(".my-hand button.playable").count() == 0:
        await page.locator(".choices button").first.click()
    elif keyboard:
        await page.locator("body").focus()
        await page.keyboard.press("ArrowRight")
        await page.keyboard.press("Enter")
    else:
        await page.locator(".my-hand button.playable").first.click()


async def explain(page: Any, shot: Path) -> bool:
    """« Pourquoi ? »: the greyed cards say why, and the button lists it (photographed)."""
    await page.locator(".choices button.why").click()
    lines = await page.locator(".why-panel li").all_inner_texts()
    assert lines and all(line.strip() for line in lines), lines
    titles = await page.locator(".my-hand button.greyed").evaluate_all("bs => bs.map(b => b.title)")
    assert titles and all(titles), titles
    await page.screenshot(path=str(shot))
    return True


async def play_from_discord(
    tapis: Tapis, user: User, table_id: int, where: Channel, pick: Rng
) -> None:
    public = tapis.public_message(table_id, where)
    await tapis.run(await tapis.emu.click(user, public, f"th:{table_id}"))
    hand = tapis.hand_of(user, where, table_id)
    assert hand is not None and is_my_turn(hand)
    await tapis.run(await click_random_action(tapis.emu, user, hand, pick))


async def test_four_pages_and_two_hands_play_a_deal_of_manille(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with activity_tapis(emulator, tmp_path) as (tapis, base):
        table_id, where, users = await tapis.seat_and_start(
            "manille", 4, "timer=0", locales=["fr", "en-US", "fr", "fr"]
        )
        table = tapis.bot.service.tables[table_id]
        server = tapis.bot.activity_server
        assert server is not None
        pick = Rng(5)
        async with playwright.async_playwright() as p:
            browser = await p.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
            )
            try:
                pages = await open_pages(browser, base, tapis, users, where)
                for page in pages:
                    await shows(page, table.version())
                assert await pages[1].locator(".bar h2").inner_text() == "Your hand"
                assert await pages[0].locator(".bar h2").inner_text() == "Votre main"
                moves = 0
                explained = False
                shots = screens_dir(tmp_path)
                while moves < 32 and not table.state.is_over():
                    if moves == 12:  # the Activity's server goes away and comes back
                        await server.stop()
                        for page in pages:
                            await page.wait_for_selector('#app[data-live="0"]', timeout=15_000)
                        await server.start("127.0.0.1", server.port)
                        for page in pages:  # each page reconnects and gets the table again
                            await page.wait_for_selector('#app[data-live="1"]', timeout=15_000)
                    version = table.version()
                    seat = table.state.to_move()[0]
                    if seat == 0 and not explained and table.state.why_not(0):
                        explained = await explain(pages[0], shots / "activity-table.png")
                    if seat in (0, 1):
                        await play_from_page(pages[seat], keyboard=seat == 1)
                    else:
                        await play_from_discord(tapis, users[seat], table_id, where, pick)
                    moves += 1
                    await tapis.emu.wait_for(lambda v=version: table.version() > v, timeout=15)
                    for page in pages:
                        await shows(page, table.version())
                    for seat_shown in (0, 1):
                        cards = (
                            await pages[seat_shown]
                            .locator(".my-hand button")
                            .evaluate_all("bs => bs.map(b => b.dataset.card)")
                        )
                        assert sorted(cards) == sorted(table.state.hand(seat_shown))
                assert moves == 32
                assert explained, "no turn of seat 0 had a card it could not play"
                # The table message follows at its own pace (paced redraws): the same table.
                await settled(tapis, table_id)
                assert shown_version(tapis.public_message(table_id, where)) == table.version()
                phone = pages[3]
                width = await phone.evaluate("document.documentElement.scrollWidth")
                assert width <= PHONE["width"]
                await phone.screenshot(path=str(shots / "activity-phone.png"), full_page=True)
            finally:
                await browser.close()


async def test_a_practice_page_asks_for_a_hint_and_a_stranger_is_refused_in_english(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with activity_tapis(emulator, tmp_path) as (tapis, base):
        host = tapis.user("élève")
        table_id, where, _public = await open_practice(tapis, host, "manille")
        table = tapis.bot.service.tables[table_id]
        seat = table.seat_of(host.id)
        await emulator.wait_for(lambda: seat in table.state.to_move(), timeout=15.0)
        stranger = tapis.user("inconnu", locale="en-GB")
        elsewhere = emulator.create_channel(tapis.guild, "ailleurs")
        not_theirs = emulator.activities.launch(host, where).id  # the stranger is not in it
        async with playwright.async_playwright() as p:
            browser = await p.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
            )
            try:
                page = await (await browser.new_context()).new_page()
                await page.add_init_script(fake_sdk(emulator, host, where))
                await page.goto(base + "/")
                await shows(page, table.version())
                await page.locator(".choices button.hint").click()
                banner = page.locator(".banner")
                await banner.wait_for(timeout=30_000)  # the first search starts a worker
                hint = await banner.inner_text()
                assert hint.startswith("💡 ") and " : " in hint, hint  # French, as the user
                refused = await (await browser.new_context()).new_page()
                await refused.add_init_script(
                    fake_sdk(emulator, stranger, elsewhere, instance_id=not_theirs)
                )
                await refused.goto(base + "/")
                said = refused.locator("#app p.status")
                await refused.wait_for_function(
                    "() => document.querySelector('#app p.status')?.textContent"
                    ".startsWith('Discord')",
                    timeout=15_000,
                )
                assert (
                    await said.inner_text() == "Discord did not confirm you are in this Activity."
                )
            finally:
                await browser.close()
