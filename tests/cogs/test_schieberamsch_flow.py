"""Schieberamsch through the real bot in SimCord: lobby, DMs, moves, errors, timer, restart."""

from __future__ import annotations

import simcord

from tests.conftest import World


def buttons(message):
    return [c for row in message.components for c in row.children]


def button(message, label=None, custom_id_prefix=None):
    for b in buttons(message):
        if (label and b.label == label) or (custom_id_prefix and (b.custom_id or "").startswith(custom_id_prefix)):
            return b
    raise AssertionError(f"no button {label or custom_id_prefix!r} in {[b.label for b in buttons(message)]}")


async def open_table(world: World, n=3, **options):
    alice = world.users[0]
    result = await alice.slash(world.channel, "schieberamsch new", **options)
    lobby = lobby_message(world)
    assert "Schieberamsch" in lobby.content
    for user in world.users[1:n]:
        await user.click(lobby, custom_id=button(lobby, "Join").custom_id)
        lobby = lobby_message(world)
    return result, lobby


def lobby_message(world: World):
    table = world.table()
    return next(m for m in world.channel.history() if m.id == table.lobby_message_id)


def dm_last(user):
    return user.user.dm_channel.last_message


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
