"""Play again: when a match ends the table message offers it; the host reopens the same game with the same
options, settings and computers (a new seed), and the other people are called to join."""

from __future__ import annotations

import random

from tests.cogs.helpers import button, lobby_message, table_message
from tests.cogs.test_computers import FAST, human_move, settle
from tests.conftest import World


async def test_the_host_deals_again_with_the_same_options_and_computers(world: World):
    alice, bob = world.users[:2]
    await alice.slash(world.channel, "schieberamsch new", deals=3, turn_timer=120)
    await bob.click(lobby_message(world), custom_id=button(lobby_message(world), "Join").custom_id)
    await alice.click(lobby_message(world), custom_id=button(lobby_message(world), "Add computer (easy)").custom_id)
    old = world.table()
    old.settings.update(FAST)
    await alice.click(lobby_message(world), custom_id=button(lobby_message(world), "Start").custom_id)
    rng = random.Random(4)
    for _ in range(2000):
        await settle(old)
        if old.engine.over:
            break
        await human_move(world, old, min(old.engine.waiting_for()), rng)
    assert old.status == "finished"
    final = table_message(world, old)
    again = button(final, "Play again")

    refused = await bob.click(final, custom_id=again.custom_id)
    assert refused.ephemeral and "Only the host" in refused.response.content
    await alice.click(final, custom_id=again.custom_id)
    new = world.table()
    assert new.id != old.id and new.status == "lobby"
    assert new.game == old.game and new.options == old.options and new.seed != old.seed
    assert new.settings["turn_timer"] == 120
    assert [s.computer for s in new.seats] == [None, "easy"]
    thread = world.channel.threads[0]  # the new lobby opens where the old table played
    lobby = next(m for m in reversed(thread.history()) if m.id == new.lobby_message_id)
    assert "🤖 Computer (easy)" in lobby.content
    call = next(m for m in reversed(thread.history()) if "deals again" in m.content)
    assert f"<@{bob.id}>" in call.content and f"<@{alice.id}>" not in call.content
    # the call names the host by display name: it pings the people called, never @everyone/@here or a role
    # (developer docs, Allowed Mentions: without allowed_mentions Discord would parse "@everyone" in a name)
    sent = next(r.json for r in world.env.http_requests if r.method == "POST" and "deals again" in
                str((r.json or {}).get("content")))
    assert sent["allowed_mentions"]["parse"] == ["users"], sent["allowed_mentions"]
    await bob.click(lobby, custom_id=button(lobby, "Join").custom_id)
    # a command changes the lobby where it is, in the thread (not in the channel the thread is in)
    await bob.slash(thread, "table leave")
    lobby = next(m for m in reversed(thread.history()) if m.id == new.lobby_message_id)
    assert f"<@{bob.id}>" not in lobby.content
    await bob.click(lobby, custom_id=button(lobby, "Join").custom_id)
    lobby = next(m for m in reversed(thread.history()) if m.id == new.lobby_message_id)
    assert f"<@{bob.id}>" in lobby.content
    await alice.click(lobby, custom_id=button(lobby, "Start").custom_id)
    assert new.status == "running" and [s.user_id for s in new.seats][:1] == [alice.id]
