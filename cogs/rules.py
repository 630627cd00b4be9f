"""`/rules game:`: the whole rules of a game in the user's language, one page per message, with Previous /
Next buttons that keep working after a restart (everything a page needs is in the button's custom_id)."""

from __future__ import annotations

import functools
import re
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _T
from discord.ext import commands

from bot.games import GAMES
from bot.i18n import SUPPORTED, normalize, tr
from bot.rules_text import Labels, pages
from bot.ui.components import sending
from bot.ui.errors import reply_error, send_ephemeral

GAME_CHOICES = [app_commands.Choice(name=cls.title, value=key) for key, cls in GAMES.items()]


@functools.lru_cache(maxsize=4)
def choice_labels(tree: app_commands.CommandTree) -> Labels:
    """The choices of every command option, by option name (value, English label), as the client offers them
    translated: the rules write an option's values that way (`bot.rules_text.as_typed`)."""
    found: dict[str, dict[str, str]] = {}
    for command in tree.walk_commands():
        if isinstance(command, app_commands.Command):
            for parameter in command.parameters:
                if parameter.choices:
                    found.setdefault(parameter.name, {}).update({str(c.value): c.name for c in parameter.choices})
    return tuple(sorted((option, tuple(sorted(values.items()))) for option, values in found.items()))


def rules_payload(game: str, lang: str, page: int, labels: Labels = ()) -> dict[str, Any]:
    """The message showing page `page` (0-based, clamped) of `game`'s rules in `lang` (`labels`: the commands'
    choices, `choice_labels`)."""
    texts = pages(game, lang, labels=labels) if game in GAMES and lang in SUPPORTED else ()
    if not texts:
        title = GAMES[game].title if game in GAMES else game
        return {"content": tr(lang, "The rules of {game} are not written yet.", game=title), "view": None}
    page = max(0, min(page, len(texts) - 1))
    footer = tr(lang, "Page {page} of {pages}", page=page + 1, pages=len(texts))
    view = discord.ui.View(timeout=None)
    view.add_item(RulesPage(game, lang, page - 1, "p", label=tr(lang, "◀ Previous"), disabled=page == 0))
    view.add_item(RulesPage(game, lang, page + 1, "n", label=tr(lang, "Next ▶"), disabled=page == len(texts) - 1))
    return {"content": f"{texts[page]}\n\n-# {footer}", "view": view}


class RulesPage(discord.ui.DynamicItem[discord.ui.Button[Any]],
                template=r"st:ru:(?P<game>[a-z]+):(?P<lang>[a-z]{2}):(?P<page>-?\d+):(?P<tag>[pn])"):
    """A button that turns to another page of a game's rules."""

    def __init__(self, game: str, lang: str, page: int, tag: str, *, label: str = "", disabled: bool = False):
        super().__init__(discord.ui.Button(label=label or tag, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"st:ru:{game}:{lang}:{page}:{tag}"))
        self.game, self.lang, self.page = game, lang, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RulesPage:
        return cls(match["game"], match["lang"], int(match["page"]), match["tag"])

    async def callback(self, interaction: discord.Interaction) -> None:
        payload = rules_payload(self.game, self.lang, self.page, choice_labels(interaction.client.tree))
        try:
            await sending(interaction.response.edit_message(**payload), payload["view"])
        except discord.HTTPException as exc:
            await reply_error(interaction, exc)


class Rules(commands.Cog):
    def __init__(self, bot: commands.Bot):
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(RulesPage)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(RulesPage)

    @app_commands.command(name=_T("rules"), description=_T("The whole rules of a game, page by page"))
    @app_commands.describe(game=_T("Which game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        payload = rules_payload(game.value, normalize(interaction.locale), 0, choice_labels(self.bot.tree))
        view = payload.pop("view")
        extra = {"view": view} if view is not None else {}
        await sending(send_ephemeral(interaction, payload["content"], **extra), view)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Rules(bot))
