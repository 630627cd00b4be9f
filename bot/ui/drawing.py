"""Where pictures are drawn: never on the event loop, and without threads in the bot's process.

A table picture or a hand is ~5 ms of Pillow (composition, then PNG encoding), once or twice a move. In a thread
of the bot's process that work holds the GIL against the event loop: each time the loop gave the GIL up for a
socket call, it waited for the drawing thread to hand it back. So `python -m bot` draws in processes of its own
(`Drawings(processes=True)`): one for the updates of table and hand messages (nobody waits on them), one for the
pictures that answer a click (the clicker's hand, or the table when the click was on it), so an answer never
queues behind the updates; the updates' process is niced (`UPDATES_NICE`), so on a saturated machine an answer's
picture does not wait for the CPU behind them either.

Each drawing process is a `bot.workers.Worker`: the event loop speaks to it over a pipe it watches itself, so
there are no threads in the bot's process for drawing (until stop 32 a `ProcessPoolExecutor` did, whose manager
and feeder threads took the GIL at every job). At most `IN_FLIGHT` jobs (and `IN_FLIGHT_BYTES`) are on their way
to a process.

A reply does not wait for its process to start (a second or more, a restart's first answers have 3 s): until
the process says it is ready, replies are drawn in a thread. A job drawn in a process is a `Drawing` (a function
of the renderer and its arguments, which pickle: a public view, names, cards); any other job, and every job where
processes are off (the in-process tests), runs in the threads. A process that dies is replaced; after
`MAX_DEATHS` deaths all drawing stays in threads.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial

from bot.workers import Job, Worker, WorkerDied

log = logging.getLogger(__name__)
MAX_DEATHS = 3  # drawing processes that may die before the pictures stay in threads
# Jobs on their way to or in a drawing process; the rest queue here. Enough that the process never idles between
# two turns of a busy loop, few enough (and a bound on their bytes) that the jobs on their way always fit the pipe's
# buffer: a write that waited while the process waits to hand back a large picture would be a deadlock.
IN_FLIGHT = 16
IN_FLIGHT_BYTES = 64 * 1024
# The updates' process runs at this niceness (the replies' at the bot's own). On a machine with CPU to spare it
# changes nothing; on a saturated one the answer to a click (Discord refuses it after 3 s, and the player waits
# on it) gets the CPU first, and the updates, which merge while they wait (bot/ui/delivery.py), come after.
UPDATES_NICE = 10
Drawing = Job  # a drawing job that may run in a process: a module-level function and arguments that pickle


def _start(reply: bool, on_work: Callable[[bool, float], None]) -> Worker:
    worker = Worker("drawing", "bot.render.warm", in_flight=IN_FLIGHT, in_flight_bytes=IN_FLIGHT_BYTES,
                    nice=0 if reply else UPDATES_NICE)
    worker.on_work = partial(on_work, reply)
    return worker


class Drawings:
    """Runs drawing jobs off the event loop: updates and replies each in a process of their own (`processes`),
    or each in a thread of the bot's (the in-process tests, and any job that is not a `Drawing`)."""

    def __init__(self, *, processes: bool = False):
        self._threads = {True: ThreadPoolExecutor(1, thread_name_prefix="draw-reply"),
                         False: ThreadPoolExecutor(1, thread_name_prefix="draw-update")}
        self._processes: dict[bool, Worker] = {}  # reply? -> its drawing process
        self._deaths = 0
        self.observers: list[Callable[[bool, float], None]] = []  # (reply?, seconds from asking to the picture)
        self.work_observers: list[Callable[[bool, float], None]] = []  # (reply?, seconds a process drew it)
        if processes:
            self._processes = {reply: _start(reply, self._worked) for reply in (False, True)}

    async def draw(self, job: Callable[[], bytes], *, reply: bool = False) -> bytes:
        started = time.perf_counter()
        try:
            return await self._draw(job, reply)
        finally:
            for observe in self.observers:
                observe(reply, time.perf_counter() - started)

    async def _draw(self, job: Callable[[], bytes], reply: bool) -> bytes:
        process = self._processes.get(reply)
        if process is not None:
            process.watch()
        # an answer does not wait for a process that is still starting (after a restart Discord gives it 3 s)
        if process is not None and isinstance(job, Drawing) and (process.ready or not reply):
            try:
                return await process.submit(job)
            except WorkerDied:  # a new process for the next picture; this one is drawn in a thread
                if self._processes.get(reply) is process:  # the jobs queued behind the death find it replaced
                    self._replace(reply, process)
        return await asyncio.get_running_loop().run_in_executor(self._threads[reply], job)

    def _worked(self, reply: bool, seconds: float) -> None:
        for observe in self.work_observers:
            observe(reply, seconds)

    def _replace(self, reply: bool, dead: Worker) -> None:
        dead.close()
        self._deaths += 1
        again = self._deaths < MAX_DEATHS
        log.error("the drawing process died; %s", "starting another" if again else "drawing in threads")
        if again:
            self._processes[reply] = _start(reply, self._worked)
        else:
            for other in self._processes.values():
                other.close()
            self._processes.clear()

    def close(self) -> None:
        for executor in self._threads.values():
            executor.shutdown(wait=False, cancel_futures=True)
        for process in self._processes.values():
            process.close()
        self._processes.clear()
