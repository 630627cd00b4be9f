"""Review of Rufmariasch's money as friends meet it: settlements after a forget-me, and more."""

from __future__ import annotations

import discord
import pytest

from bot.tables import UserError
from tests.cogs.test_rufmariasch import book, rows
from tests.cogs.test_stats import button
from tests.conftest import World


def moderator(world: World):
    role = world.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    return world.guild.add_member(world.env.create_user("mod"), roles=[role])


async def test_a_forget_me_after_a_settlement_leaves_nothing_to_settle(world: World):
    """Alice won, everyone paid, a moderator confirmed; then Alice used /privacy forget-me. Her deal and settle
    entries are anonymised one id each (-entry_id), and net to zero: nobody owes anything. /rufmariasch settle says
    so, instead of posting a proposal with no payment and a Confirm button that books counter-entries for nothing
    ("0 balances are zero now")."""
    alice, bob, carol, dave = world.users
    await book(world, [[150, -50, -50, -50]] * 6, [u.id for u in world.users])
    proposal = await bob.slash(world.channel, "rufmariasch settle")
    await moderator(world).click(proposal.response, custom_id=button(proposal.response, "Confirm: settled").custom_id)
    await world.bot.get_cog("Stats").store.forget(alice.id)
    booked = len(await rows(world))

    again = await bob.slash(world.channel, "rufmariasch settle")
    assert again.ephemeral and "Everyone is square" in again.response.content, again.response.content
    assert not again.response.components
    ledger = world.bot.get_cog("Rufmariasch").ledger
    with pytest.raises(UserError, match="Everyone is square"):
        await ledger.settle(world.guild.id, await ledger.last_entry(world.guild.id))
    assert len(await rows(world)) == booked
