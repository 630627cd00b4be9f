"""Checks that answer bad input before it reaches a command or a button's code.

Discord's clients respect the ranges a slash command declares, but an interaction is only a request: a
modified client, an old command definition or a crafted call can send `turn_timer: 0` or an id too large for
SQLite. The command tree checks every number against what the command declares (and ids against SQLite's
integers) and answers the person who sent it, instead of letting the command fail with a traceback.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands
from discord.enums import AppCommandOptionType

from bot.i18n import command_name, normalize, tr

from .errors import send_ephemeral

SQLITE_INT = (-(2**63), 2**63 - 1)  # what an INTEGER column holds: an id outside it can name no row
NUMBERS = (AppCommandOptionType.integer, AppCommandOptionType.number)


def option_problem(command: app_commands.Command[Any, ..., Any], values: Any, lang: str) -> str | None:
    """Why the numbers given to `command` (its `Namespace`, or any object with the options as attributes) are
    out of bounds, or None if they are all fine."""
    for param in command.parameters:
        if param.type not in NUMBERS:
            continue
        value = getattr(values, param.display_name, None)
        if value is None:
            continue
        lo, hi = param.min_value, param.max_value
        if lo is None and hi is None and param.type is AppCommandOptionType.integer:
            lo, hi = SQLITE_INT
            if not lo <= value <= hi:
                return tr(lang, "There is no {option} {value}.", option=command_name(lang, param.display_name),
                          value=value)
            continue
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            option = command_name(lang, param.display_name)
            if lo is not None and hi is not None:
                return tr(lang, "{option} must be from {lo} to {hi}.", option=option, lo=_number(lo), hi=_number(hi))
            if lo is not None:
                return tr(lang, "{option} must be at least {lo}.", option=option, lo=_number(lo))
            return tr(lang, "{option} must be at most {hi}.", option=option, hi=_number(hi))
    return None


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


class CheckedTree(app_commands.CommandTree):
    """The bot's command tree: numbers outside a command's declared bounds are refused before it runs."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        if interaction.type is not discord.InteractionType.application_command:
            return True
        command = interaction.command
        if not isinstance(command, app_commands.Command):
            return True
        problem = option_problem(command, interaction.namespace, normalize(interaction.locale))
        if problem is None:
            return True
        await send_ephemeral(interaction, problem)
        return False


def unknown_component(custom_id: str, templates: Iterable[re.Pattern[str]]) -> bool:
    """Whether no component of this bot answers `custom_id` (a button from an older version, a malformed id)."""
    return not any(t.fullmatch(custom_id) for t in templates)
