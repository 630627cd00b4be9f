"""Every interaction gets an answer, from the table's own server only, and no race seats a player twice."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import discord

from bot.ui.checks import option_problem
from tests.cogs.helpers import button, lobby_message
from tests.cogs.test_schieberamsch_flow import open_table, start_table
from tests.conftest import World


class Crafted:
    """An interaction as a crafted request can deliver it: any server, any user, any numbers."""

    def __init__(self, user, guild_id: int | None, *, command=None, namespace=None):
        self.user, self.guild_id, self.id, self.locale, self.message = user, guild_id, 1, "en-US", None
        self.created_at = discord.utils.utcnow()  # (its id's time, as a real interaction's)
        self.type = discord.InteractionType.application_command if command else discord.InteractionType.component
        self.command, self.namespace = command, namespace
        self.answers: list[str] = []

        async def send_message(content=None, **kwargs):
            self.answers.append(content)

        self.response = SimpleNamespace(is_done=lambda: bool(self.answers), send_message=send_message)


def command(world: World, path: str):
    node = world.bot.tree.get_command(path.split()[0])
    for word in path.split()[1:]:
        node = node.get_command(word)
    return node


async def test_numbers_outside_a_commands_bounds_are_refused_before_it_runs(world: World):
    new = command(world, "schieberamsch new")
    assert option_problem(new, SimpleNamespace(turn_timer=0), "en") == "turn_timer must be from 30 to 3600."
    assert option_problem(new, SimpleNamespace(turn_timer=10**12), "en") == "turn_timer must be from 30 to 3600."
    assert option_problem(new, SimpleNamespace(turn_timer=300, deals=12), "en") is None
    # named as the player's client shows the option
    assert option_problem(new, SimpleNamespace(turn_timer=0), "de") == "zugzeit muss zwischen 30 und 3600 liegen."
    assert option_problem(command(world, "replay"), SimpleNamespace(table=2**70, step=0), "en") == \
        f"table must be from 1 to {2**53 - 1}."
    match = command(world, "schroeoem match")
    assert option_problem(match, SimpleNamespace(id=2**63), "en") == f"There is no id {2**63}."
    assert option_problem(match, SimpleNamespace(id=12), "en") is None
    # the tree answers the sender and the command does not run
    crafted = Crafted(world.users[0], world.guild.id, command=new, namespace=SimpleNamespace(turn_timer=0))
    assert await world.bot.tree.interaction_check(crafted) is False
    assert crafted.answers == ["turn_timer must be from 30 to 3600."]
    assert not world.bot.tables.tables
    # and a normal command is let through
    ok = Crafted(world.users[0], world.guild.id, command=new, namespace=SimpleNamespace(turn_timer=60))
    assert await world.bot.tree.interaction_check(ok) is True


async def test_a_button_no_part_of_the_bot_knows_is_answered(world: World, make_bot):
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Old", custom_id="st:old:layout:7"))
    channel = world.bot.get_channel(world.channel.id)
    await channel.send("A message from an older version", view=view)
    await world.env.restart_bot(make_bot())  # the new version knows no such button
    old = next(m for m in world.channel.history() if m.content.startswith("A message from an older version"))
    result = await world.users[0].click(old, custom_id="st:old:layout:7")
    assert result.ephemeral
    assert "/table status" in result.response.content


async def test_lobby_and_table_buttons_work_only_from_the_tables_server(world: World):
    _, lobby = await open_table(world, n=2)
    table = world.table()
    outsider = SimpleNamespace(id=987654321, display_name="mallory", guild_permissions=None)
    elsewhere = world.env.create_guild().id
    ui = world.bot.table_ui
    for kind in ("join", "cancel", "start", "leave"):
        crafted = Crafted(outsider, elsewhere)
        await ui.on_table_button(crafted, kind, table.id)
        assert crafted.answers == ["This button belongs to a table in another server."], kind
    assert [s.name for s in table.seats] == ["alice", "bob"] and table.status == "lobby"
    await world.users[2].click(lobby, custom_id=button(lobby, "Join").custom_id)
    await world.users[0].click(lobby_message(world), custom_id=button(lobby_message(world), "Start").custom_id)
    assert table.status == "running"
    # a move button delivered from another server does not play; from the table's DM it does
    seat = min(table.engine.waiting_for())
    action = table.engine.legal_actions(seat)[0]
    crafted = Crafted(SimpleNamespace(id=table.seats[seat].user_id, display_name="x"), elsewhere)
    await ui.on_action(crafted, table.id, table.version, action)
    assert crafted.answers == ["This button belongs to a table in another server."]
    assert table.version == 0


async def test_an_absurd_version_is_stale_not_a_pass(world: World):
    table = await start_table(world, deals=3)
    seat = min(table.engine.waiting_for())
    action = table.engine.legal_actions(seat)[0]
    user = world.users[seat]
    crafted = Crafted(SimpleNamespace(id=user.id, display_name=user.name), world.guild.id)
    crafted.response.edit_message = crafted.response.send_message
    await world.bot.table_ui.on_action(crafted, table.id, 10**12, action)
    assert table.version == 0, "a version the table never had is stale"


async def test_join_on_two_lobbies_of_a_channel_at_once_seats_once(world: World):
    alice, bob, carol = world.users[:3]
    await alice.slash(world.channel, "schieberamsch new")
    await bob.slash(world.channel, "schieberamsch new")
    service = world.bot.tables
    first, second = sorted(service.tables)
    results = await asyncio.gather(service.join(first, carol.id, "carol"), service.join(second, carol.id, "carol"),
                                   return_exceptions=True)
    assert len([t for t in service.tables.values() if t.seat_of(carol.id) is not None]) == 1
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(refused) == 1 and "already sit at table" in str(refused[0])


async def test_join_and_new_at_once_seat_once(world: World):
    alice, bob = world.users[:2]
    await alice.slash(world.channel, "schieberamsch new")
    service = world.bot.tables
    lobby = max(service.tables)
    await asyncio.gather(service.join(lobby, bob.id, "bob"),
                         service.create(guild_id=world.guild.id, channel_id=world.channel.id, host_id=bob.id,
                                        host_name="bob", game="schieberamsch"), return_exceptions=True)
    assert len([t for t in service.tables.values() if t.seat_of(bob.id) is not None]) == 1


async def test_two_new_at_once_open_one_table(world: World):
    alice = world.users[0]
    service = world.bot.tables
    results = await asyncio.gather(*(service.create(guild_id=world.guild.id, channel_id=world.channel.id,
                                                    host_id=alice.id, host_name="alice", game=game)
                                     for game in ("schieberamsch", "schroeoem")), return_exceptions=True)
    assert len(service.tables) == 1
    assert sum(isinstance(r, Exception) for r in results) == 1


async def test_a_button_of_an_unloaded_cog_is_answered(world: World):
    """A cog unloaded (a reload gone wrong, an extension taken out) takes its buttons' patterns along: a click on
    a leaderboard's page is then answered as a button no longer in use, not left to "This interaction failed"."""
    custom_id = "st:lb:schieberamsch:all:0:1:n"
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Next", custom_id=custom_id))
    await world.bot.get_channel(world.channel.id).send("A leaderboard page", view=view)
    assert any(t.fullmatch(custom_id) for t in world.bot.component_templates)
    await world.bot.unload_extension("cogs.stats")
    assert not any(t.fullmatch(custom_id) for t in world.bot.component_templates)
    page = next(m for m in world.channel.history() if m.content == "A leaderboard page")
    result = await world.users[0].click(page, custom_id=custom_id)
    assert result.ephemeral and "/table status" in result.response.content
