"""Where pictures are drawn: never on the event loop.

A table picture or a hand is ~5 ms of Pillow (composition, then PNG encoding), once or twice a move. In a thread
of the bot's process that work holds the GIL against the event loop: each time the loop gave the GIL up for a
socket call, it waited for the drawing thread to hand it back. So `python -m bot` draws in processes of its own
(`Drawings(processes=True)`): one for the updates of table and hand messages (nobody waits on them), one for the
pictures that answer a click (the clicker's hand, or the table when the click was on it), so an answer never
queues behind the updates. Replies were drawn in a thread until stop 31, because a job handed to another process
and back passes three threads and two processes, which on an overloaded machine cost more than the picture
(load average 17: 87 ms a job against 26 ms in a thread). On a 2-core machine that is not overloaded the thread
was the worse choice: at 1,000 tables (`python -m benchmarks.load --tables 1000 --duration 45 --spread 10
--restore 0`, load average 1.9 at both starts, one run each) clicks were answered in 16.6 / 62.1 ms (p50 / p99)
with replies in a process against 24.3 / 335.9 ms in a thread, whose pictures were a sixth of the bot process's
samples in a profile. A job drawn in a process is a `Drawing` (a function of the renderer and its arguments,
which pickle: a public view, names, cards); any other job, and every job where processes are off (the in-process
tests), runs in the threads. A process that dies is replaced; after `MAX_DEATHS` deaths all drawing stays in
threads.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial

log = logging.getLogger(__name__)
MAX_DEATHS = 3  # drawing processes that may die before the pictures stay in threads


class Drawing(partial):  # type: ignore[type-arg]
    """A drawing job that may run in another process: a module-level function and arguments that pickle."""

    def __reduce__(self) -> tuple[object, ...]:
        _, args, state = super().__reduce__()
        return partial, args, state  # a plain partial there: the drawing process does not import the bot's UI


def _follow(parent: int) -> None:
    """In the drawing process: end with the bot. A bot killed outright (SIGKILL, out of memory) runs no
    shutdown, and the worker would wait for jobs forever, holding the bot's stdout open."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="follow-the-bot", daemon=True).start()


def _warm() -> None:
    import bot.render  # noqa: F401  fonts and card art load on import: not in the first answer's time


class Drawings:
    """Runs drawing jobs off the event loop: updates and replies each in a process of their own (`processes`),
    or each in a thread of the bot's (the in-process tests, and any job that is not a `Drawing`)."""

    def __init__(self, *, processes: bool = False):
        self._threads = {True: ThreadPoolExecutor(1, thread_name_prefix="draw-reply"),
                         False: ThreadPoolExecutor(1, thread_name_prefix="draw-update")}
        self._processes: dict[bool, ProcessPoolExecutor] = {}  # reply? -> its drawing process
        self._deaths = 0
        if processes:
            self._processes = {reply: self._start() for reply in (False, True)}

    @staticmethod
    def _start() -> ProcessPoolExecutor:
        # spawn, not fork: the bot process has threads (the database's) that fork would copy mid-step
        pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"), initializer=_follow,
                                   initargs=(os.getpid(),))
        pool.submit(_warm)
        return pool

    async def draw(self, job: Callable[[], bytes], *, reply: bool = False) -> bytes:
        loop = asyncio.get_running_loop()
        pool = self._processes.get(reply)
        if pool is not None and isinstance(job, Drawing):
            try:
                return await loop.run_in_executor(pool, job)
            except BrokenProcessPool:  # the worker died (killed, out of memory): a new one for the next picture
                if self._processes.get(reply) is pool:  # the jobs queued behind the death find it replaced already
                    self._replace(reply, pool)
        return await loop.run_in_executor(self._threads[reply], job)

    def _replace(self, reply: bool, dead: ProcessPoolExecutor) -> None:
        dead.shutdown(wait=False, cancel_futures=True)
        self._deaths += 1
        again = self._deaths < MAX_DEATHS
        log.error("the drawing process died; %s", "starting another" if again else "drawing in threads")
        if again:
            self._processes[reply] = self._start()
        else:
            for other in self._processes.values():
                other.shutdown(wait=False, cancel_futures=True)
            self._processes.clear()

    def close(self) -> None:
        for executor in (*self._threads.values(), *self._processes.values()):
            executor.shutdown(wait=False, cancel_futures=True)
        self._processes.clear()
