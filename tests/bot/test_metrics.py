"""bot/metrics.py on its own: the event-loop probe sees a blocked loop, one registry per bot, METRICS_PORT."""

from __future__ import annotations

import asyncio
import time

import aiohttp
import pytest

from bot.config import ConfigError, load_settings
from bot.metrics import Metrics, parse_listen
from bot.rest import RestGate


def value(metrics: Metrics, name: str, **labels: str) -> float:
    return metrics.registry.get_sample_value(name, labels or None) or 0.0


async def test_the_loop_probe_notices_a_blocked_event_loop():
    metrics = Metrics(RestGate())
    port = await metrics.serve("127.0.0.1", 0)
    try:
        await asyncio.sleep(0.3)
        time.sleep(0.4)  # the loop does nothing else meanwhile: the probe's callback waits
        await asyncio.sleep(0.3)
        assert value(metrics, "stammtisch_event_loop_lag_seconds_count") >= 2
        assert value(metrics, "stammtisch_event_loop_lag_seconds_sum") >= 0.1
        async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}/metrics") as resp:
            assert "stammtisch_event_loop_lag_seconds_bucket" in await resp.text()
    finally:
        await metrics.close()


def test_each_bot_has_its_own_registry():
    a, b = Metrics(), Metrics()  # the global registry would refuse the second set of names
    a.move_stored("schrum", 2)
    assert value(a, "stammtisch_moves_stored_total", game="schrum", by="computer") == 1
    assert value(b, "stammtisch_moves_stored_total", game="schrum", by="computer") == 0


def test_rest_counts_are_read_at_scrape_time():
    gate = RestGate()
    metrics = Metrics(gate)
    gate.record("PATCH /channels/{channel_id}/messages/{message_id}", 429, {"X-RateLimit-Scope": "user"})
    gate.record("POST /users/@me/channels", 403, {})
    assert value(metrics, "stammtisch_rest_calls_total", kind="POST /users/@me/channels", status="403") == 1
    assert value(metrics, "stammtisch_rest_rate_limited_total", scope="user") == 1
    assert value(metrics, "stammtisch_rest_invalid_requests_10m") == 2


def test_metrics_port_setting(monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.delenv("METRICS_PORT", raising=False)
    assert load_settings(None).metrics is None  # off by default
    monkeypatch.setenv("METRICS_PORT", "9108")
    assert load_settings(None).metrics == ("127.0.0.1", 9108)  # this machine only, unless an address is given
    monkeypatch.setenv("METRICS_PORT", "0.0.0.0:9108")
    assert load_settings(None).metrics == ("0.0.0.0", 9108)
    for bad in ("http", "70000", "0"):
        monkeypatch.setenv("METRICS_PORT", bad)
        with pytest.raises(ConfigError, match="METRICS_PORT"):
            load_settings(None)
    assert parse_listen("[::1]:9108") == ("::1", 9108)


async def test_a_metrics_port_in_use_is_one_clear_error():
    taken = Metrics()
    port = await taken.serve("127.0.0.1", 0)
    try:
        with pytest.raises(ConfigError, match=f"METRICS_PORT: cannot listen on 127.0.0.1:{port}"):
            await Metrics().serve("127.0.0.1", port)
    finally:
        await taken.close()
