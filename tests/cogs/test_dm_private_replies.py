"""A move made from a private reply in a DM (not the hand DM itself) must still bring the hand DM in line.

On an hour-old Treppenrommé hand DM a tab click is answered with a private reply that carries the page's menus
(editing the old DM would meet Discord's limit on edits of old messages, 30046). A move chosen in that reply is
answered by editing the reply; the hand DM itself was not touched, so it must be redrawn (here: replaced by a
fresh DM, the hour-old one deleted), or it goes on showing cards the player has melded or discarded, with menus
from before the move."""

from __future__ import annotations

import discord

from bot.tables.model import shows_digest
from tests.cogs.helpers import components, dm_last
from tests.cogs.test_treppenromme import choose, discard_menus, start, take_34
from tests.conftest import World


async def test_a_discard_chosen_in_the_private_page_of_an_hour_old_dm_redraws_the_hand_dm(world: World,
                                                                                          monkeypatch):
    table = await start(world, turn_timer=3600)
    await take_34(world, table)
    await choose(world, 0, "meld0", ["2S", "3S", "4S"])  # six menus: the hand shows tabs
    dm = dm_last(world.users[0])
    tabs = [c for c in components(dm) if c.custom_id.startswith("st:tr:p:")]
    assert [t.label for t in tabs] == ["Meld · Lay off", "Discard"]
    assert table.seats[0].dm_message_id == dm.id
    # the player thinks a long while: their hand DM grows an hour old (the reply made now does not)
    await world.env.advance_time(10 * 60)
    born = discord.utils.snowflake_time(dm.id).timestamp()
    monkeypatch.setattr(world.bot.table_ui.delivery, "clock", lambda: born + 3600)
    page = await world.users[0].user.click(dm, custom_id=tabs[1].custom_id)
    assert page.ephemeral and discard_menus(page.response), "the Discard page comes as a private reply"
    start_at = len(world.env.http_requests)
    chosen = await world.users[0].user.select(page.response, ["discard 5S"],
                                              custom_id=discard_menus(page.response)[0].custom_id)
    assert "5S" not in table.engine.view(0)["hand"] and table.engine.view(None)["turn"] == 1, chosen
    sent = world.env.http_requests[start_at:]
    assert not [r for r in sent if r.method == "PATCH" and str(dm.id) in r.path], "the hour-old DM is not edited"
    s = table.seats[0]
    # what the stored mark says the DM shows is what it should show now
    assert s.dm_shows == shows_digest(table.signatures[0], s.last_change), "the hand DM was left behind"
    hand_dm = dm_last(world.users[0])
    assert hand_dm.id == s.dm_message_id and hand_dm.id != dm.id, "the hand comes as a fresh DM"
    assert not discard_menus(hand_dm), [c.custom_id for c in components(hand_dm)]  # no menus: not their turn
    assert dm.id not in {m.id for m in world.users[0].user.dm_channel.history()}, "the hour-old DM went"


async def test_a_move_from_the_current_hand_shown_after_a_stale_click_in_a_dm_redraws_the_hand_dm(world: World):
    """The same without an hour: a click on a DM button from before the game moved on (Schrööm: a knock asked
    this seat to hold or fold meanwhile) is answered with the current hand as a private reply in the DM. A move
    made there must bring the hand DM in line too, not leave it offering Hold and Fold."""
    from tests.cogs.test_schroeoem import click, enabled
    from tests.cogs.test_schroeoem import start as start_schroeoem
    from tests.cogs.test_schrum import as_seen, click_as_seen

    table = await start_schroeoem(world, n=3)
    user = world.users[0].user
    before = as_seen(world.env, dm_last(world.users[0]))  # alice's DM as she sees it: "Knock → 2"
    await click(world, 2, "Knock → 2")  # carol knocks: alice is asked to hold or fold
    assert table.engine.view(None)["pending"]["asking"] == 0
    knock = next(c["custom_id"] for row in before["components"] for c in row["components"]
                 if c.get("label", "").startswith("Knock"))
    (stale,) = await click_as_seen(world.env, [(user, before, knock)])
    assert stale.ephemeral and "earlier moment" in stale.response.content
    hold = next(c for c in components(stale.response) if (c.label or "").startswith("Hold"))
    result = await user.click(stale.response, custom_id=hold.custom_id)
    assert table.engine.view(None)["pending"]["asking"] == 1, result
    s = table.seats[0]
    assert s.dm_shows == shows_digest(table.signatures[0], s.last_change), "the hand DM was left behind"
    labels = [c.label for c in enabled(dm_last(world.users[0]))]
    assert not [label for label in labels if label.startswith(("Hold", "Fold"))], labels
