"""A player voted away and back again: the others keep playing with the strong computer in the absent player's
seat. Everyone is told that a computer stands in, the absent player's hand DM says so with an "I'm back" button,
and that button (or a move of their own) gives them their seat back: the computer stopped playing for them never
(the seat stayed on autopilot for the rest of the match, and nothing said so)."""

from __future__ import annotations

import discord

from bot.ui.components import TableButton
from tests.cogs.helpers import button, components, dm, table_message
from tests.cogs.test_computers import settle, think_inline  # noqa: F401 (the strong computer thinks in-process)
from tests.cogs.test_schieberamsch_flow import start_table
from tests.cogs.test_tables import _open_vote
from tests.conftest import World


def labels(message):
    return [getattr(c, "label", None) for c in components(message)]


async def vote_away(world: World):
    table = await start_table(world, deals=3, turn_timer=60)
    table.settings["computer_budget"] = 0.05
    absent = await _open_vote(world, table)
    for i, user in enumerate(world.users[:3]):
        if i != absent:
            await user.click(table_message(world, table), custom_id=button(table_message(world, table),
                                                                           "Keep playing").custom_id)
    await settle(table)
    assert table.seats[absent].autopilot
    return table, absent


async def others_play_until(world: World, table, absent: int, *, settling: bool = True) -> None:
    """The others make their moves until the game waits for `absent` (at most six)."""
    for _ in range(6):
        if settling:
            await settle(table)
        waiting = table.engine.waiting_for()
        if absent in waiting:
            break
        seat = min(waiting)
        await world.bot.tables.act(table.id, world.users[seat].user.id, table.engine.legal_actions(seat)[0],
                                   version=table.version)
    if settling:
        await settle(table)


async def test_everyone_is_told_a_computer_stands_in_and_the_absent_player_takes_the_seat_back(world: World):
    table, absent = await vote_away(world)
    name = table.names[absent]
    said = f"🤖 The strong computer plays for {name} until they are back."
    assert said in table_message(world, table).content, table_message(world, table).content
    note = dm(world, absent)
    assert "The strong computer plays for you" in note.content, note.content
    assert "I'm back" in labels(note)

    reply = await world.users[absent].user.click(note, custom_id=button(note, "I'm back").custom_id)
    assert reply.ephemeral and "Welcome back" in reply.response.content, reply.response.content
    assert not table.seats[absent].autopilot
    row = await world.bot.db.fetchone("SELECT autopilot FROM seats WHERE table_id = ? AND seat = ?",
                                      (table.id, absent))
    assert row["autopilot"] == 0, "taken back for good: a restart does not hand the seat to the computer again"
    await settle(table)
    assert said not in table_message(world, table).content
    assert "I'm back" not in labels(dm(world, absent))
    # from now on the game waits for the person again: the others play until it is their turn
    await others_play_until(world, table, absent)
    assert absent in table.engine.waiting_for(), "the computer still plays for the player who came back"


async def test_a_move_of_their_own_takes_the_seat_back(world: World):
    table, absent = await vote_away(world)
    table.settings["computer_pause"] = 600  # the person is quicker than the computer this once
    await others_play_until(world, table, absent, settling=False)
    assert absent in table.engine.waiting_for()
    await world.bot.tables.act(table.id, world.users[absent].user.id, table.engine.legal_actions(absent)[0],
                               version=table.version)
    assert not table.seats[absent].autopilot


async def test_only_the_player_the_computer_plays_for_can_say_they_are_back(world: World):
    table, absent = await vote_away(world)
    other = next(i for i in range(3) if i != absent)
    view = discord.ui.View(timeout=None)  # an "I'm back" button for this table, as a forged message holds
    view.add_item(TableButton("back", table.id, label="I'm back"))
    await world.bot.get_partial_messageable(dm(world, other).channel.id).send("Back?", view=view)
    refused = await world.users[other].user.click(dm(world, other), custom_id=f"st:t:back:{table.id}")
    assert refused.ephemeral and "not playing for you" in refused.response.content, refused.response.content
    assert table.seats[absent].autopilot
