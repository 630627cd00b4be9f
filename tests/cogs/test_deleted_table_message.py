"""A moderator deletes the table message mid-game. The bot has no message intents, so no MESSAGE_DELETE tells it:
until the next move edits it (10008) and posts a new one, nobody can make a decision asked on the table message
(Schieberamsch's Grand Hand / pass, push / take, Kontra) nor press "My hand" (closed DMs). Such a move has nobody
to make it but the turn timer, which then decides for the player. The reminder, which pings exactly those seats,
must bring the table message back first."""

from __future__ import annotations

from tests.cogs.helpers import table_message
from tests.cogs.test_schieberamsch_flow import decisions, start_table
from tests.conftest import World


async def test_a_deleted_table_message_is_back_when_the_reminder_asks_for_a_decision_on_it(world: World):
    table = await start_table(world, deals=3)
    decider = min(table.engine.waiting_for())
    assert decisions(world, table), "the first decision (Grand Hand or pass) is asked on the table message"
    version = table.version
    old = table_message(world, table)
    world.env.backend.delete_message(old.channel.id, old.id)  # a moderator deletes it
    await world.env.settle()
    await world.env.advance_time(61)  # the reminder pings the decider ...
    pinged = [m for m in world.channel.threads[0].history() if m.content and f"<@{world.users[decider].id}>" in m.content]
    assert pinged, "the decider was reminded"
    assert table.version == version, "nobody moved yet"
    # ... and the table message is there again, with the decision on it, so the decider can make it themselves
    assert table.table_message_id != old.id, "the deleted table message was not posted again"
    asked = decisions(world, table)
    assert asked
    await world.users[decider].click(table_message(world, table), custom_id=asked[0].custom_id)
    assert table.version == version + 1


async def test_the_reminder_reads_the_table_message_only_when_someone_needs_it(world: World):
    """A reminder for a card in a DM costs no look at the table message (the card's move shows the table anyway)."""
    import random

    from tests.cogs.test_strict_discord import dm_card_move

    table = await start_table(world, deals=3)
    await dm_card_move(world, table, random.Random(4))
    start = len(world.env.http_requests)
    await world.env.advance_time(61)
    gets = [r for r in world.env.http_requests[start:] if r.method == "GET" and "/messages/" in r.path]
    assert gets == []
