"""Review: after a player used /privacy forget-me, the settlement's confirmation counts balances, not entries."""

from __future__ import annotations

import discord

from tests.cogs.test_rufmariasch import book
from tests.cogs.test_stats import button
from tests.conftest import World


async def test_a_forgotten_players_entries_are_one_balance_in_the_confirmation(world: World):
    alice, bob, carol, dave = world.users
    ids = [u.id for u in world.users]
    await book(world, [[150, -50, -50, -50]] * 6, ids)  # alice +9.00, the others −3.00 each
    await world.bot.get_cog("Stats").store.forget(alice.id)
    proposal = await bob.slash(world.channel, "rufmariasch settle")
    text = proposal.response.content
    assert text.count(" pays ") == 3 and "a former player" in text
    role = world.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = world.guild.add_member(world.env.create_user("mod"), roles=[role])
    done = await mod.click(proposal.response, custom_id=button(proposal.response, "Confirm: settled").custom_id)
    assert not await world.bot.get_cog("Rufmariasch").ledger.balances(world.guild.id)
    assert "4 balances are zero now" in done.response.content, done.response.content
