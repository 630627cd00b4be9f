"""Engine snapshots: a restart unpickles the latest one and replays only the actions after it, and gets
exactly the table a full replay of the log would give."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import GAMES
from bot.tables import TableService, snapshots

from .test_service import running


async def play(service, table, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        seat = min(table.engine.waiting_for())
        await service.act(table.id, table.seats[seat].user_id, rng.choice(table.engine.legal_actions(seat)))


def same_table(a, b) -> None:
    assert a.version == b.version
    assert a.engine.view(None) == b.engine.view(None)
    for seat in range(len(a.seats)):
        assert a.engine.view(seat) == b.engine.view(seat)
        assert a.engine.legal_actions(seat) == b.engine.legal_actions(seat)
    assert a.signatures == b.signatures


def count_applies(monkeypatch, game: str) -> list[int]:
    cls = GAMES[game]
    calls = [0]
    original = cls.apply

    def counting(self, seat, action):
        calls[0] += 1
        return original(self, seat, action)

    monkeypatch.setattr(cls, "apply", counting)
    return calls


async def test_restore_replays_only_the_actions_after_the_snapshot(service, monkeypatch):
    table = await running(service)
    await play(service, table, 2 * snapshots.SNAPSHOT_EVERY + 7, random.Random(3))
    row = await service.db.fetchone("SELECT seq, fingerprint FROM snapshots WHERE table_id = ?", (table.id,))
    assert tuple(row) == (2 * snapshots.SNAPSHOT_EVERY, snapshots.fingerprint())
    applies = count_applies(monkeypatch, "schieberamsch")
    fresh = TableService(service.db)
    await fresh.restore()
    assert applies == [7]
    same_table(fresh.tables[table.id], table)
    # and play goes on from there on both
    seat = min(table.engine.to_act())
    action = table.engine.legal_actions(seat)[0]
    await fresh.act(table.id, table.seats[seat].user_id, action)
    table.engine.apply(seat, action)
    assert fresh.tables[table.id].engine.view(seat) == table.engine.view(seat)
    await fresh.close()


@pytest.mark.parametrize("spoil", ["other code", "garbage", "other game"])
async def test_an_unusable_snapshot_falls_back_to_the_whole_log(service, monkeypatch, caplog, spoil):
    table = await running(service)
    await play(service, table, snapshots.SNAPSHOT_EVERY + 3, random.Random(4))
    if spoil == "other code":
        await service.db.execute("UPDATE snapshots SET fingerprint = 'from an older release'")
    elif spoil == "garbage":
        await service.db.execute("UPDATE snapshots SET state = ?", (b"\x80\x05not a pickle",))
    else:
        other = GAMES["rufmariasch"].new(4, seed=1)
        await service.db.execute("UPDATE snapshots SET state = ?", (pickle.dumps(other),))
    applies = count_applies(monkeypatch, "schieberamsch")
    fresh = TableService(service.db)
    await fresh.restore()
    assert applies == [snapshots.SNAPSHOT_EVERY + 3]
    same_table(fresh.tables[table.id], table)
    if spoil == "other code":  # dropped before reading, without a warning
        assert await service.db.fetchall("SELECT * FROM snapshots") == []
    else:
        assert "snapshot at action 25 unusable" in caplog.text
    await fresh.close()


async def test_an_ended_table_keeps_no_snapshot(service):
    finished = await running(service, deals=3, channel=11)
    cancelled = await running(service, channel=12)
    await play(service, cancelled, snapshots.SNAPSHOT_EVERY, random.Random(5))
    rng = random.Random(6)
    while not finished.engine.over:
        await play(service, finished, 1, rng)
    assert finished.version > snapshots.SNAPSHOT_EVERY
    assert [r[0] for r in await service.db.fetchall("SELECT table_id FROM snapshots")] == [cancelled.id]
    await service.cancel(cancelled.id, 100)
    assert await service.db.fetchall("SELECT * FROM snapshots") == []


@settings(max_examples=40, deadline=None)
@given(game=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**32), cut=st.integers(0, 150),
       tail=st.integers(1, 60))
def test_an_unpickled_engine_plays_on_exactly_like_the_original(game, seed, cut, tail):
    """For every game: pickle mid-match, then feed both copies the same actions; they never differ."""
    cls = GAMES[game]
    rng = random.Random(seed)
    engine = cls.new(cls.min_seats, seed=seed)

    def step(e):
        seat = rng.choice(sorted(e.waiting_for() or e.to_act()))
        return seat, rng.choice(e.legal_actions(seat))

    for _ in range(cut):
        if engine.over:
            return
        engine.apply(*step(engine))
    copy = snapshots.load(pickle.dumps(engine, protocol=pickle.HIGHEST_PROTOCOL), cls)
    for _ in range(tail):
        assert copy.to_act() == engine.to_act() and copy.over == engine.over
        for seat in [None, *range(cls.min_seats)]:
            assert copy.view(seat) == engine.view(seat)
        if engine.over:
            break
        seat, action = step(engine)
        assert copy.apply(seat, action) == engine.apply(seat, action)


async def test_a_log_that_no_longer_replays_abandons_its_table_and_its_snapshot(service, caplog):
    table = await running(service)
    await play(service, table, snapshots.SNAPSHOT_EVERY + 2, random.Random(7))
    # the log is append-only, so spoil what it is replayed against: another deal, and an unreadable snapshot
    await service.db.execute("UPDATE tables SET seed = seed + 1 WHERE table_id = ?", (table.id,))
    await service.db.execute("UPDATE snapshots SET state = ?", (b"garbage",))
    await service.db.execute("UPDATE tables SET vote = ? WHERE table_id = ?", ('{"seat": 1, "yes": [101]}', table.id))
    fresh = TableService(service.db)
    assert await fresh.restore() == []
    assert "replay failed; marking it abandoned" in caplog.text
    row = await service.db.fetchone("SELECT status, vote, ended_at FROM tables WHERE table_id = ?", (table.id,))
    assert row["status"] == "abandoned" and row["ended_at"] is not None
    assert row["vote"] is None, "an ended table keeps no vote (it names the voters, whom forget-me must not miss)"
    assert await service.db.fetchall("SELECT * FROM snapshots") == []
    await fresh.close()
