"""Messages as the fake keeps them: attachments, creating, editing and deleting under Discord's rules,
permissions, and the lookups that answer 404.

A part of `FakeDiscord` (`server.py`), kept apart by job."""

from __future__ import annotations

import mimetypes
import re
from typing import Any

from .common import INTENT_MESSAGE_CONTENT, SETTABLE_FLAGS
from .models import (
    EPHEMERAL,
    LOADING,
    PERMISSIONS,
    FakeAttachment,
    FakeChannel,
    FakeMessage,
    FakeUser,
    iso_now,
)
from .records import FakeInteraction, RecordedFile, RecordedRequest
from .rules import (
    OLD_EDIT_RULE,
    OLD_MESSAGE_AGE,
    RateLimitedError,
)
from .validation import MENTION_TYPES, DiscordError, invalid_form, validate_message

# mentions in message content (Reference, Message Formatting)
MENTION_USER = re.compile(r"<@!?(\d+)>")
MENTION_ROLE = re.compile(r"<@&(\d+)>")
MENTION_EVERYONE = re.compile(r"@(everyone|here)")


class MessageStore:
    """Mixin for FakeDiscord."""

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

    def _mentions(self, channel: FakeChannel, msg: FakeMessage, payload: dict[str, Any], *,
                  interaction: FakeInteraction | None) -> None:
        """Who the message pings (Message resource, Allowed Mentions Object): without `allowed_mentions` a regular
        message parses users, roles and everyone, an interaction response or webhook message only users; `parse` and
        the id lists say which mentions in the content count; @everyone/@here need MENTION_EVERYONE (and ping
        nobody in a DM)."""
        allowed = payload.get("allowed_mentions")
        if allowed is None:
            allowed = {"parse": ["users"]} if interaction is not None else {"parse": list(MENTION_TYPES)}
        parse = set(allowed.get("parse") or [])
        listed = {str(u) for u in allowed.get("users") or []}
        roles = {str(r) for r in allowed.get("roles") or []}
        content = "\n".join([msg.content, *(c.get("content") or "" for c in msg.iter_components()
                                              if c.get("type") == 10)])
        msg.mentions = []
        for uid in dict.fromkeys(MENTION_USER.findall(content)):
            user = self.bot if int(uid) == self.bot.id else self.users.get(int(uid))
            if user is not None and ("users" in parse or uid in listed):
                msg.mentions.append(user)
        msg.mention_roles = [int(r) for r in dict.fromkeys(MENTION_ROLE.findall(content))
                             if "roles" in parse or r in roles]
        msg.mention_everyone = (not channel.is_dm and "everyone" in parse
                                and MENTION_EVERYONE.search(content) is not None
                                and bool((self.bot_permissions(channel) | self.user_permissions(self.bot))
                                         & PERMISSIONS["mention_everyone"]))

    def _check_not_empty(self, msg: FakeMessage) -> None:
        if not (msg.content or msg.embeds or msg.attachments or msg.components):
            raise DiscordError(400, 50006, "Cannot send an empty message")

    def _create_message(self, channel: FakeChannel, payload: dict[str, Any], files: list[RecordedFile], *,
                        author: FakeUser, rec: RecordedRequest | None, interaction: FakeInteraction | None = None,
                        extra_flags: int = 0) -> FakeMessage:
        payload = payload or {}
        validate_message(payload)
        flags = int(payload.get("flags") or 0)
        self._refuse_locked(channel, ephemeral=interaction is not None and bool(flags & EPHEMERAL))
        msg = FakeMessage(id=self.snowflake(), channel_id=channel.id, guild_id=channel.guild_id, author=author)
        msg.content = payload.get("content") or ""
        msg.embeds = list(payload.get("embeds") or [])
        msg.components = list(payload.get("components") or [])
        msg.flags = (flags & SETTABLE_FLAGS) | extra_flags
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
        self._mentions(channel, msg, payload, interaction=interaction)
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
        if msg.channel_id in self.channels:
            self._refuse_locked(self.channels[msg.channel_id], ephemeral=msg.ephemeral)
        if "content" in payload:
            msg.content = payload["content"] or ""
        if "embeds" in payload:
            msg.embeds = list(payload["embeds"] or [])
        if "components" in payload:
            msg.components = list(payload["components"] or [])
        if merged_flags is not None:
            msg.flags = (msg.flags & (EPHEMERAL | LOADING)) | (int(merged_flags) & SETTABLE_FLAGS)
        if "attachments" in payload or files:
            channel = self.channels[msg.channel_id]
            msg.attachments = self._attachments_from(channel, payload.get("attachments"), files, msg.attachments)
        msg.flags &= ~LOADING
        self._check_not_empty(msg)
        if "content" in payload or "components" in payload:
            self._mentions(self.channels[msg.channel_id], msg, payload,
                           interaction=self.interactions.get(msg.interaction_id or 0))
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

    def _refuse_locked(self, channel: FakeChannel, *, ephemeral: bool) -> None:
        """Threads, "Locked Threads": without MANAGE_THREADS, users (bot users included) "won't be able to create or
        update messages in locked threads". Opcodes and Status Codes name the answer, 160005 "Thread is locked", but
        no HTTP status: the fake answers 403, a refusal like a missing permission. Every way the bot writes a message
        counts (the channel's routes, an interaction's answer and its webhook edits), the strict reading; an
        ephemeral answer is nobody's message in the thread."""
        if channel.is_thread and channel.locked and not ephemeral and not self._has_perm(channel, "manage_threads"):
            raise DiscordError(403, 160005, "Thread is locked")

    def _require_view(self, channel: FakeChannel) -> None:
        """Permissions, "Implicit Permissions": without VIEW_CHANNEL every other permission in the channel is denied,
        so even the bot's own messages there cannot be edited or deleted through the channel's routes (403 / 50001).
        An interaction's webhook does not ask for the bot's permissions."""
        if not channel.is_dm and not self.bot_permissions(channel) & PERMISSIONS["view_channel"]:
            raise DiscordError(403, 50001, "Missing Access")

    def _has_perm(self, channel: FakeChannel, name: str) -> bool:
        return bool(self.bot_permissions(channel) & PERMISSIONS[name])

    def _require_perm(self, channel: FakeChannel, name: str) -> None:
        if channel.is_dm:
            return
        if not self.bot_permissions(channel) & PERMISSIONS["view_channel"]:
            raise DiscordError(403, 50001, "Missing Access")
        if not self.bot_permissions(channel) & PERMISSIONS[name]:
            raise DiscordError(403, 50013, "Missing Permissions")

    def _require_for_content(self, channel: FakeChannel, *, files: bool, embeds: bool) -> None:
        """What a message's content asks of the bot's permissions, whether it is created or edited (an edit's files
        are uploaded as a create's are: Message, Edit Message, "Any provided files will be **appended** to the
        message"). Permissions, Bitwise Permission Flags: ATTACH_FILES "Allows for uploading images and files";
        EMBED_LINKS for embeds (the docs name no rule for a bot's rich embeds beyond this flag; Discord refuses them
        without it). Permissions, "Implicit Permissions": "Denying SEND_MESSAGES implicitly denies MENTION_EVERYONE,
        SEND_TTS_MESSAGES, ATTACH_FILES, and EMBED_LINKS"; in a thread SEND_MESSAGES "has no effect" (Threads,
        "Permissions"), so the fake takes SEND_MESSAGES_IN_THREADS as the sending there, the strict reading. Only by
        the channel's routes: an interaction's answer and its webhook edits ask for neither (Change Log, June 29 2022,
        "Changes to Bot Permissions for Interactions and Webhooks": "ATTACH_FILES and EMBED_LINKS" are not computed
        from the bot's permissions there; discord/discord-api-docs#5316)."""
        if channel.is_dm or not (files or embeds):
            return
        self._require_perm(channel, "send_messages_in_threads" if channel.is_thread else "send_messages")
        if files:
            self._require_perm(channel, "attach_files")
        if embeds:
            self._require_perm(channel, "embed_links")

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
