"""A table whose thread archived while the server filled up with threads: Discord refuses to un-archive it, or to
take a message into it, at the server's cap of active threads (400 / 160006, "Maximum number of active threads
reached"; developer docs, Threads, "Active & Archived Threads"). The game goes on from the hands and the table
catches up once there is room, but the table message stands still meanwhile, and nobody knew why: each mover (and
whoever pressed Start) is told once, privately, what holds it back and what makes room, as for a refusal of its
place (`HeldBack`, tests/cogs/test_held_back_told.py), and the note goes once the table shows again."""

from __future__ import annotations

import random

from bot.i18n import tr
from tests.cogs.helpers import button
from tests.cogs.test_schieberamsch_flow import open_table, start_table
from tests.cogs.test_strict_discord import click_a_card, dm_card_move, requests
from tests.conftest import World

CAP = {"status": 400, "code": 160006, "message": "Maximum number of active threads reached"}
ARCHIVED = {"status": 400, "code": 50083, "message": "Operation cannot be performed on an archived thread"}


def the_note(table) -> str:
    return tr("en", "This server has reached Discord's limit of active threads, so I cannot reopen the table's thread "
                    "{channel}: the table there is behind. Your move counts, and the game goes on from your hand "
                    "(your direct messages, or My hand). Closing "
                    "(archiving) or deleting old threads makes room, and the table then catches up by itself.",
              channel=f"<#{table.thread_id}>")


def at_the_cap(world: World, table) -> None:
    """The table's thread archived (its message's edits answer 50083), and un-archiving it is refused at the cap."""
    world.env.inject_error("PATCH", f"/channels/{table.thread_id}/messages/*", **ARCHIVED, times=None)
    world.env.inject_error("PATCH", f"/channels/{table.thread_id}", **CAP, times=None)


def told(result) -> list[str]:
    return [f.content for f in result.followups if f.ephemeral and "active threads" in (f.content or "")]


async def test_each_mover_is_told_once_and_not_after_the_table_shows_again(world: World, monkeypatch):
    table = await start_table(world, deals=3, turn_timer=3600)
    delivery = world.bot.table_ui.delivery
    # (the catch-up's later tries are the e2e test's: here each move's own edit meets the cap, or goes through)
    monkeypatch.setattr(delivery, "catch_up_later", lambda *args, **kwargs: None)
    rng = random.Random(4)
    await dm_card_move(world, table, rng)
    delivery.tokens.drop(table.table_message_id)
    at_the_cap(world, table)
    seen: set[int] = set()
    for _ in range(5):
        seat = min(table.engine.to_act())
        version = table.version
        result = await click_a_card(world, table, seat)
        assert table.version == version + 1 and table.shown_version != table.version, "the move counts, unshown"
        # the note, word for word: why, what goes on, what makes room; no card of anyone's hand
        assert told(result) == ([] if seat in seen else [the_note(table)]), (seat, seen, told(result))
        seen.add(seat)
    assert len(seen) < 5, "someone moved twice: the test shows the once"
    world.env.backend.faults.clear()  # a thread closed elsewhere: room again
    await delivery.catch_up(table)  # the catch-up's next try (no move): the table shows, and the note goes
    assert table.shown_version == table.version and delivery.held_back.get(table.id) is None
    seat = min(table.engine.to_act())
    result = await click_a_card(world, table, seat)
    assert table.shown_version == table.version and not told(result)
    at_the_cap(world, table)  # full again later: a new hold, told anew, to whoever was told of the last one too
    seat = min(table.engine.to_act())
    assert seat in seen
    result = await click_a_card(world, table, seat)
    assert table.shown_version != table.version and told(result) == [the_note(table)]


async def test_whoever_starts_a_table_whose_thread_is_held_back_is_told(world: World):
    """Play again reuses the finished table's thread, archived within the hour (Delivery.retire_thread): at the cap
    its table message cannot be posted there (a message sent into an archived thread un-archives it)."""
    _, lobby = await open_table(world)
    table = world.table()
    world.env.inject_error("POST", f"/channels/{table.thread_id}/messages", **CAP, times=None)
    result = await world.users[0].click(lobby, custom_id=button(lobby, "Start").custom_id)
    assert table.status == "running" and table.table_message_id is None
    assert told(result) == [the_note(table)]


async def test_a_thread_closed_elsewhere_brings_the_table_back_at_once(world: World, monkeypatch):
    """The note says closing old threads makes room and the table then catches up by itself: it does when the
    thread closes (THREAD_UPDATE), not at its catch-up's next try up to ten minutes later; a thread deleted makes
    room too. One try per thread that goes: a table held back for another reason is no business of this."""
    table = await start_table(world, deals=3, turn_timer=3600)
    delivery = world.bot.table_ui.delivery
    monkeypatch.setattr(delivery, "catch_up_later", lambda *args, **kwargs: None)  # (the later tries are not this)
    backend = world.env.backend
    chatter = [backend.create_thread(world.channel.id, f"Plauderecke {i}", world.users[1].id) for i in range(2)]
    await world.env.settle()
    seat = await dm_card_move(world, table, random.Random(4))
    delivery.tokens.drop(table.table_message_id)
    at_the_cap(world, table)
    await click_a_card(world, table, seat)
    assert table.shown_version != table.version and delivery.held_back[table.id].error.code == 160006
    start = len(world.env.http_requests)
    backend.edit_channel(chatter[0].id, {}, thread_metadata={"archived": True})  # closed, but no room yet
    await world.env.settle()
    assert len(requests(world, "PATCH", f"/channels/{table.thread_id}", start)) == 2, "one try: 50083, 160006"
    assert table.shown_version != table.version
    world.env.backend.faults.clear()
    backend.delete_channel(chatter[1].id)  # room now
    await world.env.settle()
    assert table.shown_version == table.version and delivery.held_back.get(table.id) is None
