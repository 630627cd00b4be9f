"""A player whose game runs in a channel tries another table there: the refusal must not send them to
/table leave, which refuses a running game ("The game is running: ask the host or a moderator to cancel it")."""

from __future__ import annotations

from tests.cogs.helpers import button, client_locale, lobby_message
from tests.cogs.test_schieberamsch_flow import start_table
from tests.conftest import World


async def test_a_running_game_is_not_to_be_left_with_table_leave(world: World, monkeypatch):
    client_locale(monkeypatch, "de")
    alice, bob, _, dave = world.users
    table = await start_table(world)  # alice, bob and carol play Schieberamsch #1 in #cards
    opened = await alice.slash(world.channel, "schroeoem new")
    assert opened.ephemeral and "#1" in opened.response.content
    await dave.slash(world.channel, "schroeoem new")
    lobby = lobby_message(world)
    joined = await bob.click(lobby, custom_id=button(lobby, custom_id_prefix="st:t:join").custom_id)
    assert joined.ephemeral and "#1" in joined.response.content
    for answer in (opened.response.content, joined.response.content):
        # what the answer says to do must work: /tisch verlassen (table leave) refuses a running game
        assert "/tisch verlassen" not in answer, answer
    left = await alice.slash(world.channel, "table leave")
    assert left.ephemeral and "/tisch abbrechen" in left.response.content  # (the refusal the advice led to)
    assert table.status == "running"
