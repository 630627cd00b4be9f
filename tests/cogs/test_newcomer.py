"""A newcomer's first hour through the real bot in SimCord: what they are told when they do not yet know the
commands, the games or the numbers of players, so that each answer names the next step."""

from __future__ import annotations

import re

from discord import app_commands

from tests.cogs.helpers import client_locale
from tests.conftest import World


def opening_commands(world: World) -> set[str]:
    """`/<game> new` for every command group of the tree that has a `new`."""
    return {f"/{c.parent.name} {c.name}" for c in world.bot.tree.walk_commands()
            if isinstance(c, app_commands.Command) and c.parent is not None and c.name == "new"}


async def test_an_empty_server_names_the_commands_that_open_a_table(world: World):
    """"Start one with a game's /… new command" assumed the reader knew which commands those are."""
    alice = world.users[0]
    shown = opening_commands(world)
    assert len(shown) == 5
    for command, options in (("table list", {}), ("leaderboard", {"game": "tac"})):
        answer = await alice.slash(world.channel, command, **options)
        assert answer.ephemeral and "/…" not in answer.response.content
        assert all(name in answer.response.content for name in shown), (command, answer.response.content)


async def test_the_commands_named_are_those_a_croatian_client_shows(world: World, monkeypatch):
    client_locale(monkeypatch, "hr")
    answer = await world.users[0].slash(world.channel, "table list")
    assert "/schrum novi" in answer.response.content and "/rufmariasch novi" in answer.response.content
    assert " new" not in answer.response.content


async def test_three_friends_at_a_schrum_schrum_table_are_told_how_they_can_play(world: World):
    """Schrum Schrum deals to 2, 4 or 8 unless the table allows unequal piles: with three seated, Start is greyed
    out, and the lobby said only "the game is played by 2, 4 or 8"."""
    from tests.cogs.helpers import button, lobby_message

    alice, bob, carol = world.users[:3]
    await alice.slash(world.channel, "schrum new", variant="schrum")
    for user in (bob, carol):
        await user.click(lobby_message(world), custom_id=button(lobby_message(world), "Join").custom_id)
    lobby = lobby_message(world)
    assert button(lobby, "Start").disabled
    assert "`unequal_piles:` True" in lobby.content and "/schrum new" in lobby.content and "up to 4" in lobby.content
    await alice.click(lobby, custom_id=button(lobby, "Add computer (easy)").custom_id)
    assert "unequal_piles" not in lobby_message(world).content  # four: nothing to explain
    await alice.slash(world.channel, "table cancel")

    await alice.slash(world.channel, "schrum new", variant="schrum", unequal_piles=True)
    for user in (bob, carol):
        await user.click(lobby_message(world), custom_id=button(lobby_message(world), "Join").custom_id)
    assert "unequal_piles" not in lobby_message(world).content and not button(lobby_message(world), "Start").disabled


async def test_stats_say_a_games_wins_once(world: World):
    """/stats wrote "Schrööm: Matches won 0, 0 won of 1" where the game's measure is its wins; a measure of
    its own (Schieberamsch's points per deal) still comes first."""
    from tests.bot.test_stats import craft

    alice, bob = world.users[:2]
    store = world.bot.get_cog("Stats").store
    await craft(store.db, store, "schroeoem", [alice.id, bob.id], [-1, 0], winners=[1], guild=world.guild.id)
    await craft(store.db, store, "schieberamsch", [alice.id, bob.id, world.users[2].id], [-10, 5, 5],
                winners=[0], guild=world.guild.id)
    text = (await alice.slash(world.channel, "stats")).response.content
    assert "Schrööm: 0 won of 1, rating" in text and "Matches won" not in text, text
    assert "Schieberamsch: Per deal −10.00, 1 won of 1, rating" in text, text


async def test_a_bystander_asking_for_a_hand_is_told_where_to_play(world: World):
    """"You are not seated at this table." was all a curious onlooker clicking My hand was told."""
    from tests.cogs.helpers import button, lobby_message, table_message

    alice, bob, carol = world.users[:3]
    await alice.slash(world.channel, "schrum new", variant="schrum")
    await bob.click(lobby_message(world), custom_id=button(lobby_message(world), "Join").custom_id)
    await alice.click(lobby_message(world), custom_id=button(lobby_message(world), "Start").custom_id)
    answer = await carol.click(table_message(world), custom_id=button(table_message(world), "My hand").custom_id)
    text = answer.response.content
    assert answer.ephemeral and "not seated at this table" in text
    assert "/table list" in text and all(name in text for name in opening_commands(world)), text


def typed_commands(text: str) -> set[str]:
    return set(re.findall(r"`(/[^`]+)`", text))


async def test_help_walks_a_newcomer_through_a_first_table(world: World):
    """There was no overview: /rules explains a game, not how a table works here (open, Join, Start, the hand by
    DM, practice with hints)."""
    answer = await world.users[0].slash(world.channel, "help")
    text = answer.response.content
    assert answer.ephemeral and len(text) <= 2000
    named = typed_commands(text)
    assert opening_commands(world) <= named and {"/rules", "/table list", "/leaderboard"} <= named
    assert named <= {"/" + c.qualified_name for c in world.bot.tree.walk_commands()}, "only commands that exist"
    for label in ("Join", "Add computer (easy)", "Start", "My hand", "Hints: off", "Hint"):
        assert f"**{label}**" in text, label  # the buttons as the lobby and the table name them
    assert "Schrum Schrum, Tač and Repezita" in text  # each game's line says what it is


async def test_help_in_croatian_names_the_commands_and_buttons_a_croatian_client_shows(world: World, monkeypatch):
    from bot.i18n import command_name, tr

    client_locale(monkeypatch, "hr")
    text = (await world.users[0].slash(world.channel, "help")).response.content
    shown = {"/" + " ".join(command_name("hr", part) for part in c.qualified_name.split())
             for c in world.bot.tree.walk_commands()}
    named = typed_commands(text)
    assert {"/schrum novi", "/pravila", "/stol popis"} <= named <= shown
    assert f"**{tr('hr', 'My hand')}**" in text and "**My hand**" not in text
    assert "How a game goes" not in text and "Kako ide igra" in text
