"""A table held back by a refusal of its picture (Attach Files taken: the table message's edit is refused, while a
text line still goes out) stays held back while the turn timer's reminders are posted. A reminder is no sign that
the table shows again: each mover is told once per refusal, not again after every reminder."""

from __future__ import annotations

import random

from tests.cogs.test_schieberamsch_flow import start_table
from tests.cogs.test_strict_discord import click_a_card, dm_card_move
from tests.conftest import World


async def test_a_reminder_does_not_lift_the_refusal_nor_tell_the_movers_again(world: World, monkeypatch):
    table = await start_table(world, deals=3, turn_timer=3600)
    delivery = world.bot.table_ui.delivery
    monkeypatch.setattr(delivery, "catch_up_later", lambda *args, **kwargs: None)
    await dm_card_move(world, table, random.Random(4))
    delivery.tokens.drop(table.table_message_id)
    # the table message (a picture) is refused; the reminders' text lines are not
    world.env.inject_error("PATCH", f"/channels/{table.thread_id}/messages/*", status=403, code=50013,
                           message="Missing Permissions", times=None)
    told_to: list[int] = []
    lifted: list[bool] = []
    for _ in range(5):
        seat = min(table.engine.to_act())
        result = await click_a_card(world, table, seat)
        assert table.shown_version != table.version, "the table stays behind"
        if any(f.ephemeral and "let me show the table" in (f.content or "") for f in result.followups):
            told_to.append(seat)
        await world.env.advance_time(61)  # the next seat is reminded, by a text line that goes through
        lifted.append(delivery.held_back.get(table.id) is None)
    assert len(told_to) == len(set(told_to)), f"a mover was told again after a reminder: {told_to}"
    assert not any(lifted), "a reminder lifted a refusal that still holds"
