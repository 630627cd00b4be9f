"""Where computer players think: off the event loop, with a deadline.

A strong decision searches for up to a few hundred milliseconds of pure-Python work, which would hold the GIL
against the event loop (every other table's clicks) if it ran in a thread. It runs in a process pool instead:
the engine is pickled to a worker (a few KB, the same pickle as a snapshot), the worker returns the action.
Easy decisions take microseconds and run inline. The pool starts on the first strong decision.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import partial

import bot.ai
from bot.ai import DEFAULT_BUDGET_S, choose
from bot.games import Engine

log = logging.getLogger(__name__)

_pool: Executor | None = None


def workers() -> int:
    """One worker per core but one, which stays with the event loop (at least one worker)."""
    return max(1, (os.cpu_count() or 2) - 1)


def pool() -> Executor:
    global _pool
    if _pool is None:
        # spawn, not fork: the bot process has threads (the database's, the drawing pools) that fork would copy
        # mid-step into the child
        _pool = ProcessPoolExecutor(workers(), mp_context=multiprocessing.get_context("spawn"))
    return _pool


def shutdown() -> None:
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None


async def think(engine: Engine, seat: int, *, level: str, seed: int, budget_s: float = DEFAULT_BUDGET_S) -> str:
    """The action a computer of `level` takes for `seat`. If the search fails (a broken worker), the engine's
    mildest legal action: a table never waits on a computer that cannot answer."""
    action = await _decide(choose, engine, seat, level, seed, budget_s)
    return engine.default_action(seat) if action is None else action


async def volunteer(engine: Engine, seat: int, *, level: str, seed: int,
                    budget_s: float = DEFAULT_BUDGET_S) -> str | None:
    """What a computer of `level` free to act out of turn does now (None: nothing; also if the search fails)."""
    return await _decide(bot.ai.volunteer, engine, seat, level, seed, budget_s)


async def _decide(decide: Callable[..., str | None], engine: Engine, seat: int, level: str, seed: int,
                  budget_s: float) -> str | None:
    if level == "easy":
        return decide(engine, seat, level=level, seed=seed)
    try:
        return await asyncio.get_running_loop().run_in_executor(
            pool(), partial(decide, engine, seat, level=level, seed=seed, budget_s=budget_s))
    except Exception:
        log.exception("computer for seat %d could not decide; playing the mildest move (or none)", seat)
        shutdown()  # a broken pool is made anew on the next decision
        return None
