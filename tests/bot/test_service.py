"""The table framework without Discord: the log is written before an action counts, replays exactly,
and refuses what is not allowed."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.tables import StaleError, TableService, UserError


async def running(service, game="schieberamsch", n=3, channel=10, **options):
    table = await service.create(guild_id=1, channel_id=channel, host_id=100, host_name="h", game=game,
                                 options=options, seed=42)
    for uid in range(101, 100 + n):
        await service.join(table.id, uid, f"p{uid}")
    await service.start(table.id, 100)
    return table


async def test_bad_options_are_refused_when_the_table_is_opened(service):
    with pytest.raises(UserError, match="options do not work"):
        await service.create(guild_id=1, channel_id=10, host_id=1, host_name="h", game="schieberamsch",
                             options={"deals": 4})
    with pytest.raises(UserError, match="Unknown game"):
        await service.create(guild_id=1, channel_id=10, host_id=1, host_name="h", game="poker")


async def test_seat_bounds_come_from_the_engine(service):
    table = await service.create(guild_id=1, channel_id=10, host_id=100, host_name="h", game="schieberamsch")
    with pytest.raises(UserError, match="needs exactly 3 players"):
        await service.start(table.id, 100)
    await service.join(table.id, 101, "a")
    await service.join(table.id, 102, "b")
    with pytest.raises(UserError, match="full"):
        await service.join(table.id, 103, "c")


async def test_an_action_is_stored_before_it_counts(service):
    table = await running(service)
    seat = min(table.engine.to_act())
    outcome = await service.act(table.id, table.seats[seat].user_id, "pass")
    rows = await service.db.fetchall("SELECT seq, seat, action, auto FROM actions WHERE table_id = ?", (table.id,))
    assert [tuple(r) for r in rows] == [(1, seat, "pass", 0)]
    assert outcome.changed and table.version == 1


async def test_a_move_being_stored_is_not_seen_yet(service, monkeypatch):
    """While an action's write is on its way, whoever reads the table (a hand message going out for the last
    move) sees the stored state with its version: never the new state under the old version."""
    table = await running(service)
    seat = min(table.engine.to_act())
    before = table.engine.view(None)
    write, gate, started = service.db.write, asyncio.Event(), asyncio.Event()

    async def slow_write(statements):
        started.set()
        await gate.wait()
        return await write(statements)

    monkeypatch.setattr(service.db, "write", slow_write)
    move = asyncio.create_task(service.act(table.id, table.seats[seat].user_id, "pass"))
    await started.wait()
    assert table.version == 0 and table.engine.view(None) == before
    assert seat in table.engine.to_act()
    gate.set()
    await move
    assert table.version == 1 and table.engine.view(None) != before


async def test_a_move_that_cannot_be_stored_is_not_made(service, monkeypatch):
    table = await running(service)
    seat = min(table.engine.to_act())
    before, engine = table.engine.view(None), table.engine
    write = service.db.write

    async def failing_write(statements):
        raise OSError("disk full")

    monkeypatch.setattr(service.db, "write", failing_write)
    with pytest.raises(OSError):
        await service.act(table.id, table.seats[seat].user_id, "pass")
    assert table.version == 0 and table.engine is engine and table.engine.view(None) == before
    monkeypatch.setattr(service.db, "write", write)
    await service.act(table.id, table.seats[seat].user_id, "pass")  # the same move again, stored this time
    rows = await service.db.fetchall("SELECT seq, action FROM actions WHERE table_id = ?", (table.id,))
    assert [tuple(r) for r in rows] == [(1, "pass")] and table.version == 1


async def test_wrong_turn_illegal_and_not_seated(service):
    table = await running(service)
    seat = min(table.engine.to_act())
    other = (seat + 1) % 3
    with pytest.raises(UserError, match="not your turn"):
        await service.act(table.id, table.seats[other].user_id, "pass")
    with pytest.raises(UserError, match="Not allowed"):
        await service.act(table.id, table.seats[seat].user_id, "play AS")
    with pytest.raises(UserError, match="not seated"):
        await service.act(table.id, 999, "pass")
    assert table.version == 0
    assert await service.db.fetchall("SELECT * FROM actions") == []


async def test_stale_version_changes_nothing(service):
    table = await running(service)
    seat = min(table.engine.to_act())
    uid = table.seats[seat].user_id
    await service.act(table.id, uid, "pass", version=0)
    with pytest.raises(StaleError):
        await service.act(table.id, uid, "grand", version=0)
    assert table.version == 1


async def test_a_failed_write_rolls_the_engine_back(service, monkeypatch):
    table = await running(service)
    seat = min(table.engine.to_act())
    before = table.engine.view(None)

    async def broken(statements):
        raise OSError("disk full")

    monkeypatch.setattr(service.db, "write", broken)
    with pytest.raises(OSError):
        await service.act(table.id, table.seats[seat].user_id, "pass")
    assert table.engine.view(None) == before and table.version == 0


async def test_a_start_or_an_end_that_cannot_be_stored_changes_nothing(service, monkeypatch):
    """Memory follows the database: a failed write leaves a lobby a lobby and a running table running (before,
    the table changed first and came back otherwise after a restart)."""
    lobby = await service.create(guild_id=1, channel_id=12, host_id=100, host_name="h", game="schieberamsch")
    for uid in (101, 102):
        await service.join(lobby.id, uid, f"p{uid}")
    table = await running(service, channel=13)

    async def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(service.db, "execute", broken)
    monkeypatch.setattr(service.db, "write", broken)
    with pytest.raises(OSError):
        await service.start(lobby.id, 100)
    assert lobby.status == "lobby" and lobby.engine is None
    with pytest.raises(OSError):
        await service.cancel(table.id, 100)
    assert table.status == "running"


async def test_restore_replays_every_open_table_exactly(service, tmp_path):
    rng = random.Random(5)
    tables = [await running(service, channel=20 + i) for i in range(3)]
    for table in tables[:1] + tables[2:]:
        for _ in range(20):
            seat = min(table.engine.to_act())
            await service.act(table.id, table.seats[seat].user_id, rng.choice(table.engine.legal_actions(seat)))
    lobby = await service.create(guild_id=1, channel_id=11, host_id=500, host_name="x", game="schieberamsch")
    await service.cancel(tables[1].id, 100)
    fresh = TableService(service.db)
    restored = await fresh.restore()
    assert sorted(t.id for t in restored) == sorted([tables[0].id, tables[2].id, lobby.id])
    for table in (tables[0], tables[2]):
        again = fresh.tables[table.id]
        assert again.version == table.version
        for seat in range(3):
            assert again.engine.view(seat) == table.engine.view(seat)
            assert again.seats[seat].last_change == table.seats[seat].last_change
    await fresh.close()


async def test_a_finished_table_is_found_to_deal_again_after_a_restart(service):
    """"Deal again" on a table that finished before the bot restarted: the table is read from the database (this
    path called two methods that did not exist, so the button failed after every restart)."""
    table = await running(service, deals=3)
    rng = random.Random(3)
    while not table.engine.over:
        seat = min(table.engine.waiting_for())
        await service.act(table.id, table.seats[seat].user_id, rng.choice(table.engine.legal_actions(seat)))
    fresh = TableService(service.db)
    try:
        again = await fresh.finished_table(table.id)
        assert (again.id, again.game, again.status) == (table.id, "schieberamsch", "finished")
        assert [s.user_id for s in again.seats] == [100, 101, 102]
        with pytest.raises(UserError):
            await fresh.finished_table(table.id + 1000)
    finally:
        await fresh.close()


async def test_concurrent_actions_on_one_table_serialise(service):
    table = await running(service)
    seat = min(table.engine.to_act())
    uid = table.seats[seat].user_id
    results = await asyncio.gather(*(service.act(table.id, uid, a, version=0) for a in ("pass", "grand", "pass")),
                                   return_exceptions=True)
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert len(await service.db.fetchall("SELECT * FROM actions")) == 1


async def test_results_are_stored_with_the_action_that_scored(service):
    table = await running(service, deals=3)
    rng = random.Random(1)
    while not table.engine.over:
        seat = min(table.engine.waiting_for())
        await service.act(table.id, table.seats[seat].user_id, rng.choice(table.engine.legal_actions(seat)))
    hands = await service.db.fetchall("SELECT hand_no, SUM(delta) FROM hand_results WHERE table_id = ? "
                                      "GROUP BY hand_no", (table.id,))
    assert len(hands) == 3
    final = await service.db.fetchall("SELECT seat, total, winner FROM match_results WHERE table_id = ? ORDER BY seat",
                                      (table.id,))
    assert [r["total"] for r in final] == table.engine.result()["totals"]
    status = await service.db.fetchone("SELECT status FROM tables WHERE table_id = ?", (table.id,))
    assert status["status"] == "finished"
