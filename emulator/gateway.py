"""The gateway websocket: HELLO, IDENTIFY/READY, heartbeats, RESUME with replay, member chunks.

Shards as Discord has them: IDENTIFY carries `[shard_id, shard_count]` (default `[0, 1]`);
each shard's session gets a READY listing the guilds of that shard, and a guild's events go
only to the session of its shard, `(guild_id >> 22) % shard_count` (events of no guild go to
shard 0). A new IDENTIFY for a shard takes that shard's events over from the previous session.

Frames are plain JSON text: discord.py asks for zlib-stream in the URL but decodes text frames
as they are, so no compression is needed. Dispatches are numbered per session and the last
REPLAY_LIMIT are kept, encoded, so a RESUME can replay what a dropped connection missed, as
Discord does; a RESUME from further back gets INVALID_SESSION.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
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
INVALID_SHARD, SHARDING_REQUIRED = 4010, 4011
# Discord requires sharding past 2,500 guilds per shard (Limits) and recommends about 1,000.
GUILDS_PER_RECOMMENDED_SHARD = 1000
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
    shard_id: int = 0
    shard_count: int = 1
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

    def serves(self, guild_id: int | None) -> bool:
        """Whether this session's shard gets the events of that guild (None: no guild)."""
        if guild_id is None:
            return self.shard_id == 0
        return (guild_id >> 22) % self.shard_count == self.shard_id

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
        # The session that gets each shard's events (the latest IDENTIFY for that shard).
        self.shards: dict[int, Session] = {}
        self.shard_count = 1
        self.current: Session | None = None  # the latest IDENTIFY of any shard
        self.connections: set[Connection] = set()
        self.identifies = 0
        self.identifies_by_shard: dict[int, int] = {}
        self.resumes = 0
        # GET /gateway/bot's `shards`; None: one per GUILDS_PER_RECOMMENDED_SHARD guilds.
        self.recommended: int | None = None
        self._tasks: set[asyncio.Task[bool]] = set()
        world.dispatch = self.dispatch

    @property
    def connected(self) -> bool:
        return self.current is not None and self.current.connection is not None

    def shard_connected(self, shard_id: int) -> bool:
        session = self.shards.get(shard_id)
        return session is not None and session.connection is not None

    def connected_shards(self) -> list[int]:
        return sorted(i for i in self.shards if self.shard_connected(i))

    def recommended_shards(self) -> int:
        if self.recommended is not None:
            return self.recommended
        return max(1, math.ceil(len(self.world.guilds) / GUILDS_PER_RECOMMENDED_SHARD))

    def dispatch(self, event: str, data: JSON, intent: int, guild_id: int | None = None) -> None:
        for session in self.shards.values():
            if not session.serves(guild_id):
                continue
            if intent and not session.intents & intent:
                continue
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
        shard_id, shard_count = self._shard(data.get("shard"))
        world = self.world
        if shard_count < 1 or not 0 <= shard_id < shard_count:
            conn.queue.put_nowait(None)
            await conn.ws.close(code=INVALID_SHARD, message=b"Invalid shard")
            return
        if len(world.guilds) > world.limits.guilds_per_shard * shard_count:
            conn.queue.put_nowait(None)
            await conn.ws.close(code=SHARDING_REQUIRED, message=b"Sharding required")
            return
        session = Session(
            secrets.token_hex(16), token, int(data.get("intents") or 0), shard_id, shard_count
        )
        self.sessions[session.id] = session
        if shard_count != self.shard_count:  # the bot was resharded: old sessions are gone
            self.shards.clear()
            self.shard_count = shard_count
        self.shards[shard_id] = session
        self.current = session
        session.connection = conn
        conn.session = session
        self.identifies += 1
        self.identifies_by_shard[shard_id] = self.identifies_by_shard.get(shard_id, 0) + 1
        guilds = [g for g in world.guilds.values() if session.serves(g.id)]
        ready = {
            "v": 10,
            "user": payloads.user(world.bot) | {"verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.url,
            "shard": [shard_id, shard_count],
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
        for guild in guilds:
            session.dispatch("GUILD_CREATE", world.guild_payload(guild, all_members))
        world.touch()

    @staticmethod
    def _shard(raw: object) -> tuple[int, int]:
        if raw is None:
            return 0, 1
        if isinstance(raw, list) and len(raw) == 2 and all(isinstance(x, int) for x in raw):
            return raw[0], raw[1]
        return -1, 0  # refused as an invalid shard

    def _resume(self, conn: Connection, data: JSON) -> None:
        session = self.sessions.get(str(data.get("session_id")))
        seq = int(data.get("seq") or 0)
        current = self.shards.get(session.shard_id) if session is not None else None
        if session is None or session is not current or not session.can_replay_after(seq):
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

    def _session(self, shard_id: int | None) -> Session | None:
        return self.current if shard_id is None else self.shards.get(shard_id)

    async def drop(
        self, *, resumable: bool = True, abrupt: bool = False, shard_id: int | None = None
    ) -> None:
        """Cut the bot's current connection, or that shard's (close code 4000, like a
        network blip).

        With resumable=False the session is forgotten first, so the bot's RESUME gets an
        INVALID_SESSION and it has to IDENTIFY again.
        """
        session = self._session(shard_id)
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

    def request_reconnect(self, shard_id: int | None = None) -> None:
        """Send op 7 RECONNECT; discord.py closes and resumes by itself."""
        session = self._session(shard_id)
        if session is None or session.connection is None:
            raise RuntimeError("no bot connection")
        session.connection.send({"op": RECONNECT, "d": None})

    async def close_all(self) -> None:
        for conn in list(self.connections):
            conn.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await conn.ws.close(code=1001, message=b"Emulator shutting down")
