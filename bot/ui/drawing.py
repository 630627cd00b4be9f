"""Where pictures are drawn: never on the event loop.

A table picture or a hand is ~5 ms of Pillow (composition, then PNG encoding), once or twice a move. In a thread
of the bot's process that work holds the GIL against the event loop: each time the loop gave the GIL up for a
socket call, it waited for the drawing thread to hand it back, and at 1,000 tables the drawing threads were a third
of the process's CPU. So `python -m bot` draws the updates of table and hand messages (most of the pictures, and
nobody waits on them) in a process of its own (`Drawings(processes=True)`). The pictures that answer a click stay in
a thread of the bot's: a job handed to another process and back passes three threads and two processes, which on a
busy machine cost more than the picture (measured at a load average of 17: 87 ms a job against 26 ms in a thread).
Replies and updates each have their own thread or process, so an answer never queues behind the updates. A job
drawn in the process is a `Drawing` (a function of the renderer and its arguments, which pickle: a public view,
names, cards); any other job, and every job where processes are off (the in-process tests), runs in the threads.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
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
    def __init__(self, *, processes: bool = False):
        self._threads = {True: ThreadPoolExecutor(1, thread_name_prefix="draw-reply"),
                         False: ThreadPoolExecutor(1, thread_name_prefix="draw-update")}
        self._process: ProcessPoolExecutor | None = None
        self._deaths = 0
        if processes:
            self._process = self._start()

    @staticmethod
    def _start() -> ProcessPoolExecutor:
        # spawn, not fork: the bot process has threads (the database's) that fork would copy mid-step
        pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"), initializer=_follow,
                                   initargs=(os.getpid(),))
        pool.submit(_warm)
        return pool

    async def draw(self, job: Callable[[], bytes], *, reply: bool = False) -> bytes:
        loop = asyncio.get_running_loop()
        if self._process is not None and not reply and isinstance(job, Drawing):
            try:
                return await loop.run_in_executor(self._process, job)
            except BrokenProcessPool:  # the worker died (killed, out of memory): a new one for the next picture
                self._process.shutdown(wait=False, cancel_futures=True)
                self._deaths += 1
                again = self._deaths < MAX_DEATHS
                log.exception("the drawing process died; %s", "starting another" if again else "drawing in threads")
                self._process = self._start() if again else None
        executor: Executor = self._threads[reply]
        return await loop.run_in_executor(executor, job)

    def close(self) -> None:
        for executor in (*self._threads.values(), *([self._process] if self._process else [])):
            executor.shutdown(wait=False, cancel_futures=True)
        self._process = None
