"""A missing permission is named as the moderator's Discord client names it: a German client read "Mir fehlen in
diesem Kanal Berechtigungen: Attach Files" and "Mir fehlt dort Send Messages in Threads", English names its channel
settings do not show (they say "Dateien anhängen", "Nachrichten in Threads senden"), while the bot's other answers
about permissions name them in German already („Öffentliche Threads erstellen“)."""

from __future__ import annotations

import discord

from tests.cogs.helpers import button, client_locale
from tests.cogs.test_schieberamsch_flow import open_table
from tests.conftest import World


async def test_a_missing_permission_is_named_in_the_askers_language(world: World, monkeypatch):
    client_locale(monkeypatch, "de")
    me = world.guild.me
    locked = world.guild.create_text_channel(
        "locked", overwrites={me: discord.PermissionOverwrite(attach_files=False, view_channel=True)})
    result = await world.users[0].slash(locked, "schieberamsch new")
    assert result.ephemeral and "Dateien anhängen" in result.response.content, result.response.content
    assert "Attach Files" not in result.response.content
    assert not world.bot.tables.tables


async def test_start_names_the_missing_permission_in_the_hosts_language(world: World, monkeypatch):
    from simcord.backend.models import Overwrite
    from simcord.enums import OverwriteType

    _, lobby = await open_table(world)
    table = world.table()
    world.env.backend.set_overwrite(world.channel.id, Overwrite(
        target_id=world.bot.user.id, type=OverwriteType.MEMBER, allow=0,
        deny=discord.Permissions(send_messages_in_threads=True).value))
    client_locale(monkeypatch, "de")
    result = await world.users[0].click(lobby, custom_id=button(lobby, custom_id_prefix="st:t:start").custom_id)
    assert result.ephemeral and "Nachrichten in Threads senden" in result.response.content, result.response.content
    assert "Send Messages in Threads" not in result.response.content
    assert table.status == "lobby"
