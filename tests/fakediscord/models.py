"""State objects of the fake Discord: users, channels, messages, attachments (interactions and recorded requests
are in `records.py`), and Discord's constants: permission bits, channel types, message flags, interaction types.

Every object knows how to render itself as the JSON payload real Discord would send (``payload()``), with the
fields discord.py 2.7.1 reads unconditionally (``data['...']``) always present.
"""

from __future__ import annotations

import datetime as _dt
import itertools
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000

# Permission bits (https://discord.com/developers/docs/topics/permissions)
PERMISSIONS: dict[str, int] = {
    "create_instant_invite": 1 << 0,
    "kick_members": 1 << 1,
    "ban_members": 1 << 2,
    "administrator": 1 << 3,
    "manage_channels": 1 << 4,
    "manage_guild": 1 << 5,
    "add_reactions": 1 << 6,
    "view_channel": 1 << 10,
    "send_messages": 1 << 11,
    "manage_messages": 1 << 13,
    "embed_links": 1 << 14,
    "attach_files": 1 << 15,
    "read_message_history": 1 << 16,
    "mention_everyone": 1 << 17,
    "use_external_emojis": 1 << 18,
    "change_nickname": 1 << 26,
    "manage_roles": 1 << 28,
    "use_application_commands": 1 << 31,
    "manage_threads": 1 << 34,
    "create_public_threads": 1 << 35,
    "create_private_threads": 1 << 36,
    "send_messages_in_threads": 1 << 38,
    "moderate_members": 1 << 40,
}
ALL_PERMISSIONS = (1 << 51) - 1


def perms(*names: str) -> int:
    value = 0
    for name in names:
        value |= PERMISSIONS[name]
    return value


EVERYONE_PERMISSIONS = perms(
    "create_instant_invite",
    "add_reactions",
    "view_channel",
    "send_messages",
    "embed_links",
    "attach_files",
    "read_message_history",
    "use_external_emojis",
    "change_nickname",
    "use_application_commands",
    "create_public_threads",
    "send_messages_in_threads",
)
# The bot's role: exactly what README.md ("Setting it up on Discord") asks a server to grant at the invite, so that
# no test passes on a permission a real server's bot does not have (Manage Messages, Manage Threads: a moderator's)
BOT_ROLE_PERMISSIONS = perms("view_channel", "send_messages", "send_messages_in_threads", "create_public_threads",
                             "attach_files", "read_message_history")

# Channel types
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12

# Message flags
EPHEMERAL = 1 << 6
LOADING = 1 << 7
IS_COMPONENTS_V2 = 1 << 15

# Interaction types
PING = 1
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Interaction callback types
CB_PONG = 1
CB_CHANNEL_MESSAGE = 4
CB_DEFERRED_CHANNEL_MESSAGE = 5
CB_DEFERRED_UPDATE_MESSAGE = 6
CB_UPDATE_MESSAGE = 7
CB_AUTOCOMPLETE_RESULT = 8
CB_MODAL = 9
CB_LAUNCH_ACTIVITY = 12


class Snowflakes:
    """Unique, increasing snowflakes whose timestamps are the current time (as Discord's are): the fake's time,
    the real one plus `offset()` (FakeDiscord.advance), so a message an hour old by the fake's clock is an hour
    older than a new interaction by its snowflake too, as on Discord."""

    def __init__(self, offset: Callable[[], float] = lambda: 0.0) -> None:
        self._counter = itertools.count(1)
        self._last = 0
        self._offset = offset

    def __call__(self) -> int:
        ms = int((time.time() + self._offset()) * 1000) - DISCORD_EPOCH_MS
        value = (ms << 22) | (next(self._counter) & 0x3FFFFF)
        if value <= self._last:
            value = self._last + 1
        self._last = value
        return value


def iso_now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat()


@dataclass(eq=False)
class FakeUser:
    id: int
    name: str
    locale: str = "de"
    global_name: str | None = None
    bot: bool = False
    joined_at: str = field(default_factory=iso_now)
    roles: list[int] = field(default_factory=list)

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.global_name if self.global_name is not None else self.name,
            "discriminator": "0",
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data

    def member_payload(self, *, with_user: bool = True, permissions: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(r) for r in self.roles],
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "nick": None,
            "avatar": None,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.payload()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data

    def __repr__(self) -> str:
        return f"<FakeUser {self.name} id={self.id}>"


@dataclass(eq=False)
class FakeChannel:
    id: int
    name: str
    type: int = GUILD_TEXT
    guild_id: int | None = None
    position: int = 0
    parent_id: int | None = None
    owner_id: int | None = None
    recipient: FakeUser | None = None
    topic: str | None = None
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    default_auto_archive_duration: int | None = None  # a text channel's; threads created without one get it
    last_activity: float = 0.0  # the fake's clock: a thread's last message sent, un-archiving or duration change
    archive_timestamp: str | None = None  # when the thread was last archived or un-archived
    overwrites: list[dict[str, Any]] = field(default_factory=list)
    # a thread's members (user ids): its creator, and whoever was added. Only a private thread's matter to the fake:
    # the bot sees one only as a member or with Manage Threads (Threads, "Permissions")
    thread_members: set[int] = field(default_factory=set)
    messages: list[FakeMessage] = field(default_factory=list)
    created_at: str = field(default_factory=iso_now)

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def is_thread(self) -> bool:
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)

    @property
    def last_message_id(self) -> str | None:
        return str(self.messages[-1].id) if self.messages else None

    def payload(self, *, permissions: int | None = None) -> dict[str, Any]:
        if self.type == DM:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": self.last_message_id,
                "flags": 0,
                "recipients": [self.recipient.payload()],
            }
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "parent_id": str(self.parent_id) if self.parent_id else None,
            "last_message_id": self.last_message_id,
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        if self.is_thread:
            data.update(
                owner_id=str(self.owner_id),
                message_count=len(self.messages),
                member_count=1,
                total_message_sent=len(self.messages),
                thread_metadata={
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": self.archive_timestamp or self.created_at,
                    "locked": self.locked,
                    "invitable": self.invitable,
                    "create_timestamp": self.created_at,
                },
            )
        else:
            data.update(
                position=self.position,
                permission_overwrites=list(self.overwrites),
                topic=self.topic,
                nsfw=False,
                default_auto_archive_duration=self.default_auto_archive_duration or 1440,
            )
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data

    def __repr__(self) -> str:
        return f"<FakeChannel #{self.name} id={self.id} type={self.type}>"


@dataclass(eq=False)
class FakeAttachment:
    id: int
    filename: str
    data: bytes | None
    size: int
    content_type: str | None = None
    description: str | None = None
    url: str = ""

    @property
    def is_png(self) -> bool:
        return self.data is not None and self.data.startswith(b"\x89PNG\r\n\x1a\n")

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            data["description"] = self.description
        if self.is_png and self.data is not None and len(self.data) >= 24:
            data["width"] = int.from_bytes(self.data[16:20], "big")
            data["height"] = int.from_bytes(self.data[20:24], "big")
        return data

    def __repr__(self) -> str:
        return f"<FakeAttachment {self.filename} {self.size}B>"


def iter_components(components: list[dict[str, Any]] | None) -> Iterator[dict[str, Any]]:
    """Depth-first walk over message/modal components: action rows, containers, sections, labels."""
    for comp in components or []:
        yield comp
        yield from iter_components(comp.get("components"))
        for key in ("accessory", "component"):
            child = comp.get(key)
            if isinstance(child, dict):
                yield from iter_components([child])


@dataclass(eq=False)
class MessageRevision:
    """One state of a message: what it looked like after the create or an edit."""

    t: float
    kind: str  # "create" | "edit" | "delete"
    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachments: list[FakeAttachment]
    flags: int
    request_index: int | None


@dataclass(eq=False)
class FakeMessage:
    id: int
    channel_id: int
    author: FakeUser
    guild_id: int | None = None
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    interaction_id: int | None = None
    interaction_type: int | None = None
    interaction_user: FakeUser | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    message_reference: dict[str, Any] | None = None
    deleted: bool = False
    created_at: float = field(default_factory=time.perf_counter)
    created_clock: float = 0.0  # the fake's clock when it was sent (edits of messages older than an hour: 30046)
    revisions: list[MessageRevision] = field(default_factory=list)
    reactions: list[str] = field(default_factory=list)
    # who the content pings under its allowed_mentions (message_store.MessageStore._mentions)
    mentions: list[FakeUser] = field(default_factory=list)
    mention_roles: list[int] = field(default_factory=list)
    mention_everyone: bool = False

    # ---- what a user sees -------------------------------------------------------------------------------
    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def edits(self) -> list[MessageRevision]:
        return [r for r in self.revisions if r.kind == "edit"]

    def visible_to(self, user: FakeUser | int) -> bool:
        uid = user if isinstance(user, int) else user.id
        if self.deleted:
            return False
        if not self.ephemeral:
            return True
        return self.interaction_user is not None and self.interaction_user.id == uid

    def iter_components(self) -> Iterator[dict[str, Any]]:
        return iter_components(self.components)

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") == 2]

    @property
    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") in (3, 5, 6, 7, 8)]

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.iter_components() if "custom_id" in c]

    def component(self, custom_id: str) -> dict[str, Any]:
        for comp in self.iter_components():
            if comp.get("custom_id") == custom_id:
                return comp
        raise LookupError(f"no component with custom_id {custom_id!r} on message {self.id}; has {self.custom_ids}")

    def button(self, label: str | None = None, *, custom_id: str | None = None, emoji: str | None = None) -> dict:
        for comp in self.buttons:
            if custom_id is not None and comp.get("custom_id") != custom_id:
                continue
            if label is not None and comp.get("label") != label:
                continue
            if emoji is not None and (comp.get("emoji") or {}).get("name") != emoji:
                continue
            return comp
        labels = [(b.get("label"), b.get("custom_id")) for b in self.buttons]
        raise LookupError(f"no button label={label!r} custom_id={custom_id!r} on message {self.id}; buttons: {labels}")

    @property
    def text(self) -> str:
        """Everything readable on the message: content, embed texts, text-display components, button labels."""
        parts = [self.content] if self.content else []
        for embed in self.embeds:
            for key in ("title", "description"):
                if embed.get(key):
                    parts.append(embed[key])
            for fld in embed.get("fields", []):
                parts.append(f"{fld.get('name', '')}: {fld.get('value', '')}")
            if (embed.get("footer") or {}).get("text"):
                parts.append(embed["footer"]["text"])
        for comp in self.iter_components():
            if comp.get("type") == 10 and comp.get("content"):
                parts.append(comp["content"])
        return "\n".join(parts)

    def attachment(self, filename: str) -> FakeAttachment:
        for att in self.attachments:
            if att.filename == filename:
                return att
        raise LookupError(f"no attachment {filename!r} on message {self.id}: {[a.filename for a in self.attachments]}")

    # ---- wire format ------------------------------------------------------------------------------------
    def snapshot(self, kind: str, request_index: int | None) -> None:
        self.revisions.append(
            MessageRevision(
                t=time.perf_counter(),
                kind=kind,
                content=self.content,
                embeds=list(self.embeds),
                components=list(self.components),
                attachments=list(self.attachments),
                flags=self.flags,
                request_index=request_index,
            )
        )

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": self.mention_everyone,
            "mentions": [u.payload() for u in self.mentions],
            "mention_roles": [str(r) for r in self.mention_roles],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": list(self.embeds),
            "components": list(self.components),
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.message_reference is not None:
            data["message_reference"] = self.message_reference
        if self.interaction_id is not None and self.interaction_user is not None:
            data["interaction_metadata"] = {
                "id": str(self.interaction_id),
                "type": self.interaction_type or APPLICATION_COMMAND,
                "user": self.interaction_user.payload(),
                "authorizing_integration_owners": {},
            }
        if self.reactions:
            counts: dict[str, int] = {}
            for r in self.reactions:
                counts[r] = counts.get(r, 0) + 1
            data["reactions"] = [
                {"emoji": {"id": None, "name": name}, "count": n, "me": True, "count_details": {"burst": 0, "normal": n}}
                for name, n in counts.items()
            ]
        return data

    def __repr__(self) -> str:
        flags = " ephemeral" if self.ephemeral else ""
        return f"<FakeMessage id={self.id} channel={self.channel_id}{flags} content={self.content[:40]!r}>"
