"""Rufmariasch's money as friends meet it: a settlement after a forget-me, and the money board of a server that plays without a currency label."""

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


async def play_match(world: World, users, **options):
    from tests.cogs.helpers import lobby_message

    await users[0].slash(world.channel, "rufmariasch new", deals=4, **options)
    for user in users[1:4]:
        await user.click(lobby_message(world), custom_id=button(lobby_message(world), "Join").custom_id)
    table = world.table()
    await users[0].click(lobby_message(world), custom_id=button(lobby_message(world), "Start").custom_id)
    while table.status == "running":
        seat = min(table.engine.to_act())
        await world.bot.tables.act(table.id, table.seats[seat].user_id, table.engine.default_action(seat))
    assert table.status == "finished"
    return table


async def test_the_money_board_of_a_server_that_mostly_plays_without_a_currency_label(world: World):
    """Friends play for a stake with no currency label (optional), and once for euros with Erin. The board shows
    the money of the label most matches were played in: here none (""). Erin, who played only for euros, has no
    balance in it ("–"), not her euro cents as points ("−2,000"); and the board is ranked by the balances it shows,
    not by the engine totals of every currency added up (euro cents and unlabelled cents in one sum)."""
    erin = world.guild.add_member(world.env.create_user("erin"))
    alice, bob, carol, dave = world.users
    await play_match(world, [alice, bob, carol, dave], stake="1")
    await play_match(world, [alice, bob, carol, dave], stake="1")
    euros = await play_match(world, [alice, bob, carol, erin], stake="100", currency="€")
    assert any(euros.engine.result()["totals"]), "the euro table booked money"

    board = (await alice.slash(world.channel, "leaderboard", game="rufmariasch")).response.content
    lines = {line.split(": ", 1)[0].split(". ", 1)[1]: line for line in board.splitlines() if ": Balance " in line}
    assert "Balance –," in lines["erin"], board
    unlabelled = {r["user_id"]: r["total"] for r in await world.bot.db.fetchall(
        "SELECT user_id, SUM(amount) AS total FROM rufmariasch_ledger WHERE currency = '' GROUP BY user_id")}
    order = [name for name in lines if name != "erin"]
    ids = {u.user.name if hasattr(u, "user") else u.name: u.id for u in world.users}
    assert [unlabelled[ids[n]] for n in order] == sorted(unlabelled.values(), reverse=True), board
