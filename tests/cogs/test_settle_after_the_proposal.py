"""Review: a settlement squares the ledger up to the proposal's last entry; deals booked after the proposal was shown
stand, and the moderator's confirmation says so instead of calling every balance zero."""

from __future__ import annotations

import pytest

from bot.i18n import SUPPORTED
from cogs.rufmariasch import CONFIRMATION_ROOM, confirmation
from tests.cogs.test_rufmariasch import book
from tests.cogs.test_rufmariasch_money import moderator
from tests.cogs.test_stats import button
from tests.conftest import World


async def test_deals_booked_after_the_proposal_stand_and_the_confirmation_says_so(world: World):
    alice, bob, carol, dave = world.users
    ids = [u.id for u in world.users]
    await book(world, [[300, -300, 300, -300]], ids)  # entries #1-#4
    proposal = await bob.slash(world.channel, "rufmariasch settle")
    assert "up to #4" in proposal.response.content
    await book(world, [[90, -30, -30, -30]], ids, table_id=901)  # a deal scored while the proposal is up
    done = await moderator(world).click(proposal.response,
                                        custom_id=button(proposal.response, "Confirm: settled").custom_id)
    text = done.response.content
    assert "are zero now" not in text, text
    assert "4 balances are squared up to entry #4." in text, text
    assert "Deals booked after it stand: 4 balances are open now (/rufmariasch balance)." in text, text
    ledger = world.bot.get_cog("Rufmariasch").ledger
    assert await ledger.balances(world.guild.id) == {"€": dict(zip(ids, [90, -30, -30, -30], strict=True))}
    mine = await alice.slash(world.channel, "rufmariasch balance")
    assert "+0.90 €" in mine.response.content


async def test_without_later_deals_every_balance_is_zero_as_the_confirmation_says(world: World):
    ids = [u.id for u in world.users]
    await book(world, [[300, -300, 300, -300]], ids)
    proposal = await world.users[1].slash(world.channel, "rufmariasch settle")
    done = await moderator(world).click(proposal.response,
                                        custom_id=button(proposal.response, "Confirm: settled").custom_id)
    assert "4 balances are zero now" in done.response.content and "stand" not in done.response.content
    assert not await world.bot.get_cog("Rufmariasch").ledger.balances(world.guild.id)


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_longest_confirmation_fits_the_room_the_proposal_leaves(lang):
    """The proposal's last page leaves CONFIRMATION_ROOM characters; the confirmation (and its line break) fits
    there in every language, with a 20-digit id, a seven-digit entry number and three-digit counts."""
    mod = f"<@{10 ** 19}>"
    for still in (0, 100):
        assert len(confirmation(lang, mod, 100, 9_999_999, still)) + 1 <= CONFIRMATION_ROOM, lang
