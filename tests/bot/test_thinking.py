"""The process pool computers think in: a strong decision comes back legal from another process, and a broken
pool costs one mildest move, never a stuck table."""

from __future__ import annotations

from concurrent.futures import Executor, Future

from bot.games import GAMES
from bot.tables import thinking


async def test_a_strong_decision_comes_back_from_the_pool():
    engine = GAMES["schieberamsch"].new(3, seed=4, options={})
    seat = min(engine.waiting_for())
    try:
        action = await thinking.think(engine, seat, level="strong", seed=1, budget_s=0.05)
    finally:
        thinking.shutdown()
    assert action in engine.legal_actions(seat)


async def test_easy_decisions_stay_in_the_process(monkeypatch):
    monkeypatch.setattr(thinking, "pool", lambda: (_ for _ in ()).throw(AssertionError("no pool for easy")))
    engine = GAMES["treppenromme"].new(2, seed=4, options={})
    seat = min(engine.waiting_for())
    assert await thinking.think(engine, seat, level="easy", seed=1) in engine.legal_actions(seat)


class Broken(Executor):
    def submit(self, fn, /, *args, **kwargs):
        future: Future = Future()
        future.set_exception(RuntimeError("a worker died"))
        return future


async def test_a_broken_pool_plays_the_mildest_move(monkeypatch, caplog):
    monkeypatch.setattr(thinking, "pool", Broken)
    engine = GAMES["rufmariasch"].new(4, seed=4, options={})
    seat = min(engine.waiting_for())
    assert await thinking.think(engine, seat, level="strong", seed=1) == engine.default_action(seat)
    assert "could not decide" in caplog.text
