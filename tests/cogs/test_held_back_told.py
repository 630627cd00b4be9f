"""A table message Discord refuses mid-game (a moderator took Attach Files or Send Messages in Threads from the bot,
or locked the thread): the move is stored and the mover's hand answered, but the table in the thread stays where it
was, and nobody is told why, nor what would bring it back. At Start the host is told (`started` -> `explain`); a
move that the table cannot show should tell its mover the same way, privately and once (not at every move)."""

from __future__ import annotations

import random

import pytest

from tests.cogs.test_schieberamsch_flow import start_table
from tests.cogs.test_strict_discord import click_a_card, dm_card_move
from tests.conftest import World


@pytest.mark.parametrize(("code", "message", "said"), [
    (50013, "Missing Permissions", "Missing Permissions"),
    (160005, "Thread is locked", "locked this table's thread"),
])
async def test_the_mover_is_told_why_the_table_does_not_show_their_move(world: World, code: int, message: str,
                                                                       said: str):
    table = await start_table(world, deals=3, turn_timer=3600)
    seat = await dm_card_move(world, table, random.Random(4))
    world.bot.table_ui.delivery.tokens.drop(table.table_message_id)
    world.env.inject_error("PATCH", f"/channels/{table.thread_id}/messages/*", status=403, code=code,
                           message=message, times=None)
    version = table.version
    result = await click_a_card(world, table, seat)
    assert table.version == version + 1 and table.shown_version != table.version
    told = [f.content for f in result.followups if f.ephemeral]
    assert any(said in (t or "") for t in told), f"the mover was not told why the table is behind: {told}"


async def test_each_mover_is_told_once_and_not_after_the_table_shows_again(world: World, monkeypatch):
    table = await start_table(world, deals=3, turn_timer=3600)
    # (the later catch-ups are another test's: here each move's own edit meets the refusal, or goes through)
    monkeypatch.setattr(world.bot.table_ui.delivery, "catch_up_later", lambda *args, **kwargs: None)
    rng = random.Random(4)
    await dm_card_move(world, table, rng)
    world.bot.table_ui.delivery.tokens.drop(table.table_message_id)
    world.env.inject_error("PATCH", f"/channels/{table.thread_id}/messages/*", status=403, code=50013,
                           message="Missing Permissions", times=None)
    seen: set[int] = set()
    for _ in range(5):
        seat = min(table.engine.to_act())
        result = await click_a_card(world, table, seat)
        told = [f for f in result.followups if f.ephemeral and "let me show the table" in (f.content or "")]
        assert len(told) == (0 if seat in seen else 1), (seat, seen, told)
        seen.add(seat)
    assert len(seen) < 5, "someone moved twice: the test shows the once"
    world.env.backend.faults.clear()  # the moderator gives the permission back: the next move's edit goes through
    seat = min(table.engine.to_act())
    result = await click_a_card(world, table, seat)
    assert table.shown_version == table.version and world.bot.table_ui.delivery.held_back.get(table.id) is None
    assert not [f for f in result.followups if f.ephemeral and "let me show the table" in (f.content or "")]
