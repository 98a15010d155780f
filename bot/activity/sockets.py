"""The Activity's live sockets: each bound to one user and one channel, sent the table of
that channel as that user's seat sees it after every stored change.

A socket's frames come from `Stored` events only, once the change is the table's (store,
then show). Each socket keeps only the newest frame not yet sent: a slow page skips frames
instead of queueing them, since every frame is the whole table. A move from a socket goes
through the table's session like a button click.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from ..i18n.translate import has, tr
from ..render.words import names_of, table_title
from ..table.hint import Adviser, hint_answer, refusal
from ..table.model import Table
from ..table.service import TableService
from ..table.session import ServiceError, StaleVersion, Stored
from .frames import frame
from .identity import Player

log = logging.getLogger("tapis.activity")
SAID_KEPT = 8  # answers waiting for a slow page, at most


@dataclass(eq=False)
class Socket:
    """One page: who is there (Discord said so), where, and the table it shows."""

    ws: web.WebSocketResponse
    player: Player
    lang: str
    table_id: int | None = None
    _pending: str | None = None
    _said: list[str] = field(default_factory=list)
    _ready: asyncio.Event = field(default_factory=asyncio.Event)

    def push(self, message: dict[str, Any]) -> None:
        """Send `message` soon; a newer frame replaces one not yet sent, while an answer
        (an error, a hint) is sent after it, never dropped for a frame."""
        text = json.dumps(message, ensure_ascii=False)
        if message.get("type") == "state":
            self._pending = text
        else:
            self._said = [*self._said[-(SAID_KEPT - 1) :], text]
        self._ready.set()

    async def pump(self) -> None:
        """Write what `push` left, in order, until the socket closes."""
        while not self.ws.closed:
            await self._ready.wait()
            self._ready.clear()
            texts = [self._pending] if self._pending is not None else []
            texts, self._pending, self._said = texts + self._said, None, []
            for text in texts:
                try:
                    await self.ws.send_str(text)
                except ConnectionError:
                    return


class Sockets:
    """Every socket of this process, by channel; told of every stored change."""

    def __init__(self, service: TableService, adviser: Adviser | None = None) -> None:
        self.service = service
        self.adviser = adviser  # 💡 Conseil, searched and stored as for the Discord button
        self._by_channel: dict[int, set[Socket]] = {}
        # When each open table's last change was stored (its revision, the loop's time): its
        # turn timer started then (bot.table.turns), so a page counts down what is left.
        self._since: dict[int, tuple[int, float]] = {}
        service.stored.add(self.stored)

    def add(self, socket: Socket) -> None:
        self._by_channel.setdefault(socket.player.channel_id, set()).add(socket)

    def remove(self, socket: Socket) -> None:
        sockets = self._by_channel.get(socket.player.channel_id)
        if sockets is not None:
            sockets.discard(socket)
            if not sockets:
                del self._by_channel[socket.player.channel_id]

    def count(self) -> int:
        return sum(len(s) for s in self._by_channel.values())

    def tables_of(self, channel_id: int) -> list[Table]:
        """The open tables a page in this channel may show, oldest first."""
        tables = self.service.tables.values()
        return sorted(
            (t for t in tables if channel_id in (t.channel_id, t.where_id)), key=lambda t: t.id
        )

    def stored(self, event: Stored) -> None:
        """A change is stored and the table's: every page showing that table, or waiting
        for one in its channel, gets its own seat's frame."""
        table = event.table
        if table.id in self.service.tables:
            self._since[table.id] = (event.revision, asyncio.get_running_loop().time())
        else:
            self._since.pop(table.id, None)
        for channel_id in {table.channel_id, table.where_id}:
            for socket in list(self._by_channel.get(channel_id, ())):
                if socket.table_id is None or socket.table_id not in self.service.tables:
                    socket.table_id = table.id  # a new table once the page's is over
                if socket.table_id == table.id:
                    self.show(socket, table)

    def show(self, socket: Socket, table: Table, note: str | None = None) -> None:
        seat = table.seat_of(socket.player.user_id)
        message = frame(table, seat, socket.lang, note)
        message["tables"] = [
            {"id": t.id, "title": table_title(t, socket.lang)}
            for t in self.tables_of(table.where_id)
        ]
        message["timer"] = self.seconds_left(table)
        socket.push(message)

    def seconds_left(self, table: Table) -> int | None:
        """The turn timer's seconds left, for a human's turn; None when there is none or
        this process did not see the turn start (after a restart, until the next move)."""
        state = table.state
        since = self._since.get(table.id)
        if table.timer <= 0 or state is None or state.is_over() or since is None:
            return None
        if since[0] != table.revision or all(table.seats[s].automatic for s in state.to_move()):
            return None
        elapsed = asyncio.get_running_loop().time() - since[1]
        return max(0, round(table.timer - elapsed))

    def bind(self, socket: Socket, wanted: Any = None) -> None:
        """Show the page the table it asks for if it is in its channel, else the newest."""
        tables = self.tables_of(socket.player.channel_id)
        chosen = next((t for t in tables if t.id == wanted), tables[-1] if tables else None)
        if chosen is None:
            socket.table_id = None
            socket.push({"type": "notice", "text": tr("activity.no_table", socket.lang)})
            return
        socket.table_id = chosen.id
        self.show(socket, chosen)

    async def move(self, socket: Socket, version: Any, action: Any) -> None:
        """A move from the page: the session checks, stores and publishes it, like a
        click; a stale one gets the table as it is now, a refused one a short sentence."""
        if type(version) is not int or not isinstance(action, str) or socket.table_id is None:
            socket.push({"type": "error", "text": tr("err.bad_button", socket.lang)})
            return
        try:
            session = self.service.session(socket.table_id)
            await session.play(socket.player.user_id, version, action[:200], answered=False)
        except StaleVersion:
            self.show(socket, session.table, tr("activity.moved_on", socket.lang))
        except ServiceError as exc:
            key = exc.key if exc.key == "illegal" or has(exc.key) else "err.generic"
            socket.push({"type": "error", "text": tr(key, socket.lang, **exc.params)})
        except Exception as exc:  # a bug of ours: said kindly, logged without its text
            log.error("an Activity move failed (%s)", type(exc).__name__)
            socket.push({"type": "error", "text": tr("err.generic", socket.lang)})

    async def hint(self, socket: Socket, version: Any) -> None:
        """The page's 💡: the Discord button's hint (bot.table.hint), stored before it is
        shown, and said to this socket only, in its language."""
        user_id, lang = socket.player.user_id, socket.lang
        table = self.service.tables.get(socket.table_id or 0)
        if self.adviser is None or type(version) is not int:
            socket.push({"type": "error", "text": tr("err.bad_button", lang)})
            return
        if (why := refusal(table, user_id, version)) is not None:
            socket.push({"type": "error", "text": tr(why, lang)})
            return
        assert table is not None
        seat = table.seat_of(user_id)
        assert seat is not None
        found = await self.adviser.advise(table, seat, user_id, version)
        if isinstance(found, str):
            socket.push({"type": "error", "text": tr(found, lang)})
            return
        text = hint_answer(found, table.rules.words, lang, names_of(table))
        socket.push({"type": "hint", "text": text, "version": version})

    async def close_all(self) -> None:
        for sockets in list(self._by_channel.values()):
            for socket in list(sockets):
                with contextlib.suppress(Exception):
                    await socket.ws.close(code=1012, message=b"restarting")
