"""`/schroeoem new`, and the kept matches: `/schroeoem matches`, `/schroeoem match`. How its knocks, answers
and matches look is `cogs.ui.schroeoem`; the rules live in `bot.games.schroeoem`, the kept matches are read
(and replayed) by `bot.stats.schroeoem`.
"""

from __future__ import annotations

import io
import time
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _T
from discord.ext import commands

from bot.i18n import normalize, tr
from bot.stats.schroeoem import list_matches, load_match
from bot.tables import UserError
from bot.tables.model import escape_markdown
from bot.ui.in_time import send_in_time
from bot.ui.options import DECK_CHOICES, TIMER_RANGE, table_settings
from bot.ui.text_fit import listing
from cogs.ui.schroeoem import KEY, SchroeoemUI, match_line, match_text, tally_job


class Schroeoem(commands.Cog):
    group = app_commands.Group(name="schroeoem", description=_T("Schrööm: four cards, the last trick wins, knock "
                                                                 "to raise the stake"), guild_only=True)

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        bot.table_ui.register(SchroeoemUI())  # type: ignore[attr-defined]

    @group.command(name=_T("new"), description=_T("Open a Schrööm table for 2 to 8 players"))
    @app_commands.describe(points=_T("Points every player starts with (default 7)"),
                           deck=_T("Card faces: German (default) or French"),
                           turn_timer=_T("Seconds per move before the bot plays for you (default 300)"))
    @app_commands.choices(deck=DECK_CHOICES)
    async def new(self, interaction: discord.Interaction, points: app_commands.Range[int, 1, 21] = 7,
                  deck: app_commands.Choice[str] | None = None, turn_timer: TIMER_RANGE = 300) -> None:
        await self.bot.table_ui.open_table(  # type: ignore[attr-defined]
            interaction, KEY, options={"points": points}, settings=table_settings(deck, turn_timer))

    @group.command(name=_T("matches"), description=_T("Recent Schrööm matches of a player in this server"))
    @app_commands.describe(user=_T("Whose matches (default: yours)"))
    async def matches(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        lang = normalize(interaction.locale)
        who = user or interaction.user
        found = await list_matches(self.bot.db, who.id, interaction.guild_id)  # type: ignore[attr-defined]
        if not found:
            raise UserError("No Schrööm matches of {name} here yet.", name=who.display_name)
        lines = [f"**{tr(lang, 'Schrööm matches of {name}', name=escape_markdown(who.display_name))}**"]
        lines += [match_line(m, lang) for m in found]
        await interaction.response.send_message(listing(lines, tr(lang, "Game by game: /schroeoem match with the number."),
                                                        lang), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @group.command(name=_T("match"), description=_T("One Schrööm match game by game, with its tally"))
    @app_commands.describe(id=_T("The match's table number"))
    async def match(self, interaction: discord.Interaction, id: int) -> None:
        await send_in_time(interaction, self.match_payload(interaction, id), since=time.monotonic())

    async def match_payload(self, interaction: discord.Interaction, id: int) -> dict[str, Any]:
        lang = normalize(interaction.locale)
        match = await load_match(self.bot.db, id, interaction.guild_id)  # type: ignore[attr-defined]
        if match is None:
            raise UserError("There is no Schrööm match #{id} in this server.", id=id)
        files = []
        if match.games:
            png = await self.bot.table_ui.draw(tally_job(match, lang), reply=True)  # type: ignore[attr-defined]
            files.append(discord.File(io.BytesIO(png), filename=f"tally-{id}.png"))
        return {"content": match_text(match, lang), "attachments": files, "view": None,
                "allowed_mentions": discord.AllowedMentions.none()}


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Schroeoem(bot))
