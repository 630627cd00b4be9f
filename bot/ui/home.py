"""Where a table shows, and what Discord refuses there (a mixin of `Delivery`).

A table's home is its thread (or the channel it was opened in). Discord archives a thread after its auto-archive
duration without a new message, and edits do not count as activity: a send or edit meeting an archived thread
un-archives it and goes again. A refusal of the place itself (a permission taken, the thread locked, the server's cap
of active threads) is noted in `held_back` until a send or edit there goes through: the moves count, the table
catches up later, and each mover is told why once. A refusal of the table's picture alone (Attach Files taken)
lets the table go on as text (`HeldBack.pictures`); score sheets, pictures only, wait for it (`sheets_waiting`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot.tables import Table, TableService
from bot.tables.model import FINISHED

from .errors import MAX_ACTIVE_THREADS

if TYPE_CHECKING:
    from .catch_up import Attempts
    from .table_ui import TableUI

log = logging.getLogger(__name__)

T = TypeVar("T")
THREAD_ARCHIVED = 50083  # "Operation cannot be performed on an archived thread"
UNKNOWN_CHANNEL = 10003  # the channel or thread is gone
MISSING_PERMISSIONS = 50013  # a table message with its picture refused: Attach Files taken, or the sending it implies
# A table whose picture Discord refuses plays on as text (`Delivery.in_thread`); its picture is tried again at the
# first update this long after the last refusal (a permission given back by a change no event tells the bot of, such
# as a new role), or at once when a permission-back event comes (cogs/tables.py): one 403 per table at most this often
PICTURES_RETRY_S = 600.0
# A finished table's thread archives an hour after its last message (Discord's shortest auto-archive), so it
# stops counting against the server's active threads while "Play again" still works for a while.
FINISHED_ARCHIVE_MINUTES = 60


@dataclass
class HeldBack:
    """Discord refuses a table its place (a permission taken, the thread locked, or its archived thread held back
    by the server's cap of active threads: 400 / MAX_ACTIVE_THREADS): the moves count and the table catches up
    later; each player who moves meanwhile is told why, once (`told`: their user ids). `pictures`: only the table's
    picture is refused (the text went out), refused last at `at` (`time.monotonic()`)."""

    error: discord.HTTPException
    told: set[int] = field(default_factory=set)
    pictures: bool = False
    at: float = field(default_factory=lambda: time.monotonic())  # (looked up when made: a test's clock is patched in)


class TableHome:
    """Sends and edits in a table's home, and what Discord refuses there (see the module docstring)."""

    # provided by Delivery
    ui: TableUI
    bot: discord.Client
    service: TableService
    held_back: dict[int, HeldBack]
    sheets_waiting: dict[int, Table]

    if TYPE_CHECKING:
        async def show_table(self, table: Table) -> Attempts: ...
        async def catch_up(self, table: Table) -> Attempts: ...
        async def safe(self, coro: Any) -> Any: ...

    def _home(self, table: Table) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(table.home_channel_id, guild_id=table.guild_id)

    async def in_thread(self, table: Table, call: Callable[[], Awaitable[T]], *, shows_table: bool = True,
                        text: Callable[[], Awaitable[T]] | None = None) -> T:
        """Run a send or edit in the table's home; if its thread was archived (Discord archives a thread after
        its auto-archive duration without a new message, and edits do not count as activity), un-archive it
        and try once more. The bot may un-archive its own, unlocked thread (developer docs, Threads). A refusal
        (a permission taken, the thread locked, or the archived thread kept so by the server's cap of active threads,
        400 / MAX_ACTIVE_THREADS, whether un-archiving it or sending into it) is noted in `held_back` until a send or
        edit there goes through.
        `shows_table=False`: a text line (a reminder), which a refusal of pictures lets through: it says nothing
        of whether the table can show, so it neither notes nor lifts a refusal.

        `text`: the same message without its picture. A picture needs Attach Files, and the sending it implies, in
        the channel, by a create or an edit alike (developer docs, Permissions: "Implicit Permissions"; an edit's
        files are uploaded, Edit Message); an edit of text needs neither. So when Discord refuses the message with
        its picture (403 / 50013), the table goes on as text (`HeldBack.pictures`), its decisions clickable and a
        line there saying what a moderator can grant, rather than stand still with buttons from before the move;
        later messages go as text without asking again, until PICTURES_RETRY_S has passed or a permission-back
        event (cogs/tables.py) tries the picture again."""
        async def unarchived(attempt: Callable[[], Awaitable[T]]) -> T:
            try:
                return await attempt()
            except discord.HTTPException as exc:
                if exc.code != THREAD_ARCHIVED or not table.thread_id:
                    raise
                log.info("table %s: its thread was archived; un-archiving it", table.id)
                await self.bot.http.edit_channel(table.thread_id, archived=False, reason="a table is playing here")
                return await attempt()

        refused: discord.Forbidden | None = None  # the picture's refusal, when this call met one
        as_text = text is not None and self.pictures_refused(table)
        try:
            if as_text:
                assert text is not None
                result = await unarchived(text)
            else:
                try:
                    result = await unarchived(call)
                except discord.Forbidden as exc:
                    if text is None or exc.code != MISSING_PERMISSIONS:
                        raise
                    log.info("table %s: Discord refused the table's picture (%s); showing it as text", table.id, exc)
                    refused, as_text = exc, True
                    result = await unarchived(text)
        except discord.HTTPException as exc:
            if not shows_table or not (isinstance(exc, discord.Forbidden) or exc.code == MAX_ACTIVE_THREADS):
                raise
            held = self.held_back.get(table.id)
            if held is None or held.error.code != exc.code or held.pictures:
                self.held_back[table.id] = HeldBack(exc)
            raise
        if not shows_table:
            return result
        held = self.held_back.get(table.id)
        if not as_text:
            self.held_back.pop(table.id, None)
        elif refused is not None:  # shown as text: the picture is held back (each mover told once, told kept)
            if held is None or not held.pictures:
                self.held_back[table.id] = HeldBack(refused, pictures=True)
            else:
                held.at = time.monotonic()
        return result

    def finished_waiting(self, guild_id: int, channel_id: int | None = None) -> list[Table]:
        """The finished tables in `guild_id` (in `channel_id` or a thread of it) whose score sheets wait for their
        pictures (`sheets_waiting`)."""
        return [t for t in self.sheets_waiting.values() if t.status == FINISHED and t.guild_id == guild_id
                and (channel_id is None or channel_id in (t.channel_id, t.thread_id))]

    def pictures_refused(self, table: Table) -> bool:
        """Whether the table's picture was refused less than PICTURES_RETRY_S ago (it shows as text meanwhile)."""
        held = self.held_back.get(table.id)
        return held is not None and held.pictures and time.monotonic() - held.at < PICTURES_RETRY_S

    async def table_payload(self, table: Table, events: list[dict[str, Any]] | None = None, *,
                            reply: bool = False, text: bool | None = None) -> dict[str, Any]:
        """The table message as it is now: with its picture, or as text alone (`text`; by default where its picture
        is refused, `pictures_refused`), saying what a moderator can grant."""
        if text is None:
            text = self.pictures_refused(table)
        if text:
            return self.ui.table_text(table, events)
        return await self.ui.render_table(table, events, reply=reply)

    async def pictures_back(self, table: Table) -> Attempts:
        """A permission came back where the table shows as text (cogs/tables.py): the table message is drawn with its
        picture again, and the score sheets held back meanwhile are posted. Returns what it tried."""
        held = self.held_back.get(table.id)
        if held is not None and held.pictures:
            held.at = time.monotonic() - PICTURES_RETRY_S  # the next message tries its picture
        attempt = await self.show_table(table)
        if not attempt.failed:
            attempt = await self.catch_up(table)
        return attempt

    async def home_gone(self, table: Table) -> None:
        """A post to the table's channel or thread answered 404 / 10003, though no deletion event said so: deleted
        while the bot was away (Discord replays no missed events to a new session)? Asked once more (Get Channel),
        since ending a table cannot be undone: if it is gone, the table ends as if the event had come (nobody can
        see it, so it must not play on from the hands); if not, the post is caught up as any failed one."""
        try:
            await self.bot.http.get_channel(table.home_channel_id)
            return
        except discord.HTTPException as exc:
            if exc.status != 404 or exc.code != UNKNOWN_CHANNEL:
                return
        except Exception as exc:  # (a connection that failed says nothing either way: the post's error stands)
            log.info("table %s: could not ask whether its channel is there: %r", table.id, exc)
            return
        await self.service.gone(channel_id=table.home_channel_id, why=f"channel {table.home_channel_id} is gone")

    async def say(self, table: Table, content: str, *, mention: bool = False) -> None:
        """A line of text in the table's home (a reminder, a notice); nobody waits on it, so a failure is logged."""
        mentions = discord.AllowedMentions(users=True) if mention else discord.AllowedMentions.none()
        await self.safe(self.in_thread(table, lambda: self._home(table).send(content, allowed_mentions=mentions),
                                        shows_table=False))

    async def retire_thread(self, table: Table) -> None:
        """A table ended: its thread archives an hour after its last message instead of days later, if the bot made
        it. A thread someone else made (the table was opened in it) keeps its owner's settings: without Manage
        Threads Discord refuses the change, and with it the bot would cut a user's thread short (developer docs,
        Threads, "Editing & Deleting Threads")."""
        if table.thread_id and table.thread_id != table.channel_id and await self._bots_thread(table):
            await self.safe(self.bot.http.edit_channel(table.thread_id, auto_archive_duration=FINISHED_ARCHIVE_MINUTES,
                                                        reason="the table ended"))

    async def _bots_thread(self, table: Table) -> bool:
        """Whether the bot made the table's thread: the one it starts on a lobby message shares that message's id
        (developer docs, Start Thread from Message); an older table's, reused by Play again, says so itself."""
        if table.thread_id == table.lobby_message_id:
            return True
        thread = self.bot.get_channel(table.thread_id)
        if isinstance(thread, discord.Thread):
            return thread.owner_id == self.bot.user.id
        try:
            data = await self.bot.http.get_channel(table.thread_id)
        except discord.HTTPException as exc:
            log.info("table %s: its thread could not be read (%s); its settings stay", table.id, exc)
            return False
        return str(data.get("owner_id")) == str(self.bot.user.id)
