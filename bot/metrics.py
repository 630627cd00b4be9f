"""What an operator sees: Prometheus metrics at `http://METRICS_HOST:METRICS_PORT/metrics` (off by default).

One registry per bot (not prometheus-client's global one), so several bots in one test process do not clash.
Counters the bot bumps as things happen (moves stored, computer decisions) are prometheus-client metrics; the
REST counts live in `bot.rest.RestGate` and open tables in the table service, and are read when scraped. The
endpoint is served by aiohttp on the bot's own event loop, so a scrape reads them on the thread that writes
them.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections import Counter as Tally
from collections.abc import Callable, Iterable, Iterator

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from bot.config import ConfigError
from bot.rest import RestGate

log = logging.getLogger(__name__)

LOOP_PROBE_S = 0.25  # how often the event-loop probe asks the loop to run a callback
SECONDS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0, 60.0)
AUTO_NAMES = {0: "person", 1: "timer", 2: "computer"}  # actions.auto (bot.tables.model)


class Metrics:
    def __init__(self, gate: RestGate | None = None) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.gate = gate
        self.open_tables: Callable[[], Iterable[str]] = tuple  # the statuses of the tables in memory
        r = self.registry
        self.moves = Counter("stammtisch_moves_stored", "Moves stored, by game and by who made them "
                             "(person, timer, computer)", ["game", "by"], registry=r)
        self.decisions = Counter("stammtisch_computer_decisions", "Computer decisions, by game, level and kind "
                                 "(turn: its move; volunteer: whether to act out of turn)",
                                 ["game", "level", "kind"], registry=r)
        self.decision_seconds = Histogram("stammtisch_computer_decision_seconds", "Time a computer decision "
                                          "took (pool and deadline included)", ["kind"], buckets=SECONDS, registry=r)
        self.delivery_lag = Histogram("stammtisch_delivery_lag_seconds", "From a stored state to the table "
                                      "message showing it", buckets=SECONDS, registry=r)
        self.loop_lag = Histogram("stammtisch_event_loop_lag_seconds", "How late the event loop woke a task "
                                  "sleeping for a fixed time", buckets=SECONDS, registry=r)
        self.budget_wait = Histogram("stammtisch_rest_budget_wait_seconds", "How long a call that counts against "
                                     "Discord's global limit waited for the bot's budget", buckets=SECONDS, registry=r)
        self.answer_seconds = Histogram("stammtisch_interaction_answer_seconds", "From Discord creating an "
                                        "interaction (its id) to the bot sending the answer; Discord refuses it "
                                        "after 3 s", buckets=SECONDS, registry=r)
        self.move_seconds = Histogram("stammtisch_move_seconds", "From a player's move reaching the table "
                                      "service to its being stored (the table's turn, the rules, the database "
                                      "write): the first part of a click's answer", buckets=SECONDS, registry=r)
        self.drawing_seconds = Histogram("stammtisch_drawing_seconds", "From asking for a picture to having it, "
                                         "by kind (reply: a click's answer waits on it; update: a table or hand "
                                         "message edit)", ["kind"], buckets=SECONDS, registry=r)
        self.drawing_work_seconds = Histogram("stammtisch_drawing_work_seconds", "The time a drawing process "
                                              "spent on one picture, without the wait in front of it, by kind",
                                              ["kind"], buckets=SECONDS, registry=r)
        r.register(_Live(self))
        if gate is not None:
            gate.on_wait = self.budget_wait.observe
            gate.on_answer = self.observe_answer
        self.port: int | None = None
        self._runner: web.AppRunner | None = None
        self._probe_stop: threading.Event | None = None

    # -- what the bot reports ---------------------------------------------------------------------------
    def move_stored(self, game: str, auto: int) -> None:
        self.moves.labels(game, AUTO_NAMES.get(auto, str(auto))).inc()

    def decision(self, game: str, level: str, kind: str, seconds: float) -> None:
        self.decisions.labels(game, level, kind).inc()
        self.decision_seconds.labels(kind).observe(seconds)

    def observe_delivery_lag(self, seconds: float) -> None:
        """The delivery path reports how long after a state was stored its table message showed it."""
        self.delivery_lag.observe(max(0.0, seconds))

    def observe_move(self, seconds: float) -> None:
        self.move_seconds.observe(seconds)

    def observe_drawing(self, reply: bool, seconds: float) -> None:
        self.drawing_seconds.labels("reply" if reply else "update").observe(seconds)

    def observe_drawing_work(self, reply: bool, seconds: float) -> None:
        self.drawing_work_seconds.labels("reply" if reply else "update").observe(seconds)

    def observe_answer(self, seconds: float) -> None:
        self.answer_seconds.observe(max(0.0, seconds))  # clocks apart by a little may make it negative

    def text(self) -> bytes:
        return generate_latest(self.registry)

    # -- the endpoint -------------------------------------------------------------------------------------
    async def serve(self, host: str, port: int) -> int:
        """Serve /metrics on host:port (0: any free port) and start the event-loop probe; returns the port."""
        app = web.Application()
        app.router.add_get("/metrics", self._handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        try:
            await site.start()
        except OSError as exc:  # a port in use, an address not of this machine: for the person starting the bot
            await self._runner.cleanup()
            self._runner = None
            raise ConfigError(f"METRICS_PORT: cannot listen on {host}:{port}: {exc.strerror or exc}") from exc
        server = site._server  # the bound port, when 0 asked for any
        sockets = getattr(server, "sockets", None) or ()
        self.port = sockets[0].getsockname()[1] if sockets else port
        self._start_probe(asyncio.get_running_loop())
        log.info("metrics on http://%s:%d/metrics", host, self.port)
        return self.port

    async def _handle(self, request: web.Request) -> web.Response:
        return web.Response(body=self.text(), headers={"Content-Type": CONTENT_TYPE_LATEST})

    def _start_probe(self, loop: asyncio.AbstractEventLoop) -> None:
        """Event-loop lag: a thread hands the loop a callback every `LOOP_PROBE_S` and the callback notes how
        long it waited for its turn. A thread, not a sleeping task, so that the probe puts no timer on the
        loop (SimCord's virtual clock would have to run it) and measures only the queue in front of it."""
        stop = self._probe_stop = threading.Event()

        def tick(sent: float) -> None:
            self.loop_lag.observe(time.perf_counter() - sent)

        def run() -> None:
            while not stop.wait(LOOP_PROBE_S):
                try:
                    loop.call_soon_threadsafe(tick, time.perf_counter())
                except RuntimeError:  # the loop closed
                    return

        threading.Thread(target=run, name="metrics-loop-probe", daemon=True).start()

    async def close(self) -> None:
        if self._probe_stop is not None:
            self._probe_stop.set()
            self._probe_stop = None
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None


class _Live(Collector):
    """Figures kept elsewhere, read at each scrape: REST answers, 429s, invalid requests, open tables."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def collect(self) -> Iterator[Metric]:
        gate = self.metrics.gate
        calls = CounterMetricFamily("stammtisch_rest_calls", "REST answers by route template and HTTP status "
                                    "(every try, 429s that discord.py retried included)", labels=["kind", "status"])
        limited = CounterMetricFamily("stammtisch_rest_rate_limited", "429 answers by scope (user, global, shared)",
                                      labels=["scope"])
        invalid = GaugeMetricFamily("stammtisch_rest_invalid_requests_10m", "401, 403 and (not shared) 429 answers "
                                    "in the last 10 minutes (Discord bans the IP for an hour at 10,000)")
        budgeted = CounterMetricFamily("stammtisch_rest_limited_calls", "Calls that count against Discord's "
                                       "global limit (all but interaction responses)")
        if gate is not None:
            for (kind, status), n in sorted(gate.calls.items()):
                calls.add_metric([kind, status], n)
            for scope, n in sorted(gate.rate_limited.items()):
                limited.add_metric([scope], n)
            invalid.add_metric([], gate.invalid_requests())
            budgeted.add_metric([], gate.limited_calls)
        yield from (calls, limited, invalid, budgeted)
        tables = GaugeMetricFamily("stammtisch_open_tables", "Open tables by status (lobby, running)",
                                   labels=["status"])
        by_status = Tally(self.metrics.open_tables())
        for status in ("lobby", "running"):
            tables.add_metric([status], by_status.get(status, 0))
        yield tables

    def describe(self) -> Iterator[Metric]:
        return iter(())  # figures appear at scrape time; nothing to check for clashes


def parse_listen(value: str) -> tuple[str, int]:
    """METRICS_PORT: a port ("9108": on 127.0.0.1 only) or an address and port ("0.0.0.0:9108")."""
    host, _, port = value.rpartition(":")
    if not port.isdigit() or not 1 <= int(port) <= 65535:
        raise ValueError(value)
    return (host.strip("[]") or "127.0.0.1"), int(port)
