"""`/schieberamsch new`: a Schieberamsch table with its options. How its moves look is `cogs.ui.schieberamsch`;
the rules live in `bot.games.schieberamsch`."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _T
from discord.ext import commands

from bot.i18n import tr
from bot.ui.options import DECK_CHOICES, TIMER_RANGE, table_settings
from cogs.ui.schieberamsch import SchieberamschUI

SKAT_TO_CHOICES = [app_commands.Choice(name=_T("The last trick's winner"), value="last_trick"),
                   app_commands.Choice(name=_T("The loser (most card points)"), value="loser")]
GH_DEALER_CHOICES = [app_commands.Choice(name=_T("The next player"), value="rotate"),
                     app_commands.Choice(name=_T("The same dealer again"), value="same")]


class Schieberamsch(commands.Cog):
    group = app_commands.Group(name="schieberamsch", description=_T("Schieberamsch: Skat's Ramsch for three"),
                               guild_only=True)

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        bot.table_ui.register(SchieberamschUI())  # type: ignore[attr-defined]

    @group.command(name=_T("new"), description=_T("Open a Schieberamsch table for three players"))
    @app_commands.describe(deals=_T("Deals in the series, a multiple of 3 (default 12)"),
                           target=_T("End the series when a total reaches this"),
                           deck=_T("Card faces: German (default) or French"),
                           jacks_in_skat=_T("May Jacks be put into the skat? (default yes)"),
                           skat_to=_T("Who gets the skat's points in a Ramsch (default: the last trick's winner)"),
                           gh_dealer=_T("Who deals after a Grand Hand (default: the next player, as always)"),
                           turn_timer=_T("Seconds per move before the bot plays for you (default 300)"),
                           lit_cards=_T("Light up only the cards you may play (your hand is redrawn every turn)"))
    @app_commands.choices(deck=DECK_CHOICES, skat_to=SKAT_TO_CHOICES, gh_dealer=GH_DEALER_CHOICES)
    async def new(self, interaction: discord.Interaction,
                  deals: app_commands.Range[int, 3, 99] = 12, target: app_commands.Range[int, 10, 10000] | None = None,
                  deck: app_commands.Choice[str] | None = None, jacks_in_skat: bool = True,
                  skat_to: app_commands.Choice[str] | None = None, gh_dealer: app_commands.Choice[str] | None = None,
                  turn_timer: TIMER_RANGE = 300, lit_cards: bool = False) -> None:
        lang = interaction.locale
        if deals % 3:
            await interaction.response.send_message(
                tr(lang, "The number of deals must be a multiple of 3, so everyone deals equally often."),
                ephemeral=True)
            return
        options: dict[str, Any] = {"deals": deals, "jacks_in_skat": jacks_in_skat}
        for key, picked in (("skat_to", skat_to), ("gh_dealer", gh_dealer)):  # the house rules docs/rules names
            if picked is not None:
                options[key] = picked.value
        if target is not None:
            options["target"] = target
        await self.bot.table_ui.open_table(  # type: ignore[attr-defined]
            interaction, "schieberamsch", options=options, settings=table_settings(deck, turn_timer, lit_cards))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Schieberamsch(bot))
