"""Schieberamsch through the real bot in SimCord: lobby, DMs, moves, errors, timer, restart."""

from __future__ import annotations

from tests.cogs.helpers import button, components, dm_last, lobby_message
from tests.conftest import World


async def open_table(world: World, n=3, **options):
    alice = world.users[0]
    result = await alice.slash(world.channel, "schieberamsch new", **options)
    lobby = lobby_message(world)
    assert "Schieberamsch" in lobby.content
    for user in world.users[1:n]:
        await user.click(lobby, custom_id=button(lobby, "Join").custom_id)
        lobby = lobby_message(world)
    return result, lobby


async def test_lobby_start_and_dms(world):
    _, lobby = await open_table(world)
    table = world.table()
    assert [s.name for s in table.seats] == ["alice", "bob", "carol"]
    await world.users[0].click(lobby, custom_id=button(lobby, "Start").custom_id)
    assert table.status == "running"
    for user in world.users[:3]:
        dm = dm_last(user)
        assert dm is not None and "Schieberamsch" in dm.content
        assert dm.attachments and dm.attachments[0].filename.endswith(".png")
    assert dm_last(world.users[3]) is None


async def start_table(world: World, **options):
    _, lobby = await open_table(world, **options)
    await world.users[0].click(lobby, custom_id=button(lobby, "Start").custom_id)
    table = world.table()
    assert table.status == "running"
    return table


async def play_one(world: World, table, rng):
    """The player to act makes a random legal move with the components of their DM."""
    seat = min(table.engine.waiting_for())
    user = world.users[seat].user  # DMs are outside the server: act as the user, not the member
    message = user.dm_channel.last_message
    items = [c for c in components(message) if not getattr(c, "disabled", False)]
    assert items, f"seat {seat} has nothing to click in {message.content!r}"
    item = rng.choice(items)
    if hasattr(item, "options") and item.options:
        values = rng.sample([o.value for o in item.options], item.min_values)
        return await user.select(message, values, custom_id=item.custom_id)
    return await user.click(message, custom_id=item.custom_id)


async def test_a_whole_deal_through_dms(world):
    import random

    table = await start_table(world, deals=3)
    rng = random.Random(7)
    for _ in range(400):
        if table.engine.over or table.engine.view(None)["hand_no"] > 1:
            break
        result = await play_one(world, table, rng)
        assert not result.ephemeral, result.response.content if result.response else result
    view = table.engine.view(None)
    assert view["hand_no"] == 2
    rows = await world.bot.db.fetchall("SELECT seat, delta FROM hand_results WHERE table_id = ?", (table.id,))
    assert len(rows) == 3
    # one DM message per player per hand: hand 1's and hand 2's
    for user in world.users[:3]:
        history = user.user.dm_channel.history()
        assert len(history) == 2
        old, new = sorted(history, key=lambda m: m.id)
        assert not components(old), old.content  # hand 1's message has no buttons left
        assert new.attachments and "Schieberamsch" in new.content
    # the player of the last card was answered on that message: "Hand finished.", and it still shows the card
    # that player held before it (not hand 2, which comes as the new message)
    finished = []
    for user in world.users[:3]:
        old, new = sorted(user.user.dm_channel.history(), key=lambda m: m.id)
        if "Hand finished." in old.content:
            finished.append((old, new))
    assert len(finished) == 1
    old, new = finished[0]
    assert len(old.attachments) == 1 and old.attachments[0].filename != new.attachments[0].filename
    # the table message shows the score sheet after the deal
    thread = world.channel.threads[0]
    assert any(a.filename.startswith("scores-") for m in thread.history() for a in m.attachments)
