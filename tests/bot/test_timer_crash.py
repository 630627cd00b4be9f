"""The turn timer's moves and a crash in the middle of them: what the timer does when a turn runs out (the strong
computer's move, the rest of a Treppenrommé turn, the timeouts counted, the vote on a player away a third time) is
stored as one whole, so a restart finds either all of it or none of it and resumes from there. (Two writes left
half a turn stored: after a restart the player was given a whole new turn timer for the discard and charged a
second timeout for one missed turn; or a third timeout stored without its vote, so the others waited one more
turn for a vote that came only after a fourth.)"""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.tables import TableService
from bot.tables.timers import ABSENT_AFTER, DEFAULT_TURN_TIMER, RESUME_GRACE_S


class Crash(BaseException):
    """The process dies: nothing after this point runs, and the write it stops never reaches the database."""


def strong_is_mild(service, monkeypatch):
    """The computer standing in plays the game's default move (no search, no worker processes)."""

    async def think(table, engine, seat, level):
        return engine.default_action(seat)

    monkeypatch.setattr(service, "think", think)


def crash_on(service, monkeypatch, dies):
    """The process dies on the first write for which `dies(statements)` holds, before it is stored."""
    write = service.db.write

    async def dying(statements):
        if dies(statements):
            raise Crash
        return await write(statements)

    monkeypatch.setattr(service.db, "write", dying)
    return write


async def restarted(service, monkeypatch, write, table_id):
    """A fresh process on the same database (the dead one's tasks and memory are gone with it)."""
    monkeypatch.setattr(service.db, "write", write)
    fresh = TableService(service.db)
    strong_is_mild(fresh, monkeypatch)
    await fresh.restore()
    return fresh, fresh.tables[table_id]


async def timer_moves(db, table_id, seat):
    rows = await db.fetchall("SELECT seq FROM actions WHERE table_id = ? AND seat = ? AND auto = 1",
                             (table_id, seat))
    return len(rows)


async def test_a_crash_inside_a_timed_out_treppenromme_turn_leaves_it_whole_or_not_begun(service, monkeypatch):
    """The timer runs out on alice's turn: the strong computer draws for her and discards. The process dies on the
    write that stores the discard (two writes: the draw was stored). After the restart the turn is the one she
    missed, resumed with the time it had left (the grace after a restart), and playing it counts one timeout, as
    without the crash; not a draw stored with its timeout and a whole new turn timer for the discard, which then
    counted a second timeout for the same missed turn."""
    strong_is_mild(service, monkeypatch)
    table = await service.create(guild_id=1, channel_id=10, host_id=100, host_name="h", game="treppenromme",
                                 options={"dealer": 0}, seed=5)
    await service.join(table.id, 101, "b")
    await service.join(table.id, 102, "c")
    await service.start(table.id, 100)
    seat = min(table.engine.to_act())
    # the turn started (almost) a whole turn timer ago: it runs out now
    await service.db.execute("UPDATE tables SET timer_since = timer_since - ? WHERE table_id = ?",
                             (DEFAULT_TURN_TIMER - 1, table.id))
    write = crash_on(service, monkeypatch,
                     lambda statements: any("INSERT INTO actions" in sql and "discard" in str(args)
                                            for sql, args in statements))
    with pytest.raises(Crash):
        await service.expire(table.id, table.version)

    fresh, again = await restarted(service, monkeypatch, write, table.id)
    try:
        assert again.engine.to_act() == {seat}
        left = again.deadline - fresh.clock()
        assert left <= RESUME_GRACE_S + 1, f"the missed turn was given {left:.0f} s more after the restart"
        await fresh.expire(again.id, again.version)
        assert seat not in again.engine.to_act(), "the missed turn was played"
        assert again.seats[seat].timeouts == 1, "one missed turn, one timeout"
        row = await fresh.db.fetchone("SELECT timeouts FROM seats WHERE table_id = ? AND seat = ?", (again.id, seat))
        assert row["timeouts"] == 1
        assert await timer_moves(fresh.db, again.id, seat) >= 2  # the draw and the discard, by the timer
    finally:
        await fresh.close()


async def test_a_crash_between_a_third_timeout_and_its_vote_loses_neither(service, monkeypatch):
    """A player times out the third time in a row: the timer's move for them (with the timeouts it counts) and the
    vote it opens are stored together. The process dies on the write of the vote: after the restart either both
    are there, or neither and the timer plays the third timeout again, opening the vote; never the move stored
    with its third timeout and no vote, which left the others waiting a whole turn more and opened the vote only
    after a fourth."""
    strong_is_mild(service, monkeypatch)
    table = await service.create(guild_id=1, channel_id=10, host_id=100, host_name="h", game="schieberamsch",
                                 seed=42)
    for uid in (101, 102):
        await service.join(table.id, uid, f"p{uid}")
    await service.start(table.id, 100)
    seat = min(table.engine.waiting_for())
    table.seats[seat].timeouts = ABSENT_AFTER - 1  # two turns in a row played by the timer, as stored
    await service.db.execute("UPDATE seats SET timeouts = ? WHERE table_id = ? AND seat = ?",
                             (ABSENT_AFTER - 1, table.id, seat))
    write = crash_on(service, monkeypatch,
                     lambda statements: any(sql.startswith("UPDATE tables SET vote") for sql, _ in statements))
    with pytest.raises(Crash):
        await service.expire(table.id, table.version)

    fresh, again = await restarted(service, monkeypatch, write, table.id)
    try:
        played = await timer_moves(fresh.db, again.id, seat)
        assert (played, again.vote) in ((0, None), (1, {"seat": seat, "yes": []})), \
            f"the timer's move stored {played} times with the vote {again.vote}"
        if again.vote is None:  # none of it was stored: the turn runs out again after the restart
            assert again.seats[seat].timeouts == ABSENT_AFTER - 1
            await fresh.expire(again.id, again.version)
        assert again.vote == {"seat": seat, "yes": []}, "the third timeout opened no vote"
        assert again.seats[seat].timeouts == ABSENT_AFTER
        assert await timer_moves(fresh.db, again.id, seat) == 1
        row = await fresh.db.fetchone("SELECT vote FROM tables WHERE table_id = ?", (again.id,))
        assert row["vote"] is not None
    finally:
        await fresh.close()


async def test_a_shutdown_during_the_timers_write_leaves_the_table_as_stored(service, monkeypatch):
    """A shutdown cancels the turn timer while its moves are being written (`close`): the write ends (shielded) and
    the table follows it, the moves and also the timeouts they count and the vote a third one opens, as stored;
    not the moves with the timeouts and the vote of before, which whatever still drew the table before the process
    ended (a batch settling) would have shown with no vote to answer."""
    strong_is_mild(service, monkeypatch)
    table = await service.create(guild_id=1, channel_id=10, host_id=100, host_name="h", game="schieberamsch",
                                 seed=42)
    for uid in (101, 102):
        await service.join(table.id, uid, f"p{uid}")
    await service.start(table.id, 100)
    seat = min(table.engine.waiting_for())
    table.seats[seat].timeouts = ABSENT_AFTER - 1
    await service.db.execute("UPDATE seats SET timeouts = ? WHERE table_id = ? AND seat = ?",
                             (ABSENT_AFTER - 1, table.id, seat))
    write, writing, release = service.db.write, asyncio.Event(), asyncio.Event()

    async def slow(statements):
        if any(sql.startswith("UPDATE tables SET vote") for sql, _ in statements):
            writing.set()
            await release.wait()
        return await write(statements)

    monkeypatch.setattr(service.db, "write", slow)
    timer = asyncio.get_running_loop().create_task(service.expire(table.id, table.version))
    await writing.wait()
    timer.cancel()  # the shutdown
    release.set()
    with pytest.raises(asyncio.CancelledError):
        await timer
    row = await service.db.fetchone("SELECT timeouts FROM seats WHERE table_id = ? AND seat = ?", (table.id, seat))
    vote = await service.db.fetchone("SELECT vote FROM tables WHERE table_id = ?", (table.id,))
    assert await timer_moves(service.db, table.id, seat) == 1 and row["timeouts"] == ABSENT_AFTER, "stored"
    assert table.seats[seat].timeouts == ABSENT_AFTER, "the timeouts as stored"
    assert table.vote == json.loads(vote["vote"]) == {"seat": seat, "yes": []}, "the vote as stored"
