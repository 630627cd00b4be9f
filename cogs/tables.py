"""Commands every game shares: `/table list|status|leave|cancel` (`/rules` is in `cogs/rules.py`)."""

from __future__ import annotations

import logging

import aiohttp
import discord
from discord import app_commands
from discord.app_commands import locale_str as _T
from discord.ext import commands

from bot.i18n import command_name, normalize, tr
from bot.tables import Table, UserError
from bot.tables.model import FINISHED, OPEN_STATUSES, RUNNING
from bot.ui.checks import unknown_component
from bot.ui.errors import MAX_ACTIVE_THREADS, send_ephemeral
from bot.ui.game_ui import card_style, score_text
from bot.ui.lobby import new_commands
from bot.ui.text_fit import fit_lines

LIST_LINES = 20  # /table list shows at most this many tables

log = logging.getLogger(__name__)
# what a REST call may end in when Discord cannot be reached or refuses (discord.py's own retries spent)
UNREACHABLE = (TimeoutError, OSError, aiohttp.ClientError, discord.HTTPException)


class Tables(commands.Cog):
    table = app_commands.Group(name=_T("table"), description=_T("Your card tables in this server"),
                               guild_only=True)

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        self._sessions: dict[int, int] = {}  # per shard: the sessions (READYs) since start

    @property
    def service(self):  # noqa: ANN201
        return self.bot.tables  # type: ignore[attr-defined]

    def _describe(self, table: Table, lang: str) -> str:
        where = f"<#{table.thread_id or table.channel_id}>"
        seated = ", ".join(discord.utils.escape_markdown(s.name) for s in table.seats)
        state = tr(lang, "waiting for players") if table.status == "lobby" else tr(lang, "running")
        return f"**#{table.id}** {table.engine_cls.title} · {state} · {where} · {seated}"

    def _pick(self, interaction: discord.Interaction, table_id: int | None, *, seated: bool = True) -> Table:
        """The table meant: the id given, else the caller's table in this channel (or server)."""
        if table_id is not None:
            table = self.service.tables.get(table_id)
            if table is None or table.guild_id != interaction.guild_id or table.status not in OPEN_STATUSES:
                # a number typed: it may never have been a table here (a finished, cancelled or abandoned table
                # stays in memory while its last messages go out)
                raise UserError("There is no open table #{id} in this server.", id=table_id)
            return table
        mine = self.service.tables_of(interaction.user.id, guild_id=interaction.guild_id)
        here = [t for t in mine if interaction.channel_id in (t.channel_id, t.thread_id)]
        candidates = here or mine
        if not candidates:
            raise UserError("You are not seated at any open table here.")
        if len(candidates) > 1:
            raise UserError("You sit at several tables: say which one with {option} ({ids}).",
                            option=f"`{command_name(normalize(interaction.locale), 'table_id')}:`",
                            ids=", ".join(f"#{t.id}" for t in candidates))
        return candidates[0]

    @table.command(name=_T("list"), description=_T("Open tables in this server"))
    async def list_(self, interaction: discord.Interaction) -> None:
        lang = normalize(interaction.locale)
        tables = self.service.open_tables(guild_id=interaction.guild_id)
        if not tables:
            await send_ephemeral(interaction, tr(lang, "No open tables here. Open one with a game's command: {commands}.",
                                                 commands=new_commands(lang)))
            return
        lines = [self._describe(t, lang) for t in tables]
        text = fit_lines(lines, tr(lang, "… and {n} more", n="{n}"), most=LIST_LINES)
        await send_ephemeral(interaction, text, allowed_mentions=discord.AllowedMentions.none())

    @table.command(name=_T("status"), description=_T("Where your game stands"))
    @app_commands.describe(table_id=_T("Table number (default: yours)"))
    async def status(self, interaction: discord.Interaction, table_id: int | None = None) -> None:
        lang = normalize(interaction.locale)
        table = self._pick(interaction, table_id)
        text = self._describe(table, lang)
        if table.engine is not None:
            ui = self.bot.table_ui.game_ui(table)  # type: ignore[attr-defined]
            public = table.engine.view(None)
            totals = ", ".join(f"{n} {score_text(t)}" for n, t in zip(table.text_names, public.get("totals", []), strict=False))
            with card_style(ui.card_deck(table), lang):  # cards named as the table's pictures name them
                text += "\n" + ui.hand_title(public, lang) + " · " + ui.status(public, table.text_names, lang)
            text += "\n" + tr(lang, "Standing: {totals}", totals=totals)
        text = fit_lines(text.split("\n"), tr(lang, "… and {n} more", n="{n}"))  # 8 long names, a long status
        await send_ephemeral(interaction, text, allowed_mentions=discord.AllowedMentions.none())

    @table.command(name=_T("leave"), description=_T("Leave a table that has not started"))
    @app_commands.describe(table_id=_T("Table number (default: yours)"))
    async def leave(self, interaction: discord.Interaction, table_id: int | None = None) -> None:
        lang = normalize(interaction.locale)
        table = await self.service.leave(self._pick(interaction, table_id).id, interaction.user.id)
        await send_ephemeral(interaction, tr(lang, "You left table #{id}.", id=table.id))
        await self.bot.table_ui.refresh_lobby(table)  # type: ignore[attr-defined]

    @table.command(name=_T("cancel"), description=_T("Cancel a table (host or moderator)"))
    @app_commands.describe(table_id=_T("Table number (default: yours)"))
    async def cancel(self, interaction: discord.Interaction, table_id: int | None = None) -> None:
        lang = normalize(interaction.locale)
        ui = self.bot.table_ui  # type: ignore[attr-defined]
        table = self._pick(interaction, table_id)
        await self.service.cancel(table.id, interaction.user.id, moderator=ui.is_moderator(interaction))
        await send_ephemeral(interaction, tr(lang, "Table #{id} is cancelled.", id=table.id))
        await ui.refresh_lobby(table)
        if table.engine is not None:
            await ui.ended(table)


    # -- places that are gone: no table may keep playing (and calling Discord) where nobody can see it ------
    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot was removed from the server (or the server deleted)."""
        await self._gone(f"server {guild.id} left", guild_id=guild.id)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Servers the bot was removed from while it was down: READY lists every server the bot is in (an unavailable
        one too) and no GUILD_DELETE comes for one it left meanwhile (Gateway, Ready Event). This checks at start;
        a later session is checked by `on_shard_ready`. A channel or thread deleted meanwhile: Delivery.home_gone."""
        present = {guild.id for guild in self.bot.guilds}
        for guild_id in sorted({t.guild_id for t in self.service.open_tables()} - present):
            await self._gone(f"server {guild_id} is not in READY", guild_id=guild_id)

    @commands.Cog.listener()
    async def on_shard_connect(self, shard_id: int) -> None:
        """A shard's READY (discord.py dispatches this once per session, never for a RESUME)."""
        self._sessions[shard_id] = self._sessions.get(shard_id, 0) + 1

    @commands.Cog.listener()
    async def on_shard_ready(self, shard_id: int) -> None:
        """Servers that removed the bot during a gateway outage: a shard whose session could not be resumed starts a
        new one, which is not told what it missed (Gateway, Resuming), so no GUILD_DELETE comes; and discord.py keeps
        its guild cache across the new READY of a shard, so the cache still lists the server. Get Current User
        Guilds (User resource; 200 a page) says where the bot is now; a server with tables missing there is asked
        for once more (Get Guild: 403 / 404 once the bot is not in it), and its tables end as abandoned. (A shard's
        first session is checked by `on_ready` against READY itself.)"""
        if self._sessions.get(shard_id, 0) <= 1:
            return
        tables = {t.guild_id for t in self.service.open_tables()}
        if not tables:
            return
        try:
            present = {guild.id async for guild in self.bot.fetch_guilds(limit=None, with_counts=False)}
        except UNREACHABLE as exc:
            log.warning("could not list the bot's servers after shard %s's new session: %s", shard_id, exc)
            return  # the table's next message will tell (403 / 50001)
        for guild_id in sorted(tables - present):
            try:
                await self.bot.fetch_guild(guild_id, with_counts=False)
            except (discord.Forbidden, discord.NotFound):
                await self._gone(f"server {guild_id} is not among the bot's servers after a new gateway session",
                                 guild_id=guild_id)
            except UNREACHABLE as exc:
                log.warning("could not confirm that server %s removed the bot: %s", guild_id, exc)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A table's channel was deleted: its threads went with it (Discord sends no event for them)."""
        await self._gone(f"channel {channel.id} deleted", channel_id=channel.id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A table's thread was deleted (raw: the cache may not hold the thread). Any other thread deleted may have
        made room under the server's cap of active threads (`_room_for_a_thread`)."""
        await self._gone(f"thread {payload.thread_id} deleted", channel_id=payload.thread_id)
        await self._room_for_a_thread(payload.guild_id)

    @commands.Cog.listener()
    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        """A table's thread is open again (a moderator unlocked it): while it was locked Discord refused the bot's
        messages there (developer docs, Threads, "Locked Threads"), so the table shows now what it missed, not only
        at the next move. A thread archived (closed) makes room under the server's cap of active threads
        (`_room_for_a_thread`). (Raw: the cache may not hold the thread.)"""
        meta = payload.data.get("thread_metadata") or {}
        if meta.get("archived"):
            await self._room_for_a_thread(payload.guild_id)
        if meta.get("locked") or meta.get("archived"):
            return
        for table in self.service.open_tables(channel_id=payload.thread_id):
            if table.shown_version != table.version:
                await self.bot.table_ui.delivery.catch_up(table)  # type: ignore[attr-defined]

    # -- a permission given back: the tables it held back show what they missed now, not at some later move -----
    @commands.Cog.listener()
    async def on_guild_channel_update(self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel) -> None:
        """An overwrite on a table's channel changed (a moderator gave the bot back Attach Files, Send Messages in
        Threads or View Channel there); its threads' permissions are the channel's. Any other edit (a topic, a
        name, a new order of the channels: one event per channel moved) gives nothing back and costs no request."""
        if before.overwrites == after.overwrites:
            return
        await self._show_held_back(after.guild, channel_id=after.id)

    @commands.Cog.listener()
    async def on_guild_role_update(self, before: discord.Role, after: discord.Role) -> None:
        """A role changed: it may be the bot's (or @everyone), given back a permission the tables in this server
        need. A colour, a name, a new order of the roles (one event per role moved) gives nothing back."""
        me = after.guild.me
        if before.permissions == after.permissions or not (after.is_default() or (me is not None
                                                                                 and after in me.roles)):
            return
        await self._show_held_back(after.guild)

    @commands.Cog.listener()
    async def on_thread_join(self, thread: discord.Thread) -> None:
        """A thread the bot sees again: Discord sends THREAD_LIST_SYNC when the bot gains access to a channel
        (developer docs, Threads, "Gaining Access to Channels"), and discord.py announces each thread in it."""
        await self._show_held_back(thread.guild, channel_id=thread.id)

    async def _show_held_back(self, guild: discord.Guild, *, channel_id: int | None = None) -> None:
        """Catch up the running tables here whose table message is behind what is stored: while a permission was
        missing the catch-up stopped trying (each 403 counts against Discord's invalid-request limit). Only where
        the bot's permissions, as the cache knows them, now allow the table message (no request otherwise)."""
        delivery = self.bot.table_ui.delivery  # type: ignore[attr-defined]
        # (and a finished match whose last score sheets wait for its pictures: no move will bring them)
        for table in [*self.service.open_tables(guild_id=guild.id, channel_id=channel_id),
                      *delivery.finished_waiting(guild.id, channel_id)]:
            held = delivery.held_back.get(table.id)
            pictures = table.id in delivery.sheets_waiting or (held is not None and held.pictures)
            if table.status not in (RUNNING, FINISHED) or (held is None and not pictures) or (
                    not pictures and table.table_message_id is not None and table.shown_version == table.version):
                continue  # (only a table a refusal held back: a move's batch on its way is no business of this; one
                # shown as text is behind by its picture and its score sheets)
            home = guild.get_channel_or_thread(table.home_channel_id) or guild.get_channel(table.channel_id)
            if home is not None:
                if isinstance(home, discord.Thread) and home.locked:
                    continue  # still locked: its unlocking catches it up (on_raw_thread_update)
                perms = home.permissions_for(guild.me)
                if not (perms.view_channel and perms.attach_files and (
                        perms.send_messages_in_threads if table.thread_id else perms.send_messages)):
                    continue
            attempt = await (delivery.pictures_back(table) if pictures else delivery.catch_up(table))
            if attempt.failed and not attempt.lasting:  # (a refusal waits for the next change or move)
                delivery.catch_up_later(table)

    async def _room_for_a_thread(self, guild_id: int) -> None:
        """A thread here archived or went: the server may be under its cap of active threads again (developer docs,
        Threads, "Active & Archived Threads"), which held a running table's archived thread back (400 / 160006,
        `HeldBack`; its movers were told that closing old threads makes room). The first such table catches up now,
        not at its catch-up's next try minutes later: one thread's room is one table's, so one try per event (a
        server at its cap archives threads often; a try that finds no room is one refusal, not one per table)."""
        delivery = self.bot.table_ui.delivery  # type: ignore[attr-defined]
        for table in self.service.open_tables(guild_id=guild_id):
            held = delivery.held_back.get(table.id)
            if table.status != RUNNING or held is None or held.pictures or held.error.code != MAX_ACTIVE_THREADS:
                continue
            attempt = await delivery.catch_up(table)
            if attempt.failed and not attempt.lasting:
                delivery.catch_up_later(table)
            return

    async def _gone(self, why: str, *, guild_id: int | None = None, channel_id: int | None = None) -> None:
        await self.service.gone(guild_id=guild_id, channel_id=channel_id, why=why)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click on a component no part of the bot answers (a button from before a deploy changed a layout, a
        malformed id): say so, instead of Discord's "This interaction failed"."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if unknown_component(custom_id, getattr(self.bot, "component_templates", ())):
            await send_ephemeral(interaction, tr(normalize(interaction.locale),
                                                 "This button is no longer in use. See where your game stands with "
                                                 "/table status."))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Tables(bot))
