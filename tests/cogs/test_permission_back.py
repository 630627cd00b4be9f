"""A moderator takes a permission the table needs from the bot mid-game (Attach Files, Send Messages in Threads,
View Channel), and gives it back later. While it is missing the moves are stored and the table message falls behind;
the catch-up tries 5 s, 30 s, 2 and 10 minutes later and then stops (a 403 counts against Discord's invalid-request
limit). Giving the permission back is a CHANNEL_UPDATE (an overwrite) or GUILD_ROLE_UPDATE (the bot's role), and the
THREAD_LIST_SYNC of a channel seen again: the table must show what it missed then, as it does when a locked thread is
unlocked, not at some later move (a decision asked on the stale table message has nobody to make it but the timer)."""

from __future__ import annotations

import random

import discord
import pytest

from tests.cogs.test_schieberamsch_flow import start_table
from tests.cogs.test_strict_discord import click_a_card, dm_card_move, requests, shows_version
from tests.conftest import World

MISSING = {"status": 403, "code": 50013, "message": "Missing Permissions"}


async def hold_the_table_back(world: World):
    table = await start_table(world, deals=3, turn_timer=3600)
    seat = await dm_card_move(world, table, random.Random(4))
    world.bot.table_ui.delivery.tokens.drop(table.table_message_id)  # edited by the channel's route
    thread = table.thread_id
    world.env.inject_error("PATCH", f"/channels/{thread}/messages/*", **MISSING, times=None)
    world.env.inject_error("POST", f"/channels/{thread}/messages", **MISSING, times=None)
    await click_a_card(world, table, seat)
    assert table.shown_version != table.version, "the table could not show the move"
    await world.env.advance_time(15 * 60)  # the catch-up's tries are spent
    start = len(world.env.http_requests)
    await world.env.advance_time(15 * 60)
    assert not requests(world, "PATCH", f"/channels/{thread}/messages", start), "no 403 repeated in a loop"
    world.env.backend.faults.clear()  # the permission is back ...
    return table


@pytest.mark.parametrize("how", ["channel overwrite", "role"])
async def test_a_table_held_back_by_a_missing_permission_shows_once_it_is_given_back(world: World, how: str):
    table = await hold_the_table_back(world)
    backend = world.env.backend
    if how == "channel overwrite":  # ... by an overwrite on the table's channel: CHANNEL_UPDATE
        from simcord.backend.models import Overwrite
        from simcord.enums import OverwriteType

        backend.set_overwrite(world.channel.id, Overwrite(
            target_id=world.bot.user.id, type=OverwriteType.MEMBER,
            allow=discord.Permissions(attach_files=True, send_messages_in_threads=True).value, deny=0))
    else:  # ... by the bot's role: GUILD_ROLE_UPDATE
        mine = next(r for r in world.bot.get_guild(world.guild.id).me.roles if not r.is_default())  # the bot's role
        given = backend.get_role(world.guild.id, mine.id).permissions
        attach = discord.Permissions(attach_files=True).value
        for role in (world.guild.id, mine.id):  # what was taken (from @everyone too: the bot's own role and the
            backend.edit_role(world.guild.id, role, {"permissions": int(  # server's default both grant it)
                backend.get_role(world.guild.id, role).permissions) & ~attach})
        await world.env.settle()
        assert table.shown_version != table.version, "nothing is given back yet"
        backend.edit_role(world.guild.id, mine.id, {"permissions": int(given) | attach})
    await world.env.settle()
    assert table.shown_version == table.version and shows_version(world, table), \
        "the table shows the moves it missed as soon as the bot may show it again"
