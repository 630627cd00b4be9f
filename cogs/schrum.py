"""`/schrum new variant:<schrum|tac|repezita>`: a Schrum Schrum, Tač or Repezita table with its variant's options.
How their moves look is `cogs.ui.schrum` and `cogs.ui.repezita`; the rules live in `bot.games.schrum`, `.tac`
and `.repezita`.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _T
from discord.ext import commands

from bot.i18n import command_name, normalize
from bot.tables import UserError
from bot.ui.options import DECK_CHOICES, TIMER_RANGE, table_settings
from cogs.ui.repezita import RepezitaUI
from cogs.ui.schrum import SchrumUI, TacUI

VARIANTS = [app_commands.Choice(name="Schrum Schrum", value="schrum"),
            app_commands.Choice(name="Tač", value="tac"),
            app_commands.Choice(name=_T("Repezita (real time)"), value="repezita")]
OPEN_RULES = [app_commands.Choice(name=_T("same rank (default)"), value="same"),
              app_commands.Choice(name=_T("one rank up or down"), value="adjacent")]
RESERVE_RULES = [app_commands.Choice(name=_T("same rank (default)"), value="same"),
                 app_commands.Choice(name=_T("next in sequence (A 7 8 9 10 J Q K A)"), value="next")]
THREE_ACES = [app_commands.Choice(name=_T("Ace of spades (default)"), value="spades"),
              app_commands.Choice(name=_T("Ace of hearts"), value="hearts"),
              app_commands.Choice(name=_T("Ace of diamonds"), value="diamonds"),
              app_commands.Choice(name=_T("Ace of clubs"), value="clubs"),
              app_commands.Choice(name=_T("an Ace drawn at random each hand"), value="random")]
TITLES = {"schrum": "Schrum Schrum", "tac": "Tač", "repezita": "Repezita"}


class Schrum(commands.Cog):
    group = app_commands.Group(name="schrum", description=_T("Schrum Schrum, Tač and Repezita: shed your cards first"),
                               guild_only=True)

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        for ui in (SchrumUI(), TacUI(), RepezitaUI()):
            bot.table_ui.register(ui)  # type: ignore[attr-defined]

    @group.command(name=_T("new"), description=_T("Open a Schrum Schrum, Tač or Repezita table"))
    @app_commands.describe(variant=_T("Schrum Schrum (32 cards), Tač (52 cards, misses and Tač!) or Repezita "
                                      "(real time)"),
                           hands=_T("Hands in the match (default 1)"),
                           deck=_T("Card faces: French (default) or German"),
                           open_rule=_T("Tač: which cards go onto another player's Open pile"),
                           strict=_T("Tač: no misses (a playable card must be played)"),
                           three_ace=_T("Tač with three players: the Ace that starts the centre"),
                           reserve_rule=_T("Schrum Schrum: which cards go onto another player's reserve"),
                           unequal_piles=_T("Schrum Schrum: allow 3, 5, 6 or 7 players with unequal piles"),
                           decks=_T("Repezita: number of 52-card decks (default 1 up to four players, else 2)"),
                           turn_timer=_T("Seconds per move before the bot plays for you (default 300; not in "
                                         "Repezita)"))
    @app_commands.choices(variant=VARIANTS, deck=DECK_CHOICES, open_rule=OPEN_RULES, three_ace=THREE_ACES,
                          reserve_rule=RESERVE_RULES)
    async def new(self, interaction: discord.Interaction, variant: app_commands.Choice[str],
                  hands: app_commands.Range[int, 1, 99] = 1, deck: app_commands.Choice[str] | None = None,
                  open_rule: app_commands.Choice[str] | None = None, strict: bool | None = None,
                  three_ace: app_commands.Choice[str] | None = None,
                  reserve_rule: app_commands.Choice[str] | None = None, unequal_piles: bool | None = None,
                  decks: app_commands.Range[int, 1, 2] | None = None,
                  turn_timer: TIMER_RANGE | None = None) -> None:
        game = variant.value
        options: dict[str, Any] = {"hands": hands}
        given = {"open_rule": (open_rule, "tac"), "strict": (strict, "tac"), "three_ace": (three_ace, "tac"),
                 "reserve_rule": (reserve_rule, "schrum"), "unequal_piles": (unequal_piles, "schrum"),
                 "decks": (decks, "repezita")}
        for name, (value, owner) in given.items():
            if value is not None and owner != game:
                raise UserError("The option {option} belongs to {owner}, not to {game}.",
                                option=command_name(normalize(interaction.locale), name), owner=TITLES[owner],
                                game=TITLES[game])
        if game == "tac":
            if open_rule is not None:
                options["open_rule"] = open_rule.value
            if strict is not None:
                options["strict"] = strict
            if three_ace is not None:
                options["three_ace"] = three_ace.value
        elif game == "schrum":
            if unequal_piles is not None:
                options["unequal"] = unequal_piles
            if reserve_rule is not None:
                options["reserve_rule"] = reserve_rule.value
        elif game == "repezita" and decks is not None:
            options["decks"] = decks
        if game == "repezita":
            if turn_timer is not None:
                raise UserError("Repezita is played in real time: it has no turn timer.")
            settings = table_settings(deck, 0)  # no timer: nobody's turn runs out, and no card is played for you
        else:
            settings = table_settings(deck, turn_timer if turn_timer is not None else 300)
        await self.bot.table_ui.open_table(  # type: ignore[attr-defined]
            interaction, game, options=options, settings=settings)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Schrum(bot))
