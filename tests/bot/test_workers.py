"""Worker processes spoken to by the event loop (`bot/workers.py`), beyond what the drawing and thinking tests
show: what a worker has loaded once it says it is ready, and answers that do not pickle."""

from __future__ import annotations

import asyncio
import sys
import threading

import pytest

from bot.workers import Job, Worker


def loaded(name: str) -> bool:
    return name in sys.modules


def a_lock() -> object:
    return threading.Lock()  # does not pickle


async def ready(worker: Worker) -> Worker:
    worker.watch()
    async with asyncio.timeout(60):
        while not worker.ready:
            await asyncio.sleep(0.02)
    return worker


async def test_a_worker_is_ready_once_its_preload_module_is_imported():
    worker = await ready(Worker("test", "bot.render"))
    try:
        assert await worker.submit(Job(loaded, "bot.render")) is True
        assert await worker.submit(Job(loaded, "discord")) is False  # a drawing process needs no Discord
    finally:
        worker.close()


async def test_an_answer_that_does_not_pickle_comes_back_as_an_error_and_the_worker_goes_on():
    worker = await ready(Worker("test"))
    try:
        with pytest.raises(RuntimeError, match="lock"):
            await worker.submit(Job(a_lock))
        assert await worker.submit(Job(loaded, "bot.workers")) is True
        assert worker.outstanding == 0
    finally:
        worker.close()
