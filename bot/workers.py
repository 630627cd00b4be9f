"""Worker processes that the event loop speaks to itself: the drawing processes and the computers' thinkers.

Pure-Python work of a few milliseconds (a picture) or a few hundred (a strong decision) would hold the GIL against
the event loop in a thread, so it runs in processes. `concurrent.futures.ProcessPoolExecutor` would do that with a
manager thread and a feeder thread in the bot's process, both of which take the GIL at every job: a profile of
`python -m benchmarks.load --tables 300 --profile` (stop 32) found the loop waiting 1.2 ms on average in the write
that wakes the manager. Here each worker has a duplex pipe that the loop watches with `add_reader`: a job is one
pickled message out and one back. At most `in_flight` jobs (and `in_flight_bytes`) are on their way to a worker,
so a write never waits on a full pipe (the jobs on their way always fit its buffer, and a write that waited while
the worker waits to hand back a large answer would be a deadlock); the rest queue here. Every answer that has
arrived is taken at each turn of the loop.

A worker says it is ready once it has imported its `preload` module (a worker takes a second or more to start,
longer under load), so a caller in a hurry can do the job elsewhere meanwhile. A worker ends when the bot's end of
its pipe closes, however the bot ended (a SIGKILL too: the kernel closes it).
"""

from __future__ import annotations

import asyncio
import importlib
import itertools
import multiprocessing
import os
import pickle
import select
import time
from collections import deque
from collections.abc import Callable
from functools import partial
from multiprocessing.connection import Connection
from typing import Any

READY = -1  # the job id of the message a worker sends once it has imported its preload module


class Job(partial):  # type: ignore[type-arg]
    """A job that may run in a worker: a module-level function and arguments that pickle."""

    def __reduce__(self) -> tuple[object, ...]:
        _, args, state = super().__reduce__()
        return partial, args, state  # a plain partial there: the worker need not import the module defining Job


class WorkerDied(RuntimeError):
    """The worker process ended (killed, out of memory) before it answered."""


def _serve(conn: Connection, preload: str, nice: int = 0) -> None:
    """The worker: run each job that comes down the pipe and send back its result or its exception."""
    if nice:
        os.nice(nice)  # work nobody waits on yields the CPU to the work someone does (the answers to clicks)
    if preload:
        importlib.import_module(preload)  # fonts, card art, the computer players: not in the first job's time
    try:
        conn.send_bytes(pickle.dumps((READY, True, None, 0.0)))
        while True:
            job_id, job = pickle.loads(conn.recv_bytes())
            started = time.perf_counter()
            ok: bool
            result: Any
            try:
                ok, result = True, job()
            except Exception as exc:  # noqa: BLE001  the bot's await raises it
                ok, result = False, exc
            worked = time.perf_counter() - started  # the job alone: no queue, no pipe
            try:
                message = pickle.dumps((job_id, ok, result, worked), protocol=pickle.HIGHEST_PROTOCOL)
            except Exception:  # noqa: BLE001  a result or an exception that does not pickle
                message = pickle.dumps((job_id, False, RuntimeError(repr(result)), worked))
            conn.send_bytes(message)
    except (EOFError, OSError):
        return  # the bot is gone


class Worker:
    """One worker process and the jobs on their way to it, driven by the event loop's reader callback."""

    def __init__(self, name: str, preload: str = "", *, in_flight: int = 16, in_flight_bytes: int = 64 * 1024,
                 nice: int = 0):
        # spawn, not fork: the bot process has a thread (the database's) that fork would copy mid-step
        context = multiprocessing.get_context("spawn")
        self._conn, child = context.Pipe(duplex=True)
        self.process = context.Process(target=_serve, args=(child, preload, nice), name=name, daemon=True)
        self.process.start()
        child.close()
        self.in_flight, self.in_flight_bytes = in_flight, in_flight_bytes
        self._ids = itertools.count()
        self._queued: deque[tuple[int, bytes]] = deque()
        self._sent: dict[int, int] = {}  # job id -> bytes, of the jobs on their way
        self._sent_bytes = 0
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self.dead = False
        self.ready = False
        self.on_work: Callable[[float], None] | None = None  # told each job's own time in the worker (metrics)

    @property
    def outstanding(self) -> int:
        """Jobs submitted and not yet answered."""
        return len(self._waiting)

    def watch(self) -> None:
        """Read the worker's answers on the running loop (from the first job on; a worker kept across event loops,
        as in tests, moves to the new one)."""
        loop = asyncio.get_running_loop()
        if self.dead or self._loop is loop:
            return
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(self._conn.fileno())
        self._loop = loop
        loop.add_reader(self._conn.fileno(), self._answered)

    def submit(self, job: Job) -> asyncio.Future[Any]:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        if self.dead:
            future.set_exception(WorkerDied())
            return future
        self.watch()
        job_id = next(self._ids)
        self._waiting[job_id] = future
        self._queued.append((job_id, pickle.dumps((job_id, job), protocol=pickle.HIGHEST_PROTOCOL)))
        self._send()
        return future

    def _send(self) -> None:
        try:
            while self._queued and len(self._sent) < self.in_flight:
                job_id, message = self._queued[0]
                waiting = self._waiting.get(job_id)
                if waiting is None or waiting.done():  # cancelled before it went (a table that ended meanwhile)
                    self._queued.popleft()
                    self._waiting.pop(job_id, None)
                    continue
                if self._sent and self._sent_bytes + len(message) > self.in_flight_bytes:
                    break  # a large job goes alone: the worker reads it whole before it answers anything
                self._queued.popleft()
                self._sent[job_id] = len(message)
                self._sent_bytes += len(message)
                self._conn.send_bytes(message)
        except OSError:  # the worker is gone
            self._died()

    def _answered(self) -> None:
        """Take every answer that has arrived: the reader is called once per turn of the loop, and a busy loop
        turns slowly (one answer per turn held the pictures to a few dozen a second at 2,000 tables)."""
        fd = self._conn.fileno()
        try:
            # select, not `Connection.poll(0)`: that loops until `time.monotonic()` passes its deadline, forever
            # under a clock that tests stand still (SimCord's)
            while select.select([fd], [], [], 0)[0]:
                self._take(*pickle.loads(self._conn.recv_bytes()))
        except (EOFError, OSError):
            self._died()
            return
        self._send()

    def _take(self, job_id: int, ok: bool, result: Any, worked: float) -> None:
        if job_id == READY:
            self.ready = True
            return
        if self.on_work is not None:
            self.on_work(worked)
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
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(self._conn.fileno())
        self._loop = None
        for future in self._waiting.values():
            if not future.done():
                future.set_exception(WorkerDied())
        self._waiting.clear()
        self._queued.clear()
        self._sent.clear()
        self._sent_bytes = 0

    def close(self) -> None:
        """Stop the worker; the jobs it owes fail with `WorkerDied`."""
        self._died()
        self._conn.close()
        if self.process.is_alive():
            self.process.terminate()
