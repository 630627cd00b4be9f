"""Route handlers for channels, messages, reactions, threads, DM channels and guilds.

A part of `FakeDiscord` (`server.py`), kept apart by job."""

from __future__ import annotations

from typing import Any

from .models import (
    GUILD_TEXT,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    FakeChannel,
    FakeMessage,
)
from .rules import (
    DM_OPEN_RULE,
    RENAME_RULE,
    RateLimitedError,
)
from .validation import DiscordError, invalid_form

NONCE_WINDOW_S = 120.0  # how long a message's nonce makes a second message with it return the first


class ChannelRoutes:
    """Mixin for FakeDiscord."""

    # ---- route handlers: channels, messages, threads, DMs -----------------------------------------------
    async def _h_channel_get(self, rec, params, body, files):
        ch = self._channel_or_404(params)
        # Permissions, "Implicit Permissions": without VIEW_CHANNEL the channel is out of sight, so Get Channel answers
        # 403 / 50001 Missing Access, not the channel (the docs name no permission for the route; bots report 50001:
        # nminchow/Voltaire#25), a private thread the bot is no member of included
        self._require_view(ch)
        return 200, ch.payload()

    async def _h_channel_edit(self, rec, params, body, files):
        ch = self._channel_or_404(params)
        body = body or {}
        if ch.is_dm:
            raise DiscordError(403, 50003, "Cannot execute action on a DM channel")
        self._require_view(ch)
        renamed = any(key in body and body[key] != getattr(ch, key, None) for key in ("name", "topic"))
        if renamed and self.limits.route_limits:  # community figure: 2 renames per 10 minutes (rules.py)
            wait = self.limits.take(RENAME_RULE, str(ch.id))
            if wait:
                raise RateLimitedError(wait)
        if ch.is_thread:
            # Threads, "Editing & Deleting Threads": the creator (or MANAGE_THREADS) may change name, archived
            # and auto_archive_duration; locked needs MANAGE_THREADS; a locked thread only un-archives with it.
            # Anyone may un-archive an unlocked thread they may post in ("setting archived to false only requires
            # the current user has already been added to the thread"; Modify Channel: "when locked is also false,
            # only the SEND_MESSAGES permission is required")
            changes = {key for key, value in body.items() if value is not None}
            if changes == {"archived"} and body["archived"] is False and not ch.locked:
                self._require_perm(ch, "send_messages")
            elif ch.owner_id != self.bot.id or "locked" in body:
                self._require_perm(ch, "manage_threads")
            if not ch.archived:  # Threads, "Locked Threads": nor may a user "update properties like its title"
                self._refuse_locked(ch, ephemeral=False)
            unarchive = body.get("archived") is False
            if ch.archived and not unarchive:
                self.refuse_if_archived(ch)  # only active threads can be manipulated
            if unarchive and ch.archived and ch.locked:
                self._require_perm(ch, "manage_threads")
            if unarchive and ch.archived:
                self.room_for_an_active_thread(ch.guild_id)  # the guild's cap of active threads (160006)
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
        same = self._same_nonce(ch, body)
        if same is not None:  # (checked before the permissions: the message exists already)
            rec.message_id = same.id
            return 200, same.payload()
        if ch.is_dm:
            assert ch.recipient is not None
            if ch.recipient.id in self.departed:
                raise DiscordError(403, 50278, "Cannot send messages to this user due to having no mutual guilds")
            if ch.recipient.id in self.dm_closed:
                raise DiscordError(403, 50007, "Cannot send messages to this user")
        else:
            # Permissions: SEND_MESSAGES has no effect in threads, SEND_MESSAGES_IN_THREADS is needed there
            self._require_perm(ch, "send_messages_in_threads" if ch.is_thread else "send_messages")
            if ch.is_thread and ch.archived and ch.locked and not self._has_perm(ch, "manage_threads"):
                raise DiscordError(400, 50083, "Thread is archived")
            self._require_for_content(ch, files=bool(files), embeds=bool(body.get("embeds")))
        msg = self._create_message(ch, body, files, author=self.bot, rec=rec)  # (ephemeral flag is ignored)
        if body.get("nonce") is not None:
            self.nonces[(ch.id, str(body["nonce"]))] = (msg, self.now())
        return 200, msg.payload()

    def _same_nonce(self, ch: FakeChannel, body: dict) -> FakeMessage | None:
        """Message, Create Message: `nonce` (integer or string, "up to 25 characters") with `enforce_nonce` "will be
        checked for uniqueness in the past few minutes. If another message was created by the same author with the
        same nonce, that message will be returned and no new message will be created." The fake keeps a nonce
        for NONCE_WINDOW_S, the short end of "a few minutes"."""
        nonce = body.get("nonce")
        if nonce is None:
            return None
        if not isinstance(nonce, (int, str)) or len(str(nonce)) > 25:
            raise invalid_form({"nonce": {"_errors": [{"code": "BASE_TYPE_MAX_LENGTH",
                                                       "message": "Must be 25 or fewer in length."}]}})
        if not body.get("enforce_nonce"):
            return None
        kept = self.nonces.get((ch.id, str(nonce)))
        if kept is None or kept[0].deleted or self.now() - kept[1] > NONCE_WINDOW_S:
            return None
        return kept[0]

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
        # Messages, Get Channel Message: "If operating on a guild channel, this endpoint requires the VIEW_CHANNEL and
        # READ_MESSAGE_HISTORY permissions to be present on the current user" (403 / 50001, 50013 otherwise)
        self._require_perm(ch, "read_message_history")
        return 200, self._message_or_404(ch, params).payload()

    async def _h_message_edit(self, rec, params, body, files):
        ch = self._channel_or_404(params)
        self._require_view(ch)
        msg = self._message_or_404(ch, params)
        if msg.author.id != self.bot.id:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        self.refuse_if_archived(ch)
        # a picture or an embed added by an edit asks what sending it would (Attach Files, Embed Links, and the
        # sending they imply); an edit that keeps or drops attachments uploads nothing
        self._require_for_content(ch, files=bool(files), embeds=bool((body or {}).get("embeds")))
        self._check_old_edit(ch, msg)
        return 200, self._edit_message(msg, body, files, rec).payload()

    async def _h_message_delete(self, rec, params, body, files):
        ch = self._channel_or_404(params)
        self._require_view(ch)
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
                             parent_id=parent.id, owner_id=self.bot.id, invitable=bool(body.get("invitable", True)),
                             thread_members={self.bot.id})
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
