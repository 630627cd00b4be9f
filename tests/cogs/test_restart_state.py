"""What a restart (the process killed, `python -m bot` started again on the same database) must keep beyond the
moves themselves: a turn timer half run out, a lobby's buttons, a seat the strong computer plays for after the
absent vote, and its "I'm back" button."""

from __future__ import annotations

from tests.cogs.helpers import button, components, dm, lobby_message, table_message
from tests.cogs.test_absent_player_back import labels, others_play_until, vote_away
from tests.cogs.test_computers import settle, think_inline  # noqa: F401 (the strong computer thinks in-process)
from tests.cogs.test_schieberamsch_flow import open_table, start_table
from tests.conftest import World

PING = "turn timer plays for you"


def pings(world: World) -> list[str]:
    return [m.content for m in world.channel.threads[0].history() if PING in m.content]


async def timer_moves(world: World, table) -> int:
    rows = await world.bot.db.fetchall("SELECT seq FROM actions WHERE table_id = ? AND auto = 1", (table.id,))
    return len(rows)


async def test_a_turn_timer_resumes_with_the_time_it_had_left_and_pings_once(world: World, make_bot):
    """42 s into a 60 s turn (the ping at 40 s went out) the bot restarts: the timer plays 18 s later, as the
    hand DM's countdown says, not a whole new minute later, and the player is not pinged a second time."""
    table = await start_table(world, deals=3, turn_timer=60)
    await world.env.advance_time(42)
    assert len(pings(world)) == 1
    assert await timer_moves(world, table) == 0
    await world.env.restart_bot(make_bot())
    restored = world.bot.tables.tables[table.id]
    assert restored.timer is not None
    await world.env.advance_time(17)
    assert await timer_moves(world, table) == 0, "the timer played before the turn's time was up"
    await world.env.advance_time(2)
    assert await timer_moves(world, table) == 1, "the restart gave the turn a whole new period"
    await world.env.advance_time(50)  # (the next turn's ping, 40 s into it, is the next one's own)
    assert len(pings(world)) == 2, f"the player was pinged again after the restart: {pings(world)}"


async def test_a_turn_a_move_started_resumes_from_that_move(world: World, make_bot):
    """The timer a move started is dated by the move itself (`actions.at`): 42 s after the move the bot restarts,
    and the timer plays 18 s later, not a whole minute (nor from the table's start)."""
    import random

    from tests.cogs.test_schieberamsch_flow import play_one

    table = await start_table(world, deals=3, turn_timer=60)
    await world.env.advance_time(30)
    await play_one(world, table, random.Random(3))
    before = await timer_moves(world, table)
    await world.env.advance_time(42)
    await world.env.restart_bot(make_bot())
    await world.env.advance_time(16)
    assert await timer_moves(world, table) == before
    await world.env.advance_time(3)
    assert await timer_moves(world, table) == before + 1


async def test_a_restart_before_the_ping_pings_once_at_its_time(world: World, make_bot):
    """20 s into a 60 s turn the bot restarts: the ping comes 40 s into the turn (20 s after the restart), once."""
    table = await start_table(world, deals=3, turn_timer=60)
    await world.env.advance_time(20)
    await world.env.restart_bot(make_bot())
    await world.env.advance_time(19)
    assert not pings(world)
    await world.env.advance_time(2)
    assert len(pings(world)) == 1
    await world.env.advance_time(18)
    assert await timer_moves(world, table) == 0
    await world.env.advance_time(2)
    assert await timer_moves(world, table) == 1 and len(pings(world)) == 1


async def test_a_reminder_due_while_the_bot_was_down_is_sent_when_it_is_back(world: World, make_bot):
    """The process died 30 s into a 60 s turn and came back 15 s later: the reminder was due at 40 s, while it was
    down. It goes out at once (the turn's last 15 s still ahead), not never: the timer must not play for a player
    who was never warned."""
    table = await start_table(world, deals=3, turn_timer=60)
    await world.env.advance_time(30)
    assert not pings(world)
    await world.bot.db.execute("UPDATE tables SET timer_since = timer_since - 15 WHERE table_id = ?", (table.id,))
    await world.env.restart_bot(make_bot())
    await world.env.advance_time(1)
    assert len(pings(world)) == 1, "the reminder due while the bot was down was never sent"
    await world.env.advance_time(12)
    assert await timer_moves(world, table) == 0
    await world.env.advance_time(4)
    assert await timer_moves(world, table) == 1 and len(pings(world)) == 1


async def test_a_restart_long_after_the_deadline_does_not_play_for_everyone_at_once(world: World, make_bot):
    """The bot was down past a turn's deadline: it does not play the moment it is back (nobody could move while it
    was down), but gives the turn a short grace, then plays."""
    from bot.tables.timers import RESUME_GRACE_S

    table = await start_table(world, deals=3, turn_timer=60)
    await world.env.advance_time(30)
    # the process died 30 s into the turn and stayed down for ten minutes
    await world.bot.db.execute("UPDATE tables SET timer_since = timer_since - 600 WHERE table_id = ?", (table.id,))
    await world.env.restart_bot(make_bot())
    await world.env.advance_time(1)
    assert await timer_moves(world, table) == 0, "the timer played the instant the bot was back"
    await world.env.advance_time(RESUME_GRACE_S)
    assert await timer_moves(world, table) == 1


async def test_a_lobby_keeps_working_after_a_restart(world: World, make_bot):
    """Join and Start on a lobby message drawn before the restart still work, and the table starts."""
    _, lobby = await open_table(world, n=2)
    await world.env.restart_bot(make_bot())
    reply = await world.users[2].click(lobby, custom_id=button(lobby, "Join").custom_id)
    assert not reply.ephemeral or "already" not in (reply.response.content or "")
    table = world.table()
    assert [s.name for s in table.seats] == ["alice", "bob", "carol"]
    lobby = lobby_message(world)
    await world.users[0].click(lobby, custom_id=button(lobby, "Start").custom_id)
    assert table.status == "running"
    assert table_message(world, table) is not None


async def test_the_computer_standing_in_plays_on_after_a_restart_and_im_back_still_works(world: World, make_bot):
    """A seat the others voted to let the strong computer play: after a restart the computer moves for it with no
    click from anyone, and the "I'm back" button of the DM drawn before the restart gives the seat back."""
    table, absent = await vote_away(world)
    table.settings["computer_pause"] = 600  # the old process's computer does not move before the restart
    await others_play_until(world, table, absent, settling=False)
    assert absent in table.engine.waiting_for()
    before = table.version
    note = dm(world, absent)
    assert "I'm back" in labels(note)
    await world.env.restart_bot(make_bot())
    restored = world.bot.tables.tables[table.id]
    assert restored.seats[absent].autopilot
    restored.settings["computer_budget"] = 0.05
    await world.env.advance_time(3)  # the computer's pause (1.5 s) after the restart
    await settle(restored)
    rows = await world.bot.db.fetchall("SELECT seat, auto FROM actions WHERE table_id = ? AND seq > ?",
                                       (table.id, before))
    assert any(r["seat"] == absent and r["auto"] == 2 for r in rows), "nobody moved for the absent seat"
    note = dm(world, absent)
    reply = await world.users[absent].user.click(note, custom_id=button(note, "I'm back").custom_id)
    assert reply.ephemeral and "Welcome back" in reply.response.content, reply.response.content
    assert not restored.seats[absent].autopilot
    await settle(restored)
    assert "I'm back" not in [getattr(c, "label", None) for c in components(dm(world, absent))]


async def test_a_table_abandoned_just_before_a_crash_is_shown_ended_after_the_restart(world: World, make_bot):
    """The others vote to end the table; the end is stored, and the process dies before the table message and the
    hand DMs are redrawn. After the restart the table message must not still ask the vote (its buttons answer
    that the table is not open), nor the hand DMs offer cards: what players see follows what is stored."""
    from tests.cogs.test_tables import _open_vote

    table = await start_table(world, deals=3, turn_timer=60)
    absent = await _open_vote(world, table)
    voter = next(i for i in range(3) if i != absent)
    world.bot.tables.listener = None  # the process dies right after the write: nothing of the end goes out
    assert await world.bot.tables.vote(table.id, world.users[voter].user.id, False) == "abandoned"
    assert "Keep playing" in [getattr(c, "label", None) for c in components(table_message(world, table))]
    await world.env.restart_bot(make_bot())
    await world.bot.catch_up_task
    await world.env.advance_time(1)
    shown = [getattr(c, "label", None) for c in components(table_message(world, table))]
    assert "Keep playing" not in shown, f"the table message still asks the vote of an abandoned table: {shown}"
    for seat in range(3):
        live = [c for c in components(dm(world, seat)) if not getattr(c, "disabled", False)]
        assert not live, f"seat {seat}'s hand DM still has controls at an abandoned table"
    lobby = next(m for m in world.channel.history() if m.id == table.lobby_message_id)
    assert "This table was abandoned" in lobby.content, "the lobby says it too, not 'has started'"
    row = await world.bot.db.fetchone("SELECT end_shown FROM tables WHERE table_id = ?", (table.id,))
    assert row["end_shown"] == 1
    since = len(world.env.http_requests)
    await world.env.restart_bot(make_bot())  # shown once: a second restart sends nothing
    await world.bot.catch_up_task
    calls = [(c.method, c.path) for c in world.env.http_requests[since:]
             if c.method in ("POST", "PATCH") and "/messages" in c.path]
    assert not calls, calls


async def test_a_table_cancelled_just_before_a_crash_is_shown_cancelled_after_the_restart(world: World, make_bot):
    """/table cancel on a running table: the end is stored, and the process dies before the table message, the hand
    DMs and the lobby are redrawn. After the restart all three say it was cancelled (the lobby said it had
    started)."""
    table = await start_table(world, deals=3)
    world.bot.tables.listener = None  # the process dies right after the write: nothing of the end goes out
    await world.bot.tables.cancel(table.id, table.host_id)
    lobby = next(m for m in world.channel.history() if m.id == table.lobby_message_id)
    assert "This table was cancelled" not in lobby.content
    await world.env.restart_bot(make_bot())
    await world.bot.catch_up_task
    await world.env.advance_time(1)
    assert "This table was cancelled" in table_message(world, table).content
    for seat in range(3):
        assert not [c for c in components(dm(world, seat)) if not getattr(c, "disabled", False)], seat
    lobby = next(m for m in world.channel.history() if m.id == table.lobby_message_id)
    assert "This table was cancelled" in lobby.content, "the lobby says it too, not 'has started'"


async def test_a_cancelled_tables_end_that_failed_to_show_is_shown_by_the_catch_up(world: World, monkeypatch):
    """The table message's edit that shows a cancel fails (Discord answers 500 past discord.py's retries): the
    catch-up tries again, as for a move's, without waiting for a restart; until then the hand DMs stay closed."""
    import discord

    import bot.ui.catch_up as catch_up

    monkeypatch.setattr(catch_up, "CATCH_UP_RETRIES", (0.5, 0.5))
    table = await start_table(world, deals=3)
    delivery = world.bot.table_ui.delivery
    original, calls = delivery.update_table, []

    async def flaky(table_, events=None, **kw):
        calls.append(table_.status)
        if len(calls) == 1:
            raise discord.HTTPException(type("R", (), {"status": 500, "reason": "boom"})(), "boom")
        return await original(table_, events, **kw)

    monkeypatch.setattr(delivery, "update_table", flaky)
    await world.users[0].slash(world.channel, "table cancel", table_id=table.id)
    if (task := delivery._catching_up.get(table.id)) is not None:
        await task
    assert calls == ["cancelled", "cancelled"], "the end that did not show was shown again by the catch-up"
    assert "This table was cancelled" in table_message(world, table).content
    row = await world.bot.db.fetchone("SELECT end_shown FROM tables WHERE table_id = ?", (table.id,))
    assert row["end_shown"] == 1
    assert table.id not in delivery._locks, "a closed table's lock is let go once its end is shown"
