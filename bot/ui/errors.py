"""One way to answer what went wrong: the person who caused it gets an ephemeral, translated reason;
anything unexpected is logged with the table id and answered with a short apology, never a traceback."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.i18n import normalize, tr
from bot.tables import UserError

from .suits import text_suits

log = logging.getLogger(__name__)

# "Thread is locked": a moderator locked the table's thread (developer docs, Threads, "Locked Threads": without Manage
# Threads nobody may send or edit messages there); the table shows again once unlocked (cogs/tables.py)
THREAD_LOCKED = 160005
# "Maximum number of active threads reached": the server is at Discord's cap of active threads (developer docs, Threads,
# "Active & Archived Threads"; JSON Error Codes), so an archived table thread cannot be un-archived, nor a message sent
# into it, until a thread archives or goes; the table catches up then (the catch-up's retries)
MAX_ACTIVE_THREADS = 160006
MISSING_ACCESS = 50001  # the channel is out of the bot's sight (a private thread it is no member of, View Channel)
OPENING_DMS_TOO_FAST = 40003  # "You are opening direct messages too fast": a pause, not a refusal
PERMISSION_NAMES = {
    50013: "Missing Permissions",
    MISSING_ACCESS: "Missing Access",
}


async def send_ephemeral(interaction: discord.Interaction, content: str, **kwargs: object) -> None:
    """Reply privately, whether or not the interaction was answered already."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(content, ephemeral=True, **kwargs)  # type: ignore[arg-type]
        else:
            await interaction.response.send_message(content, ephemeral=True, **kwargs)  # type: ignore[arg-type]
    except discord.HTTPException as exc:
        log.warning("could not answer interaction %s: %s", interaction.id, exc)


def explain(error: BaseException, locale: object) -> tuple[str, bool]:
    """(text for the user, whether it was expected)."""
    lang = normalize(locale)
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    elif isinstance(error, app_commands.TransformerError) and isinstance(error.__cause__, UserError):
        error = error.__cause__
    if isinstance(error, UserError):  # the engines' reasons write suits bare
        return text_suits(tr(lang, error.msgid, **error.fields)), True
    if isinstance(error, discord.HTTPException) and error.code == THREAD_LOCKED:
        return tr(lang, "A moderator locked this table's thread, so I cannot show the table there. The game goes on "
                        "in your hands; the table shows again once the thread is unlocked."), True
    if isinstance(error, discord.HTTPException) and error.code == OPENING_DMS_TOO_FAST:
        return tr(lang, "Discord asks me to open direct messages more slowly: your hands follow in a moment."), True
    if isinstance(error, discord.Forbidden):
        return tr(lang, "Discord refused: I am missing a permission here ({what}). Ask a moderator to let me send "
                        "messages, attach files and create threads in this channel.",
                  what=error.text or PERMISSION_NAMES.get(error.code, str(error.code))), True
    if isinstance(error, app_commands.MissingPermissions):
        return tr(lang, "You need the permission {perms} for this.", perms=", ".join(error.missing_permissions)), True
    if isinstance(error, app_commands.BotMissingPermissions):
        return tr(lang, "I am missing permissions in this channel: {perms}. Ask a moderator to grant them.",
                  perms=", ".join(error.missing_permissions)), True
    if isinstance(error, app_commands.NoPrivateMessage):
        return tr(lang, "Tables are opened in a server channel, not in DMs."), True
    if isinstance(error, app_commands.TransformerError):  # a value the command does not know (an old client's)
        return tr(lang, "I do not know that value. Pick one from the list Discord offers, and try again."), True
    if isinstance(error, (app_commands.CommandSignatureMismatch, app_commands.CommandNotFound)):
        # the client still shows a command as it was before an update of the bot
        return tr(lang, "This command changed in an update of the bot. Reload Discord (Ctrl+R, or restart the "
                        "app) and try again."), True
    if isinstance(error, app_commands.CommandOnCooldown):
        return tr(lang, "Slow down a little: try again in {s} seconds.", s=int(error.retry_after) + 1), True
    return tr(lang, "Sorry, something went wrong on my side. The table is safe; please try again."), False


async def reply_error(interaction: discord.Interaction, error: BaseException, *, table_id: int | None = None) -> None:
    text, expected = explain(error, interaction.locale)
    if not expected:
        command = getattr(interaction.command, "qualified_name", None)
        data = interaction.data or {}
        # a component's custom_id without its action, which may name a card of the clicker's hand
        what = f"/{command}" if command else ":".join(str(data.get("custom_id", "")).split(":")[:4])
        log.error("table %s: unexpected error for interaction %s (%s, server %s, user %s)", table_id, interaction.id,
                  what, interaction.guild_id, interaction.user.id, exc_info=error)
    await send_ephemeral(interaction, text)
