"""Where pictures are drawn: never on the event loop, and without threads in the bot's process.

A table picture or a hand is ~5 ms of Pillow (composition, then PNG encoding), once or twice a move. In a thread
of the bot's process that work holds the GIL against the event loop: each time the loop gave the GIL up for a
socket call, it waited for the drawing thread to hand it back. So `python -m bot` draws in processes of its own
(`Drawings(processes=True)`): one for the updates of table and hand messages (nobody waits on them), one for the
pictures that answer a click (the clicker's hand, or the table when the click was on it), so an answer never
queues behind the updates.

The event loop speaks to each drawing process itself, over a pipe it watches with `add_reader` (`_Process`).
Until stop 32 a `ProcessPoolExecutor` did, whose manager and feeder threads took the GIL at every job: a profile
of `python -m benchmarks.load --tables 300 --profile` found the loop waiting 1.2 ms on average in the write that
wakes the pool's manager, for 4,305 jobs, and 0.22 ms in each of 41,424 socket sends (the aiohttp requests) that
a thread of the pool or of the database took the GIL from. Here a job is one pickled message out and one back,
at most `IN_FLIGHT` of them (and `IN_FLIGHT_BYTES`) on their way per process, so a write never waits on a full
pipe, and every answer that has arrived is taken at each turn of the loop.

A reply does not wait for its process to start (a second or more, a restart's first answers have 3 s): until
the process says it is ready, replies are drawn in a thread. A job drawn in a process is a `Drawing` (a function
of the renderer and its arguments, which pickle: a public view, names, cards); any other job, and every job where
processes are off (the in-process tests), runs in the threads. A process that dies is replaced; after
`MAX_DEATHS` deaths all drawing stays in threads.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import multiprocessing
import pickle
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from multiprocessing.connection import Connection
from typing import Any

log = logging.getLogger(__name__)
MAX_DEATHS = 3  # drawing processes that may die before the pictures stay in threads
# Jobs on their way to or in a drawing process; the rest queue here. Enough that the process never idles between
# two turns of a busy loop, few enough (and a bound on their bytes) that the jobs on their way always fit the pipe's
# buffer: a write that waited while the process waits to hand back a large picture would be a deadlock.
IN_FLIGHT = 16
IN_FLIGHT_BYTES = 64 * 1024
READY = -1  # the job id of the message a drawing process sends once it has loaded the renderer


class Drawing(partial):  # type: ignore[type-arg]
    """A drawing job that may run in another process: a module-level function and arguments that pickle."""

    def __reduce__(self) -> tuple[object, ...]:
        _, args, state = super().__reduce__()
        return partial, args, state  # a plain partial there: the drawing process does not import the bot's UI


class ProcessDied(RuntimeError):
    """The drawing process ended (killed, out of memory) before it answered."""


def _serve(conn: Connection) -> None:
    """The drawing process: draw each job that comes down the pipe and send back its bytes or its exception.
    It ends when the bot's end of the pipe closes, however the bot ended (a SIGKILL too: the kernel closes it),
    so it never outlives the bot holding its stdout open."""
    import bot.render  # noqa: F401  fonts and card art load on import: not in the first answer's time

    try:
        conn.send_bytes(pickle.dumps((READY, True, b"")))
        while True:
            job_id, job = pickle.loads(conn.recv_bytes())
            try:
                answer: tuple[int, bool, Any] = (job_id, True, job())
            except Exception as exc:  # noqa: BLE001  the bot's await raises it
                answer = (job_id, False, exc)
            try:
                message = pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)
            except Exception:  # noqa: BLE001  an exception that does not pickle
                message = pickle.dumps((job_id, False, RuntimeError(repr(answer[2]))))
            conn.send_bytes(message)
    except (EOFError, OSError):
        return  # the bot is gone


class _Process:
    """One drawing process and the jobs on their way to it, driven by the event loop's reader callback."""

    def __init__(self) -> None:
        # spawn, not fork: the bot process has threads (the database's) that fork would copy mid-step
        context = multiprocessing.get_context("spawn")
        self._conn, child = context.Pipe(duplex=True)
        self.process = context.Process(target=_serve, args=(child,), name="drawing", daemon=True)
        self.process.start()
        child.close()
        self._ids = itertools.count()
        self._queued: deque[tuple[int, bytes]] = deque()
        self._sent: dict[int, int] = {}  # job id -> bytes, of the jobs on their way
        self._sent_bytes = 0
        self._waiting: dict[int, asyncio.Future[bytes]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self.dead = False
        self.ready = False  # the renderer is loaded: a process starting takes a second or more, under load more

    def watch(self) -> None:
        """Read the process's answers on the running loop (from the first job on)."""
        if self._loop is None and not self.dead:
            self._loop = asyncio.get_running_loop()
            self._loop.add_reader(self._conn.fileno(), self._answered)

    def submit(self, job: Drawing) -> asyncio.Future[bytes]:
        future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        if self.dead:
            future.set_exception(ProcessDied())
            return future
        self.watch()
        job_id = next(self._ids)
        self._waiting[job_id] = future
        self._queued.append((job_id, pickle.dumps((job_id, job), protocol=pickle.HIGHEST_PROTOCOL)))
        self._send()
        return future

    def _send(self) -> None:
        try:
            while self._queued and len(self._sent) < IN_FLIGHT:
                job_id, message = self._queued[0]
                if self._sent and self._sent_bytes + len(message) > IN_FLIGHT_BYTES:
                    break  # a large job goes alone: the process reads it whole before it answers anything
                self._queued.popleft()
                self._sent[job_id] = len(message)
                self._sent_bytes += len(message)
                self._conn.send_bytes(message)
        except OSError:  # the process is gone
            self._died()

    def _answered(self) -> None:
        """Take every answer that has arrived: the reader is called once per turn of the loop, and a busy loop
        turns slowly (one answer per turn held the replies to a few dozen a second at 2,000 tables)."""
        try:
            while self._conn.poll(0):
                self._take(*pickle.loads(self._conn.recv_bytes()))
        except (EOFError, OSError):
            self._died()
            return
        self._send()

    def _take(self, job_id: int, ok: bool, result: Any) -> None:
        if job_id == READY:
            self.ready = True
            return
        self._sent_bytes -= self._sent.pop(job_id, 0)
        future = self._waiting.pop(job_id, None)
        if future is not None and not future.done():
            if ok:
                future.set_result(result)
            else:
                future.set_exception(result)

    def _died(self) -> None:
        if self.dead:
            return
        self.dead = True
        self._stop_reading()
        for future in self._waiting.values():
            if not future.done():
                future.set_exception(ProcessDied())
        self._waiting.clear()
        self._queued.clear()
        self._sent.clear()
        self._sent_bytes = 0

    def _stop_reading(self) -> None:
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(self._conn.fileno())
        self._loop = None

    def close(self) -> None:
        self._died()
        self._conn.close()
        if self.process.is_alive():
            self.process.terminate()


class Drawings:
    """Runs drawing jobs off the event loop: updates and replies each in a process of their own (`processes`),
    or each in a thread of the bot's (the in-process tests, and any job that is not a `Drawing`)."""

    def __init__(self, *, processes: bool = False):
        self._threads = {True: ThreadPoolExecutor(1, thread_name_prefix="draw-reply"),
                         False: ThreadPoolExecutor(1, thread_name_prefix="draw-update")}
        self._processes: dict[bool, _Process] = {}  # reply? -> its drawing process
        self._deaths = 0
        if processes:
            self._processes = {reply: _Process() for reply in (False, True)}

    async def draw(self, job: Callable[[], bytes], *, reply: bool = False) -> bytes:
        process = self._processes.get(reply)
        if process is not None:
            process.watch()
        # an answer does not wait for a process that is still starting (after a restart Discord gives it 3 s)
        if process is not None and isinstance(job, Drawing) and (process.ready or not reply):
            try:
                return await process.submit(job)
            except ProcessDied:  # a new process for the next picture; this one is drawn in a thread
                if self._processes.get(reply) is process:  # the jobs queued behind the death find it replaced
                    self._replace(reply, process)
        return await asyncio.get_running_loop().run_in_executor(self._threads[reply], job)

    def _replace(self, reply: bool, dead: _Process) -> None:
        dead.close()
        self._deaths += 1
        again = self._deaths < MAX_DEATHS
        log.error("the drawing process died; %s", "starting another" if again else "drawing in threads")
        if again:
            self._processes[reply] = _Process()
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
