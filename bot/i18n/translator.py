"""discord.py's app_commands Translator over the same catalogs: command names and descriptions."""

from __future__ import annotations

import discord
from discord import app_commands

from . import catalog, normalize


class CatalogTranslator(app_commands.Translator):
    """Translates `locale_str` command texts. Names use the msgctxt-free msgid `cmd:<name>`, so that an
    English word used both as a name and in a sentence can be translated differently."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        lang = normalize(locale)
        if lang == "en":
            return None
        location = context.location
        names = (app_commands.TranslationContextLocation.command_name,
                 app_commands.TranslationContextLocation.group_name,
                 app_commands.TranslationContextLocation.parameter_name)
        msgid = f"cmd:{string.message}" if location in names else string.message
        text = catalog(lang).gettext(msgid)
        if text == msgid:
            return None
        return text
