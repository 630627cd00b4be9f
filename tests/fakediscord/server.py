"""A small fake Discord (REST + gateway) on 127.0.0.1 for end-to-end tests of a discord.py bot.

    fake = FakeDiscord()
    await fake.start()                      # fake.api_base, fake.gateway_url
    ... start the bot with DISCORD_API_BASE=fake.api_base, DISCORD_GATEWAY_URL=fake.gateway_url ...
    ix = await fake.slash("anna", "spieltisch", "schieberamsch new", options={"players": 4})
    await ix.wait()
    assert ix.ephemeral
    await fake.stop()

See README.md in this package for the API and the recorded-request structure. This module assembles the fake:
its state, start and stop, the world's users, guilds and channels; the REST entry point is `rest.py`, what
tests read and wait for `lookups.py`.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from aiohttp import web

from .actions import UserActions
from .common import (
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILDS,
)
from .gateway import FakeGateway
from .lifecycle import ACTIVE_THREAD_CAP, WorldRules
from .lookups import Lookups
from .message_store import MessageStore
from .models import (
    ALL_PERMISSIONS,
    BOT_ROLE_PERMISSIONS,
    EVERYONE_PERMISSIONS,
    GUILD_TEXT,
    PERMISSIONS,
    PRIVATE_THREAD,
    FakeAttachment,
    FakeChannel,
    FakeMessage,
    FakeUser,
    Snowflakes,
    iso_now,
)
from .records import FakeInteraction, RecordedRequest
from .rest import RestEntry
from .routes_channels import ChannelRoutes
from .routes_commands import CommandRoutes
from .routes_interactions import InteractionRoutes
from .rules import GLOBAL_LIMIT, Limits

_EVENT_INTENTS = {
    **{e: INTENT_GUILDS for e in ("CHANNEL_CREATE", "CHANNEL_UPDATE", "CHANNEL_DELETE", "THREAD_CREATE",
                                  "THREAD_UPDATE", "THREAD_DELETE")},
    **{e: INTENT_GUILDS for e in ("GUILD_ROLE_CREATE", "GUILD_ROLE_UPDATE", "GUILD_ROLE_DELETE")},
    **{e: INTENT_GUILD_MEMBERS for e in ("GUILD_MEMBER_ADD", "GUILD_MEMBER_UPDATE", "GUILD_MEMBER_REMOVE")},
}


class FakeDiscord(UserActions, WorldRules, MessageStore, Lookups, RestEntry, CommandRoutes, InteractionRoutes,
                  ChannelRoutes):
    """A fake Discord: one guild, its text channels and members, the bot, DMs, threads and interactions."""

    def __init__(
        self,
        *,
        guild_name: str = "Stammtisch Test",
        channels: Iterable[str] = ("general", "spieltisch"),
        users: Iterable[str | tuple[str, str]] = (("anna", "de"), ("bernd", "de"), ("ceca", "hr"),
                                                    ("dario", "en-US")),
        bot_name: str = "Stammtisch",
        token: str | None = None,
        seed: int = 0,
        heartbeat_interval: float = 41.25,
        fail_rate: float = 0.0,
        fail_statuses: tuple[int, ...] = (500, 429),
        retry_after: float = 0.05,
        fail_max_consecutive: int = 2,
        fail_filter: Callable[[RecordedRequest], bool] | None = None,
        rest_delay: float = 0.0,
        gateway_delay: float = 0.0,
        callback_deadline: float | None = 3.0,
        token_lifetime: float | None = 900.0,
        auto_archive: bool = True,
        thread_cap: int | None = ACTIVE_THREAD_CAP,
        route_limits: bool = True,
        global_limit: int | None = GLOBAL_LIMIT,
        old_edit_limit: bool = True,
        dm_open_limit: bool = True,
        invalid_request_ban: bool = True,
        store_file_bytes: bool = True,
        echo_bot_messages: bool = False,
        attachment_size_limit: int = 10 * 1024 * 1024,
        command_wait: float = 5.0,
        shards: int = 1,
        replay_to_new_session: bool = False,
        command_create_limit: bool = True,
        session_start_limit: int | None = 1000,
        privileged_intents: int = 0,
    ) -> None:
        self.clock_offset = 0.0  # see advance()
        # the privileged intents toggled on in the Developer Portal (GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT:
        # common.PRIVILEGED_INTENTS); an IDENTIFY that asks for another closes with 4014 (gateway.py)
        self.privileged_intents = privileged_intents
        self.snowflake = Snowflakes(lambda: self.clock_offset)
        self.token = token  # None: accept any token
        self.application_id = self.snowflake()
        self.guild_id = self.snowflake()
        self.guild_name = guild_name
        self.guild_names: dict[int, str] = {self.guild_id: guild_name}  # every guild; see add_guild()
        self.everyone_role_id = self.guild_id
        self.bot_role_id = self.snowflake()
        self.bot = FakeUser(id=self.application_id, name=bot_name, locale="en-US", bot=True,
                            roles=[self.bot_role_id])
        self.users: dict[int, FakeUser] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.dm_channels: dict[int, FakeChannel] = {}  # user id -> DM channel
        self.messages: dict[int, FakeMessage] = {}
        self.attachments: dict[int, FakeAttachment] = {}
        self.commands: dict[int | None, dict[tuple[int, str], dict[str, Any]]] = {None: {}}  # guild id/None
        self.emojis: dict[int, dict[str, Any]] = {}
        self.extra_roles: dict[int, dict[str, Any]] = {}  # role id -> role payload (see grant())
        self.interactions: dict[int, FakeInteraction] = {}
        self._by_token: dict[str, FakeInteraction] = {}
        self.requests: list[RecordedRequest] = []
        # one gateway session per shard; guild events go to the guild's shard, DMs to shard 0 (as Discord does)
        self.shard_count = shards
        self.gateways = [FakeGateway(self, heartbeat_interval=heartbeat_interval, shard_id=i) for i in range(shards)]
        self.gateway = self.gateways[0]
        # fault injection and behaviour knobs
        self.rng = random.Random(seed)
        self.fail_rate = fail_rate
        self.fail_statuses = fail_statuses
        self.retry_after = retry_after
        self.fail_max_consecutive = fail_max_consecutive
        self.fail_filter = fail_filter
        self.rest_delay = rest_delay
        # seconds between an interaction's creation at Discord (its snowflake's time, where its 3 s begin) and its
        # INTERACTION_CREATE reaching the bot's socket: the gateway's lag, which the deadline counts too
        self.gateway_delay = gateway_delay
        # Gateway, Resuming: only a RESUME replays what a session missed; a new session (IDENTIFY, a restarted bot)
        # starts from READY, and what happened meanwhile is not sent to it. True: the old, forgiving behaviour
        self.replay_to_new_session = replay_to_new_session
        self.command_create_limit = command_create_limit  # 200 command creates per scope and day (30034)
        self.command_creates: dict[int | None, list[float]] = {}  # scope -> when each command was created
        # Gateway, Session Start Limit: IDENTIFYs per 24 hours; past it Discord resets the bot's token
        self.session_start_limit = session_start_limit
        self.session_starts: list[float] = []  # when each IDENTIFY came (fake clock)
        self.last_identify: float | None = None  # monotonic time of the last IDENTIFY taken (max_concurrency)
        self.token_reset = False  # the limit was passed: every request is refused, as with a reset token
        self.callback_deadline = callback_deadline
        self.store_file_bytes = store_file_bytes
        self.echo_bot_messages = echo_bot_messages
        self.attachment_size_limit = attachment_size_limit
        self.command_wait = command_wait
        # Discord's rules (each on by default; see README "Discord's rules the fake enforces")
        self.token_lifetime = token_lifetime  # Receiving and Responding: tokens are valid for 15 minutes
        self.auto_archive = auto_archive
        self.thread_cap = thread_cap
        self.old_edit_limit = old_edit_limit
        self.dm_open_limit = dm_open_limit
        self.limits = Limits(self.now, route_limits=route_limits, global_limit=global_limit, ban=invalid_request_ban)
        self.active_thread_count: dict[int, int] = {}  # guild id -> active (not archived) threads
        # follow-ups asked to be ephemeral that replaced a public "thinking" message, which keeps its visibility
        # (routes_interactions `_h_followup`): (interaction id, message id); public on the real Discord too
        self.ignored_flags: list[tuple[int, int]] = []
        self.archived_threads: list[int] = []  # thread ids in the order they were archived (by timer or PATCH)
        self.deleted_channels: dict[int, FakeChannel] = {}
        self.left_guilds: set[int] = set()  # guilds the bot was removed from (remove_bot)
        self.departed: set[int] = set()  # users who left every guild (remove_member): no DMs from the bot
        self.dm_closed: set[int] = set()  # user ids whose DMs answer 403 / 50007
        self.denied: dict[int, int] = {}  # channel id -> permission bits the bot lacks (REST answers 403 / 50013)
        self.allowed: dict[int, int] = {}  # channel id -> permission bits a moderator gave the bot there
        self.nonces: dict[tuple[int, str], tuple[FakeMessage, float]] = {}  # (channel, nonce) -> message, when
        self._consecutive_faults: dict[tuple[str, str], int] = {}
        self._scheduled_faults: list[list[Any]] = []  # [kind, status, remaining]
        self._waiters: list[tuple[Callable[[], Any], asyncio.Future[Any]]] = []
        # called with every finished RecordedRequest (cheaper than many wait_for() predicates, e.g. in a benchmark)
        self.request_listeners: list[Callable[[RecordedRequest], None]] = []
        self._tasks: set[asyncio.Task[Any]] = set()
        self._runner: web.AppRunner | None = None
        self.base_url = self.api_base = self.gateway_url = ""
        for i, name in enumerate(channels):
            self.add_channel(name, position=i)
        for entry in users:
            name, locale = (entry, "de") if isinstance(entry, str) else entry
            self.add_user(name, locale=locale)

    # ---- lifecycle --------------------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> FakeDiscord:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", r"/api/v{version:\d+}/{tail:.*}", self._handle_rest)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._serve_attachment)
        self._spawn(self._sweeper())
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port, backlog=2048)
        await site.start()
        server = site._server
        assert server is not None
        port = server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.base_url = f"http://{host}:{port}"
        self.api_base = f"{self.base_url}/api/v10"
        self.gateway_url = f"ws://{host}:{port}/gateway"
        for att in self.attachments.values():
            att.url = self._attachment_url(att)
        return self

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for gateway in self.gateways:
            await gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    def env(self, *, dev_guild: bool = False, token: str = "fake-token") -> dict[str, str]:
        """Environment variables pointing a bot process (``python -m bot``) at this fake.

        dev_guild=True also sets DEV_GUILD_ID to the fake guild, so the bot syncs guild commands."""
        env = {"DISCORD_API_BASE": self.api_base, "DISCORD_GATEWAY_URL": self.gateway_url,
               "DISCORD_TOKEN": self.token or token}
        if dev_guild:
            env["DEV_GUILD_ID"] = str(self.guild_id)
        return env

    def session_starts_left(self) -> tuple[int, float]:
        """(IDENTIFYs left in the 24-hour window, seconds until the oldest leaves it): GET /gateway/bot's
        session_start_limit."""
        now = self.now()
        self.session_starts = [t for t in self.session_starts if now - t < 86400]
        total = self.session_start_limit or 1000
        reset_after = 86400 - (now - self.session_starts[0]) if self.session_starts else 86400
        return max(0, total - len(self.session_starts)), reset_after

    def wants(self, event: str, *, dm: bool = False) -> bool:
        """Whether the bot's IDENTIFY intents subscribe it to ``event`` (no session yet: no)."""
        intents = self.gateway.intents
        if self.gateway.session_id is None:
            return False
        if intents is None:
            return True
        bit = _EVENT_INTENTS.get(event)
        if bit is None and event.startswith("MESSAGE_"):
            bit = INTENT_DIRECT_MESSAGES if dm else INTENT_GUILD_MESSAGES
        return bit is None or bool(intents & bit)

    def _emit(self, event: str, data: dict[str, Any], *, dm: bool = False) -> None:
        """Dispatch a state-change event in the background (queued while the bot is disconnected). Nothing about a
        thread the bot may not see (Threads, "Permissions": "Clients will not be informed of a thread through the
        gateway if they do not have permission to view that thread")."""
        if event.startswith("THREAD_") and event != "THREAD_LIST_SYNC":
            thread = self.channels.get(int(data["id"])) or self.deleted_channels.get(int(data["id"]))
            if thread is not None and not self.bot_in_thread(thread):
                return
        if self.wants(event, dm=dm):
            self._spawn(self.gateway_for(data).dispatch(event, data))

    def _spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def shard_of(self, guild_id: int) -> int:
        return (guild_id >> 22) % self.shard_count

    def gateway_for(self, data: dict[str, Any]) -> FakeGateway:
        """The session an event goes to: its guild's shard; DMs and guildless events go to shard 0."""
        guild_id = data.get("guild_id")
        return self.gateways[self.shard_of(int(guild_id))] if guild_id else self.gateways[0]

    @property
    def live(self) -> bool:
        """Every shard has a live gateway session."""
        return all(g.live for g in self.gateways)

    # ---- world building ---------------------------------------------------------------------------------
    def add_guild(self, name: str, *, shard: int | None = None) -> int:
        """Another guild (with the same members), on `shard` if given. Add its channels with add_channel(guild=).
        Call it before the bot connects: its GUILD_CREATE goes out with READY."""
        guild_id = self.snowflake()
        while shard is not None and self.shard_of(guild_id) != shard:
            guild_id += 1 << 22  # the next millisecond: shard = (id >> 22) % shard count
        self.snowflake._last = max(self.snowflake._last, guild_id)
        self.guild_names[guild_id] = name
        return guild_id

    def add_user(self, name: str, *, locale: str = "de", global_name: str | None = None) -> FakeUser:
        user = FakeUser(id=self.snowflake(), name=name, locale=locale, global_name=global_name)
        self.users[user.id] = user
        self._emit("GUILD_MEMBER_ADD", {**user.member_payload(), "guild_id": str(self.guild_id)})
        return user

    def add_channel(self, name: str, *, position: int | None = None, topic: str | None = None,
                    guild: int | None = None) -> FakeChannel:
        guild_id = guild or self.guild_id
        if position is None:
            position = sum(1 for c in self.channels.values() if c.type == GUILD_TEXT and c.guild_id == guild_id)
        channel = FakeChannel(id=self.snowflake(), name=name, type=GUILD_TEXT, guild_id=guild_id,
                              position=position, topic=topic)
        self.channels[channel.id] = channel
        self._emit("CHANNEL_CREATE", channel.payload())
        return channel

    def close_dms(self, user: FakeUser | int | str, closed: bool = True) -> None:
        """The user does not accept DMs from the bot: POST to their DM channel answers 403 / 50007."""
        uid = self.user(user).id
        if closed:
            self.dm_closed.add(uid)
        else:
            self.dm_closed.discard(uid)

    def deny_bot(self, channel: FakeChannel | int | str, *permissions: str, announce: bool = True) -> None:
        """Take permissions (names from models.PERMISSIONS) from the bot in a channel: REST answers 403 / 50013.

        With announce=True a member overwrite is added to the channel (and CHANNEL_UPDATE dispatched if connected)
        so discord.py's permissions_for() sees it too; with announce=False only REST refuses, as after a race.
        """
        ch = self.channel(channel)
        bits = 0
        for name in permissions:
            bits |= PERMISSIONS[name]
        self.denied[ch.id] = self.denied.get(ch.id, 0) | bits
        if announce and not ch.is_thread and not ch.is_dm:
            self._overwrite_bot(ch)

    def allow_bot(self, channel: FakeChannel | int | str, *permissions: str) -> None:
        """Give the bot permissions in a channel beyond its role's (a moderator's overwrite, e.g. "manage_threads"),
        announced as `deny_bot` announces."""
        ch = self.channel(channel)
        for name in permissions:
            self.allowed[ch.id] = self.allowed.get(ch.id, 0) | PERMISSIONS[name]
            self.denied[ch.id] = self.denied.get(ch.id, 0) & ~PERMISSIONS[name]
        if not ch.is_thread and not ch.is_dm:
            self._overwrite_bot(ch)

    def _overwrite_bot(self, ch: FakeChannel) -> None:
        """The bot's member overwrite in `ch`, as allowed and denied (CHANNEL_UPDATE, so that discord.py's
        permissions_for() agrees with REST)."""
        ch.overwrites = [o for o in ch.overwrites if o["id"] != str(self.bot.id)]
        ch.overwrites.append({"id": str(self.bot.id), "type": 1, "allow": str(self.allowed.get(ch.id, 0)),
                              "deny": str(self.denied.get(ch.id, 0))})
        self._emit("CHANNEL_UPDATE", ch.payload())

    def grant(self, user: FakeUser | int | str, *permissions: str, role_name: str | None = None) -> int:
        """Give a user guild permissions (names from models.PERMISSIONS, e.g. "manage_messages") through a new
        role; interactions then carry them in member.permissions. Returns the role id."""
        u = self.user(user)
        bits = 0
        for name in permissions:
            bits |= PERMISSIONS[name]
        role_id = self.snowflake()
        role = {"id": str(role_id), "name": role_name or f"{u.name}-{'+'.join(permissions)}",
                "permissions": str(bits), "position": 2 + len(self.extra_roles), "color": 0, "hoist": False,
                "managed": False, "mentionable": False, "flags": 0, "icon": None, "unicode_emoji": None}
        self.extra_roles[role_id] = role
        u.roles.append(role_id)
        self._emit("GUILD_ROLE_CREATE", {"guild_id": str(self.guild_id), "role": role})
        self._emit("GUILD_MEMBER_UPDATE", {**u.member_payload(), "guild_id": str(self.guild_id)})
        return role_id

    def user_permissions(self, user: FakeUser) -> int:
        """A member's guild permissions: @everyone plus their roles (administrator means everything)."""
        bits = BOT_ROLE_PERMISSIONS if user is self.bot else EVERYONE_PERMISSIONS
        for role_id in user.roles:
            if role_id in self.extra_roles:
                bits |= int(self.extra_roles[role_id]["permissions"])
        return ALL_PERMISSIONS if bits & PERMISSIONS["administrator"] else bits

    def bot_permissions(self, channel: FakeChannel, *, as_member: bool = False) -> int:
        """The bot's permissions in a channel. A thread's are its channel's (Threads, "Permissions"), but a private
        thread is seen only by its members and moderators: "You must be invited to the thread to be able to view or
        participate in it, or be a moderator (MANAGE_THREADS permission)". Outside one the bot has no View Channel
        there, so every channel route answers 403 / 50001 Missing Access (`as_member`: as if it had been added)."""
        if channel.is_dm:
            return EVERYONE_PERMISSIONS
        base = channel.parent_id if channel.is_thread and channel.parent_id else channel.id
        granted = EVERYONE_PERMISSIONS | BOT_ROLE_PERMISSIONS | self.allowed.get(base, 0) | self.allowed.get(channel.id, 0)
        granted &= ~self.denied.get(base, 0) & ~self.denied.get(channel.id, 0)
        if not as_member and not self.bot_in_thread(channel, granted):
            granted &= ~PERMISSIONS["view_channel"]
        return granted

    def bot_in_thread(self, channel: FakeChannel, granted: int | None = None) -> bool:
        """Whether the bot may see `channel` as far as thread membership goes: anything but a private thread, one
        it is a member of, or one in a channel where it has Manage Threads."""
        if channel.type != PRIVATE_THREAD or self.bot.id in channel.thread_members:
            return True
        if granted is None:
            granted = self.bot_permissions(channel, as_member=True)
        return bool(granted & PERMISSIONS["manage_threads"])

    def add_to_thread(self, thread: FakeChannel | int | str, user: FakeUser | int | str) -> None:
        """Someone adds `user` to a thread (a private thread's member invites them, or mentions them in it). The bot,
        added to a private thread it could not see, gets THREAD_CREATE (Threads, "Gaining Access to Private
        Threads": "Whenever a user is added to a private thread, the Gateway also sends a Thread Create event") and
        THREAD_MEMBERS_UPDATE (Threads: "always sent when the current user is added to or removed from a thread")."""
        ch = self.channel(thread)
        u = self.user(user)
        if u.id in ch.thread_members:
            return
        ch.thread_members.add(u.id)
        if u is self.bot:
            self._emit("THREAD_CREATE", ch.payload())
            self._emit("THREAD_MEMBERS_UPDATE", {
                "id": str(ch.id), "guild_id": str(ch.guild_id), "member_count": len(ch.thread_members),
                "added_members": [{"id": str(ch.id), "user_id": str(u.id), "join_timestamp": iso_now(), "flags": 0}]})

    def remove_from_thread(self, thread: FakeChannel | int | str, user: FakeUser | int | str) -> None:
        """Someone removes `user` from a thread. The bot, removed from a private thread (without Manage Threads),
        sees it no more (`bot_in_thread`: its posts there answer 403 / 50001) and gets THREAD_MEMBERS_UPDATE with
        itself among `removed_member_ids` (Threads: "always sent when the current user is added to or removed
        from a thread")."""
        ch = self.channel(thread)
        u = self.user(user)
        if u.id not in ch.thread_members:
            return
        ch.thread_members.discard(u.id)
        if u is self.bot:
            self._emit("THREAD_MEMBERS_UPDATE", {
                "id": str(ch.id), "guild_id": str(ch.guild_id), "member_count": len(ch.thread_members),
                "removed_member_ids": [str(u.id)]})

    @property
    def members(self) -> list[FakeUser]:
        return [self.bot, *(u for u in self.users.values() if u.id not in self.departed)]

    def guild_payload(self, *, for_gateway: bool = False, guild: int | None = None) -> dict[str, Any]:
        guild_id = guild or self.guild_id
        roles = [
            {"id": str(self.everyone_role_id if guild_id == self.guild_id else guild_id), "name": "@everyone", "permissions": str(EVERYONE_PERMISSIONS),
             "position": 0, "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0,
             "icon": None, "unicode_emoji": None},
            {"id": str(self.bot_role_id), "name": self.bot.name, "permissions": str(BOT_ROLE_PERMISSIONS),
             "position": 1, "color": 0, "hoist": False, "managed": True, "mentionable": False, "flags": 0,
             "icon": None, "unicode_emoji": None, "tags": {"bot_id": str(self.bot.id)}},
            *self.extra_roles.values(),
        ]
        everyone = self.members
        intents = self.gateway.intents
        if for_gateway and intents is not None and not intents & INTENT_GUILD_MEMBERS:
            everyone = [self.bot]  # without GUILD_MEMBERS Discord only sends the bot's own member
        members = [u.member_payload() for u in everyone]
        owner = next(iter(self.users.values()), self.bot)
        return {
            "id": str(guild_id),
            "name": self.guild_names[guild_id],
            "icon": None, "splash": None, "discovery_splash": None, "banner": None, "description": None,
            "owner_id": str(owner.id),
            "afk_channel_id": None, "afk_timeout": 300,
            "verification_level": 0, "default_message_notifications": 1, "explicit_content_filter": 0,
            "mfa_level": 0, "nsfw_level": 0, "premium_tier": 0, "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "roles": roles, "emojis": [], "stickers": [], "features": [],
            "application_id": None, "system_channel_id": None, "system_channel_flags": 0,
            "rules_channel_id": None, "public_updates_channel_id": None, "safety_alerts_channel_id": None,
            "max_members": 500000, "max_video_channel_users": 25, "vanity_url_code": None,
            "preferred_locale": "de",
            "joined_at": self.bot.joined_at,
            "large": False, "unavailable": False, "lazy": True,
            "member_count": len(self.members),
            "members": members,
            "channels": [c.payload() for c in self.channels.values() if not c.is_thread and c.guild_id == guild_id],
            "threads": [c.payload() for c in self.channels.values()
                        if c.is_thread and not c.archived and c.guild_id == guild_id and self.bot_in_thread(c)],
            "voice_states": [], "presences": [], "stage_instances": [], "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    # ---- fault injection (REST faults: fail_next in rest.py) ---------------------------------------------
    async def drop_gateway_once(self, *, code: int = 4000, on_next_dispatch: bool = False,
                                resumable: bool = True) -> None:
        """Close the bot's gateway connection (close code 4000: discord.py reconnects and RESUMEs; the fake
        replays what it missed, then sends RESUMED).

        on_next_dispatch=True: instead break the connection right before the next dispatch goes out, so that
        event only reaches the bot through the replay. resumable=False: answer the RESUME with INVALID_SESSION
        (d=false), so the bot re-IDENTIFYs; undelivered events then follow the new READY + GUILD_CREATE.
        """
        if not resumable:
            self.gateway.invalidate_next_resume = True
        await self.gateway.drop(code=code, on_next_dispatch=on_next_dispatch)
