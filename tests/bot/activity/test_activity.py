"""The Activity against the emulator: identity from Discord only, one frame per seat after
every stored move, moves through the table's session, no hidden card on another seat's
socket, and « Ouvrir la table » answering with LAUNCH_ACTIVITY."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.activity.sockets import Socket
from bot.table.session import Stored
from emulator.drivers import Emulator
from emulator.model import Command
from tests.bot.activity.pages import Page, access_token, open_page
from tests.bot.harness import Tapis, running_tapis, settled, shown_version
from tests.bot.test_store_then_show import hold_write_lock
from tests.web.live import serving_web, web_settings

pytestmark = [pytest.mark.emulator, pytest.mark.slow]
JSON = dict[str, Any]


@contextlib.asynccontextmanager
async def activity_tapis(emulator: Emulator, tmp_path: Path) -> AsyncIterator[tuple[Tapis, str]]:
    """The bot with its internal Activity endpoint, and the web companion in front of it
    (as in production); yields the bot and the Activity's address on the web."""
    settings = {"activity_port": 0, "discord_client_secret": emulator.activities.client_secret}
    async with running_tapis(emulator, tmp_path, settings=settings) as tapis:
        server = tapis.bot.activity_server
        assert server is not None
        url = f"sqlite+aiosqlite:///{tmp_path / 'tapis.db'}"
        bot = f"http://127.0.0.1:{server.port}"
        async with serving_web(web_settings(url, [bot])) as web:
            yield tapis, web + "/activity"


def cards_in(value: Any) -> Iterator[str]:
    """Every card id a frame names (each face is an object with a `card`)."""
    if isinstance(value, dict):
        if isinstance(value.get("card"), str):
            yield value["card"]
        for item in value.values():
            yield from cards_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from cards_in(item)


def hidden(state: Any, seat: int) -> set[str]:
    """The cards of `seat`'s hand nobody else may see: not face up on the table (a turned
    trump card stays in its holder's hand, face up)."""
    facts = state.public_facts()
    public = {c for z in facts.zones for c in z.cards}
    public |= {c for s in facts.seats for c in s.shown}
    return set(state.hand(seat)) - public


class Hands:
    """Every seat's hidden hand at every stored version, to scan the frames against."""

    def __init__(self, tapis: Tapis) -> None:
        self.by_version: dict[int, list[set[str]]] = {}
        tapis.bot.service.stored.add(self.record)

    def record(self, event: Stored) -> None:
        state = event.table.state
        if state is not None:
            seats = range(len(event.table.seats))
            self.by_version[state.version] = [hidden(state, s) for s in seats]

    def leaks(self, page: Page, seat: int | None) -> list[str]:
        found = []
        for text, frame in zip(page.texts, page.frames, strict=True):
            hands = self.by_version.get(frame.get("version") or -1)
            if hands is None:
                continue
            others = set().union(*(h for s, h in enumerate(hands) if s != seat))
            found += [c for c in cards_in(frame) if c in others]
            found += [c for c in others if f"/cards/{c}.png" in text]
        return found


async def test_pages_play_a_deal_with_the_buttons_and_never_see_another_hand(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with activity_tapis(emulator, tmp_path) as (tapis, base):
        hands = Hands(tapis)
        table_id, where, users = await tapis.seat_and_start("nain-jaune", 3, "timer=0")
        watcher = tapis.user("curieux")
        async with aiohttp.ClientSession() as http:
            pages = [await open_page(http, base, emulator, u, where) for u in users]
            spectator = await open_page(http, base, emulator, watcher, where)
            table = tapis.bot.service.tables[table_id]
            for page in [*pages, spectator]:
                await page.until(lambda f: f.get("version") == table.version())
            for seat, page in enumerate(pages):
                assert page.state["seat"] == seat
                assert {c["card"] for c in page.state["hand"]} == set(table.state.hand(seat))
            assert spectator.state["seat"] is None and spectator.state["hand"] == []
            for _ in range(12):
                state = table.state
                if state.is_over():
                    break
                seat = state.to_move()[0]
                frame = pages[seat].state
                playable = [c["action"] for c in frame["hand"] if c["action"]]
                action = (playable or [a["id"] for a in frame["actions"]])[0]
                before = state.version
                await pages[seat].move(before, action)
                for page in [*pages, spectator]:
                    await page.until(lambda f, v=before: (f.get("version") or 0) > v)
                await settled(tapis, table_id)
                assert shown_version(tapis.public_message(table_id, where)) == table.version()
            assert table.version() >= 10
            for seat, page in enumerate(pages):
                assert hands.leaks(page, seat) == []
            assert hands.leaks(spectator, None) == []
            texts = " ".join(t for page in pages for t in page.state["recent"])
            assert "joue" in texts or "pose" in texts or texts  # the moves told in words


async def test_a_stale_or_illegal_or_forged_move_changes_nothing(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with activity_tapis(emulator, tmp_path) as (tapis, base):
        table_id, where, users = await tapis.seat_and_start("nain-jaune", 2, "timer=0")
        watcher = tapis.user("curieux")
        table = tapis.bot.service.tables[table_id]
        async with aiohttp.ClientSession() as http:
            pages = [await open_page(http, base, emulator, u, where) for u in users]
            spectator = await open_page(http, base, emulator, watcher, where)
            for page in [*pages, spectator]:
                await page.until(lambda f: f.get("version") == table.version())
            version = table.version()
            mover = table.state.to_move()[0]
            other = 1 - mover
            action = next(c["action"] for c in pages[mover].state["hand"] if c["action"])

            await pages[mover].move(version - 1, action)  # stale
            stale = await pages[mover].until(lambda f: f.get("note"))
            assert stale["version"] == version
            assert "avancé" in stale["note"]

            await pages[mover].move(version, "play:ZZ")  # not a legal move
            refused = await pages[mover].until(lambda f: f["type"] == "error")
            assert refused["text"] and "ZZ" not in refused["text"]

            await pages[other].move(version, action)  # another seat's move
            await pages[other].until(lambda f: f["type"] == "error")
            await spectator.move(version, action)  # a spectator's
            await spectator.until(lambda f: f["type"] == "error")
            await spectator.move("1", {"x": 1})  # garbage
            await spectator.until(lambda f: f["type"] == "error" and len(spectator.frames) > 2)
            assert table.version() == version

            await pages[mover].move(version, action)
            await pages[other].until(lambda f: f.get("version") == version + 1)


async def test_identity_comes_from_discord_never_from_the_page(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with activity_tapis(emulator, tmp_path) as (tapis, base):
        _table_id, where, users = await tapis.seat_and_start("nain-jaune", 2, "timer=0")
        outsider = tapis.user("dehors")
        other_channel = emulator.create_channel(tapis.guild, "ailleurs")
        async with aiohttp.ClientSession() as http:
            async with http.post(f"{base}/api/token", json={"code": "forged"}) as response:
                assert response.status == 403
            # A real token of a user who is not in the instance (launched elsewhere).
            instance = emulator.activities.launch(users[0], where)
            emulator.activities.launch(outsider, other_channel)
            token = await access_token(http, base, emulator, outsider)
            for hello in (
                {"access_token": token, "instance_id": instance.id},
                {"access_token": "forged", "instance_id": instance.id},
                {"access_token": token, "instance_id": "nope", "user_id": users[0].id},
            ):
                ws = await http.ws_connect(f"{base}/api/ws")
                await ws.send_json({"type": "hello", **hello})
                message = await ws.receive()
                assert message.type is aiohttp.WSMsgType.CLOSE
                assert ws.close_code == 4003
                assert message.extra.startswith("Discord n'a pas confirmé")  # French first
            # The page sends the Discord locale with its hello: the refusal speaks it.
            ws = await http.ws_connect(f"{base}/api/ws")
            await ws.send_json(
                {"type": "hello", "access_token": "forged", "instance_id": "x", "locale": "en-US"}
            )
            message = await ws.receive()
            assert (message.data, message.extra) == (
                4003,
                "Discord did not confirm you are in this Activity.",
            )


async def test_each_bot_process_tells_the_web_its_shards(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with activity_tapis(emulator, tmp_path) as (tapis, _base):
        server = tapis.bot.activity_server
        assert server is not None
        async with (
            aiohttp.ClientSession() as http,
            http.get(f"http://127.0.0.1:{server.port}/internal/info") as response,
        ):
            info = await response.json()
        assert info == {
            "application_id": str(tapis.bot.application_id),
            "shard_count": tapis.bot.owned.count,
            "shards": list(tapis.bot.owned.ids),
        }


async def test_open_the_table_launches_the_activity(emulator: Emulator, tmp_path: Path) -> None:
    async with activity_tapis(emulator, tmp_path) as (tapis, _base):
        table_id, where, users = await tapis.seat_and_start("nain-jaune", 2, "timer=0")
        await settled(tapis, table_id)
        public = tapis.public_message(table_id, where)
        labels = [
            c.get("label")
            for c in public.iter_components()
            if c.get("custom_id") == f"ta:{table_id}"
        ]
        assert labels == ["Ouvrir la table"]
        handle = await emulator.click(users[1], public, f"ta:{table_id}")
        await handle.wait_response()
        assert handle.response_type == 12
        (instance,) = emulator.activities.instances.values()
        assert instance.channel.id == where.id and instance.users == [users[1].id]


async def test_without_activity_settings_the_table_offers_no_activity(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, where, _users = await tapis.seat_and_start("nain-jaune", 2, "timer=0")
        await settled(tapis, table_id)
        public = tapis.public_message(table_id, where)
        assert not any(
            str(c.get("custom_id", "")).startswith("ta:") for c in public.iter_components()
        )
        assert tapis.bot.activity_server is None


async def test_the_command_sync_keeps_the_activitys_entry_point_command(
    emulator: Emulator, tmp_path: Path
) -> None:
    world = emulator.world
    definition = {
        "name": "launch",
        "type": 4,
        "handler": 2,
        "description": "Lancer Tapis",
        "contexts": [0, 1, 2],
        "integration_types": [0, 1],
    }
    world.global_commands["launch"] = Command(
        world.ids.next(), "launch", 4, None, definition, world.ids.next()
    )
    async with activity_tapis(emulator, tmp_path) as (_tapis, _base):
        assert world.global_commands["launch"].type == 4
        assert "table" in world.global_commands


async def test_a_move_from_the_activity_refreshes_the_movers_discord_hand_too(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with activity_tapis(emulator, tmp_path) as (tapis, base):
        table_id, where, users = await tapis.seat_and_start("nain-jaune", 2, "timer=0")
        table = tapis.bot.service.tables[table_id]
        mover = table.state.to_move()[0]
        public = tapis.public_message(table_id, where)
        await tapis.run(await emulator.click(users[mover], public, f"th:{table_id}"))
        version = table.version()
        assert shown_version(tapis.hand_of(users[mover], where, table_id)) == version
        async with aiohttp.ClientSession() as http:
            page = await open_page(http, base, emulator, users[mover], where)
            shown = await page.until(lambda f: f.get("version") == version)
            await page.move(version, next(c["action"] for c in shown["hand"] if c["action"]))

            def refreshed() -> bool:
                hand = tapis.hand_of(users[mover], where, table_id)
                return shown_version(hand) == version + 1

            await emulator.wait_for(refreshed, timeout=10)


async def test_a_table_of_another_process_is_refused_with_a_sentence(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with activity_tapis(emulator, tmp_path) as (tapis, base):
        _table_id, where, users = await tapis.seat_and_start("nain-jaune", 2, "timer=0")
        server = tapis.bot.activity_server
        assert server is not None
        server.owns = lambda guild_id: False  # this guild's shard runs elsewhere
        async with aiohttp.ClientSession() as http:
            page = await open_page(http, base, emulator, users[0], where)
            with pytest.raises(AssertionError, match=r"closed \(4004\)"):
                await page.until(lambda f: True)
            assert page.frames == []


async def test_no_page_hears_of_a_move_before_it_is_stored(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    held = [False]
    pushed: list[tuple[bool, JSON]] = []
    push = Socket.push

    def recording(socket: Socket, message: JSON) -> None:
        pushed.append((held[0], message))
        push(socket, message)

    monkeypatch.setattr(Socket, "push", recording)
    async with activity_tapis(emulator, tmp_path) as (tapis, base):
        table_id, where, users = await tapis.seat_and_start("nain-jaune", 3, "timer=0")
        table = tapis.bot.service.tables[table_id]
        applying = asyncio.Event()
        tapis.bot.service.applying.add(lambda _event: applying.set())
        async with aiohttp.ClientSession() as http:
            pages = [await open_page(http, base, emulator, u, where) for u in users]
            version = table.version()
            for page in pages:
                await page.until(lambda f: f.get("version") == version)
            mover = table.state.to_move()[0]
            action = next(c["action"] for c in pages[mover].state["hand"] if c["action"])
            lock = hold_write_lock(tmp_path / "tapis.db")
            held[0] = True
            await pages[mover].move(version, action)
            await applying.wait()  # applied to a copy, being stored: the write waits
            assert table.version() == version
            held[0] = False
            lock.execute("COMMIT")
            lock.close()
            for page in pages:
                await page.until(lambda f: f.get("version") == version + 1)
        assert pushed and not [m for was_held, m in pushed if was_held]


async def test_a_page_shows_the_turn_timer_of_a_human_turn(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with activity_tapis(emulator, tmp_path) as (tapis, base):
        table_id, where, users = await tapis.seat_and_start("nain-jaune", 2, "timer=90")
        table = tapis.bot.service.tables[table_id]
        async with aiohttp.ClientSession() as http:
            page = await open_page(http, base, emulator, users[0], where)
            first = await page.until(lambda f: f["type"] == "state")
            assert 80 <= first["timer"] <= 90  # the turn started with the match
            mover = table.state.to_move()[0]
            other = await open_page(http, base, emulator, users[1 - mover], where)
            mine = await open_page(http, base, emulator, users[mover], where)
            version = table.version()
            shown = await mine.until(lambda f: f.get("version") == version)
            action = next(c["action"] for c in shown["hand"] if c["action"])
            await mine.move(version, action)
            after = await other.until(lambda f: f.get("version") == version + 1)
            assert after["timer"] is not None and 80 <= after["timer"] <= 90
