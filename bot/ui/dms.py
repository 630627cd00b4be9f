"""Direct-message channels per user, across tables and restarts.

Discord limits how fast a bot may open DM channels (`POST /users/@me/channels`), and every refused call
(403 50007 "Cannot send messages to this user") counts towards its limit of invalid requests (10,000 per
10 minutes, then Cloudflare bans the bot's IP for an hour: developer docs, Rate Limits, "Invalid Request Limit").
So the channel id is kept once known (stored, since discord.py's cache is gone after a restart), and a user
whose DMs are closed is not tried again before a cool-down has passed, at any of their tables.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from bot.db import Database

CLOSED_COOL_DOWN = 6 * 3600.0  # seconds before closed DMs are tried again (a player may open them meanwhile)


class DMChannels:
    def __init__(self, db: Database, *, clock: Callable[[], float] = time.time):
        self.db = db
        self.clock = clock
        self._channels: dict[int, int] = {}
        self._closed_until: dict[int, float] = {}
        self._left: set[int] = set()  # ... because they share no server with the bot any more (50278)
        self._loaded = False
        self._loading = asyncio.Lock()

    async def load(self) -> None:
        if self._loaded:  # asked before every hand sent: no lock once loaded
            return
        async with self._loading:
            if self._loaded:
                return
            for r in await self.db.fetchall("SELECT user_id, channel_id, closed_until, left_servers FROM dm_channels"):
                if r["channel_id"] is not None:
                    self._channels[r["user_id"]] = r["channel_id"]
                if r["closed_until"] is not None:
                    self._closed_until[r["user_id"]] = r["closed_until"]
                if r["left_servers"]:
                    self._left.add(r["user_id"])
            self._loaded = True

    def channel_id(self, user_id: int) -> int | None:
        return self._channels.get(user_id)

    def closed(self, user_id: int) -> bool:
        """Whether the user's DMs refused a message less than a cool-down ago."""
        until = self._closed_until.get(user_id)
        return until is not None and self.clock() < until

    def left(self, user_id: int) -> bool:
        """Whether that refusal said the user shares no server with the bot (they left, or were kicked)."""
        return user_id in self._left

    async def remember(self, user_id: int, channel_id: int) -> None:
        if self._channels.get(user_id) == channel_id and user_id not in self._closed_until:
            return
        self._channels[user_id] = channel_id
        self._closed_until.pop(user_id, None)
        self._left.discard(user_id)
        await self._store(user_id)

    async def forget_channel(self, user_id: int) -> None:
        """The stored channel is gone (404): open a new one next time."""
        if self._channels.pop(user_id, None) is not None:
            await self._store(user_id)

    async def reopen(self, user_id: int) -> None:
        """Try this user's DMs again at the next send (they may have opened them, or come back to the server)."""
        if self._closed_until.pop(user_id, None) is not None or user_id in self._left:
            self._left.discard(user_id)
            await self._store(user_id)

    async def mark_closed(self, user_id: int, *, left: bool = False) -> None:
        self._closed_until[user_id] = self.clock() + CLOSED_COOL_DOWN
        if left:
            self._left.add(user_id)
        else:
            self._left.discard(user_id)
        await self._store(user_id)

    async def _store(self, user_id: int) -> None:
        await self.db.execute(
            "INSERT INTO dm_channels (user_id, channel_id, closed_until, left_servers) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id,"
            " closed_until = excluded.closed_until, left_servers = excluded.left_servers",
            (user_id, self._channels.get(user_id), self._closed_until.get(user_id), int(user_id in self._left)))
