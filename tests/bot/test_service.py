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


async def test_a_button_drawn_before_the_seats_own_move_is_stale_even_if_its_words_are_asked_again(service):
    """With live cards (what Schieberamsch shows in a hand message: its cards, not the bids asked on the table
    message) a bid changes no hand, so the bidder's hand is not redrawn; the table message's "Pass" of the Grand
    Hand round, clicked again once the same seat is asked Kontra, must not be taken as "no Kontra". (Its hand
    message, drawn before its bid, still plays: its cards did not change.)"""
    table_verbs = {"pass", "grand", "push", "take", "kontra", "rekontra"}
    service.shows["schieberamsch"] = lambda table, view, legal: (
        tuple(a for a in legal if a.split()[0] not in table_verbs), tuple(view.get("hand", ())), view.get("hand_no"))
    table = await running(service)
    forehand = min(table.engine.to_act())
    asked = table.version  # the table message forehand sees: Grand Hand or pass?
    await service.act(table.id, table.seats[forehand].user_id, "pass", version=asked)
    middle = min(table.engine.to_act())
    await service.act(table.id, table.seats[middle].user_id, "grand", version=table.version)
    assert table.engine.view(None)["phase"] == "kontra" and forehand in table.engine.to_act()
    assert table.seats[forehand].last_change <= asked, "its hand shows the same: only its own move marks it"
    with pytest.raises(StaleError):
        await service.act(table.id, table.seats[forehand].user_id, "pass", version=asked, public=True)
    fresh = TableService(service.db)  # after a restart the seat's last move is read from the action log
    fresh.shows["schieberamsch"] = service.shows["schieberamsch"]
    await fresh.restore()
    again = fresh.tables[table.id]
    assert again.version == 2 and again.seats[forehand].last_acted is None
    with pytest.raises(StaleError):
        await fresh.act(table.id, table.seats[forehand].user_id, "pass", version=asked, public=True)
    assert again.seats[forehand].last_acted == 1
    await fresh.act(table.id, table.seats[forehand].user_id, "pass", version=again.version, public=True)
    assert again.version == 3
    await fresh.close()


async def test_computers_move_again_once_the_absent_player_answers_the_vote_about_them(service, monkeypatch):
    """Computers wait while a vote on an absent person is open; when that person comes back by answering the vote
    (either button), the computer whose turn it is moves at once, not after a whole turn timer."""

    async def think(table, engine, seat, level):
        return engine.default_action(seat)

    monkeypatch.setattr(service, "think", think)
    table = await service.create(guild_id=1, channel_id=10, host_id=100, host_name="h", game="schieberamsch",
                                 settings={"computer_pause": 0.01, "turn_timer": 1000}, seed=7)
    await service.join(table.id, 101, "b")
    await service.add_computer(table.id, 100, "easy", lambda n: f"cpu{n}")
    await service.start(table.id, 100)
    computer = next(i for i, s in enumerate(table.seats) if s.computer)
    for _ in range(100):  # the people play until one of them moves just before the computer
        person = min(table.engine.waiting_for())
        if person == computer:
            await asyncio.sleep(0.05)
            continue
        after = table.engine.clone()
        after.apply(person, after.default_action(person))
        if computer in after.waiting_for():
            break
        await service.act(table.id, table.seats[person].user_id, table.engine.default_action(person),
                          version=table.version)
    table.seats[person].timeouts = 2  # the third timeout in a row marks the person absent
    await service.expire(table.id, table.version)
    assert table.vote == {"seat": person, "yes": []} and computer in table.engine.waiting_for()
    version = table.version
    await asyncio.sleep(0.2)
    assert table.version == version, "the computer waits while the vote is open"
    assert await service.vote(table.id, table.seats[person].user_id, True) == "continue"
    for _ in range(50):
        if table.version > version:
            break
        await asyncio.sleep(0.02)
    assert table.version > version, "the computer moves once the person is back"
    row = await service.db.fetchone("SELECT seat, auto FROM actions WHERE table_id = ? AND seq = ?",
                                    (table.id, version + 1))
    assert row["seat"] == computer


async def test_a_move_cancelled_while_it_is_stored_leaves_the_table_as_its_log_says(service, monkeypatch):
    """A shutdown cancels the computers and the timers, maybe while one of their moves is being written: the write
    ends in the database whatever happens to the task, so the table follows it, and the next move takes the next
    seq instead of failing on the stored one."""
    table = await running(service)
    seat = min(table.engine.to_act())
    gate = asyncio.Event()
    original = service.db.write

    async def held(statements):
        await gate.wait()
        return await original(statements)

    monkeypatch.setattr(service.db, "write", held)
    task = asyncio.create_task(service.act(table.id, table.seats[seat].user_id, "pass", version=0))
    await asyncio.sleep(0.05)
    task.cancel()
    await asyncio.sleep(0)
    gate.set()
    with pytest.raises(asyncio.CancelledError):
        await task
    monkeypatch.setattr(service.db, "write", original)
    stored = await service.db.fetchone("SELECT MAX(seq) FROM actions WHERE table_id = ?", (table.id,))
    assert stored[0] == 1 and table.version == 1 and table.seats[seat].last_acted == 1
    nxt = min(table.engine.to_act())
    await service.act(table.id, table.seats[nxt].user_id, "pass", version=1)
    assert table.version == 2


async def _race_with_failing_writes(service, monkeypatch, fails):
    """A Repezita race of a person and two computers (no turn timer), started, in which storing a computer's move
    raises whenever `fails(seq)` says so (seq: the action's number)."""
    from bot.tables import computers

    monkeypatch.setattr(computers, "RETRY_S", 0.05)
    table = await service.create(guild_id=1, channel_id=10, host_id=100, host_name="h", game="repezita",
                                 settings={"computer_pause": 0.01, "turn_timer": 0}, seed=3)
    await service.add_computer(table.id, 100, "easy", lambda n: f"cpu{n}")
    await service.add_computer(table.id, 100, "easy", lambda n: f"cpu{n}")
    original = service.db.write

    async def failing(statements):
        for sql, args in statements:
            if "INSERT INTO actions" in sql and args[-1] == 2 and fails(args[1]):
                raise OSError("disk full")
        return await original(statements)

    monkeypatch.setattr(service.db, "write", failing)
    await service.start(table.id, 100)
    dealer = table.engine.view(None)["dealer"]
    if not table.seats[dealer].computer:
        await service.act(table.id, 100, "go", version=table.version)
    return table


async def _until(condition, tries=300):
    for _ in range(tries):
        if condition():
            return
        await asyncio.sleep(0.02)


async def test_a_computer_whose_move_failed_in_a_race_tries_again(service, monkeypatch):
    """Repezita has no turn timer to take over from a computer whose move could not be stored: it tries again."""
    failures: list[int] = []

    def once(seq):
        failed = not failures
        failures.extend([seq] if failed else [])
        return failed

    table = await _race_with_failing_writes(service, monkeypatch, once)
    await _until(lambda: failures and table.version >= 3)
    assert failures, "a computer's move failed to be stored"
    assert table.version >= 3, "the computers went on after it"


async def test_a_race_counts_failed_moves_in_a_row_not_all_of_them(service, monkeypatch):
    """At most RETRIES failures in a row: six failed writes (the first try at seq 2, 4, ..., 12), never two in a
    row, do not stop a long race (the counter starts over after each move stored)."""
    failed: set[int] = set()

    def scattered(seq):
        if seq in {2, 4, 6, 8, 10, 12} and seq not in failed:
            failed.add(seq)
            return True
        return False

    table = await _race_with_failing_writes(service, monkeypatch, scattered)
    await _until(lambda: table.version >= 14 or table.engine.over)
    assert len(failed) == 6 or table.engine.over, failed
    assert table.version >= 14, f"the computers gave up after {len(failed)} scattered failures at {table.version}"


async def test_in_a_race_the_computers_play_on_while_the_others_vote_on_an_absent_dealer(service, monkeypatch):
    """Repezita's Go is timed; a dealer it is given for three times in a row is voted on. At a table with turns
    the computers wait for the vote, but in a real-time race everybody else plays on meanwhile."""

    async def think(table, engine, seat, level):
        return engine.default_action(seat)

    monkeypatch.setattr(service, "think", think)
    for seed in range(20):  # a deal that the person deals
        table = await service.create(guild_id=1, channel_id=10 + seed, host_id=100, host_name="h", game="repezita",
                                     settings={"computer_pause": 0.01, "turn_timer": 0}, seed=seed)
        await service.add_computer(table.id, 100, "easy", lambda n: f"cpu{n}")
        await service.add_computer(table.id, 100, "easy", lambda n: f"cpu{n}")
        await service.start(table.id, 100)
        if not table.seats[table.engine.view(None)["dealer"]].computer:
            break
        await service.cancel(table.id, 100)
    dealer = table.engine.view(None)["dealer"]
    assert table.timer is not None, "the Go is timed"
    table.seats[dealer].timeouts = 2
    await service.expire(table.id, table.version)
    assert table.engine.view(None)["phase"] == "play" and table.vote == {"seat": dealer, "yes": []}
    version = table.version
    for _ in range(50):
        if table.version > version + 2:
            break
        await asyncio.sleep(0.02)
    assert table.version > version + 2, "the computers race on during the vote"
    assert table.timer is None, "and the race itself is not timed"


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


@pytest.mark.parametrize("chunk", [100, 2])
async def test_restore_replays_every_open_table_exactly(service, tmp_path, monkeypatch, chunk):
    """Also read a few tables at a time (`stored.CHUNK`: many open tables would pass SQLite's bound values)."""
    from bot.tables import stored

    monkeypatch.setattr(stored, "CHUNK", chunk)
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
            assert again.seats[seat].user_id == table.seats[seat].user_id
    assert [s.user_id for s in fresh.tables[lobby.id].seats] == [500]
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
