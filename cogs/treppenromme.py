"""`/treppenromme new`: a Treppenrommé table. How its moves look (the hand message's menus and tabs) is
`cogs.ui.treppenromme`; the rules live in `bot.games.treppenromme`.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _T
from discord.ext import commands

from bot.ui.options import DECK_CHOICES, TIMER_RANGE, table_settings
from cogs.ui.treppenromme import DYNAMIC_ITEMS, KEY, TreppenrommeUI


class Treppenromme(commands.Cog):
    group = app_commands.Group(name="treppenromme", description=_T("Treppenrommé: staircase rummy for 2 to 4"),
                               guild_only=True)

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        bot.table_ui.register(TreppenrommeUI())  # type: ignore[attr-defined]
        bot.add_dynamic_items(*DYNAMIC_ITEMS)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS)

    @group.command(name=_T("new"), description=_T("Open a Treppenrommé table for 2 to 4 players"))
    @app_commands.describe(target=_T("Points that end the session (default 500)"),
                           deck=_T("Card faces: French (default) or German"),
                           turn_timer=_T("Seconds per move before the bot plays for you (default 300)"))
    @app_commands.choices(target=[app_commands.Choice(name="500", value=500),
                                  app_commands.Choice(name="1000", value=1000)],
                          deck=DECK_CHOICES)
    async def new(self, interaction: discord.Interaction, target: app_commands.Choice[int] | None = None,
                  deck: app_commands.Choice[str] | None = None, turn_timer: TIMER_RANGE = 300) -> None:
        options: dict[str, Any] = {"target": target.value if target is not None else 500}
        await self.bot.table_ui.open_table(  # type: ignore[attr-defined]
            interaction, KEY, options=options, settings=table_settings(deck, turn_timer))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Treppenromme(bot))
