"""discord.py's app_commands Translator over the same catalogs: command, option and choice texts.

discord.py asks for every Discord locale at sync time; the catalog of the language `normalize` gives answers
(`hr`, `ro`, `de`), English is the commands' own text. Names (commands, groups, options) use the msgid
`cmd:<name>`, so that an English word used both as a name and in a sentence can be translated differently;
descriptions and choices use their English text. A text Discord would refuse (a name in upper case, with a
space or longer than 32; a description over 100) is left out rather than failing the whole sync, and
`tests/bot/test_command_payloads.py` fails on the gap.
"""

from __future__ import annotations

import unicodedata

import discord
from discord import app_commands

from . import DEFAULT, catalog, normalize

NAME_LOCATIONS = (app_commands.TranslationContextLocation.command_name,
                  app_commands.TranslationContextLocation.group_name,
                  app_commands.TranslationContextLocation.parameter_name)
NAME_MAX = 32
TEXT_MAX = 100  # descriptions and choice names


def valid_name(name: str) -> bool:
    """Discord's rule for command and option names, `^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`, lower
    case where a letter has a lower case (checked here for letters and digits, which is all the catalogs use)."""
    return (1 <= len(name) <= NAME_MAX and name == name.lower()
            and all(ch in "-_" or unicodedata.category(ch)[0] in "LN" for ch in name))


class CatalogTranslator(app_commands.Translator):
    """Translates `locale_str` command texts through the gettext catalogs."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        lang = normalize(locale)
        if lang == DEFAULT:
            return None
        is_name = context.location in NAME_LOCATIONS
        msgid = f"cmd:{string.message}" if is_name else string.message
        text = catalog(lang).gettext(msgid)
        if text == msgid or not text:
            return None
        if not (valid_name(text) if is_name else len(text) <= TEXT_MAX):
            return None
        return text
