"""The worker processes computers think in: a strong decision comes back legal from another process, decisions
spread over the workers, and a worker that dies costs one mildest move, never a stuck table."""

from __future__ import annotations

import asyncio

import pytest

from bot.games import GAMES
from bot.tables import thinking


@pytest.fixture(autouse=True)
def no_workers_left():
    yield
    thinking.shutdown()


async def ready(worker, timeout: float = 60.0):
    async with asyncio.timeout(timeout):
        while not worker.ready:
            await asyncio.sleep(0.02)
            worker.watch()


async def test_a_strong_decision_comes_back_from_a_worker():
    engine = GAMES["schieberamsch"].new(3, seed=4, options={})
    seat = min(engine.waiting_for())
    action = await thinking.think(engine, seat, level="strong", seed=1, budget_s=0.05)
    assert action in engine.legal_actions(seat)
    assert [w.process.name for w in thinking._workers] == ["thinking"] * thinking.workers()


async def test_easy_decisions_stay_in_the_process(monkeypatch):
    monkeypatch.setattr(thinking, "worker", lambda: (_ for _ in ()).throw(AssertionError("no worker for easy")))
    engine = GAMES["treppenromme"].new(2, seed=4, options={})
    seat = min(engine.waiting_for())
    assert await thinking.think(engine, seat, level="easy", seed=1) in engine.legal_actions(seat)


async def test_decisions_go_to_the_worker_that_owes_the_fewest(monkeypatch):
    monkeypatch.setattr(thinking, "workers", lambda: 2)
    engine = GAMES["rufmariasch"].new(4, seed=4, options={})
    seat = min(engine.waiting_for())
    decisions = [asyncio.ensure_future(thinking.think(engine, seat, level="strong", seed=s, budget_s=0.05))
                 for s in range(4)]
    await asyncio.sleep(0)
    assert sorted(w.outstanding for w in thinking._workers) == [2, 2]
    assert all(a in engine.legal_actions(seat) for a in await asyncio.gather(*decisions))


async def test_a_worker_that_dies_costs_one_mildest_move_and_is_replaced(caplog):
    engine = GAMES["rufmariasch"].new(4, seed=4, options={})
    seat = min(engine.waiting_for())
    first = thinking.worker()
    await ready(first)
    deciding = asyncio.ensure_future(thinking.think(engine, seat, level="strong", seed=1, budget_s=5.0))
    await asyncio.sleep(0)  # the job is on its way (on a quiet machine the search can end within 0.2 s)
    first.process.kill()
    async with asyncio.timeout(10):
        assert await deciding == engine.default_action(seat)
    assert "could not decide" in caplog.text
    assert await thinking.think(engine, seat, level="strong", seed=1, budget_s=0.05) in engine.legal_actions(seat)
    assert first not in thinking._workers and not any(w.dead for w in thinking._workers)


async def test_a_decision_cancelled_before_it_went_costs_no_search(monkeypatch):
    monkeypatch.setattr(thinking, "workers", lambda: 1)
    engine = GAMES["schieberamsch"].new(3, seed=4, options={})
    seat = min(engine.waiting_for())
    worker = thinking.worker()
    await ready(worker)
    going = asyncio.ensure_future(thinking.think(engine, seat, level="strong", seed=1, budget_s=0.3))
    waiting = asyncio.ensure_future(thinking.think(engine, seat, level="strong", seed=2, budget_s=0.3))
    await asyncio.sleep(0)
    assert len(worker._sent) == 1 and len(worker._queued) == 1  # one at a time to each worker
    waiting.cancel()
    assert await going in engine.legal_actions(seat)
    assert worker.outstanding == 0 and not worker._queued
