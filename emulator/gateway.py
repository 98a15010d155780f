"""The gateway websocket: HELLO, IDENTIFY/READY, heartbeats, RESUME with replay, member chunks.

Frames are plain JSON text: discord.py asks for zlib-stream in the URL but decodes text frames
as they are, so no compression is needed. Dispatches are numbered per session and the last
REPLAY_LIMIT are kept, encoded, so a RESUME can replay what a dropped connection missed, as
Discord does; a RESUME from further back gets INVALID_SESSION.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from . import payloads
from .world import INTENT_MEMBERS, World

JSON = dict[str, Any]

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME = 0, 1, 2, 3, 4, 6
RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 7, 8, 9, 10, 11
# Dispatches kept for RESUME: enough for any reconnect a test provokes, and bounded so that a
# long or heavy run (the load bench) does not keep every event it ever sent.
REPLAY_LIMIT = 5000


@dataclass(eq=False)
class Connection:
    """One websocket; a single writer task keeps frames in order."""

    ws: web.WebSocketResponse
    request: web.Request
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    session: Session | None = None

    def send(self, frame: JSON) -> None:
        self.queue.put_nowait(json.dumps(frame))

    def send_text(self, text: str) -> None:
        self.queue.put_nowait(text)

    async def writer(self) -> None:
        while (text := await self.queue.get()) is not None:
            if self.ws.closed:
                return
            try:
                await self.ws.send_str(text)
            except (ConnectionError, RuntimeError):
                return


@dataclass(eq=False)
class Session:
    id: str
    token: str
    intents: int
    seq: int = 0
    # (seq, encoded frame): text rather than dicts, so the buffer costs the garbage collector
    # nothing and is encoded once for both sending and replaying.
    frames: deque[tuple[int, str]] = field(default_factory=lambda: deque(maxlen=REPLAY_LIMIT))
    connection: Connection | None = None

    def dispatch(self, event: str, data: JSON) -> None:
        self.seq += 1
        text = json.dumps({"op": DISPATCH, "t": event, "s": self.seq, "d": data})
        self.frames.append((self.seq, text))
        if self.connection is not None:
            self.connection.send_text(text)

    def can_replay_after(self, seq: int) -> bool:
        """Whether every dispatch after `seq` is still kept."""
        return not self.frames or self.frames[0][0] <= seq + 1


class GatewayHub:
    """Accepts bot connections and routes world events to the current session."""

    def __init__(self, world: World, *, heartbeat_interval_ms: int = 41250) -> None:
        self.world = world
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.url = ""
        self.sessions: dict[str, Session] = {}
        self.current: Session | None = None
        self.connections: set[Connection] = set()
        self.identifies = 0
        self.resumes = 0
        self._tasks: set[asyncio.Task[bool]] = set()
        world.dispatch = self.dispatch

    @property
    def connected(self) -> bool:
        return self.current is not None and self.current.connection is not None

    def dispatch(self, event: str, data: JSON, intent: int) -> None:
        session = self.current
        if session is None:
            return
        if intent and not session.intents & intent:
            return
        session.dispatch(event, data)

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        conn = Connection(ws, request)
        self.connections.add(conn)
        writer = asyncio.create_task(conn.writer())
        try:
            if request.query.get("encoding", "json") != "json":
                await ws.close(code=4002, message=b"Only encoding=json is emulated")
                return ws
            conn.send({"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                await self._on_frame(conn, json.loads(msg.data))
        finally:
            if conn.session is not None and conn.session.connection is conn:
                conn.session.connection = None
            self.connections.discard(conn)
            conn.queue.put_nowait(None)
            with contextlib.suppress(asyncio.CancelledError):
                await writer
            self.world.touch()
        return ws

    async def _on_frame(self, conn: Connection, frame: JSON) -> None:
        op, data = frame.get("op"), frame.get("d")
        if op == HEARTBEAT:
            conn.send({"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            await self._identify(conn, data or {})
        elif op == RESUME:
            self._resume(conn, data or {})
        elif op == REQUEST_MEMBERS:
            self._chunk(conn, data or {})
        elif op in (PRESENCE, VOICE):
            return
        else:
            await conn.ws.close(code=4001, message=b"Unknown opcode")

    async def _identify(self, conn: Connection, data: JSON) -> None:
        token = str(data.get("token") or "")
        if not token:
            conn.queue.put_nowait(None)
            await conn.ws.close(code=4004, message=b"Authentication failed")
            return
        session = Session(secrets.token_hex(16), token, int(data.get("intents") or 0))
        self.sessions[session.id] = session
        self.current = session
        session.connection = conn
        conn.session = session
        self.identifies += 1
        world = self.world
        ready = {
            "v": 10,
            "user": payloads.user(world.bot) | {"verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g), "unavailable": True} for g in world.guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.url,
            "shard": [0, 1],
            "application": {"id": str(world.application_id), "flags": 0},
            "private_channels": [],
            "presences": [],
            "relationships": [],
            "user_settings": {},
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
        }
        session.dispatch("READY", ready)
        all_members = bool(session.intents & INTENT_MEMBERS)
        for guild in world.guilds.values():
            session.dispatch("GUILD_CREATE", world.guild_payload(guild, all_members))
        world.touch()

    def _resume(self, conn: Connection, data: JSON) -> None:
        session = self.sessions.get(str(data.get("session_id")))
        seq = int(data.get("seq") or 0)
        if session is None or session is not self.current or not session.can_replay_after(seq):
            conn.send({"op": INVALID_SESSION, "d": False})
            return
        if session.connection is not None and session.connection is not conn:
            old = session.connection
            task = asyncio.create_task(old.ws.close(code=4000))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        session.connection = conn
        conn.session = session
        for number, text in session.frames:
            if number > seq:
                conn.send_text(text)
        self.resumes += 1
        session.dispatch("RESUMED", {})
        self.world.touch()

    def _chunk(self, conn: Connection, data: JSON) -> None:
        if conn.session is None:
            return
        raw = data.get("guild_id")
        guild_ids = raw if isinstance(raw, list) else [raw]
        for guild_id in guild_ids:
            guild = self.world.guilds.get(int(guild_id or 0))
            if guild is None:
                continue
            wanted = [int(u) for u in data.get("user_ids") or []]
            query = str(data.get("query") or "").lower()
            members = list(guild.members.values())
            if wanted:
                members = [m for m in members if m.user.id in wanted]
            elif query:
                members = [m for m in members if m.user.username.lower().startswith(query)]
            limit = int(data.get("limit") or 0)
            if limit:
                members = members[:limit]
            found = {m.user.id for m in members}
            chunk: JSON = {
                "guild_id": str(guild.id),
                "members": [payloads.member(m) for m in members],
                "chunk_index": 0,
                "chunk_count": 1,
                "not_found": [str(u) for u in wanted if u not in found],
            }
            if data.get("nonce"):
                chunk["nonce"] = data["nonce"]
            conn.session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    async def drop(self, *, resumable: bool = True, abrupt: bool = False) -> None:
        """Cut the bot's current connection (close code 4000, like a network blip).

        With resumable=False the session is forgotten first, so the bot's RESUME gets an
        INVALID_SESSION and it has to IDENTIFY again.
        """
        session = self.current
        if session is None or session.connection is None:
            raise RuntimeError("no bot connection to drop")
        conn = session.connection
        session.connection = None
        if not resumable:
            self.sessions.pop(session.id, None)
        conn.queue.put_nowait(None)
        if abrupt and conn.request.transport is not None:
            conn.request.transport.close()
        else:
            await conn.ws.close(code=4000, message=b"Dropped by the emulator")

    def request_reconnect(self) -> None:
        """Send op 7 RECONNECT; discord.py closes and resumes by itself."""
        if self.current is None or self.current.connection is None:
            raise RuntimeError("no bot connection")
        self.current.connection.send({"op": RECONNECT, "d": None})

    async def close_all(self) -> None:
        for conn in list(self.connections):
            conn.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await conn.ws.close(code=1001, message=b"Emulator shutting down")
