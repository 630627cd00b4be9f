"""After a crash, what players see catches up with what is stored: a move stored and answered whose messages
never went out (the process died) is shown after the restart, and nothing already shown is sent again."""

from __future__ import annotations

import random

from bot.ui.delivery import Delivery
from bot.ui.hand_dms import nonce
from tests.cogs.helpers import components, table_message
from tests.cogs.test_schieberamsch_flow import play_one, start_table
from tests.conftest import World


async def lost(*args, **kwargs) -> None:
    """A batch of updates that never goes out: the process died right after answering the click."""


async def play_until(world: World, table, rng, done) -> None:
    for _ in range(400):
        if done():
            return
        await play_one(world, table, rng)
    raise AssertionError("the condition was never reached")


async def restart(world: World, make_bot) -> tuple[object, list]:
    """Restart the bot and wait until it caught up; returns the restored table and the REST calls it made."""
    start = len(world.env.http_requests)
    await world.env.restart_bot(make_bot())
    await world.bot.catch_up_task
    table = world.bot.tables.tables[max(world.bot.tables.tables)]
    return table, [(c.method, c.path) for c in world.env.http_requests[start:]
                   if c.method in ("POST", "PATCH") and "/messages" in c.path]


def sheets(world: World) -> int:
    return sum(a.filename.startswith("scores-") for m in world.channel.threads[0].history() for a in m.attachments)


def dm_calls(world: World, calls: list) -> list:
    dm_ids = {str(u.user.dm_channel.id) for u in world.users if u.user.dm_channel is not None}
    return [c for c in calls if c[1].split("/")[2] in dm_ids]


async def test_a_deals_last_card_whose_messages_were_lost(world: World, make_bot, monkeypatch):
    table = await start_table(world, deals=3)
    rng = random.Random(11)
    await play_until(world, table, rng, lambda: sum(len(t) for t in [table.engine.view(None)["trick"]]) == 2
                     and sum(table.engine.view(None)["counts"]) == 1)
    with monkeypatch.context() as m:
        m.setattr(Delivery, "_ship", lost)
        await play_one(world, table, rng)  # the deal's last card: stored and answered, nothing else went out
    assert table.engine.view(None)["hand_no"] == 2
    stale_image = table_message(world, table).attachments[0].filename
    assert stale_image != f"table-{table.id}-{table.version}.png"
    assert sheets(world) == 0
    assert all(len(u.user.dm_channel.history()) == 1 for u in world.users[:3])

    restored, calls = await restart(world, make_bot)
    # the table message shows the stored state, hand 2 came to every player once, the deal's sheet once
    assert table_message(world, restored).attachments[0].filename == f"table-{table.id}-{restored.version}.png"
    assert sheets(world) == 1
    for user in world.users[:3]:
        history = sorted(user.user.dm_channel.history(), key=lambda msg: msg.id)
        assert len(history) == 2
        assert not components(history[0]), "hand 1's message lost its buttons"
        assert components(history[1]) and "Schieberamsch" in history[1].content
    # the sheet carries a nonce for the hands it covers: had the crash come after Discord made it, the catch-up's
    # send would have got it back instead of a second sheet
    sheet_posts = [r for r in world.env.http_requests if r.method == "POST" and "scores-" in str(r.json)]
    assert [r.json.get("nonce") for r in sheet_posts] == [nonce("s", table.id, 1)]
    # the players play on from the new DMs
    await play_one(world, restored, rng)

    # a second restart finds everything in line: no message sent or edited
    _, calls = await restart(world, make_bot)
    assert calls == []


async def test_a_card_whose_table_edit_was_lost_leaves_the_dms_untouched(world: World, make_bot, monkeypatch):
    table = await start_table(world, deals=3)
    rng = random.Random(5)
    await play_until(world, table, rng, lambda: table.engine.view(None)["phase"] == "play"
                     and len(table.engine.view(None)["trick"]) == 1)
    with monkeypatch.context() as m:
        m.setattr(Delivery, "_ship", lost)
        await play_one(world, table, rng)  # a card: the answer showed the mover's hand, the table edit was lost
    restored, calls = await restart(world, make_bot)
    assert table_message(world, restored).attachments[0].filename == f"table-{table.id}-{restored.version}.png"
    assert dm_calls(world, calls) == [], "live hands already show the right state"
    assert [c[0] for c in calls] == ["PATCH"]


async def test_a_table_edit_that_fails_is_sent_again_later(world: World, monkeypatch):
    import discord

    import bot.ui.catch_up as catch_up

    monkeypatch.setattr(catch_up, "CATCH_UP_RETRIES", (0.5, 0.5))
    table = await start_table(world, deals=3)
    rng = random.Random(5)
    await play_until(world, table, rng, lambda: table.engine.view(None)["phase"] == "play")
    ui = world.bot.table_ui
    original, calls = ui.delivery.update_table, []

    async def flaky(table_, events=None, **kw):
        calls.append(table_.version)
        if len(calls) == 1:  # Discord answers 500 after discord.py's own retries: the edit is given up
            raise discord.HTTPException(type("R", (), {"status": 500, "reason": "boom"})(), "boom")
        return await original(table_, events, **kw)

    monkeypatch.setattr(ui.delivery, "update_table", flaky)
    await play_one(world, table, rng)  # a card from the DM: the table edit fails
    task = ui.delivery._catching_up.get(table.id)
    if task is not None:
        await task
    assert calls == [table.version, table.version], "the failed edit was made again by the catch-up"
    assert table.shown_version == table.version
    assert table_message(world, table).attachments[0].filename == f"table-{table.id}-{table.version}.png"


async def test_a_card_whose_shown_note_fails_still_updates_the_table(world: World, monkeypatch, caplog):
    """The note that a hand DM shows a move (kept for a restart) cannot be written: the move is stored and its
    answer shown, so the table and the other hands still follow it, and the player reads no error."""
    from tests.cogs.test_strict_discord import click_a_card, dm_card_move

    table = await start_table(world, deals=3)
    seat = await dm_card_move(world, table, random.Random(4))
    service = world.bot.tables
    original, failed = service.record_shown, []

    async def failing(table_, **kwargs):
        if set(kwargs) == {"dms"}:  # the answer's own note (delivery's notes come with the table's version)
            failed.append(kwargs)
            raise OSError("disk I/O error")
        return await original(table_, **kwargs)

    monkeypatch.setattr(service, "record_shown", failing)
    answer = await click_a_card(world, table, seat)
    assert failed, "the answer's note was attempted"
    assert not answer.followups, "no error for a move that was stored and shown"
    assert table_message(world, table).attachments[0].filename == f"table-{table.id}-{table.version}.png"
    assert table.shown_version == table.version
    assert "could not note the hand DM" in caplog.text
