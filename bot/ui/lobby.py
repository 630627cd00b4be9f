"""Opening a table in a channel: its lobby message, its thread, "Play again", and whether the bot may play there.
A mixin of `TableUI` (bot/ui/table_ui.py), which answers the clicks once the table plays.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.games import GAMES
from bot.games.base import Reason
from bot.i18n import N_, command_name, normalize, tr
from bot.tables import Table, TableService, UserError
from bot.tables.model import LOBBY, RUNNING, escape_markdown

from .errors import send_ephemeral
from .seating import check_origin, computer_name, seat_name

if TYPE_CHECKING:
    from .delivery import Delivery

log = logging.getLogger(__name__)

# A thread archives after this many minutes without a new message; edits do not count as activity, so a table
# that only edits its message would archive in the parent's default (often an hour). Seven days is Discord's
# longest (developer docs, Threads: auto_archive_duration 60, 1440, 4320 or 10080).
THREAD_ARCHIVE_MINUTES = 10080
# the permissions a table needs (marked for the catalogs), as a moderator's client names them in channel settings
PERMISSIONS = (N_("View Channel"), N_("Send Messages"), N_("Attach Files"), N_("Send Messages in Threads"))


# the command that opens a game's table where it is not `/<game> new`: Tač and Repezita are variants of Schrum Schrum
OPENED_BY = {"tac": "schrum", "repezita": "schrum"}


def new_commands(lang: str) -> str:
    """Every game's `/<game> new`, as a client in `lang` shows it ("/schrum novi" to a Croatian client): what an
    answer names for a newcomer who has not yet found the commands that open a table."""
    groups = dict.fromkeys(OPENED_BY.get(key, key) for key in GAMES)
    return ", ".join(f"/{command_name(lang, group)} {command_name(lang, 'new')}" for group in groups)


def permission_list(names: list[str]) -> Reason:
    """Missing permissions as a `UserError` field, each translated for whoever reads the error (`PERMISSIONS`)."""
    fields = {f"p{i}": Reason(name) for i, name in enumerate(names)}
    return Reason(", ".join("{" + key + "}" for key in fields), **fields)


class Lobbies:
    """Tables opened and started (a mixin of `TableUI`, which provides the attributes and methods below)."""

    bot: discord.Client
    service: TableService
    delivery: Delivery
    default_locale: str
    opening: dict[int, asyncio.Event]
    lobby_locks: dict[int, asyncio.Lock]

    if TYPE_CHECKING:
        def lobby_payload(self, table: Table) -> dict[str, Any]: ...
        def _note_locale(self, table: Table, interaction: discord.Interaction) -> None: ...

    # -- opening a table --------------------------------------------------------------------------
    async def open_table(self, interaction: discord.Interaction, game: str, *, options: dict[str, Any],
                         settings: dict[str, Any]) -> Table | None:
        """`/<game> new`: create the table, its lobby message, and its thread when the bot may make one."""
        channel = interaction.channel
        if interaction.guild is None or channel is None or isinstance(channel, discord.DMChannel):
            raise UserError("Tables are opened in a server channel, not in DMs.")
        parent = channel.parent if isinstance(channel, discord.Thread) else channel
        if isinstance(channel, discord.Thread):  # a table opened in a thread plays there: one table a thread
            owner = next((t for t in self.service.open_tables() if t.thread_id == channel.id), None)
            if owner is not None:
                raise UserError("This thread is table #{id}'s. Open a new table in {channel}.", id=owner.id,
                                channel=f"<#{channel.parent_id}>")
            if channel.type is discord.ChannelType.private_thread and interaction.guild.get_thread(channel.id) is None:
                # a private thread is seen only by its members and moderators (developer docs, Threads,
                # "Permissions"), and only such a one reaches the bot's cache: not added to it, the bot may answer
                # here through the interaction, but Discord refuses every message of its own (403 / 50001), so the
                # table would play on unseen. Once someone adds the bot, THREAD_CREATE brings the thread
                raise UserError("I am not in this private thread, so nobody would see the table here. Add me to the "
                                "thread (mention me in it), or open the table in {channel}.",
                                channel=f"<#{channel.parent_id}>")
        # what Discord says the bot may do here, sent with the interaction: the cache may not know a role a moderator
        # just gave the bot (without the members intent no member update for it need arrive)
        perms = interaction.app_permissions
        # (no Embed Links: the bot sends no embeds; the table is an attachment)
        missing = [name for name, ok in (("View Channel", perms.view_channel), ("Send Messages", perms.send_messages),
                                         ("Attach Files", perms.attach_files)) if not ok]
        if isinstance(channel, discord.Thread) and not perms.send_messages_in_threads:
            missing.append("Send Messages in Threads")
        if missing:
            raise UserError("I am missing permissions in this channel: {perms}. Ask a moderator to grant them.",
                            perms=permission_list(missing))
        settings = {"lang": self.table_lang(interaction), **settings}
        table = await self.service.create(
            guild_id=interaction.guild.id, channel_id=parent.id, host_id=interaction.user.id,
            host_name=seat_name(interaction.user), game=game, options=options, settings=settings)
        self._note_locale(table, interaction)
        self.opening[table.id] = asyncio.Event()
        try:
            await interaction.response.send_message(**self.lobby_payload(table))
            message = await interaction.original_response()
        except BaseException:
            # no lobby message (the answer came too late, Discord refused it): no table may sit without one, its
            # host seated there and unable to open another
            self.opening.pop(table.id).set()
            with contextlib.suppress(Exception):
                await self.service.cancel(table.id, interaction.user.id)
            raise
        try:
            return await self._open_thread(interaction, table, message, perms, settings)
        finally:
            self.opening.pop(table.id).set()

    async def _open_thread(self, interaction: discord.Interaction, table: Table, message: discord.Message,
                           perms: discord.Permissions, settings: dict[str, Any]) -> Table:
        """The table's thread on its lobby message, where the bot may make one and post into it."""
        lang = normalize(interaction.locale)
        channel = interaction.channel
        thread_id = None
        # Send Messages in Threads is a permission of its own, not inherited from Send Messages (developer docs,
        # Permissions): without it a thread could be made but nothing posted into it
        # threads grow in text and announcement channels only (Start Thread from Message; a voice channel's chat
        # answers 50024): elsewhere the table plays in the channel without a refused call
        threadable = isinstance(channel, discord.TextChannel)
        can_thread = threadable and perms.create_public_threads
        if can_thread and perms.send_messages_in_threads:
            try:
                thread = await message.create_thread(name=tr(settings["lang"], "{game} table #{id}",
                                                              game=table.engine_cls.title, id=table.id)[:100],
                                                     auto_archive_duration=THREAD_ARCHIVE_MINUTES)
                thread_id = thread.id
            except discord.HTTPException as exc:
                log.info("table %s: no thread (%s); playing in the channel", table.id, exc)
        elif can_thread:
            await send_ephemeral(interaction, tr(lang, "I may not send messages in threads here, so the table plays "
                                                       "in this channel. Grant me Send Messages in Threads to give "
                                                       "each table its own thread."))
        elif threadable:
            await send_ephemeral(interaction, tr(lang, "I may not create threads here, so the table plays in this "
                                                       "channel. Grant me Create Public Threads to keep channels "
                                                       "tidy."))
        elif not isinstance(channel, discord.Thread):
            await send_ephemeral(interaction, tr(lang, "This kind of channel has no threads, so the table plays "
                                                       "right here. Open it in a text channel to give it a thread "
                                                       "of its own."))
        await self.service.set_messages(table, thread_id=thread_id or (channel.id if isinstance(
            channel, discord.Thread) else None), lobby_message_id=message.id)
        return table

    async def play_again(self, interaction: discord.Interaction, table_id: int) -> None:
        """Play again: the host opens the same game with the same options and settings (a new seed) where the
        old table played; its computers take their seats again, and the people are called to join, as at a real
        table where everyone confirms the next deal by sitting down."""
        old = await self.service.finished_table(table_id)
        check_origin(interaction, old, dm_ok=False)
        if interaction.user.id != old.host_id:
            raise UserError("Only the host can deal again; join the new table when it opens.")
        settings = {k: v for k, v in old.settings.items() if k != "lang"}
        table = await self.open_table(interaction, old.game, options=dict(old.options), settings=settings)
        if table is None:
            return
        lang = table.settings.get("lang", "en")
        for s in old.seats:
            if s.computer:
                level = s.computer
                table = await self.service.add_computer(table.id, old.host_id, level,
                                                        lambda n, level=level: computer_name(lang, level, n))
        others = [s.user_id for s in old.seats if not s.computer and s.user_id != old.host_id]
        if any(s.computer for s in old.seats):
            await interaction.edit_original_response(**self.lobby_payload(table))
        if others:
            await interaction.followup.send(
                tr(lang, "{who}: {host} deals again. Join table #{id} to play.",
                   who=" ".join(f"<@{u}>" for u in others), host=escape_markdown(interaction.user.display_name), id=table.id),
                allowed_mentions=discord.AllowedMentions(users=True))

    def table_lang(self, interaction: discord.Interaction) -> str:
        guild_lang = getattr(self.bot, "guild_locales", {}).get(interaction.guild_id)
        return normalize(guild_lang or interaction.guild_locale or self.default_locale)

    async def refresh_lobby(self, table: Table) -> None:
        """Bring the lobby message in line after a change made by a command."""
        if table.lobby_message_id:
            message = self.bot.get_partial_messageable(table.lobby_channel_id).get_partial_message(
                table.lobby_message_id)
            # one edit at a time, drawn when its turn comes: an edit held by a rate limit (an hour-old lobby's,
            # 30046) must not land after a later one and show an older lobby
            async with self.lobby_locks.setdefault(table.id, asyncio.Lock()):
                await self.delivery.safe(message.edit(**self.lobby_payload(table)))
            if table.status not in (LOBBY, RUNNING):  # (an ended table's lobby has had its last edit)
                self.lobby_locks.pop(table.id, None)

    def check_can_play(self, interaction: discord.Interaction, table: Table) -> None:
        """Start only where the table's messages can go out: a table nobody sees would play itself on its turn
        timers. Checked from the permissions the click carries, else the cached ones (no request); a channel the
        cache lacks is left to the sends."""
        guild = interaction.guild
        if guild is None:
            return
        home = guild.get_channel_or_thread(table.home_channel_id) or guild.get_channel(table.channel_id)
        if home is None:
            return
        # the click's channel is the table's own (the lobby's, or its thread): Discord's word on the bot's permissions
        # there comes with the click; a thread's permissions are its channel's
        here = interaction.channel_id in (table.channel_id, table.home_channel_id)
        perms = interaction.app_permissions if here else home.permissions_for(guild.me)
        in_thread = table.thread_id is not None
        needed = [("View Channel", perms.view_channel), ("Attach Files", perms.attach_files),
                  ("Send Messages in Threads", perms.send_messages_in_threads) if in_thread
                  else ("Send Messages", perms.send_messages)]
        missing = [name for name, ok in needed if not ok]
        if missing:
            raise UserError("I cannot post the table in {channel}: I am missing {perms} there. Ask a moderator to "
                            "grant it, then press Start again.", channel=f"<#{table.home_channel_id}>",
                            perms=permission_list(missing))

    def is_moderator(self, interaction: discord.Interaction) -> bool:
        perms = getattr(interaction, "permissions", None)
        return bool(perms and (perms.manage_messages or perms.manage_guild or perms.administrator))
