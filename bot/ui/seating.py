"""Who sits at a table and where a click on it may come from: the names of people and computers at a table,
and the checks that a click comes from the table's own server (or a hand's DM)."""

from __future__ import annotations

import discord

from bot.i18n import N_, tr
from bot.render.fonts import printable
from bot.tables import Table, UserError

FORMER = N_("a former player")  # a person /privacy forget-me forgot, wherever their name was shown


def seat_name(user: discord.abc.User) -> str:
    """A person's name at a table: their display name, and their username beside it where the pictures' fonts
    draw nothing of the display name (an emoji-only or Chinese name, which a picture would show as "Seat 2"):
    "🎲🎲 (dicefan)" in the messages, "dicefan" in the pictures (`bot.render.layout.display_names`)."""
    name = user.display_name
    if not printable(name) and printable(user.name) and user.name != name:
        return f"{name} ({user.name})"
    return name


def computer_name(lang: str, level: str, n: int) -> str:
    """A computer seat's name, marked so nobody takes it for a person: "🤖 Computer (strong)", then "… 2 …"."""
    word = tr(lang, "strong") if level == "strong" else tr(lang, "easy")
    if n == 1:
        return tr(lang, "🤖 Computer ({level})", level=word)
    return tr(lang, "🤖 Computer {n} ({level})", n=n, level=word)


def in_private(interaction: discord.Interaction) -> bool:
    """Was the click on a message only the clicker sees (a DM, or an ephemeral "My hand")? Only there may its answer
    show the clicker's hand."""
    message = interaction.message
    return interaction.guild_id is None or (message is not None and message.flags.ephemeral)


def check_origin(interaction: discord.Interaction, table: Table, *, dm_ok: bool) -> None:
    """A click counts only where the table lives: its own server, or (moves from a hand) a DM. A button can be
    delivered from elsewhere (a copied message, a crafted request); it must not seat, cancel or play there."""
    if interaction.guild_id is None and dm_ok:
        return
    if interaction.guild_id != table.guild_id:
        raise UserError("This button belongs to a table in another server.")
