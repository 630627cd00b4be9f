"""The fake gateway: one websocket endpoint speaking Discord's gateway protocol v10 (JSON, uncompressed).

discord.py 2.7.1 connects to ``DiscordWebSocket.DEFAULT_GATEWAY`` with ``?v=10&encoding=json&compress=zlib-stream``
(or zstd-stream). It only decompresses *binary* frames, so answering with plain text frames is fine and the
``compress`` query parameter is ignored.

Session model: one bot session per shard (``FakeDiscord(shards=N)``; one FakeGateway each). Every connection
arrives at shard 0's endpoint and belongs to the shard its IDENTIFY names (or whose session it RESUMEs). Every dispatch gets a sequence number and is kept in ``history`` so that a
RESUME (op 6) after a dropped connection replays everything the client missed. Dispatches made while no
connection is live are kept for a RESUME (replayed before RESUMED); a new session (IDENTIFY) does not get them,
as on Discord (`replay_to_new_session=True` restores the old, forgiving behaviour).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .common import PRIVILEGED_INTENTS

if TYPE_CHECKING:
    from .server import FakeDiscord

HELLO = 10
HEARTBEAT = 1
HEARTBEAT_ACK = 11
IDENTIFY = 2
PRESENCE = 3
RESUME = 6
RECONNECT = 7
REQUEST_MEMBERS = 8
INVALID_SESSION = 9
IDENTIFY_WINDOW_S = 5.0  # max_concurrency 1: one IDENTIFY per 5 s (Gateway, Rate Limiting)
DISPATCH = 0


class _Event:
    __slots__ = ("seq", "name", "data", "on_sent", "sent")

    def __init__(self, seq: int, name: str, data: Any, on_sent: Callable[[], None] | None) -> None:
        self.seq = seq
        self.name = name
        self.data = data
        self.on_sent = on_sent
        self.sent = False


class FakeGateway:
    def __init__(self, fake: FakeDiscord, *, heartbeat_interval: float = 41.25, history: int = 50_000,
                 shard_id: int = 0) -> None:
        self.fake = fake
        self.shard_id = shard_id
        self.heartbeat_interval = heartbeat_interval
        self.session_id: str | None = None
        self.seq = 0
        self.history: deque[_Event] = deque(maxlen=history)
        self.ws: web.WebSocketResponse | None = None  # the live (identified or resumed) connection
        self.sockets: set[web.WebSocketResponse] = set()
        self.identify_payload: dict[str, Any] | None = None
        self.intents: int | None = None
        self.shard: list[int] = [0, 1]
        # counters and a light log of every frame: (t, "in"/"out", op, event name, seq)
        self.connections = 0
        self.identifies = 0
        self.resumes = 0
        self.heartbeats = 0
        self.drops = 0
        self.log: list[tuple[float, str, int | None, str | None, int | None]] = []
        self.connect_queries: list[dict[str, str]] = []
        self.presence_updates: list[dict[str, Any]] = []
        # knobs
        self.invalidate_next_resume = False
        self._drop_on_next_dispatch: int | None = None
        self._lock = asyncio.Lock()
        self.ready = asyncio.Event()  # set while a live session exists

    @property
    def guild_ids(self) -> list[int]:
        """The guilds this shard serves."""
        return [g for g in self.fake.guild_names
                if self.fake.shard_of(g) == self.shard_id and g not in self.fake.left_guilds]

    @property
    def live(self) -> bool:
        return self.ws is not None and not self.ws.closed

    # ---- websocket endpoint -----------------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        self.connections += 1
        self.connect_queries.append(dict(request.query))
        self.sockets.add(ws)
        owner = self  # the shard this connection belongs to, once it identified or resumed
        try:
            await self._send(ws, {"op": HELLO, "d": {"heartbeat_interval": int(self.heartbeat_interval * 1000),
                                                     "_trace": ["fakediscord"]}})
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    owner = await owner._on_frame(ws, json.loads(msg.data))
                elif msg.type is WSMsgType.BINARY:  # the client never compresses what it sends; be lenient
                    owner = await owner._on_frame(ws, json.loads(msg.data.decode()))
        except (ConnectionError, RuntimeError):
            pass
        finally:
            self.sockets.discard(ws)
            if owner.ws is ws:
                owner.ws = None
                owner.ready.clear()
        return ws

    def _shard_session(self, op: int, data: dict[str, Any]) -> FakeGateway:
        """Which shard's session an IDENTIFY or RESUME is for."""
        gateways = self.fake.gateways
        if op == IDENTIFY:
            shard = (data.get("shard") or [0, 1])[0]
            return gateways[shard] if 0 <= shard < len(gateways) else self
        return next((g for g in gateways if g.session_id == data.get("session_id")), self)

    async def _send(self, ws: web.WebSocketResponse, payload: dict[str, Any]) -> None:
        self.log.append((time.perf_counter(), "out", payload.get("op"), payload.get("t"), payload.get("s")))
        await ws.send_str(json.dumps(payload, separators=(",", ":")))

    async def _on_frame(self, ws: web.WebSocketResponse, frame: dict[str, Any]) -> FakeGateway:
        """Handle one frame; returns the shard session the connection belongs to from now on."""
        op = frame.get("op")
        data = frame.get("d")
        if op in (IDENTIFY, RESUME) and isinstance(data, dict) and (shard := self._shard_session(op, data)) is not self:
            return await shard._on_frame(ws, frame)
        self.log.append((time.perf_counter(), "in", op, None, None))
        if op == HEARTBEAT:
            self.heartbeats += 1
            await self._send(ws, {"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            await self._identify(ws, data)
        elif op == RESUME:
            await self._resume(ws, data)
        elif op == PRESENCE:
            self.presence_updates.append(data)
        elif op == REQUEST_MEMBERS:
            await self._members_chunk(ws, data)
        return self

    async def _identify(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> None:
        fake = self.fake
        if fake.token_reset or (fake.token is not None and data.get("token") != fake.token):
            await ws.close(code=4004, message=b"Authentication failed.")
            return
        # Gateway, "Privileged Intents": "If you pass a privileged intent in the `intents` parameter without configuring
        # it in your app's settings, or being approved for it during verification, your Gateway connection will be
        # closed with a (`4014` close code)" (Opcodes and Status Codes: 4014 Disallowed intent(s), not to reconnect)
        asked = int(data.get("intents") or 0)
        if asked & PRIVILEGED_INTENTS & ~fake.privileged_intents:
            await ws.close(code=4014, message=b"Disallowed intent(s).")
            return
        # Gateway, Rate Limiting: "Apps also have a limit for concurrent Identify requests allowed per 5 seconds. If
        # you hit this limit, the Gateway will respond with an Invalid Session (opcode 9)"; GET /gateway/bot says
        # max_concurrency 1, so every shard shares one bucket. discord.py waits 5 s between the IDENTIFYs of one
        # process, not across a restart: a bot process started again within 5 s of its last login meets this
        now = time.monotonic()
        if fake.last_identify is not None and now - fake.last_identify < IDENTIFY_WINDOW_S:
            await self._send(ws, {"op": INVALID_SESSION, "d": False})
            return
        fake.last_identify = now
        if fake.session_start_limit is not None:
            # Gateway, Session Start Limit: "Upon hitting this limit, all active sessions for the app will be
            # terminated, the bot token will be reset, and the owner will receive an email notification"
            if fake.session_starts_left()[0] <= 0:
                fake.token_reset = True
                await ws.close(code=4004, message=b"Authentication failed.")
                for gateway in fake.gateways:
                    await gateway.close_all()
                return
            fake.session_starts.append(fake.now())
        self.identifies += 1
        self.identify_payload = data
        self.intents = data.get("intents")
        self.shard = list(data.get("shard") or [0, 1])
        async with self._lock:
            undelivered = [e for e in self.history if not e.sent]
            self.history.clear()
            self.session_id = secrets.token_hex(16)
            self.seq = 0
            ready = {
                "v": 10,
                "user_settings": {},
                "user": {**fake.bot.payload(), "verified": True, "mfa_enabled": False, "email": None},
                "guilds": [{"id": str(g), "unavailable": True} for g in self.guild_ids],
                "session_id": self.session_id,
                "session_type": "normal",
                "resume_gateway_url": fake.gateway_url,
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "application": {"id": str(fake.application_id), "flags": 0},
                "shard": self.shard,
                "_trace": ["fakediscord"],
            }
            await self._send_event(ws, self._new_event("READY", ready, None))
            for guild_id in self.guild_ids:
                await self._send_event(ws, self._new_event(
                    "GUILD_CREATE", fake.guild_payload(for_gateway=True, guild=guild_id), None))
            self.ws = ws
            self.ready.set()
            # what happened while the bot was away is not sent to a new session (Gateway, Resuming: only a RESUME
            # replays missed events); a click made meanwhile is never answered ("This interaction failed")
            if not fake.replay_to_new_session:
                undelivered = []
            for old in undelivered:
                event = self._new_event(old.name, old.data, old.on_sent)
                if not await self._send_event(ws, event):
                    break
        fake._notify()

    async def _resume(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> None:
        if self.fake.token_reset:
            await ws.close(code=4004, message=b"Authentication failed.")
            return
        self.resumes += 1
        client_seq = data.get("seq") or 0
        oldest = self.history[0].seq if self.history else self.seq + 1
        if (
            self.invalidate_next_resume
            or data.get("session_id") != self.session_id
            or client_seq + 1 < oldest
        ):
            self.invalidate_next_resume = False
            await self._send(ws, {"op": INVALID_SESSION, "d": False})
            return
        async with self._lock:
            for event in list(self.history):
                if event.seq > client_seq and not await self._send_event(ws, event):
                    return
            await self._send_event(ws, self._new_event("RESUMED", {"_trace": ["fakediscord"]}, None))
            self.ws = ws
            self.ready.set()
        self.fake._notify()

    async def _members_chunk(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> None:
        fake = self.fake
        wanted = {int(u) for u in (data.get("user_ids") or [])}
        query = (data.get("query") or "").lower()
        members = [
            u.member_payload()
            for u in fake.members
            if (not wanted or u.id in wanted) and u.name.lower().startswith(query)
        ]
        chunk = {"guild_id": str(fake.guild_id), "members": members, "chunk_index": 0, "chunk_count": 1,
                 "not_found": [], "nonce": data.get("nonce")}
        async with self._lock:
            await self._send_event(ws, self._new_event("GUILD_MEMBERS_CHUNK", chunk, None))

    # ---- dispatching ------------------------------------------------------------------------------------
    def _new_event(self, name: str, data: Any, on_sent: Callable[[], None] | None) -> _Event:
        self.seq += 1
        event = _Event(self.seq, name, data, on_sent)
        self.history.append(event)
        return event

    async def _send_event(self, ws: web.WebSocketResponse, event: _Event) -> bool:
        if event.on_sent is not None:
            event.on_sent()
        try:
            await self._send(ws, {"op": DISPATCH, "t": event.name, "s": event.seq, "d": event.data})
        except (ConnectionError, RuntimeError):
            if self.ws is ws:
                self.ws = None
                self.ready.clear()
            return False
        event.sent = True
        return True

    async def dispatch(self, name: str, data: Any, on_sent: Callable[[], None] | None = None) -> None:
        """Send a DISPATCH event now, or queue it until the bot (re)connects."""
        async with self._lock:
            event = self._new_event(name, data, on_sent)
            if self._drop_on_next_dispatch is not None and self.ws is not None:
                # the connection breaks right before this event goes out: only a RESUME replay can deliver it
                code, self._drop_on_next_dispatch = self._drop_on_next_dispatch, None
                ws, self.ws = self.ws, None
                self.ready.clear()
                self.drops += 1
                asyncio.get_running_loop().create_task(ws.close(code=code, message=b"fakediscord drop"))
                return
            if self.ws is not None:
                await self._send_event(self.ws, event)

    # ---- fault injection --------------------------------------------------------------------------------
    async def drop(self, *, code: int = 4000, on_next_dispatch: bool = False) -> None:
        if on_next_dispatch:
            self._drop_on_next_dispatch = code
            return
        ws = self.ws
        if ws is None:
            raise RuntimeError("no live gateway connection to drop")
        self.ws = None
        self.ready.clear()
        self.drops += 1
        await ws.close(code=code, message=b"fakediscord drop")

    async def close_all(self) -> None:
        self.ws = None
        self.ready.clear()
        for ws in list(self.sockets):
            await ws.close(code=1001, message=b"fakediscord stopping")
