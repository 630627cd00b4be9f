"""`/help`: how a table works here, for someone who has never played with the bot: which command opens a table for
which game, what Join, Start and the hand DM are, and where to learn a game (private, in the reader's language)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _T
from discord.ext import commands

from bot.i18n import command_name, normalize, tr
from bot.ui.errors import send_ephemeral


def typed(lang: str, *names: str) -> str:
    """A command as a client in `lang` shows it, to type: `/schrum novi` for a Croatian client."""
    return "`/" + " ".join(command_name(lang, name) for name in names) + "`"


def game_lines(tree: app_commands.CommandTree, lang: str) -> list[str]:
    """One line per command group that opens a table (`/<game> new`), with the group's own description."""
    lines = []
    for group in tree.get_commands():
        if isinstance(group, app_commands.Group) and group.get_command("new") is not None:
            lines.append(f"- {typed(lang, group.name, 'new')}: {tr(lang, group.description)}")
    return lines


def help_text(tree: app_commands.CommandTree, lang: str) -> str:
    """The whole answer to `/help` in `lang`."""
    def button(label: str) -> str:
        return f"**{tr(lang, label)}**"

    return "\n".join([
        tr(lang, "**Stammtisch: card games with your friends, right here.** Each game has a command that opens a "
                 "table:"),
        *game_lines(tree, lang),
        "",
        tr(lang, "**How a game goes**"),
        tr(lang, "1. Open a table in a channel with one of the commands above; every option has a default."),
        tr(lang, "2. Friends click {join}; {add} fills an empty seat. Then the host clicks {start}.",
           join=button("Join"), add=button("Add computer (easy)"), start=button("Start")),
        tr(lang, "3. Your cards come to you by direct message, and the table shows in its thread for everyone. "
                 "No direct messages from this server? {hand} on the table message shows your cards here.",
           hand=button("My hand")),
        "",
        tr(lang, "**Learning a game:** {rules} gives its whole rules. Play against computers with hints on (the "
                 "{hints} button before the start) and ask for a {hint} on your turn; such practice tables do not "
                 "count in the leaderboards.", rules=typed(lang, "rules"), hints=button("Hints: off"),
           hint=button("Hint")),
        tr(lang, "**More:** {list} shows the open tables to join, {status} where your game stands, "
                 "{leaderboard} and {stats} the results here.",
           list=typed(lang, "table", "list"), status=typed(lang, "table", "status"),
           leaderboard=typed(lang, "leaderboard"), stats=typed(lang, "stats")),
    ])


class Help(commands.Cog):
    def __init__(self, bot: commands.Bot):
        self.bot = bot

    @app_commands.command(name=_T("help"), description=_T("How to open a table, play and learn the games here"))
    async def help(self, interaction: discord.Interaction) -> None:
        await send_ephemeral(interaction, help_text(self.bot.tree, normalize(interaction.locale)))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help(bot))
