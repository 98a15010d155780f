"""Simulated players for Tapis through the Discord emulator.

Players act only on what they can see: the public table message and their own ephemeral
hand. They open their hand with "Ma main", then play by clicking the buttons or picking the
select options the bot showed them.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import games
from bot.app.client import TapisBot
from bot.app.clock import Clock
from bot.app.settings import Settings
from bot.render.pictures import Pictures
from bot.table.options import TIMER
from bot.table.subcommands import slash_name
from db import Store
from emulator.drivers import Emulator
from emulator.fixtures import connect_client
from emulator.handles import InteractionHandle
from emulator.limits import WAIT
from emulator.model import Channel, Guild, Message, User
from games import Rng
from tests.bot.clock import ManualClock
from tests.bot.options_text import parse_options_text, public_fields
from tests.waiting import TIMEOUT

COMMANDS = (
    "table",
    "tables",
    "rules",
    "leaderboard",
    "stats",
    "season",
    "config",
    "revoir",
    "concours",
)
TURN_MARKERS = ("À vous de jouer", "Your turn")
FINAL_MARKERS = ("Partie terminée", "Game over")
ACTION_ID = re.compile(r"^(t|ts):")


def match_players(slug: str) -> int:
    """Seats for whole-match runs (tests, demo, load bench): the game's quick table size."""
    rules = games.get(slug)
    return rules.quick_players or rules.min_players


def table_command(slug: str, options: str | None = None) -> tuple[str, dict[str, Any]]:
    """`/table <slug>` with `options` ("timer=0 target=200", as the model's field names)
    as the typed parameters a host fills in, under their French names."""
    values, settings = parse_options_text(slug, options or "")
    infos = {**public_fields(slug), TIMER.name: TIMER}
    typed = {slash_name(infos[k].label["fr"]): v for k, v in {**values, **settings}.items()}
    return f"table {slug}", typed


def quick_options_text(slug: str) -> str:
    """The game's `quick_options` as the `/table options:` text a host would type."""
    allowed = public_fields(slug)
    parts = []
    for key, value in games.get(slug).quick_options.items():
        if key in allowed:
            text = str(value).lower() if isinstance(value, bool) else str(value)
            parts.append(f"{key}={text}")
    return " ".join(parts)


@dataclass
class Tapis:
    emu: Emulator
    bot: TapisBot
    store: Store
    guild: Guild
    channel: Channel
    users: list[User] = field(default_factory=list)

    def user(
        self,
        name: str,
        *,
        locale: str = "fr",
        manage_guild: bool = False,
        global_name: str | None = None,
    ) -> User:
        u = self.emu.create_user(
            name,
            global_name=global_name,
            locale=locale,
            guild=self.guild,
            manage_guild=manage_guild,
        )
        self.users.append(u)
        return u

    async def run(self, handle: InteractionHandle, timeout: float = WAIT) -> Message | None:
        """The answer the user sees (a hand opened from the table comes as a follow-up)."""
        return await handle.wait_reply(timeout)

    async def open_table(
        self, host: User, game: str, options: str | None = None, *, channel: Channel | None = None
    ) -> tuple[int, Channel, Message]:
        """/table in `channel` (default: the Tapis channel); the table's id, place and lobby."""
        command, typed = table_command(game, options)
        handle = await self.emu.slash(host, channel or self.channel, command, typed)
        reply = await self.run(handle)
        assert reply is not None, "no answer to /table"
        text = reply.content
        match = re.search(r"(?:n°|#)(\d+)", text)
        assert match, f"no table number in {text!r}"
        table_id = int(match[1])
        where = self.table_channel(table_id)
        lobby = await self.emu.wait_for_message(
            where, lambda m: _has_custom_id(m, f"tl:{table_id}:")
        )
        return table_id, where, lobby

    def table_channel(self, table_id: int) -> Channel:
        table = self.bot.service.tables[table_id]
        channel = self.emu.world.channel(table.where_id)
        assert channel is not None
        return channel

    async def seat_and_start(
        self,
        game: str,
        players: int,
        options: str | None = None,
        *,
        locales: list[str] | None = None,
        names: list[str] | None = None,
        channel: Channel | None = None,
        on_step: Callable[[Channel], Awaitable[None]] | None = None,
    ) -> tuple[int, Channel, list[User]]:
        """New users open, join and start a table; `names` become their display names and
        `on_step(where)` runs after the opening and after each lobby click (to watch the lobby)."""
        users = [
            self.user(
                f"joueur{len(self.users) + i}",
                locale=(locales or ["fr"] * players)[i],
                global_name=names[i] if names else None,
            )
            for i in range(players)
        ]
        table_id, where, lobby = await self.open_table(users[0], game, options, channel=channel)
        clicks = [(u, "join") for u in users[1:]] + [(users[0], "start")]
        for u, verb in clicks:
            if on_step is not None:
                await on_step(where)
            await self.run(await self.emu.click(u, lobby, f"tl:{table_id}:{verb}"))
        return table_id, where, users

    def public_message(self, table_id: int, where: Channel) -> Message:
        for msg in self.emu.public_messages(where):
            if _has_custom_id(msg, f"th:{table_id}") or _has_custom_id(msg, f"tl:{table_id}:"):
                return msg
            titles = msg.text_displays()[:1] or [e.get("title") or "" for e in msg.embeds[:1]]
            if titles and f"{table_id}" in titles[0]:
                return msg
        raise AssertionError("no public table message")

    def hand_of(self, user: User, where: Channel, table_id: int) -> Message | None:
        """The newest ephemeral hand this user sees for the table."""
        for msg in reversed(self.emu.visible(user, where)):
            if msg.visible_to == user.id and _has_custom_id(msg, f"th:{table_id}"):
                return msg
        return None


def modals_kept(bot: TapisBot) -> int:
    """How many modals discord.py keeps in memory waiting for their submit: its view
    store's, the library's internals, read here only."""
    return len(bot._connection._view_store._modals)  # discord.py's internals


def _components(msg: Message) -> list[dict[str, Any]]:
    """Every component of the message: buttons in rows, in containers, in sections."""
    return msg.iter_components()


def _has_custom_id(msg: Message, prefix: str) -> bool:
    return custom_id_of(msg, prefix) is not None


def custom_id_of(msg: Message, prefix: str) -> str | None:
    """The custom_id of the message's first component whose custom_id starts with `prefix`."""
    ids = (str(c.get("custom_id", "")) for c in _components(msg))
    return next((cid for cid in ids if cid.startswith(prefix)), None)


def text_of(msg: Message) -> str:
    """What a reader sees written: content, a layout's text displays, embeds."""
    parts = [msg.content, *msg.text_displays()]
    for e in msg.embeds:
        parts.append(e.get("title") or "")
        parts.append(e.get("description") or "")
        for f in e.get("fields") or []:
            parts.append(f.get("name", ""))
            parts.append(f.get("value", ""))
        parts.append((e.get("footer") or {}).get("text", ""))
    return "\n".join(parts)


def is_my_turn(msg: Message) -> bool:
    text = text_of(msg)
    return any(marker in text for marker in TURN_MARKERS) and any(
        ACTION_ID.match(str(c.get("custom_id", ""))) for c in _components(msg)
    )


def shown_version(msg: Message | None) -> int | None:
    """The state version a table message or a hand was drawn for: the component id its
    "Ma main" / "Actualiser" button is stamped with (bot.table.components.version_stamp),
    else None."""
    if msg is None:
        return None
    for comp in msg.iter_components():
        if str(comp.get("custom_id", "")).startswith("th:") and isinstance(comp.get("id"), int):
            return int(comp["id"]) - 1
    return None


def version_of(hand: Message) -> int:
    """The state version a hand was drawn for (see `shown_version`)."""
    version = shown_version(hand)
    assert version is not None, f"no version stamp on the hand {text_of(hand)[:200]!r}"
    return version


def is_over(msg: Message) -> bool:
    """The message shows the end of the match."""
    text = text_of(msg)
    return any(marker in text for marker in FINAL_MARKERS)


async def click_random_action(
    emu: Emulator, user: User, hand: Message, pick: Rng
) -> InteractionHandle:
    """Click one of the actions on the user's own hand, as a player would."""
    choices: list[tuple[str, str | None]] = []
    for comp in _components(hand):
        cid = str(comp.get("custom_id", ""))
        if comp.get("type") == 2 and cid.startswith("t:") and not comp.get("disabled"):
            choices.append((cid, None))
        elif comp.get("type") == 3 and cid.startswith("ts:"):
            for opt in comp.get("options", []):
                choices.append((cid, opt["value"]))
    assert choices, f"{user.username}'s hand shows no action: {text_of(hand)[:300]!r}"
    cid, value = pick.choice(choices)
    if value is None:
        return await emu.click(user, hand, cid)
    return await emu.select(user, hand, cid, [value])


async def play_until_over(
    tapis: Tapis,
    table_id: int,
    where: Channel,
    users: list[User],
    pick: Rng,
    *,
    max_actions: int = 5000,
    on_step: Any = None,
) -> int:
    """Everyone opens their hand, then whoever sees "your turn" plays, until the match ends.

    Between two moves it waits for what comes next: a hand that shows its player's turn,
    the end of the match, or the bot having nothing left to do about the table while no
    hand shows the turn (hands whose token the bot no longer holds are not refreshed:
    everyone opens theirs again)."""
    for u in users:
        await tapis.run(
            await tapis.emu.click(u, tapis.public_message(table_id, where), f"th:{table_id}")
        )
    actions = 0
    idle_rounds = 0

    def ready_now() -> list[tuple[User, Message]]:
        return [(u, h) for u in users if (h := tapis.hand_of(u, where, table_id)) and is_my_turn(h)]

    def next_step() -> list[tuple[User, Message]] | str | None:
        ready = ready_now()
        if ready:
            return ready
        table = tapis.bot.service.tables.get(table_id)
        if table is None:
            return "over"  # the automatic seats finished the match meanwhile
        state = table.state
        if state is not None and any(table.seats[s].automatic for s in state.to_move()):
            return None  # an AI or autopilot seat is to move: its move comes
        runtime = tapis.bot.runtimes.get(table_id)
        return "stale" if runtime is None or runtime.quiet() else None

    while table_id in tapis.bot.service.tables and actions < max_actions:
        step = await tapis.emu.wait_for(next_step, timeout=TIMEOUT)
        if step == "over":
            break
        if step == "stale":
            idle_rounds += 1
            if idle_rounds > 3:
                raise AssertionError("nobody sees their turn")
            public = tapis.public_message(table_id, where)
            for u in users:
                await tapis.run(await tapis.emu.click(u, public, f"th:{table_id}"))
            continue
        assert isinstance(step, list)
        ready = step
        idle_rounds = 0
        user, hand = pick.choice(ready)
        handle = await click_random_action(tapis.emu, user, hand, pick)
        await tapis.run(handle)
        actions += 1
        if on_step is not None:
            await on_step(actions)
    return actions


@asynccontextmanager
async def running_tapis(
    emu: Emulator,
    tmp_path: Path,
    *,
    token: str = "test-token",
    clock: Clock | None = None,
    ai_delay: float = 0.0,
    database_url: str | None = None,
    settings: dict[str, Any] | None = None,
    place: tuple[Guild, Channel] | None = None,
    card_emojis: bool = False,
    pictures: Pictures | None = None,
    review_iterations: int | None = None,
    table_seeds: Callable[[], int] | None = None,
) -> AsyncIterator[Tapis]:
    """The real bot on a fresh SQLite file in `tmp_path` (or on `database_url`, already
    migrated and empty), logged into `emu`, commands synced.

    Timers run on a manual clock unless `clock` says otherwise: they never fire unless the
    test moves it (the load bench passes real time). `settings` adds bot settings (as
    `Settings` fields); `place` is the guild and channel of an earlier run, for a restart
    on the same file (the default is a new guild with a "tables" channel). Pictures are
    drawn in a thread (no worker process per test), by `pictures` if given, and the card
    emojis are synced only with `card_emojis`. Reviews of finished matches are computed
    only with `settings={"review_workers": 1}` (a worker process), `review_iterations`
    simulations per decision. New tables are dealt from `table_seeds` when given (the same
    deals every run), else unpredictably, as in play.
    """
    url = database_url or f"sqlite+aiosqlite:///{tmp_path / 'tapis.db'}"
    store = await Store.open(url, migrate=database_url is None)
    chosen = Settings(  # type: ignore[call-arg]
        discord_token=token,
        database_url=url,
        ai_delay=ai_delay,
        _env_file=None,
        **{"picture_workers": 0, "review_workers": 0, "card_emojis": card_emojis}
        | (settings or {}),
    )
    bot = TapisBot(
        chosen,
        store=store,
        clock=clock or ManualClock(),
        pictures=pictures,
        review_iterations=review_iterations,
        table_seeds=table_seeds,
    )
    if place is None:
        guild = emu.create_guild("Le Tapis Vert")
        channel = emu.create_channel(guild, "tables")
    else:
        guild, channel = place
    try:
        async with connect_client(emu, bot):
            await emu.wait_commands(*COMMANDS)
            yield Tapis(emu=emu, bot=bot, store=store, guild=guild, channel=channel)
    finally:
        await store.close()


class Writes:
    """Every create/edit the emulator saw, with whether the database was held then."""

    def __init__(self, emulator: Emulator) -> None:
        self.held = False
        self.seen: list[tuple[bool, Message, str]] = []
        emulator.world.write_listeners.append(self._record)

    def _record(self, msg: Message) -> None:
        self.seen.append((self.held, msg, text_of(msg)))

    def while_held(self) -> list[tuple[Message, str]]:
        return [(msg, text) for held, msg, text in self.seen if held]


async def settled(tapis: Tapis, table_id: int) -> None:
    """Wait until the bot has drawn everything it knows about the table."""

    def quiet() -> bool:
        runtime = tapis.bot.runtimes.get(table_id)
        return runtime is not None and runtime.quiet()

    await tapis.emu.wait_for(quiet)


async def ready_to_play(tapis: Tapis) -> tuple[int, Channel, list[User], User, Message]:
    table_id, where, users = await tapis.seat_and_start("nain-jaune", 2, "timer=0")
    public = tapis.public_message(table_id, where)
    for u in users:
        await tapis.run(await tapis.emu.click(u, public, f"th:{table_id}"))
        # The first table's essentials follow the hand in the same click: let them go.
        await tapis.emu.wait_for(lambda u=u: tapis.bot.welcome.settled(u.id, "nain-jaune"))

    def mover() -> tuple[User, Message] | None:
        for u in users:
            hand = tapis.hand_of(u, where, table_id)
            if hand is not None and is_my_turn(hand):
                return u, hand
        return None

    user, hand = await tapis.emu.wait_for(mover)
    await settled(tapis, table_id)
    return table_id, where, users, user, hand
