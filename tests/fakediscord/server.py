"""A small fake Discord (REST + gateway) on 127.0.0.1 for end-to-end tests of a discord.py bot.

    fake = FakeDiscord()
    await fake.start()                      # fake.api_base, fake.gateway_url
    ... start the bot with DISCORD_API_BASE=fake.api_base, DISCORD_GATEWAY_URL=fake.gateway_url ...
    ix = await fake.slash("anna", "spieltisch", "schieberamsch new", options={"players": 4})
    await ix.wait()
    assert ix.ephemeral
    await fake.stop()

See README.md in this package for the API and the recorded-request structure.
"""

from __future__ import annotations

import asyncio
import json
import math
import random
import re
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from aiohttp import web

from .actions import UserActions
from .common import (
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILDS,
    json_response,
)
from .gateway import FakeGateway
from .lifecycle import ACTIVE_THREAD_CAP, WorldRules
from .message_store import MessageStore
from .models import (
    ALL_PERMISSIONS,
    BOT_ROLE_PERMISSIONS,
    DM,
    EVERYONE_PERMISSIONS,
    GUILD_TEXT,
    PERMISSIONS,
    FakeAttachment,
    FakeChannel,
    FakeInteraction,
    FakeMessage,
    FakeUser,
    RecordedFile,
    RecordedRequest,
    Snowflakes,
)
from .routes_channels import ChannelRoutes
from .routes_commands import CommandRoutes
from .routes_interactions import InteractionRoutes
from .rules import (
    GLOBAL_LIMIT,
    ROUTE_RULES,
    Limits,
    RateLimitedError,
    bucket_hash,
    rate_limit_response_headers,
)
from .validation import DiscordError

Handler = Callable[[RecordedRequest, dict[str, str], Any, list[RecordedFile]], Awaitable[tuple[int, Any]]]

# (method, path template, kind, handler name); first match wins
ROUTES: list[tuple[str, str, str, str]] = [
    ("GET", "/users/@me", "login", "_h_me"),
    ("POST", "/users/@me/channels", "dm_open", "_h_dm_open"),
    ("GET", "/users/{user_id}", "user_get", "_h_user_get"),
    ("GET", "/oauth2/applications/@me", "application_info", "_h_app_info"),
    ("GET", "/applications/@me", "application_info", "_h_app_info"),
    ("GET", "/gateway", "gateway", "_h_gateway"),
    ("GET", "/gateway/bot", "gateway", "_h_gateway_bot"),
    # application commands
    ("PUT", "/applications/{application_id}/commands", "command_sync", "_h_commands_put"),
    ("GET", "/applications/{application_id}/commands", "commands_get", "_h_commands_get"),
    ("POST", "/applications/{application_id}/commands", "command_upsert", "_h_command_post"),
    ("GET", "/applications/{application_id}/commands/{command_id}", "command_get", "_h_command_get"),
    ("PATCH", "/applications/{application_id}/commands/{command_id}", "command_edit", "_h_command_patch"),
    ("DELETE", "/applications/{application_id}/commands/{command_id}", "command_delete", "_h_command_delete"),
    ("GET", "/applications/{application_id}/guilds/{guild_id}/commands/permissions", "commands_get",
     "_h_command_permissions"),
    ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", "command_sync", "_h_commands_put"),
    ("GET", "/applications/{application_id}/guilds/{guild_id}/commands", "commands_get", "_h_commands_get"),
    ("POST", "/applications/{application_id}/guilds/{guild_id}/commands", "command_upsert", "_h_command_post"),
    ("GET", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}", "command_get",
     "_h_command_get"),
    ("PATCH", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}", "command_edit",
     "_h_command_patch"),
    ("DELETE", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}", "command_delete",
     "_h_command_delete"),
    ("GET", "/applications/{application_id}/emojis", "emojis_get", "_h_emojis_get"),
    ("POST", "/applications/{application_id}/emojis", "emoji_create", "_h_emoji_create"),
    ("DELETE", "/applications/{application_id}/emojis/{emoji_id}", "emoji_delete", "_h_emoji_delete"),
    ("GET", "/applications/{application_id}/entitlements", "entitlements_get", "_h_empty_list"),
    # interactions
    ("POST", "/interactions/{interaction_id}/{token}/callback", "interaction_callback", "_h_callback"),
    ("GET", "/webhooks/{application_id}/{token}/messages/@original", "original_get", "_h_original_get"),
    ("PATCH", "/webhooks/{application_id}/{token}/messages/@original", "original_edit", "_h_original_edit"),
    ("DELETE", "/webhooks/{application_id}/{token}/messages/@original", "original_delete", "_h_original_delete"),
    ("POST", "/webhooks/{application_id}/{token}", "followup", "_h_followup"),
    ("GET", "/webhooks/{application_id}/{token}/messages/{message_id}", "followup_get", "_h_followup_get"),
    ("PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}", "followup_edit", "_h_followup_edit"),
    ("DELETE", "/webhooks/{application_id}/{token}/messages/{message_id}", "followup_delete", "_h_followup_delete"),
    # channels and messages
    ("GET", "/channels/{channel_id}", "channel_get", "_h_channel_get"),
    ("PATCH", "/channels/{channel_id}", "channel_edit", "_h_channel_edit"),
    ("DELETE", "/channels/{channel_id}", "channel_delete", "_h_channel_delete"),
    ("POST", "/channels/{channel_id}/messages", "message_create", "_h_message_create"),
    ("GET", "/channels/{channel_id}/messages", "messages_get", "_h_messages_get"),
    ("GET", "/channels/{channel_id}/messages/{message_id}", "message_get", "_h_message_get"),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}", "message_edit", "_h_message_edit"),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}", "message_delete", "_h_message_delete"),
    ("POST", "/channels/{channel_id}/typing", "typing", "_h_no_content"),
    ("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", "reaction_add",
     "_h_reaction_add"),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", "reaction_remove",
     "_h_reaction_remove"),
    ("POST", "/channels/{channel_id}/threads", "thread_create", "_h_thread_create"),
    ("POST", "/channels/{channel_id}/messages/{message_id}/threads", "thread_create", "_h_thread_from_message"),
    ("PUT", "/channels/{channel_id}/thread-members/{user_id}", "thread_member_add", "_h_thread_member_add"),
    ("DELETE", "/channels/{channel_id}/thread-members/{user_id}", "thread_member_remove",
     "_h_thread_member_remove"),
    # guild
    ("GET", "/guilds/{guild_id}", "guild_get", "_h_guild_get"),
    ("GET", "/guilds/{guild_id}/channels", "guild_channels_get", "_h_guild_channels"),
    ("GET", "/guilds/{guild_id}/roles", "guild_roles_get", "_h_guild_roles"),
    ("GET", "/guilds/{guild_id}/members", "members_get", "_h_members_get"),
    ("GET", "/guilds/{guild_id}/members/{user_id}", "member_get", "_h_member_get"),
]


_EVENT_INTENTS = {
    **{e: INTENT_GUILDS for e in ("CHANNEL_CREATE", "CHANNEL_UPDATE", "CHANNEL_DELETE", "THREAD_CREATE",
                                  "THREAD_UPDATE", "THREAD_DELETE")},
    **{e: INTENT_GUILDS for e in ("GUILD_ROLE_CREATE", "GUILD_ROLE_UPDATE", "GUILD_ROLE_DELETE")},
    **{e: INTENT_GUILD_MEMBERS for e in ("GUILD_MEMBER_ADD", "GUILD_MEMBER_UPDATE", "GUILD_MEMBER_REMOVE")},
}


def _compile(template: str) -> re.Pattern[str]:
    pattern = re.escape(template)
    pattern = re.sub(r"\\\{(\w+)\\\}", lambda m: f"(?P<{m.group(1)}>[^/]+)", pattern)
    return re.compile(f"^{pattern}$")


_COMPILED = [(method, _compile(template), f"{method} {template}", kind, name)
             for method, template, kind, name in ROUTES]


class FakeDiscord(UserActions, WorldRules, MessageStore, CommandRoutes, InteractionRoutes, ChannelRoutes):
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
    ) -> None:
        self.snowflake = Snowflakes()
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
        self.clock_offset = 0.0  # see advance()
        self.limits = Limits(self.now, route_limits=route_limits, global_limit=global_limit, ban=invalid_request_ban)
        self.active_thread_count: dict[int, int] = {}  # guild id -> active (not archived) threads
        self.archived_threads: list[int] = []  # thread ids in the order they were archived (by timer or PATCH)
        self.deleted_channels: dict[int, FakeChannel] = {}
        self.left_guilds: set[int] = set()  # guilds the bot was removed from (remove_bot)
        self.dm_closed: set[int] = set()  # user ids whose DMs answer 403 / 50007
        self.denied: dict[int, int] = {}  # channel id -> permission bits the bot lacks (REST answers 403 / 50013)
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
        """Dispatch a state-change event in the background (queued while the bot is disconnected)."""
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
            ch.overwrites = [o for o in ch.overwrites if o["id"] != str(self.bot.id)]
            ch.overwrites.append({"id": str(self.bot.id), "type": 1, "allow": "0", "deny": str(self.denied[ch.id])})
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

    def bot_permissions(self, channel: FakeChannel) -> int:
        if channel.is_dm:
            return EVERYONE_PERMISSIONS
        base = channel.parent_id if channel.is_thread and channel.parent_id else channel.id
        return (EVERYONE_PERMISSIONS | BOT_ROLE_PERMISSIONS) & ~self.denied.get(base, 0) & ~self.denied.get(
            channel.id, 0)

    @property
    def members(self) -> list[FakeUser]:
        return [self.bot, *self.users.values()]

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
                        if c.is_thread and not c.archived and c.guild_id == guild_id],
            "voice_states": [], "presences": [], "stage_instances": [], "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    # ---- lookups ----------------------------------------------------------------------------------------
    def user(self, ref: FakeUser | int | str) -> FakeUser:
        if isinstance(ref, FakeUser):
            return ref
        if isinstance(ref, int):
            if ref == self.bot.id:
                return self.bot
            return self.users[ref]
        for u in self.users.values():
            if u.name == ref:
                return u
        raise LookupError(f"no user {ref!r}; users: {[u.name for u in self.users.values()]}")

    def channel(self, ref: FakeChannel | int | str) -> FakeChannel:
        if isinstance(ref, FakeChannel):
            return ref
        if isinstance(ref, int):
            return self.channels[ref] if ref in self.channels else self.deleted_channels[ref]
        for c in [*self.channels.values(), *self.deleted_channels.values()]:
            if c.name == ref:
                return c
        raise LookupError(f"no channel {ref!r}; channels: {[c.name for c in self.channels.values()]}")

    def dm_channel(self, user: FakeUser | int | str) -> FakeChannel:
        """The user's DM channel with the bot (created on demand, as a user opening the DM would)."""
        u = self.user(user)
        ch = self.dm_channels.get(u.id)
        if ch is None:
            ch = FakeChannel(id=self.snowflake(), name=f"dm-{u.name}", type=DM, recipient=u)
            self.dm_channels[u.id] = ch
            self.channels[ch.id] = ch
        return ch

    def message(self, ref: FakeMessage | int) -> FakeMessage:
        return ref if isinstance(ref, FakeMessage) else self.messages[ref]

    def messages_in(self, channel: FakeChannel | int | str, *, visible_to: FakeUser | int | str | None = None,
                    include_deleted: bool = False) -> list[FakeMessage]:
        ch = self.channel(channel)
        out = [m for m in ch.messages if include_deleted or not m.deleted]
        if visible_to is not None:
            uid = self.user(visible_to).id
            out = [m for m in out if m.visible_to(uid)]
        return out

    def last_message(self, channel: FakeChannel | int | str, *, visible_to: FakeUser | int | str | None = None,
                     author: FakeUser | int | str | None = None) -> FakeMessage | None:
        msgs = self.messages_in(channel, visible_to=visible_to)
        if author is not None:
            aid = self.user(author).id
            msgs = [m for m in msgs if m.author.id == aid]
        return msgs[-1] if msgs else None

    def dms(self, user: FakeUser | int | str) -> list[FakeMessage]:
        """The bot's (not deleted) messages in the user's DM channel, oldest first."""
        ch = self.dm_channels.get(self.user(user).id)
        return [m for m in ch.messages if not m.deleted and m.author.bot] if ch else []

    def last_dm(self, user: FakeUser | int | str) -> FakeMessage | None:
        msgs = self.dms(user)
        return msgs[-1] if msgs else None

    @property
    def threads(self) -> list[FakeChannel]:
        return [c for c in self.channels.values() if c.is_thread]

    def thread(self, name: str) -> FakeChannel:
        for t in self.threads:
            if t.name == name:
                return t
        raise LookupError(f"no thread {name!r}; threads: {[t.name for t in self.threads]}")

    def requests_of(self, kind: str, *, since: int = 0) -> list[RecordedRequest]:
        return [r for r in self.requests[since:] if r.kind == kind]

    def mark(self) -> int:
        """An index into ``requests``; pass it as ``since=`` to count only what came after."""
        return len(self.requests)

    def counts_by_kind(self, since: int = 0, *, ok_only: bool = False) -> Counter[str]:
        return Counter(r.kind for r in self.requests[since:] if not ok_only or r.ok)

    @property
    def unhandled_requests(self) -> list[RecordedRequest]:
        return [r for r in self.requests if r.unhandled]

    @property
    def failed_requests(self) -> list[RecordedRequest]:
        """Requests answered with a (non-injected) error: what the bot did wrong or Discord would refuse."""
        return [r for r in self.requests if r.status is not None and r.status >= 400 and r.fault is None]

    def latencies(self, *, answer: bool = False, kind: str | None = None) -> list[float]:
        """Dispatch-to-callback seconds of every answered interaction (answer=True: to the first visible answer,
        i.e. after a defer the first edit/followup). kind: "slash", "component", "modal_submit", "autocomplete"."""
        out = []
        for ix in self.interactions.values():
            if kind is not None and ix.kind != kind:
                continue
            value = ix.answer_latency if answer else ix.latency
            if value is not None:
                out.append(value)
        return out

    def latency_stats(self, *, answer: bool = False, kind: str | None = None) -> dict[str, float]:
        """n, mean, p50, p90, p99, max (seconds) of latencies(); nearest-rank percentiles."""
        values = sorted(self.latencies(answer=answer, kind=kind))
        if not values:
            return {"n": 0}

        def pct(p: float) -> float:
            return values[min(len(values) - 1, max(0, math.ceil(p / 100 * len(values)) - 1))]

        return {"n": len(values), "mean": sum(values) / len(values), "p50": pct(50), "p90": pct(90),
                "p99": pct(99), "max": values[-1]}

    def command(self, name: str, *, guild: bool | None = None) -> dict[str, Any]:
        """A registered chat-input command by top-level name (guild commands shadow global ones)."""
        scopes: list[int | None] = [self.guild_id, None] if guild is None else ([self.guild_id] if guild else [None])
        for scope in scopes:
            cmd = self.commands.get(scope, {}).get((1, name))
            if cmd is not None:
                return cmd
        names = sorted({n for scope in self.commands.values() for (_, n) in scope})
        raise LookupError(f"no command {name!r} registered; registered: {names}")

    # ---- waiting ----------------------------------------------------------------------------------------
    async def wait_for(self, predicate: Callable[[], Any], timeout: float = 5.0, what: str | None = None,
                       poll: float = 0.05) -> Any:
        """Wait until predicate() is truthy and return its value. Re-checked after every request and gateway
        event of the fake, and every ``poll`` seconds (for predicates on state outside the fake)."""
        result = predicate()
        if result:
            return result
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[Any] = loop.create_future()
        entry = (predicate, fut)
        self._waiters.append(entry)
        deadline = loop.time() + timeout
        try:
            while not fut.done():
                remaining = deadline - loop.time()
                if remaining <= 0:
                    bad = [r for r in self.requests if r.status is not None and r.status >= 400][-5:]
                    raise TimeoutError(f"timed out after {timeout}s waiting for {what or predicate}; "
                                       f"last error answers: {bad}")
                await asyncio.wait([fut], timeout=min(poll, remaining))
                if not fut.done():
                    result = predicate()
                    if result:
                        return result
            return fut.result()
        finally:
            self._waiters.remove(entry)

    def _notify(self) -> None:
        for predicate, fut in list(self._waiters):
            if fut.done():
                continue
            try:
                result = predicate()
            except Exception as exc:  # surface assertion bugs in predicates to the waiting test
                fut.set_exception(exc)
                continue
            if result:
                fut.set_result(result)

    async def wait_until_connected(self, timeout: float = 10.0) -> None:
        """Until the bot has a live gateway session (READY + GUILD_CREATE sent, or RESUMED)."""
        try:
            await asyncio.wait_for(self.gateway.ready.wait(), timeout)
        except TimeoutError:
            raise TimeoutError(f"bot did not connect to the gateway within {timeout}s; "
                               f"requests so far: {self.requests[-5:]}") from None

    async def wait_for_commands(self, *names: str, timeout: float = 10.0) -> None:
        def registered() -> bool:
            have = {n for scope in self.commands.values() for (t, n) in scope if t == 1}
            return bool(have) and all(n in have for n in names)

        await self.wait_for(registered, timeout, what=f"commands {names or '(any)'} to be synced")

    # ---- fault injection --------------------------------------------------------------------------------
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

    def fail_next(self, kind: str, status: int = 500, count: int = 1) -> None:
        """Deterministic faults: the next ``count`` requests of ``kind`` (e.g. "interaction_callback",
        "message_create", "dm_message_create") answer ``status`` (500 or 429)."""
        self._scheduled_faults.append([kind, status, count])

    def _pick_fault(self, rec: RecordedRequest) -> int | None:
        for entry in self._scheduled_faults:
            if entry[0] == rec.kind and entry[2] > 0:
                entry[2] -= 1
                return entry[1]
        if self.fail_rate <= 0:
            return None
        if self.fail_filter is not None and not self.fail_filter(rec):
            return None
        key = (rec.method, rec.path)
        if self._consecutive_faults.get(key, 0) >= self.fail_max_consecutive:
            return None
        if self.rng.random() >= self.fail_rate:
            return None
        self._consecutive_faults[key] = self._consecutive_faults.get(key, 0) + 1
        return self.rng.choice(self.fail_statuses)

    def _fault_response(self, rec: RecordedRequest, status: int) -> web.Response:
        if status == 429:
            ra = self.retry_after
            body = {"message": "You are being rate limited.", "retry_after": ra, "global": False}
            rule = ROUTE_RULES.get(rec.route)
            bucket = bucket_hash(rule.bucket if rule else rec.route)  # the bucket the route really has
            headers = {
                "Retry-After": str(max(1, math.ceil(ra))),
                "X-RateLimit-Limit": "5",
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset": f"{time.time() + ra:.3f}",
                "X-RateLimit-Reset-After": f"{ra:.3f}",
                "X-RateLimit-Bucket": bucket,
                "X-RateLimit-Scope": "user",
            }
            rec.response = body
            rec.rate_limit_scope = "user"
            self.limits.answered(429, "injected")
            return json_response(429, body, headers)
        if status == 404 and rec.kind == "interaction_callback":  # a lost answer: the 3 s passed on the way
            body = {"message": "Unknown interaction", "code": 10062}
            rec.error_code = 10062
        else:
            body = {"message": f"{status}: Internal Server Error", "code": 0}
        rec.response = body
        return json_response(status, body)

    # ---- REST entry point -------------------------------------------------------------------------------
    async def _handle_rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        rec = RecordedRequest(index=len(self.requests), method=request.method, path=path,
                              query=dict(request.query), t_start=time.perf_counter())
        self.requests.append(rec)
        files: list[RecordedFile] = []
        try:
            await self._read_body(request, rec, files)
        except (ValueError, UnicodeDecodeError):
            return self._finish(rec, DiscordError(400, 50109, "The request body contains invalid JSON."))
        rec.files = files

        route = None
        for method, pattern, route_name, kind, handler_name in _COMPILED:
            if method != rec.method:
                continue
            m = pattern.match(path)
            if m:
                route = (route_name, kind, handler_name, m.groupdict())
                break
        if route is None:
            rec.unhandled = True
            return self._finish(rec, DiscordError(404, 0, "404: Not Found"))
        rec.route, rec.kind, handler_name, params = route
        self._annotate(rec, params)
        if rec.kind == "message_create" and rec.channel_id in self.channels and self.channels[rec.channel_id].is_dm:
            rec.kind = "dm_message_create"

        if (self.token is not None and not path.startswith(("/interactions/", "/webhooks/"))
                and request.headers.get("Authorization") != f"Bot {self.token}"):
            return self._finish(rec, DiscordError(401, 0, "401: Unauthorized"))
        if self.limits.banned():  # Cloudflare's answer: no JSON, no Via (discord.py raises HTTPException)
            rec.status, rec.error_code, rec.t_end = 429, 1015, time.perf_counter()
            rec.response = "error code: 1015"
            self._notify()
            return web.Response(status=429, text="error code: 1015", headers={"Retry-After": "3600"})
        if self.rest_delay:
            await asyncio.sleep(self.rest_delay)
        # an injected fault stands for a request that failed on the way (a 502 from the edge, an overloaded
        # node): it counts against no rate limit, so its answer carries no bucket the client could learn from
        fault = self._pick_fault(rec)
        if fault is not None:
            rec.fault = rec.status = fault
            rec.t_end = time.perf_counter()
            ix = self.interactions.get(rec.interaction_id or 0)
            if ix is not None and rec.kind == "interaction_callback":
                ix.failed_callbacks += 1
            return self._fault_response(rec, fault)
        self._consecutive_faults.pop((rec.method, rec.path), None)
        limited, rec.rate_limit_headers = self.limits.check(rec.route, params)
        if limited is not None:
            return self._finish(rec, limited)

        handler: Handler = getattr(self, handler_name)
        try:
            status, body = await handler(rec, params, rec.json, files)
        except DiscordError as exc:
            return self._finish(rec, exc)
        return self._finish(rec, status, body)

    def _finish(self, rec: RecordedRequest, status: int | DiscordError, body: Any = None) -> web.Response:
        headers = rec.rate_limit_headers
        scope = None
        if isinstance(status, RateLimitedError):
            headers = rate_limit_response_headers(status, headers)
            scope = rec.rate_limit_scope = status.scope
        if isinstance(status, DiscordError):
            body = status.body()
            rec.error_code = status.code if status.code or not isinstance(status, RateLimitedError) else None
            status = status.status
        self.limits.answered(status, scope)
        rec.status = status
        rec.response = body
        rec.t_end = time.perf_counter()
        for listener in self.request_listeners:
            listener(rec)
        self._notify()
        if status == 204 or (body is None and status < 300):
            return web.Response(status=204, headers={"Via": "1.1 google", **headers})
        return json_response(status, body, headers)

    async def _read_body(self, request: web.Request, rec: RecordedRequest, files: list[RecordedFile]) -> None:
        if not request.can_read_body:
            return
        if request.content_type.startswith("multipart/"):
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                data = await part.read(decode=False)  # type: ignore[union-attr]
                name = part.name or ""
                if name == "payload_json":
                    rec.json = json.loads(bytes(data))
                else:
                    files.append(RecordedFile(field=name, filename=part.filename or name,  # type: ignore[union-attr]
                                              content_type=part.headers.get("Content-Type"),
                                              data=bytes(data), size=len(data)))
            return
        raw = await request.read()
        if raw:
            rec.json = json.loads(raw)

    def _annotate(self, rec: RecordedRequest, params: dict[str, str]) -> None:
        if "channel_id" in params and params["channel_id"].isdigit():
            rec.channel_id = int(params["channel_id"])
        if "message_id" in params and params["message_id"].isdigit():
            rec.message_id = int(params["message_id"])
        token = params.get("token")
        if token is not None:
            ix = self._by_token.get(token)
            if ix is not None:
                rec.interaction_id = ix.id
                rec.channel_id = ix.channel.id

    async def _serve_attachment(self, request: web.Request) -> web.StreamResponse:
        att = self.attachments.get(int(request.match_info["attachment_id"]))
        if att is None or att.data is None:
            return web.Response(status=404)
        return web.Response(body=att.data, content_type=att.content_type or "application/octet-stream")
