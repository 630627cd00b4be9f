"""Where pictures are drawn (`bot/ui/drawing.py`): updates and replies each in a process of their own, never on
the event loop, and a drawing process that dies is replaced, then given up for threads."""

from __future__ import annotations

import asyncio
import os
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from bot.ui import drawing
from bot.ui.drawing import Drawing, Drawings


def where() -> bytes:
    return f"{os.getpid()} {threading.current_thread().name}".encode()


def die() -> bytes:
    """Kills a drawing process; drawn in the test's own process (the fallback), it says where it ran."""
    if os.getpid() != int(os.environ["DRAWING_TEST_PARENT"]):
        os._exit(3)
    return where()


async def started(drawings: Drawings) -> Drawings:
    """Wait until every drawing process has loaded the renderer."""
    for process in drawings._processes.values():
        process.watch()
    for _ in range(600):
        if all(p.ready for p in drawings._processes.values()):
            return drawings
        await asyncio.sleep(0.05)
    raise AssertionError("the drawing processes did not start")


async def test_a_reply_does_not_wait_for_its_process_to_start():
    """A process takes a second or more to start (longer on a loaded machine), and after a restart the first
    answers have Discord's 3 s: until the process is ready, a reply is drawn in a thread; updates queue for it."""
    drawings = Drawings(processes=True)
    try:
        reply, update = await asyncio.gather(drawings.draw(Drawing(where), reply=True), drawings.draw(Drawing(where)))
        assert reply.decode() == f"{os.getpid()} draw-reply_0"
        assert int(update.decode().split()[0]) != os.getpid()
        await started(drawings)
        assert int((await drawings.draw(Drawing(where), reply=True)).decode().split()[0]) != os.getpid()
    finally:
        drawings.close()


async def test_updates_and_replies_are_drawn_each_in_a_process_of_their_own():
    drawings = await started(Drawings(processes=True))
    try:
        update = (await drawings.draw(Drawing(where))).decode().split()
        reply = (await drawings.draw(Drawing(where), reply=True)).decode().split()
        assert int(update[0]) != os.getpid() and int(reply[0]) != os.getpid()
        assert update[0] != reply[0]  # an answer never queues behind the updates
        # ... and on a saturated machine gets the CPU before them (niceness stops at 19: a test run under `nice -n 19`
        # has no room below it)
        base = os.getpriority(os.PRIO_PROCESS, int(reply[0]))
        assert base == os.getpriority(os.PRIO_PROCESS, 0)
        assert os.getpriority(os.PRIO_PROCESS, int(update[0])) - base == min(19, base + drawing.UPDATES_NICE) - base
        assert drawing.UPDATES_NICE > 0
        # a job that is no Drawing (it may not pickle) stays in the bot's threads
        assert (await drawings.draw(where, reply=True)).decode() == f"{os.getpid()} draw-reply_0"
    finally:
        drawings.close()


async def test_a_drawing_process_that_dies_is_replaced_and_at_last_given_up(monkeypatch, caplog):
    monkeypatch.setenv("DRAWING_TEST_PARENT", str(os.getpid()))  # the spawned processes inherit it
    monkeypatch.setattr(drawing, "MAX_DEATHS", 2)
    drawings = await started(Drawings(processes=True))
    try:
        # the job whose process died is drawn in a thread instead, so its message still gets its picture
        assert (await drawings.draw(Drawing(die))).decode() == f"{os.getpid()} draw-update_0"
        assert "the drawing process died; starting another" in caplog.text
        assert int((await drawings.draw(Drawing(where))).decode().split()[0]) != os.getpid()  # a new process
        assert (await drawings.draw(Drawing(die), reply=True)).decode() == f"{os.getpid()} draw-reply_0"
        assert "the drawing process died; drawing in threads" in caplog.text
        assert (await drawings.draw(Drawing(where))).decode() == f"{os.getpid()} draw-update_0"
    finally:
        drawings.close()


async def test_the_jobs_queued_behind_a_death_count_it_once(monkeypatch, caplog):
    """Every job waiting on a process that dies fails with it; only the first replaces the process, so the
    others neither start processes of their own nor count the same death again."""
    monkeypatch.setenv("DRAWING_TEST_PARENT", str(os.getpid()))
    monkeypatch.setattr(drawing, "MAX_DEATHS", 2)
    drawings = Drawings(processes=True)
    try:
        drawn = await asyncio.gather(drawings.draw(Drawing(die)), *(drawings.draw(Drawing(where)) for _ in range(3)))
        assert all(png for png in drawn)  # every job still got its picture
        assert caplog.text.count("the drawing process died") == 1
        assert int((await drawings.draw(Drawing(where))).decode().split()[0]) != os.getpid()  # a process again
    finally:
        drawings.close()


def fails() -> bytes:
    raise ValueError("no such card")


def numbered(n: int) -> bytes:
    return str(n).encode()


async def test_a_job_that_raises_raises_in_the_bot_and_the_process_goes_on(caplog):
    drawings = Drawings(processes=True)
    try:
        try:
            await drawings.draw(Drawing(fails))
        except ValueError as exc:
            assert str(exc) == "no such card"
        else:
            raise AssertionError("the job's exception was lost")
        assert "died" not in caplog.text
        assert int((await drawings.draw(Drawing(where))).decode().split()[0]) != os.getpid()  # same process
    finally:
        drawings.close()


async def test_more_jobs_than_may_be_on_their_way_queue_in_the_bot_and_each_gets_its_own_picture():
    """Only `IN_FLIGHT` jobs go down the pipe at a time (so a write never waits on a full pipe); the rest wait
    in the bot and follow as answers come back, each answer to its own job."""
    drawings = Drawings(processes=True)
    try:
        drawn = await asyncio.gather(*(drawings.draw(Drawing(numbered, n), reply=n % 2 == 0) for n in range(40)))
        assert drawn == [str(n).encode() for n in range(40)]
        assert all(not p._waiting and not p._queued for p in drawings._processes.values())
    finally:
        drawings.close()


async def test_every_answer_that_has_arrived_is_taken_at_one_turn_of_the_loop():
    """The pipe's reader runs once per turn of the event loop, and a busy loop turns slowly: taking one answer per
    turn held a bot at 2,000 tables to a few dozen pictures a second, and its answers missed Discord's 3 s."""
    drawings = await started(Drawings(processes=True))
    try:
        process = drawings._processes[False]
        assert await process.submit(Drawing(numbered, -1)) == b"-1"  # the process has imported this module
        futures = [process.submit(Drawing(numbered, n)) for n in range(10)]
        time.sleep(1.0)  # the loop is busy elsewhere while the process draws all ten
        for _ in range(3):
            await asyncio.sleep(0)
        assert all(f.done() for f in futures), sum(f.done() for f in futures)
        assert [f.result() for f in futures] == [str(n).encode() for n in range(10)]
    finally:
        drawings.close()


BOT_WITH_DRAWINGS = """
import asyncio, time
from bot.ui.drawing import Drawings

async def main():
    drawings = Drawings(processes=True)
    for p in drawings._processes.values():
        p.watch()
    while not all(p.ready for p in drawings._processes.values()):  # both wait for jobs
        await asyncio.sleep(0.05)
    print(*(p.process.pid for p in drawings._processes.values()), flush=True)
    time.sleep(60)

if __name__ == "__main__":  # the spawned processes import this module too
    asyncio.run(main())
"""


def test_the_drawing_processes_end_with_a_bot_killed_outright(tmp_path):
    """A bot killed by SIGKILL runs no shutdown; its drawing processes see the pipe close and end, rather than
    wait for jobs forever holding the bot's stdout open."""
    script = tmp_path / "bot_with_drawings.py"
    script.write_text(BOT_WITH_DRAWINGS)
    bot = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True,
                           cwd=Path(__file__).resolve().parents[2])
    try:
        assert bot.stdout is not None and select.select([bot.stdout], [], [], 60)[0], "the drawings did not start"
        pids = [int(p) for p in bot.stdout.readline().split()]
        assert len(pids) == 2
        os.kill(bot.pid, signal.SIGKILL)
        bot.wait(10)
        deadline = time.monotonic() + 20
        while any(Path(f"/proc/{pid}").exists() and "Z" not in _state(pid) for pid in pids):
            assert time.monotonic() < deadline, "a drawing process outlived the bot"
            time.sleep(0.1)
    finally:
        bot.kill()


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"
