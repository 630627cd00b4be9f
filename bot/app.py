"""The bot: startup (database, cogs, persistent components, restored tables) and shutdown."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import re
import sys
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.db import Database
from bot.i18n.translator import CatalogTranslator
from bot.metrics import Metrics
from bot.rest import WINDOW_SLOTS, RestGate, pace
from bot.tables import TableService
from bot.ui import DYNAMIC_ITEMS, TableUI, dispatch_directly
from bot.ui.checks import CheckedTree
from bot.ui.errors import reply_error
from bot.ui.message_tokens import release_webhook_buckets_later

log = logging.getLogger(__name__)

GC_THRESHOLDS = (20_000, 10, 100)  # CPython's: (700, 10, 10)
SETTLE_SECONDS = 10  # at shutdown, how long the last moves' messages may take to go out
# Discord allows 1,000 gateway logins (IDENTIFY) a day and resets the bot's token past them (developer docs,
# Gateway, "Session Start Limit"): a bot restarted in a loop (a crash every start under a service manager) would
# lose its token. With fewer than this many left beyond one per shard, a start waits until Discord's window frees
# some.
SESSION_STARTS_SPARED = 10
# How long a thread may hold the GIL while another waits for it (CPython: 5 ms). The database's thread and
# the drawing processes' feeder threads run beside the event loop; each time the loop gives the GIL up (every
# socket call), one of them may take it, and the loop then waits up to this long to get it back.
SWITCH_INTERVAL_S = 0.001


def discover_extensions() -> tuple[str, ...]:
    """Every module in `cogs/` is an extension: adding a game's cog needs no edit here. Found on disk, not
    imported, so the core never depends on the cogs (dependencies point cogs -> bot)."""
    folder = Path(__file__).resolve().parents[1] / "cogs"
    return tuple(f"cogs.{p.stem}" for p in sorted(folder.glob("*.py")) if not p.stem.startswith("_"))


class StammtischBot(commands.AutoShardedBot):
    """All shards in one process share one database, table service and cache, so nothing keyed by guild
    needs to know about shards. `shard_count=None` asks Discord how many (`python -m bot` does that unless
    SHARD_COUNT is set); the default of 1 suits the in-process tests."""

    def __init__(self, *, database_path: Path | str, database: Database | None = None,
                 dev_guild_id: int | None = None, default_locale: str = "en", sync_commands: bool = True,
                 extensions: tuple[str, ...] | None = None, tune_gc: bool = False,
                 shard_count: int | None = 1, metrics: tuple[str, int] | None = None,
                 global_limit: int | None = None):
        # The bot never joins a voice channel: no warnings about the voice libraries (PyNaCl, davey).
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        intents = discord.Intents.none()
        intents.guilds = True  # channels and threads; no privileged intents are needed
        # every REST call passes the gate (bot/rest.py); its trace sees every HTTP answer. It paces the calls
        # that count against Discord's `global_limit` (python -m bot: 50/s unless DISCORD_GLOBAL_LIMIT says
        # otherwise; paced at 45/s, and at most 48 arrive in any second); in-process tests leave it off (None):
        # SimCord's clock moves only when a test moves it
        per_second, window_slots = pace(global_limit) if global_limit else (None, WINDOW_SLOTS)
        rest = RestGate(per_second=per_second, window_slots=window_slots)
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         allowed_mentions=discord.AllowedMentions.none(), tree_cls=CheckedTree,
                         shard_count=shard_count, http_trace=rest.trace_config())
        self.rest = rest
        self.metrics = Metrics(rest)
        self.metrics_listen = metrics  # (host, port) for /metrics; None: off
        self.database_path = database_path
        if database is not None:  # opened (and migrated) before connecting to Discord: python -m bot
            self.db = database
        self.dev_guild_id = dev_guild_id
        self.default_locale = default_locale
        self.sync_commands = sync_commands
        self.initial_extensions = extensions if extensions is not None else discover_extensions()
        self.guild_locales: dict[int, str] = {}
        self.component_templates: list[re.Pattern[str]] = []
        self._shutdown: asyncio.Future[None] | None = None
        self.tune_gc = tune_gc  # the process is this bot's alone (python -m bot): see on_ready
        self.db: Database
        self.tables: TableService
        self.table_ui: TableUI

    async def setup_hook(self) -> None:
        if not hasattr(self, "db"):
            self.db = await Database.open(self.database_path)
        self.rest.install(self.http)  # here, not in __init__: SimCord replaces the HTTP client before login
        await self._spare_session_starts()
        release_webhook_buckets_later()  # an edit through a click's token does not wait out its bucket's reset
        self.tables = TableService(self.db)
        self.tables.metrics = self.metrics
        self.metrics.open_tables = lambda: (t.status for t in self.tables.tables.values())
        if self.metrics_listen is not None:
            await self.metrics.serve(*self.metrics_listen)
        # python -m bot draws pictures in processes of its own (bot/ui/drawing.py); in-process tests in threads
        self.table_ui = TableUI(self, self.tables, default_locale=self.default_locale,
                                draw_processes=self.tune_gc)
        delivery = getattr(self.table_ui, "delivery", None)  # reports how far each table message lags
        if delivery is not None:
            delivery.lag_observers.append(self.metrics.observe_delivery_lag)
        self.table_ui.drawings.observers.append(self.metrics.observe_drawing)
        self.table_ui.drawings.work_observers.append(self.metrics.observe_drawing_work)
        for row in await self.db.fetchall("SELECT guild_id, locale FROM guilds WHERE locale IS NOT NULL"):
            self.guild_locales[row["guild_id"]] = row["locale"]
        await self.tree.set_translator(CatalogTranslator())
        self.tree.on_error = self.on_app_command_error
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        dispatch_directly(self)  # clicks on the table's components skip rebuilding the clicked message's view
        for ext in self.initial_extensions:
            await self.load_extension(ext)
        restored = await self.tables.restore()
        log.info("restored %d open tables", len(restored))
        # once connected, send what a crash kept from going out (table messages, hand DMs, score sheets)
        self.catch_up_task = asyncio.create_task(self.table_ui.delivery.catch_up_all(restored), name="catch-up")
        if self.sync_commands:
            # beside the connection, not before it: Discord may hold a sync back for long (a 429 whose retry_after
            # is hours, as past 200 command creates a day: 30034), which discord.py waits out; the tables must play
            self.sync_task = asyncio.create_task(self._sync_beside(), name="command-sync")

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        """Register persistent components, and note their custom_id patterns: a click that matches none of
        them (a button from an older version) is answered by the tables cog instead of failing."""
        super().add_dynamic_items(*items)
        self.component_templates.extend(item.__discord_ui_compiled_template__ for item in items)

    def remove_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        """... and a cog unloaded takes its patterns along: its old buttons are then answered as no longer in use,
        not left to Discord's "This interaction failed"."""
        super().remove_dynamic_items(*items)
        gone = {item.__discord_ui_compiled_template__ for item in items}
        self.component_templates[:] = [t for t in self.component_templates if t not in gone]

    async def _spare_session_starts(self) -> None:
        """Before this process logs in to the gateway (and before any table is restored, whose timers would play on
        for players who cannot click): with few of Discord's daily logins left, wait for its window to free some.
        (Here, not before each IDENTIFY: no socket is open yet, so nothing times out while it waits.)"""
        try:
            shards, _, limits = await self.http.get_bot_gateway()
        except Exception as exc:  # (the login itself will say what is wrong with Discord)
            log.info("could not read the gateway's session start limit: %r", exc)
            return
        need = SESSION_STARTS_SPARED + max(1, int(shards))  # every shard logs in
        if limits["remaining"] < need:
            wait = limits["reset_after"] / 1000
            log.error("Discord allows %d more gateway logins today (of %d; past them it resets the token): waiting "
                      "%.0f s for its window to free some before logging in. Many restarts in a day did this: look "
                      "for what ends the bot.", limits["remaining"], limits["total"], wait)
            await asyncio.sleep(wait)

    async def _sync_beside(self) -> None:
        try:
            await self.sync_tree()
            log.info("slash commands synced")
        except discord.Forbidden as exc:
            if self.dev_guild_id:
                log.error("could not sync the slash commands to DEV_GUILD_ID %s: is the bot in that server, invited "
                          "with the applications.commands scope? (%s)", self.dev_guild_id, exc)
            else:
                log.exception("could not sync the slash commands; those Discord already has stay as they are")
        except Exception:
            log.exception("could not sync the slash commands; those Discord already has stay as they are")

    async def sync_tree(self) -> None:
        """Global commands, or with DEV_GUILD_ID the same commands in that server only. Then the global ones
        are cleared: commands synced globally before (a production run on the same application) would
        otherwise show twice in the dev server, once from each scope. For the same reason a start without it
        clears the copies an earlier dev run left in its server (noted in `guilds.settings`, "dev_commands")."""
        if self.dev_guild_id:
            guild = discord.Object(self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
            await self.db.write([(
                "INSERT INTO guilds (guild_id, settings) VALUES (?, json_object('dev_commands', 1)) ON CONFLICT"
                " (guild_id) DO UPDATE SET settings = json_set(settings, '$.dev_commands', 1)", (self.dev_guild_id,))])
            self.tree.clear_commands(guild=None)
            await self.tree.sync()
        else:
            await self.tree.sync()
            for row in await self.db.fetchall(
                    "SELECT guild_id FROM guilds WHERE json_extract(settings, '$.dev_commands') = 1"):
                guild = discord.Object(row["guild_id"])
                self.tree.clear_commands(guild=guild)
                try:
                    await self.tree.sync(guild=guild)
                    log.info("cleared the commands a development run left in server %s", row["guild_id"])
                except (discord.Forbidden, discord.NotFound) as exc:  # the bot left it: its commands went with it
                    log.info("server %s of a development run is out of reach (%s); nothing to clear", row["guild_id"],
                             exc.status)
                await self.db.write([("UPDATE guilds SET settings = json_remove(settings, '$.dev_commands')"
                                      " WHERE guild_id = ?", (row["guild_id"],))])

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        await reply_error(interaction, error)

    async def on_ready(self) -> None:
        log.info("ready as %s (%s) in %d servers", self.user, getattr(self.user, "id", "?"), len(self.guilds))
        if self.tune_gc:  # the process is this bot's alone
            sys.setswitchinterval(SWITCH_INTERVAL_S)
        if not self.tune_gc or not gc.isenabled() or gc.get_freeze_count():
            return
        # Everything loaded so far (modules, fonts, catalogues, restored tables, the guild cache) lives as long
        # as the bot: take it out of the collector's sight, so a full collection walks only what came later.
        # Measured at 500 tables: full (gen-2) collections of 110-190 ms every ~8 s were the tail of the click
        # latency. Most cyclic garbage here (discord.py's views, interactions) lives for one REST round trip:
        # with CPython's 700-allocation nursery it is promoted before it dies and piles up for the full
        # collections. A larger nursery lets it die young; full collections become rare.
        gc.collect()
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)

    async def close(self) -> None:
        """Idempotent: a signal and the end of `async with bot` may both close the bot."""
        if self._shutdown is None:
            self._shutdown = asyncio.ensure_future(self._close())
        await asyncio.shield(self._shutdown)

    async def _close(self) -> None:
        for name in ("catch_up_task", "sync_task"):
            task = getattr(self, name, None)
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        if hasattr(self, "tables"):
            await self.tables.close()
        if hasattr(self, "table_ui"):
            await self.table_ui.settle(SETTLE_SECONDS)
        if not hasattr(self, "_AutoShardedClient__queue"):
            # never logged in (a test that only builds the bot): discord.py's close would miss its event queue
            self._AutoShardedClient__queue: asyncio.PriorityQueue[Any] = asyncio.PriorityQueue()
        await super().close()
        if hasattr(self, "table_ui"):
            self.table_ui.close()
        await self.metrics.close()
        if hasattr(self, "db"):
            await self.db.close()
