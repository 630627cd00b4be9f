"""Threads that archive, channels that get deleted, a bot that is removed: the world changing under the bot.

Docs: Threads, https://discord.com/developers/docs/topics/threads ("Active & Archived Threads": threads archive
after `auto_archive_duration` minutes without activity, "activity" being a message sent, un-archiving or a
changed duration; only active threads can be manipulated, "Sending a message will automatically unarchive the
thread, unless the thread has been locked"; guilds have a cap of active threads). Gateway Events (THREAD_UPDATE,
THREAD_DELETE, CHANNEL_DELETE, GUILD_DELETE). The fake has a clock tests can advance, since nobody waits an hour.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .models import PRIVATE_THREAD, PUBLIC_THREAD, FakeChannel, iso_now
from .validation import DiscordError

if TYPE_CHECKING:
    from .server import FakeDiscord

# Channel resource, "Start Thread": auto_archive_duration is one of these (minutes).
ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)
# The cap of active threads per guild (JSON error 160006 "Maximum number of active threads reached"); 1000 is
# the figure Discord's support pages and the community give for servers.
ACTIVE_THREAD_CAP = 1000
SWEEP_EVERY = 10.0  # real seconds between two sweeps that archive idle threads nobody touches


class WorldRules:
    """Mixin for FakeDiscord: the clock, thread archiving, deleting channels, removing the bot from a guild."""

    # ---- the clock --------------------------------------------------------------------------------------
    def now(self: FakeDiscord) -> float:
        """The fake's monotonic clock in seconds: real time plus whatever advance() added."""
        return time.monotonic() + self.clock_offset

    def advance(self: FakeDiscord, *, minutes: float = 0.0, seconds: float = 0.0, hours: float = 0.0) -> None:
        """Move the fake's clock on: threads idle for longer than their auto_archive_duration archive now
        (THREAD_UPDATE), messages grow old (30046), interaction tokens expire, rate-limit windows reset."""
        self.clock_offset += hours * 3600 + minutes * 60 + seconds
        self.sweep_threads()
        self._notify()

    # ---- threads ----------------------------------------------------------------------------------------
    def active_threads(self: FakeDiscord, guild_id: int | None = None) -> int:
        return self.active_thread_count.get(guild_id or self.guild_id, 0)

    def room_for_an_active_thread(self: FakeDiscord, guild_id: int | None) -> None:
        """Threads, "Active & Archived Threads": "guilds are capped at a certain number of active threads" (JSON Error
        Codes 160006, "Maximum number of active threads reached"). A thread un-archived becomes active as a new one
        does, so at the cap neither a new thread nor an un-archived one is allowed (by a PATCH, or by a message sent
        into it); the fake's reading, the docs name only the cap."""
        if self.thread_cap is not None and self.active_threads(guild_id) >= self.thread_cap:
            raise DiscordError(400, 160006, "Maximum number of active threads reached")

    def _thread_created(self: FakeDiscord, thread: FakeChannel, duration: Any, parent: FakeChannel) -> None:
        if duration is None:  # the parent's default (Channel object: default_auto_archive_duration), else 1440
            duration = parent.default_auto_archive_duration or 1440
        if duration not in ARCHIVE_DURATIONS:
            from .validation import invalid_form
            raise invalid_form({"auto_archive_duration": {"_errors": [{
                "code": "BASE_TYPE_CHOICES", "message": f"Value must be one of {ARCHIVE_DURATIONS}."}]}})
        self.room_for_an_active_thread(parent.guild_id)
        thread.auto_archive_duration = int(duration)
        thread.last_activity = self.now()
        self.active_thread_count[parent.guild_id or 0] = self.active_threads(parent.guild_id) + 1

    def _set_archived(self: FakeDiscord, thread: FakeChannel, archived: bool, *, emit: bool = True) -> None:
        if thread.archived == archived:
            return
        thread.archived = archived
        thread.archive_timestamp = iso_now()
        gid = thread.guild_id or 0
        self.active_thread_count[gid] = self.active_thread_count.get(gid, 0) + (-1 if archived else 1)
        if not archived:
            thread.last_activity = self.now()
        if archived:
            self.archived_threads.append(thread.id)
        if emit:
            self._emit("THREAD_UPDATE", thread.payload())

    def archive(self: FakeDiscord, thread: FakeChannel | int | str, *, locked: bool = False) -> None:
        """Archive a thread now (as its timer or a moderator would), emitting THREAD_UPDATE."""
        ch = self.channel(thread)
        ch.locked = ch.locked or locked
        self._set_archived(ch, True)

    def add_thread(self: FakeDiscord, name: str, parent: FakeChannel | int | str, *, owner: Any,
                   auto_archive_duration: int = 1440, private: bool = False, members: Iterable[Any] = ()) -> FakeChannel:
        """A user starts a public thread (not on a message) in a text channel: THREAD_CREATE. It is theirs: the bot
        may post in it, but without Manage Threads not rename it, re-time its archiving or archive it (Threads,
        "Editing & Deleting Threads"). `private=True`: a private thread of its owner and `members` (users, or
        `fake.bot`); the bot hears of it and may see it only as a member or with Manage Threads (`add_to_thread`)."""
        ch = self.channel(parent)
        thread = FakeChannel(id=self.snowflake(), name=name, type=PRIVATE_THREAD if private else PUBLIC_THREAD,
                             guild_id=ch.guild_id, parent_id=ch.id, owner_id=self.user(owner).id)
        thread.thread_members = {thread.owner_id, *(self.user(m).id for m in members)}
        self._thread_created(thread, auto_archive_duration, ch)
        self.channels[thread.id] = thread
        self._emit("THREAD_CREATE", {**thread.payload(), "newly_created": True})
        return thread

    def lock(self: FakeDiscord, thread: FakeChannel | int | str, locked: bool = True) -> None:
        """A moderator locks (or unlocks) a thread, which stays active: THREAD_UPDATE. Without MANAGE_THREADS the bot
        may then neither send nor edit messages there (`_refuse_locked`), nor edit the thread."""
        ch = self.channel(thread)
        if ch.locked != locked:
            ch.locked = locked
            self._emit("THREAD_UPDATE", ch.payload())

    def thread_activity(self: FakeDiscord, thread: FakeChannel) -> None:
        """A message was sent into the thread: it stays active (and un-archives unless locked)."""
        if thread.archived and not thread.locked:
            self.room_for_an_active_thread(thread.guild_id)
            self._set_archived(thread, False)
        thread.last_activity = self.now()

    def check_archive(self: FakeDiscord, ch: FakeChannel) -> None:
        """Archive the thread if it has been idle for its auto_archive_duration (checked whenever it is used)."""
        if (self.auto_archive and ch.is_thread and not ch.archived
                and self.now() - ch.last_activity >= ch.auto_archive_duration * 60):
            self._set_archived(ch, True)

    def sweep_threads(self: FakeDiscord) -> None:
        for ch in list(self.channels.values()):
            if ch.is_thread:
                self.check_archive(ch)

    async def _sweeper(self: FakeDiscord) -> None:
        import asyncio
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            self.sweep_threads()

    @staticmethod
    def refuse_if_archived(ch: FakeChannel) -> None:
        """Users cannot edit messages, add reactions or join archived threads (Threads: Active & Archived)."""
        if ch.is_thread and ch.archived:
            raise DiscordError(400, 50083, "Thread is archived")

    # ---- channels and guilds going away -------------------------------------------------------------------
    def delete_channel(self: FakeDiscord, channel: FakeChannel | int | str) -> None:
        """A moderator deletes a channel or thread: CHANNEL_DELETE / THREAD_DELETE; the channel's threads go
        with it; later requests to any of them answer 404 / 10003."""
        ch = self.channel(channel)
        gone = [ch, *(t for t in self.channels.values() if t.is_thread and t.parent_id == ch.id)]
        for c in gone:
            del self.channels[c.id]
            self.deleted_channels[c.id] = c
            if c.is_thread and not c.archived:
                gid = c.guild_id or 0
                self.active_thread_count[gid] = self.active_thread_count.get(gid, 0) - 1
        if ch.is_thread:
            self._emit("THREAD_DELETE", {"id": str(ch.id), "guild_id": str(ch.guild_id),
                                         "parent_id": str(ch.parent_id), "type": ch.type})
        else:
            self._emit("CHANNEL_DELETE", ch.payload())
        self._notify()

    def remove_bot(self: FakeDiscord, guild: int | None = None) -> None:
        """A server's admin kicks the bot: GUILD_DELETE (without `unavailable`) on the guild's shard; later
        requests about the guild or its channels answer 403 / 50001 Missing Access; its users can no longer
        use the bot there."""
        gid = guild or self.guild_id
        self.left_guilds.add(gid)
        gateway = self.gateways[self.shard_of(gid)]
        if gateway.session_id is not None:
            self._spawn(gateway.dispatch("GUILD_DELETE", {"id": str(gid)}))
        self._notify()

    def remove_member(self: FakeDiscord, user: Any) -> None:
        """A user leaves (or is kicked from) every server the bot shares with them: GUILD_MEMBER_REMOVE where the
        bot's intents ask for it (GUILD_MEMBERS); the user can use the bot in no server; a message to their DM
        channel answers 403 / 50278 "Cannot send messages to this user due to having no mutual guilds"
        (Opcodes and Status Codes, JSON Error Codes; the HTTP status is not documented, 403 as 50007's)."""
        u = self.user(user)
        self.departed.add(u.id)
        for gid in self.guild_names:
            if gid not in self.left_guilds:
                self._emit("GUILD_MEMBER_REMOVE", {"guild_id": str(gid), "user": u.payload()})

    def refuse_if_left(self: FakeDiscord, guild_id: int | None) -> None:
        if guild_id is not None and guild_id in self.left_guilds:
            raise DiscordError(403, 50001, "Missing Access")
