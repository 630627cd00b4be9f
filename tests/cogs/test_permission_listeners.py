"""The listeners that catch up a table held back by a refusal (cogs/tables.py: on_guild_role_update,
on_guild_channel_update) run on every role and channel edit of the server: a role renamed or recoloured, roles or
channels dragged into a new order (one event per role or channel moved). Such an edit gives the bot nothing back;
it must cost no request, above all none that Discord refuses again (each 403 counts against its invalid-request
limit). Here the table's thread was closed and locked by a moderator: Discord archives and locks it, discord.py
drops an archived thread from its cache, so the listener judges by the parent channel's permissions, which allow
the table, and every edit of any role sent the table's edit to be refused once more."""

from __future__ import annotations

import random

from tests.cogs.test_schieberamsch_flow import start_table
from tests.cogs.test_strict_discord import click_a_card, dm_card_move, requests
from tests.conftest import World

LOCKED = {"status": 403, "code": 160005, "message": "Thread is locked"}


async def test_edits_of_roles_and_channels_that_give_nothing_back_cost_no_request(world: World):
    table = await start_table(world, deals=3, turn_timer=3600)
    seat = await dm_card_move(world, table, random.Random(4))
    delivery = world.bot.table_ui.delivery
    delivery.tokens.drop(table.table_message_id)
    thread = table.thread_id
    backend = world.env.backend
    # a moderator closes and locks the thread: Discord refuses the bot's messages there
    backend.edit_channel(thread, {}, thread_metadata={"archived": True, "locked": True})
    for method, path in (("PATCH", f"/channels/{thread}/messages/*"), ("POST", f"/channels/{thread}/messages"),
                         ("PATCH", f"/channels/{thread}")):
        world.env.inject_error(method, path, **LOCKED, times=None)
    await world.env.settle()
    await click_a_card(world, table, seat)
    assert table.shown_version != table.version, "the table could not show the move"
    await world.env.advance_time(30 * 60)  # the catch-up's tries are spent
    start = len(world.env.http_requests)
    role = backend.create_role(world.guild.id, "Stammgast")
    for colour in range(1, 6):  # a role recoloured, renamed: nothing the bot needs
        backend.edit_role(world.guild.id, role.id, {"color": colour, "name": f"Stammgast {colour}"})
    backend.edit_channel(world.channel.id, {"topic": "Karten!"})  # the table's channel: a new topic
    await world.env.settle()
    assert not requests(world, "PATCH", f"/channels/{thread}", start), "a refused edit tried again"
    assert not requests(world, "POST", f"/channels/{thread}", start), "a refused post tried again"

