"""Whose event loop was late while the load benchmark measured: its own, or the bot's.

A click's latency is timed in the fake Discord, from writing the INTERACTION_CREATE to the callback arriving, and
the fake shares this process's event loop with every scripted player. When that loop is busy, the callback waits
in its socket and the wait counts as the bot's. So the benchmark notes how late its own loop wakes a task that
sleeps `PERIOD` (`Probe`), and reads the bot's histograms from its metrics endpoint before and after
(`bot_buckets`): its event loop's lag, its answers timed by the bot itself (from the interaction's id to the
answer going out), and the two parts of an answer's wait, storing the move and drawing the reply's picture.
Bucket bounds, so a quantile is the upper bound of the bucket it falls in.
"""

from __future__ import annotations

import asyncio
import math
import re
import time

import aiohttp

PERIOD = 0.01  # seconds the probe sleeps between two looks
LOOP_LAG = "stammtisch_event_loop_lag_seconds"
ANSWERS = "stammtisch_interaction_answer_seconds"
MOVES = "stammtisch_move_seconds"
REPLY_DRAWINGS = 'stammtisch_drawing_seconds{kind="reply"}'
UPDATE_DRAWINGS = 'stammtisch_drawing_seconds{kind="update"}'
REPLY_WORK = 'stammtisch_drawing_work_seconds{kind="reply"}'  # the drawing alone, without the queue before it
SERIES = (LOOP_LAG, ANSWERS, MOVES, REPLY_DRAWINGS, UPDATE_DRAWINGS, REPLY_WORK)


class Probe:
    """How late this process's event loop wakes a sleeping task, from `since` (perf_counter) on."""

    def __init__(self, since: float):
        self.since = since
        self.lags: list[float] = []
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        while True:
            asked = time.perf_counter()
            await asyncio.sleep(PERIOD)
            if asked >= self.since:
                self.lags.append(max(0.0, time.perf_counter() - asked - PERIOD))

    def stop(self) -> list[float]:
        if self._task is not None:
            self._task.cancel()
        return self.lags


async def bot_buckets(port: int) -> dict[str, dict[float, float]]:
    """The bot's histograms in `SERIES` (a name, with its labels where it has some): cumulative counts by upper
    bound (seconds)."""
    async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{port}/metrics") as response:
        text = await response.text()
    out = {}
    for series in SERIES:
        name, _, labels = series.partition("{")
        labels = labels.rstrip("}")
        bucket = re.compile(rf'^{name}_bucket\{{{re.escape(labels + ",") if labels else ""}le="([^"]+)"\}} '
                            r'([0-9.e+]+)$', re.M)
        out[series] = {float(le): float(count) for le, count in bucket.findall(text)}
    return out


def bucket_quantile(before: dict[float, float], after: dict[float, float], q: float) -> float:
    """The upper bound of the bucket holding quantile `q` of the observations between two scrapes."""
    bounds = sorted(after)
    counts = [after[b] - before.get(b, 0.0) for b in bounds]
    total = counts[-1] if counts else 0.0
    if total <= 0:
        return math.nan
    for bound, cumulative in zip(bounds, counts, strict=True):
        if cumulative >= q * total:
            return bound
    return math.inf
