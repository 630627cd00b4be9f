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
import mimetypes
import random
import re
import secrets
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from aiohttp import web

from .actions import UserActions
from .gateway import FakeGateway
from .lifecycle import ACTIVE_THREAD_CAP, WorldRules
from .models import (
    ALL_PERMISSIONS,
    BOT_ROLE_PERMISSIONS,
    CB_AUTOCOMPLETE_RESULT,
    CB_CHANNEL_MESSAGE,
    CB_DEFERRED_CHANNEL_MESSAGE,
    CB_DEFERRED_UPDATE_MESSAGE,
    CB_LAUNCH_ACTIVITY,
    CB_MODAL,
    CB_PONG,
    CB_UPDATE_MESSAGE,
    DM,
    EPHEMERAL,
    EVERYONE_PERMISSIONS,
    GUILD_TEXT,
    IS_COMPONENTS_V2,
    LOADING,
    PERMISSIONS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    FakeAttachment,
    FakeChannel,
    FakeInteraction,
    FakeMessage,
    FakeUser,
    RecordedFile,
    RecordedRequest,
    Snowflakes,
    iso_now,
)
from .rules import (
    DM_OPEN_RULE,
    GLOBAL_LIMIT,
    OLD_EDIT_RULE,
    OLD_MESSAGE_AGE,
    RENAME_RULE,
    ROUTE_RULES,
    Limits,
    RateLimitedError,
    bucket_hash,
    rate_limit_response_headers,
)
from .validation import DiscordError, invalid_form, validate_commands, validate_message

JSON_HEADERS = {"Content-Type": "application/json", "Via": "1.1 google"}
# message flags a bot may set itself
_SETTABLE_FLAGS = (1 << 2) | (1 << 12) | IS_COMPONENTS_V2  # suppress embeds, suppress notifications, v2

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


INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15
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


def _json_response(status: int, body: Any, headers: dict[str, str] | None = None) -> web.Response:
    # discord.py only parses JSON when Content-Type is *exactly* application/json (no charset).
    hdrs = dict(JSON_HEADERS)
    if headers:
        hdrs.update(headers)
    return web.Response(status=status, body=json.dumps(body).encode(), headers=hdrs)


class FakeDiscord(UserActions, WorldRules):
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
            return _json_response(429, body, headers)
        if status == 404 and rec.kind == "interaction_callback":  # a lost answer: the 3 s passed on the way
            body = {"message": "Unknown interaction", "code": 10062}
            rec.error_code = 10062
        else:
            body = {"message": f"{status}: Internal Server Error", "code": 0}
        rec.response = body
        return _json_response(status, body)

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
        return _json_response(status, body, headers)

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

    # ---- messages ---------------------------------------------------------------------------------------
    def _attachment_url(self, att: FakeAttachment, channel_id: int | None = None) -> str:
        if channel_id is None and att.url:
            channel_id = int(att.url.split("/")[-3])
        return f"{self.base_url}/attachments/{channel_id or 0}/{att.id}/{att.filename}"

    def _new_attachment(self, channel: FakeChannel, filename: str, data: bytes, description: str | None = None,
                        content_type: str | None = None) -> FakeAttachment:
        if len(data) > self.attachment_size_limit:
            raise DiscordError(413, 40005, "Request entity too large")
        att = FakeAttachment(
            id=self.snowflake(), filename=filename, data=data if self.store_file_bytes else None, size=len(data),
            content_type=content_type or mimetypes.guess_type(filename)[0] or "application/octet-stream",
            description=description,
        )
        att.url = self._attachment_url(att, channel.id)
        self.attachments[att.id] = att
        return att

    def _attachments_from(self, channel: FakeChannel, entries: list[dict[str, Any]] | None,
                          files: list[RecordedFile], existing: list[FakeAttachment]) -> list[FakeAttachment]:
        by_index: dict[str, RecordedFile] = {}
        for n, f in enumerate(files):
            m = re.fullmatch(r"files\[(\d+)\]", f.field)
            by_index[m.group(1) if m else str(n)] = f
        if entries is None:
            entries = [{"id": k} for k in by_index]
            out = list(existing)
        else:
            out = []
        by_id = {str(a.id): a for a in existing}
        used: set[str] = set()
        for i, entry in enumerate(entries):
            eid = str(entry.get("id"))
            if eid in by_id:
                att = by_id[eid]
                if entry.get("description") is not None:
                    att.description = entry["description"]
                out.append(att)
            elif eid in by_index:
                f = by_index[eid]
                used.add(eid)
                data = f.data or b""
                out.append(self._new_attachment(channel, entry.get("filename") or f.filename, data,
                                                entry.get("description"), f.content_type
                                                if f.content_type not in (None, "application/octet-stream")
                                                else None))
            else:
                raise invalid_form({"attachments": {str(i): {"_errors": [
                    {"code": "ATTACHMENT_NOT_FOUND", "message": f"Unknown attachment id {eid}"}]}}})
        for key, f in by_index.items():
            if key not in used:
                out.append(self._new_attachment(channel, f.filename, f.data or b""))
        if len(out) > 10:
            raise invalid_form({"attachments": {"_errors": [{"code": "BASE_TYPE_MAX_LENGTH",
                                                            "message": "Must be 10 or fewer in length."}]}})
        return out

    def _check_not_empty(self, msg: FakeMessage) -> None:
        if not (msg.content or msg.embeds or msg.attachments or msg.components):
            raise DiscordError(400, 50006, "Cannot send an empty message")

    def _create_message(self, channel: FakeChannel, payload: dict[str, Any], files: list[RecordedFile], *,
                        author: FakeUser, rec: RecordedRequest | None, interaction: FakeInteraction | None = None,
                        extra_flags: int = 0) -> FakeMessage:
        payload = payload or {}
        validate_message(payload)
        flags = int(payload.get("flags") or 0)
        msg = FakeMessage(id=self.snowflake(), channel_id=channel.id, guild_id=channel.guild_id, author=author)
        msg.content = payload.get("content") or ""
        msg.embeds = list(payload.get("embeds") or [])
        msg.components = list(payload.get("components") or [])
        msg.flags = (flags & _SETTABLE_FLAGS) | extra_flags
        if interaction is not None:
            msg.flags |= flags & EPHEMERAL
            msg.interaction_id = interaction.id
            msg.interaction_type = interaction.type
            msg.interaction_user = interaction.user
            msg.webhook_id = self.application_id
            msg.application_id = self.application_id
            msg.type = 20 if interaction.type == 2 else 0
        msg.attachments = self._attachments_from(channel, payload.get("attachments"), files, [])
        msg.created_clock = self.now()
        if payload.get("message_reference"):
            ref = dict(payload["message_reference"])
            ref.setdefault("channel_id", str(channel.id))
            msg.message_reference = ref
            msg.type = 19
        if not msg.flags & LOADING:
            self._check_not_empty(msg)
        if channel.is_thread:  # Threads: sending a message is activity and un-archives an unlocked thread
            self.thread_activity(channel)
        channel.messages.append(msg)
        self.messages[msg.id] = msg
        msg.snapshot("create", rec.index if rec else None)
        if rec is not None:
            rec.message_id = msg.id
        if self.echo_bot_messages and not msg.ephemeral:
            self._emit("MESSAGE_CREATE", self._message_event(msg), dm=msg.guild_id is None)
        return msg

    def _message_event(self, msg: FakeMessage) -> dict[str, Any]:
        data = msg.payload()
        intents = self.gateway.intents
        mentioned = f"<@{self.bot.id}>" in msg.content or f"<@!{self.bot.id}>" in msg.content
        if (intents is not None and not intents & INTENT_MESSAGE_CONTENT and msg.guild_id is not None
                and not mentioned and msg.author.id != self.bot.id):
            data.update(content="", embeds=[], attachments=[], components=[])  # no MESSAGE_CONTENT intent
        if msg.guild_id is not None:
            data["member"] = msg.author.member_payload(with_user=False)
        return data

    def _edit_message(self, msg: FakeMessage, payload: dict[str, Any], files: list[RecordedFile],
                      rec: RecordedRequest) -> FakeMessage:
        payload = payload or {}
        merged_flags = payload.get("flags")
        check = dict(payload)
        if merged_flags is None:
            check["flags"] = msg.flags
        validate_message(check)
        if "content" in payload:
            msg.content = payload["content"] or ""
        if "embeds" in payload:
            msg.embeds = list(payload["embeds"] or [])
        if "components" in payload:
            msg.components = list(payload["components"] or [])
        if merged_flags is not None:
            msg.flags = (msg.flags & (EPHEMERAL | LOADING)) | (int(merged_flags) & _SETTABLE_FLAGS)
        if "attachments" in payload or files:
            channel = self.channels[msg.channel_id]
            msg.attachments = self._attachments_from(channel, payload.get("attachments"), files, msg.attachments)
        msg.flags &= ~LOADING
        self._check_not_empty(msg)
        msg.edited_timestamp = iso_now()
        msg.snapshot("edit", rec.index)
        rec.message_id = msg.id
        if self.echo_bot_messages and not msg.ephemeral:
            self._emit("MESSAGE_UPDATE", self._message_event(msg), dm=msg.guild_id is None)
        return msg

    def _delete_message(self, msg: FakeMessage, rec: RecordedRequest) -> None:
        msg.deleted = True
        msg.snapshot("delete", rec.index)
        rec.message_id = msg.id
        if self.echo_bot_messages and not msg.ephemeral:
            data = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id:
                data["guild_id"] = str(msg.guild_id)
            self._emit("MESSAGE_DELETE", data, dm=msg.guild_id is None)

    def _refuse_archived_message(self, msg: FakeMessage) -> None:
        ch = self.channels.get(msg.channel_id)
        if ch is not None and not msg.ephemeral:
            self.check_archive(ch)
            self.refuse_if_archived(ch)

    def _check_old_edit(self, ch: FakeChannel, msg: FakeMessage) -> None:
        """30046 for edits of messages older than an hour past the per-channel figure (rules.OLD_EDIT_RULE)."""
        if self.old_edit_limit and self.now() - msg.created_clock > OLD_MESSAGE_AGE:
            wait = self.limits.take(OLD_EDIT_RULE, str(ch.id))
            if wait:
                raise RateLimitedError(wait, code=30046,
                                       message="Maximum number of edits to messages older than 1 hour reached. "
                                               "Try again later")

    def _has_perm(self, channel: FakeChannel, name: str) -> bool:
        return bool(self.bot_permissions(channel) & PERMISSIONS[name])

    def _require_perm(self, channel: FakeChannel, name: str) -> None:
        if channel.is_dm:
            return
        if not self.bot_permissions(channel) & PERMISSIONS["view_channel"]:
            raise DiscordError(403, 50001, "Missing Access")
        if not self.bot_permissions(channel) & PERMISSIONS[name]:
            raise DiscordError(403, 50013, "Missing Permissions")

    def _channel_or_404(self, params: dict[str, str]) -> FakeChannel:
        try:
            ch = self.channels[int(params["channel_id"])]
        except (KeyError, ValueError):
            raise DiscordError(404, 10003, "Unknown Channel") from None
        self.refuse_if_left(ch.guild_id)
        self.check_archive(ch)
        return ch

    def _message_or_404(self, channel: FakeChannel, params: dict[str, str]) -> FakeMessage:
        try:
            msg = self.messages[int(params["message_id"])]
        except (KeyError, ValueError):
            raise DiscordError(404, 10008, "Unknown Message") from None
        # ephemeral messages cannot be reached through the channel endpoints
        if msg.channel_id != channel.id or msg.deleted or msg.ephemeral:
            raise DiscordError(404, 10008, "Unknown Message")
        return msg

    # ---- route handlers: identity, application, gateway -------------------------------------------------
    async def _h_me(self, rec, params, body, files):
        return 200, {**self.bot.payload(), "verified": True, "mfa_enabled": False, "email": None,
                     "locale": "en-US", "premium_type": 0}

    async def _h_user_get(self, rec, params, body, files):
        try:
            return 200, self.user(int(params["user_id"])).payload()
        except (KeyError, ValueError):
            raise DiscordError(404, 10013, "Unknown User") from None

    async def _h_app_info(self, rec, params, body, files):
        owner = next(iter(self.users.values()), self.bot)
        return 200, {
            "id": str(self.application_id), "name": self.bot.name, "icon": None, "description": "",
            "summary": "", "type": None, "rpc_origins": [], "bot_public": True, "bot_require_code_grant": False,
            "owner": owner.payload(), "team": None, "verify_key": "0" * 64, "flags": 0,
            "bot": self.bot.payload(), "interactions_endpoint_url": None, "redirect_uris": [],
            "approximate_guild_count": 1, "tags": [], "integration_types_config": {"0": {}},
        }

    async def _h_gateway(self, rec, params, body, files):
        return 200, {"url": self.gateway_url}

    async def _h_gateway_bot(self, rec, params, body, files):
        return 200, {"url": self.gateway_url, "shards": self.shard_count,
                     "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 14400000,
                                             "max_concurrency": 1}}

    # ---- route handlers: application commands -----------------------------------------------------------
    def _scope(self, params: dict[str, str]) -> int | None:
        if params.get("application_id") != str(self.application_id):
            raise DiscordError(403, 50001, "Missing Access")
        gid = params.get("guild_id")
        if gid is None:
            return None
        if gid != str(self.guild_id):
            raise DiscordError(403, 50001, "Missing Access")
        return int(gid)

    def _full_command(self, cmd: dict[str, Any], scope: int | None, old: dict[str, Any] | None) -> dict[str, Any]:
        full = {
            "type": 1, "description": "", "options": [], "default_member_permissions": None,
            "dm_permission": True, "nsfw": False, "name_localizations": None, "description_localizations": None,
            **cmd,
        }
        full["id"] = old["id"] if old else str(self.snowflake())
        full["application_id"] = str(self.application_id)
        full["version"] = str(self.snowflake())
        if scope is not None:
            full["guild_id"] = str(scope)
        return full

    async def _h_commands_put(self, rec, params, body, files):
        scope = self._scope(params)
        if not isinstance(body, list):
            raise invalid_form({"_errors": [{"code": "BASE_TYPE_ARRAY", "message": "Must be an array"}]})
        validate_commands(body)
        store = self.commands.setdefault(scope, {})
        new: dict[tuple[int, str], dict[str, Any]] = {}
        for cmd in body:
            key = (cmd.get("type", 1), cmd["name"])
            new[key] = self._full_command(cmd, scope, store.get(key))
        store.clear()
        store.update(new)
        return 200, list(new.values())

    async def _h_commands_get(self, rec, params, body, files):
        return 200, list(self.commands.get(self._scope(params), {}).values())

    async def _h_command_permissions(self, rec, params, body, files):
        self._scope(params)
        return 200, []

    async def _h_command_post(self, rec, params, body, files):
        scope = self._scope(params)
        validate_commands([body])
        store = self.commands.setdefault(scope, {})
        key = (body.get("type", 1), body["name"])
        old = store.get(key)
        store[key] = self._full_command(body, scope, old)
        return (200 if old else 201), store[key]

    def _find_command(self, params: dict[str, str]) -> tuple[dict[tuple[int, str], dict[str, Any]], tuple[int, str]]:
        store = self.commands.get(self._scope(params), {})
        for key, cmd in store.items():
            if cmd["id"] == params["command_id"]:
                return store, key
        raise DiscordError(404, 10063, "Unknown application command")

    async def _h_command_get(self, rec, params, body, files):
        store, key = self._find_command(params)
        return 200, store[key]

    async def _h_command_patch(self, rec, params, body, files):
        store, key = self._find_command(params)
        merged = {**store[key], **body}
        validate_commands([merged])
        store[key] = merged
        return 200, merged

    async def _h_command_delete(self, rec, params, body, files):
        store, key = self._find_command(params)
        del store[key]
        return 204, None

    async def _h_emojis_get(self, rec, params, body, files):
        return 200, {"items": list(self.emojis.values())}

    async def _h_emoji_create(self, rec, params, body, files):
        name = body.get("name") or ""
        if not re.fullmatch(r"\w{2,32}", name):
            raise invalid_form({"name": {"_errors": [{"code": "BASE_TYPE_BAD_LENGTH", "message": "Invalid name"}]}})
        if any(e["name"] == name for e in self.emojis.values()):
            raise invalid_form({"name": {"_errors": [{"code": "APPLICATION_EMOJI_NAME_ALREADY_TAKEN",
                                                      "message": "Emoji name already taken"}]}})
        emoji = {"id": str(self.snowflake()), "name": name, "roles": [], "require_colons": True,
                 "managed": False, "animated": str(body.get("image", "")).startswith("data:image/gif"),
                 "available": True, "user": self.bot.payload()}
        self.emojis[int(emoji["id"])] = emoji
        return 201, emoji

    async def _h_emoji_delete(self, rec, params, body, files):
        if self.emojis.pop(int(params["emoji_id"]), None) is None:
            raise DiscordError(404, 10014, "Unknown Emoji")
        return 204, None

    async def _h_empty_list(self, rec, params, body, files):
        return 200, []

    async def _h_no_content(self, rec, params, body, files):
        self._channel_or_404(params)
        return 204, None

    # ---- route handlers: interactions -------------------------------------------------------------------
    def _interaction_by_token(self, params: dict[str, str]) -> FakeInteraction:
        ix = self._by_token.get(params["token"])
        if ix is None or params.get("application_id", str(self.application_id)) != str(self.application_id):
            raise DiscordError(404, 10015, "Unknown Webhook")
        # Receiving and Responding: "Interaction tokens are valid for 15 minutes"; then 401 / 50027
        if (self.token_lifetime is not None and ix.dispatched_clock is not None
                and self.now() - ix.dispatched_clock > self.token_lifetime):
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        return ix

    async def _h_callback(self, rec, params, body, files):
        try:
            ix = self.interactions[int(params["interaction_id"])]
        except (KeyError, ValueError):
            raise DiscordError(404, 10062, "Unknown interaction") from None
        if ix.token != params["token"]:
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        rec.interaction_id = ix.id
        rec.channel_id = ix.channel.id
        if ix.callback_type is not None:
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        now = time.perf_counter()
        # Receiving and Responding: the initial response must arrive within 3 seconds, else 404 / 10062
        if (self.callback_deadline is not None and ix.dispatched_clock is not None
                and self.now() - ix.dispatched_clock > self.callback_deadline):
            ix.late_callbacks += 1
            if ix.late_at is None:
                ix.late_at = time.perf_counter()
            if ix._late is not None and not ix._late.done():
                ix._late.set_result(None)
            self._notify()
            raise DiscordError(404, 10062, "Unknown interaction")
        if not isinstance(body, dict) or "type" not in body:
            raise invalid_form({"type": {"_errors": [{"code": "BASE_TYPE_REQUIRED", "message": "required"}]}})
        cb_type = int(body["type"])
        data = body.get("data") or {}
        msg: FakeMessage | None = None
        component_like = ix.type == 3 or (ix.type == 5 and ix.message is not None)
        if cb_type == CB_CHANNEL_MESSAGE and ix.type in (2, 3, 5):
            msg = self._create_message(ix.channel, data, files, author=self.bot, rec=rec, interaction=ix)
        elif cb_type == CB_DEFERRED_CHANNEL_MESSAGE and ix.type in (2, 3, 5):
            msg = self._create_message(ix.channel, {"flags": data.get("flags")}, [], author=self.bot, rec=rec,
                                       interaction=ix, extra_flags=LOADING)
        elif cb_type == CB_DEFERRED_UPDATE_MESSAGE and component_like:
            msg = ix.message
        elif cb_type == CB_UPDATE_MESSAGE and component_like:
            assert ix.message is not None
            msg = self._edit_message(ix.message, data, files, rec)
        elif cb_type == CB_AUTOCOMPLETE_RESULT and ix.type == 4:
            choices = data.get("choices") or []
            if len(choices) > 25:
                raise invalid_form({"data": {"choices": {"_errors": [{"code": "BASE_TYPE_MAX_LENGTH",
                                                                      "message": "Must be 25 or fewer"}]}}})
            ix.choices = choices
        elif cb_type == CB_MODAL and ix.type in (2, 3):
            if not data.get("custom_id") or not data.get("title") or not data.get("components"):
                raise invalid_form({"data": {"_errors": [{"code": "BASE_TYPE_REQUIRED",
                                                          "message": "custom_id, title and components required"}]}})
            ix.modal = data
        elif cb_type in (CB_PONG, CB_LAUNCH_ACTIVITY) and ix.type == 1:
            pass
        else:
            raise DiscordError(400, 40043, f"Interaction callback type {cb_type} is not valid for interaction "
                                           f"type {ix.type}")
        ix.callback_type = cb_type
        ix.callback_data = data
        ix.callback_at = now
        ix.callback_request = rec
        ix.response_message = msg
        ix.events.append((now, "callback", msg.id if msg else None))
        if ix._responded is not None and not ix._responded.done():
            ix._responded.set_result(None)
        if rec.query.get("with_response", "").lower() not in ("1", "true"):
            return 204, None
        interaction: dict[str, Any] = {
            "id": str(ix.id),
            "type": ix.type,
            "response_message_loading": cb_type == CB_DEFERRED_CHANNEL_MESSAGE,
            "response_message_ephemeral": bool(msg is not None and msg.ephemeral),
        }
        if msg is not None:
            interaction["response_message_id"] = str(msg.id)
        resource: dict[str, Any] = {"type": cb_type}
        if msg is not None and cb_type in (CB_CHANNEL_MESSAGE, CB_DEFERRED_CHANNEL_MESSAGE, CB_UPDATE_MESSAGE,
                                           CB_DEFERRED_UPDATE_MESSAGE):
            resource["message"] = msg.payload()
        return 200, {"interaction": interaction, "resource": resource}

    def _original_message(self, ix: FakeInteraction) -> FakeMessage:
        msg = ix.response_message
        if msg is None or msg.deleted:
            raise DiscordError(404, 10008, "Unknown Message")
        return msg

    async def _h_original_get(self, rec, params, body, files):
        ix = self._interaction_by_token(params)
        return 200, self._original_message(ix).payload()

    async def _h_original_edit(self, rec, params, body, files):
        ix = self._interaction_by_token(params)
        self._refuse_archived_message(self._original_message(ix))
        msg = self._edit_message(self._original_message(ix), body, files, rec)
        ix.events.append((time.perf_counter(), "edit_original", msg.id))
        return 200, msg.payload()

    async def _h_original_delete(self, rec, params, body, files):
        ix = self._interaction_by_token(params)
        msg = self._original_message(ix)
        self._delete_message(msg, rec)
        ix.events.append((time.perf_counter(), "delete_original", msg.id))
        return 204, None

    async def _h_followup(self, rec, params, body, files):
        ix = self._interaction_by_token(params)
        if ix.callback_type is None:
            raise DiscordError(404, 10015, "Unknown Webhook")
        body = body or {}
        placeholder = ix.response_message
        if (ix.callback_type == CB_DEFERRED_CHANNEL_MESSAGE and placeholder is not None and placeholder.loading
                and not placeholder.deleted):
            # the first followup after a "thinking" defer replaces the loading message (ephemeral-ness stays)
            msg = self._edit_message(placeholder, {k: v for k, v in body.items() if k != "flags"}, files, rec)
        else:
            channel = ix.channel
            thread_id = rec.query.get("thread_id")
            if thread_id:
                channel = self._channel_or_404({"channel_id": thread_id})
            msg = self._create_message(channel, body, files, author=self.bot, rec=rec, interaction=ix)
        ix.followups.append(msg)
        ix.events.append((time.perf_counter(), "followup", msg.id))
        if rec.query.get("wait", "").lower() in ("1", "true"):
            return 200, msg.payload()
        return 204, None

    def _followup_message(self, ix: FakeInteraction, params: dict[str, str]) -> FakeMessage:
        mid = params["message_id"]
        for msg in [*ix.followups, *([ix.response_message] if ix.response_message else [])]:
            if str(msg.id) == mid and not msg.deleted:
                return msg
        raise DiscordError(404, 10008, "Unknown Message")

    async def _h_followup_get(self, rec, params, body, files):
        ix = self._interaction_by_token(params)
        return 200, self._followup_message(ix, params).payload()

    async def _h_followup_edit(self, rec, params, body, files):
        ix = self._interaction_by_token(params)
        self._refuse_archived_message(self._followup_message(ix, params))
        msg = self._edit_message(self._followup_message(ix, params), body, files, rec)
        ix.events.append((time.perf_counter(), "followup_edit", msg.id))
        return 200, msg.payload()

    async def _h_followup_delete(self, rec, params, body, files):
        ix = self._interaction_by_token(params)
        msg = self._followup_message(ix, params)
        self._delete_message(msg, rec)
        ix.events.append((time.perf_counter(), "followup_delete", msg.id))
        return 204, None

    # ---- route handlers: channels, messages, threads, DMs -----------------------------------------------
    async def _h_channel_get(self, rec, params, body, files):
        ch = self._channel_or_404(params)
        return 200, ch.payload()

    async def _h_channel_edit(self, rec, params, body, files):
        ch = self._channel_or_404(params)
        body = body or {}
        if ch.is_dm:
            raise DiscordError(403, 50003, "Cannot execute action on a DM channel")
        renamed = any(key in body and body[key] != getattr(ch, key, None) for key in ("name", "topic"))
        if renamed and self.limits.route_limits:  # community figure: 2 renames per 10 minutes (rules.py)
            wait = self.limits.take(RENAME_RULE, str(ch.id))
            if wait:
                raise RateLimitedError(wait)
        if ch.is_thread:
            # Threads, "Editing & Deleting Threads": the creator (or MANAGE_THREADS) may change name, archived
            # and auto_archive_duration; locked needs MANAGE_THREADS; a locked thread only un-archives with it.
            if ch.owner_id != self.bot.id or "locked" in body:
                self._require_perm(ch, "manage_threads")
            unarchive = body.get("archived") is False
            if ch.archived and not unarchive:
                self.refuse_if_archived(ch)  # only active threads can be manipulated
            if unarchive and ch.archived and ch.locked:
                self._require_perm(ch, "manage_threads")
            if "auto_archive_duration" in body and body["auto_archive_duration"] is not None:
                if body["auto_archive_duration"] not in (60, 1440, 4320, 10080):
                    raise invalid_form({"auto_archive_duration": {"_errors": [{
                        "code": "BASE_TYPE_CHOICES", "message": "Invalid duration"}]}})
                ch.auto_archive_duration = int(body["auto_archive_duration"])
                ch.last_activity = self.now()  # changing the duration is activity
            for key in ("name", "locked", "invitable"):
                if key in body and body[key] is not None:
                    setattr(ch, key, body[key])
            if body.get("archived") is not None:
                self._set_archived(ch, bool(body["archived"]), emit=False)
            event = "THREAD_UPDATE"
        else:
            for key in ("name", "topic", "position", "default_auto_archive_duration"):
                if key in body:
                    setattr(ch, key, body[key])
            event = "CHANNEL_UPDATE"
        self._emit(event, ch.payload())
        return 200, ch.payload()

    async def _h_channel_delete(self, rec, params, body, files):
        ch = self._channel_or_404(params)
        if ch.is_dm:
            return 200, ch.payload()
        payload = ch.payload()
        self.delete_channel(ch)
        return 200, payload

    async def _h_message_create(self, rec, params, body, files):
        ch = self._channel_or_404(params)
        body = body or {}
        if ch.is_dm:
            assert ch.recipient is not None
            if ch.recipient.id in self.dm_closed:
                raise DiscordError(403, 50007, "Cannot send messages to this user")
        else:
            # Permissions: SEND_MESSAGES has no effect in threads, SEND_MESSAGES_IN_THREADS is needed there
            self._require_perm(ch, "send_messages_in_threads" if ch.is_thread else "send_messages")
            if ch.is_thread and ch.archived and ch.locked and not self._has_perm(ch, "manage_threads"):
                raise DiscordError(400, 50083, "Thread is archived")
            if files:
                self._require_perm(ch, "attach_files")
            if body.get("embeds"):
                self._require_perm(ch, "embed_links")
        msg = self._create_message(ch, body, files, author=self.bot, rec=rec)  # (ephemeral flag is ignored)
        return 200, msg.payload()

    async def _h_messages_get(self, rec, params, body, files):
        ch = self._channel_or_404(params)
        limit = min(int(rec.query.get("limit", 50)), 100)
        msgs = [m for m in ch.messages if not m.deleted and not m.ephemeral]
        if "before" in rec.query:
            msgs = [m for m in msgs if m.id < int(rec.query["before"])]
        if "after" in rec.query:
            msgs = [m for m in msgs if m.id > int(rec.query["after"])][:limit]
        return 200, [m.payload() for m in reversed(msgs[-limit:])]

    async def _h_message_get(self, rec, params, body, files):
        ch = self._channel_or_404(params)
        return 200, self._message_or_404(ch, params).payload()

    async def _h_message_edit(self, rec, params, body, files):
        ch = self._channel_or_404(params)
        msg = self._message_or_404(ch, params)
        if msg.author.id != self.bot.id:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        self.refuse_if_archived(ch)
        if files and not ch.is_dm:
            self._require_perm(ch, "attach_files")
        self._check_old_edit(ch, msg)
        return 200, self._edit_message(msg, body, files, rec).payload()

    async def _h_message_delete(self, rec, params, body, files):
        ch = self._channel_or_404(params)
        msg = self._message_or_404(ch, params)
        if msg.author.id != self.bot.id:
            self._require_perm(ch, "manage_messages")
        self._delete_message(msg, rec)
        return 204, None

    async def _h_reaction_add(self, rec, params, body, files):
        ch = self._channel_or_404(params)
        msg = self._message_or_404(ch, params)
        self.refuse_if_archived(ch)
        self._require_perm(ch, "add_reactions")
        msg.reactions.append(params["emoji"])
        return 204, None

    async def _h_reaction_remove(self, rec, params, body, files):
        ch = self._channel_or_404(params)
        msg = self._message_or_404(ch, params)
        if params["emoji"] in msg.reactions:
            msg.reactions.remove(params["emoji"])
        return 204, None

    def _new_thread(self, parent: FakeChannel, body: dict[str, Any], thread_id: int | None, ttype: int) -> FakeChannel:
        name = (body or {}).get("name") or ""
        if not 1 <= len(name) <= 100:
            raise invalid_form({"name": {"_errors": [{"code": "BASE_TYPE_BAD_LENGTH",
                                                      "message": "Must be between 1 and 100 in length."}]}})
        thread = FakeChannel(id=thread_id or self.snowflake(), name=name, type=ttype, guild_id=parent.guild_id,
                             parent_id=parent.id, owner_id=self.bot.id, invitable=bool(body.get("invitable", True)))
        self._thread_created(thread, body.get("auto_archive_duration"), parent)
        self.channels[thread.id] = thread
        self._emit("THREAD_CREATE", {**thread.payload(), "newly_created": True})
        return thread

    async def _h_thread_create(self, rec, params, body, files):
        parent = self._channel_or_404(params)
        body = body or {}
        if parent.type != GUILD_TEXT:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        ttype = int(body.get("type") or PRIVATE_THREAD)
        if ttype not in (PUBLIC_THREAD, PRIVATE_THREAD):
            raise invalid_form({"type": {"_errors": [{"code": "BASE_TYPE_CHOICES", "message": "Invalid type"}]}})
        self._require_perm(parent, "create_public_threads" if ttype == PUBLIC_THREAD else "create_private_threads")
        thread = self._new_thread(parent, body, None, ttype)
        rec.channel_id = parent.id
        return 201, thread.payload()

    async def _h_thread_from_message(self, rec, params, body, files):
        parent = self._channel_or_404(params)
        msg = self._message_or_404(parent, params)
        if parent.type != GUILD_TEXT:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        if msg.id in self.channels:
            raise DiscordError(400, 160004, "A thread has already been created for this message")
        self._require_perm(parent, "create_public_threads")
        thread = self._new_thread(parent, body or {}, msg.id, PUBLIC_THREAD)  # the thread id is the message id
        return 201, thread.payload()

    async def _h_thread_member_add(self, rec, params, body, files):
        ch = self._channel_or_404(params)
        if not ch.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        self.refuse_if_archived(ch)
        return 204, None

    async def _h_thread_member_remove(self, rec, params, body, files):
        return await self._h_thread_member_add(rec, params, body, files)

    async def _h_dm_open(self, rec, params, body, files):
        try:
            user = self.user(int((body or {}).get("recipient_id")))
        except (KeyError, ValueError, TypeError):
            raise DiscordError(400, 50033, "Invalid Recipient(s)") from None
        # community figure (rules.py): opening new DM channels too fast
        if user.id not in self.dm_channels and self.dm_open_limit and self.limits.take(DM_OPEN_RULE, ""):
            raise DiscordError(403, 40003, "You are opening direct messages too fast")
        ch = self.dm_channel(user)
        rec.channel_id = ch.id
        return 200, ch.payload()

    # ---- route handlers: guild --------------------------------------------------------------------------
    def _guild_or_404(self, params: dict[str, str]) -> None:
        if int(params.get("guild_id") or 0) not in self.guild_names:
            raise DiscordError(404, 10004, "Unknown Guild")
        self.refuse_if_left(int(params["guild_id"]))

    async def _h_guild_get(self, rec, params, body, files):
        self._guild_or_404(params)
        data = self.guild_payload(guild=int(params["guild_id"]))
        for key in ("members", "channels", "threads", "voice_states", "presences", "joined_at", "large",
                    "member_count", "lazy", "unavailable"):
            data.pop(key, None)
        data["approximate_member_count"] = len(self.members)
        data["approximate_presence_count"] = 0
        return 200, data

    async def _h_guild_channels(self, rec, params, body, files):
        self._guild_or_404(params)
        return 200, [c.payload() for c in self.channels.values() if c.type == GUILD_TEXT]

    async def _h_guild_roles(self, rec, params, body, files):
        self._guild_or_404(params)
        return 200, self.guild_payload()["roles"]

    async def _h_members_get(self, rec, params, body, files):
        self._guild_or_404(params)
        after = int(rec.query.get("after", 0))
        limit = int(rec.query.get("limit", 1))
        members = sorted((u for u in self.members if u.id > after), key=lambda u: u.id)[:limit]
        return 200, [u.member_payload() for u in members]

    async def _h_member_get(self, rec, params, body, files):
        self._guild_or_404(params)
        try:
            return 200, self.user(int(params["user_id"])).member_payload()
        except (KeyError, ValueError):
            raise DiscordError(404, 10007, "Unknown Member") from None

    # ---- interactions (used by UserActions) -------------------------------------------------------------
    def _new_interaction(self, itype: int, user: FakeUser, channel: FakeChannel, data: dict[str, Any],
                         message: FakeMessage | None = None, parent: FakeInteraction | None = None) -> FakeInteraction:
        if channel.guild_id in self.left_guilds:
            raise RuntimeError(f"the bot was removed from guild {channel.guild_id}: nobody can use it there")
        ix = FakeInteraction(id=self.snowflake(), token=f"fake-{secrets.token_urlsafe(24)}", type=itype, user=user,
                             channel=channel, data=data, message=message, parent=parent, _fake=self)
        ix._responded = asyncio.get_running_loop().create_future()
        ix._late = asyncio.get_running_loop().create_future()
        self.interactions[ix.id] = ix
        self._by_token[ix.token] = ix
        return ix

    def _interaction_payload(self, ix: FakeInteraction) -> dict[str, Any]:
        ch = ix.channel
        perms = self.bot_permissions(ch)
        payload: dict[str, Any] = {
            "id": str(ix.id),
            "application_id": str(self.application_id),
            "type": ix.type,
            "data": ix.data,
            "token": ix.token,
            "version": 1,
            "channel_id": str(ch.id),
            "channel": ch.payload(permissions=self.user_permissions(ix.user)),
            "locale": ix.user.locale,
            "app_permissions": str(perms),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": self.attachment_size_limit,
        }
        if ch.is_dm:
            payload["user"] = ix.user.payload()
            payload["context"] = 1
            payload["authorizing_integration_owners"] = {"0": str(self.guild_id)}
        else:
            payload["guild_id"] = str(ch.guild_id)
            payload["guild"] = {"id": str(ch.guild_id), "locale": "de", "features": []}
            payload["guild_locale"] = "de"
            payload["member"] = ix.user.member_payload(permissions=self.user_permissions(ix.user))
            payload["context"] = 0
            payload["authorizing_integration_owners"] = {"0": str(ch.guild_id)}
        if ix.message is not None:
            payload["message"] = ix.message.payload()
        return payload

    async def _dispatch_interaction(self, ix: FakeInteraction) -> FakeInteraction:
        def on_sent() -> None:
            ix.deliveries += 1
            if ix.dispatched_at is None:
                ix.dispatched_at = time.perf_counter()
                ix.dispatched_clock = self.now()

        payload = self._interaction_payload(ix)
        await self.gateway_for(payload).dispatch("INTERACTION_CREATE", payload, on_sent)
        return ix
