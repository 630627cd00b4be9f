"""Where computer players think: off the event loop, with a deadline.

A strong decision searches for up to a few hundred milliseconds of pure-Python work, which would hold the GIL
against the event loop (every other table's clicks) if it ran in a thread. It runs in worker processes instead
(`bot.workers`, spoken to by the event loop over pipes, no threads in the bot's process): the engine is pickled to
a worker (a few KB, the same pickle as a snapshot), the worker returns the action. A decision goes to the worker
that owes the fewest, and each worker is sent one at a time (the rest wait here, where a cancelled one is dropped
before it costs a search). Easy decisions take microseconds and run inline. The workers start on the first strong
decision; one that dies is replaced at the next.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable

import bot.ai
from bot.ai import DEFAULT_BUDGET_S, choose
from bot.games import Engine
from bot.workers import Job, Worker

log = logging.getLogger(__name__)

_workers: list[Worker] = []


def workers() -> int:
    """One worker per core but one, which stays with the event loop (at least one worker)."""
    return max(1, (os.cpu_count() or 2) - 1)


def worker() -> Worker:
    """The live worker that owes the fewest decisions; the workers start here, and a dead one is replaced."""
    if not _workers:
        _workers.extend(_start() for _ in range(workers()))
    for i, w in enumerate(_workers):
        if w.dead:
            w.close()
            _workers[i] = _start()
    return min(_workers, key=lambda w: w.outstanding)


def _start() -> Worker:
    return Worker("thinking", "bot.ai", in_flight=1)


def shutdown() -> None:
    while _workers:
        _workers.pop().close()


async def think(engine: Engine, seat: int, *, level: str, seed: int, budget_s: float = DEFAULT_BUDGET_S,
                players: tuple[str | None, ...] = ()) -> str:
    """The action a computer of `level` takes for `seat`, told who plays each seat (`players`: a computer's
    level or None for a person, as the table shows them). If the search fails (a broken worker), the engine's
    mildest legal action: a table never waits on a computer that cannot answer."""
    action = await _decide(choose, engine, seat, level, seed, budget_s, players)
    return engine.default_action(seat) if action is None else action


async def volunteer(engine: Engine, seat: int, *, level: str, seed: int, budget_s: float = DEFAULT_BUDGET_S,
                    players: tuple[str | None, ...] = ()) -> str | None:
    """What a computer of `level` free to act out of turn does now (None: nothing; also if the search fails)."""
    return await _decide(bot.ai.volunteer, engine, seat, level, seed, budget_s, players)


async def _decide(decide: Callable[..., str | None], engine: Engine, seat: int, level: str, seed: int,
                  budget_s: float, players: tuple[str | None, ...]) -> str | None:
    if level == "easy":
        return decide(engine, seat, level=level, seed=seed)
    try:
        return await worker().submit(Job(decide, engine, seat, level=level, seed=seed, budget_s=budget_s,
                                         players=players))
    except Exception:
        log.exception("computer for seat %d could not decide; playing the mildest move (or none)", seat)
        return None
