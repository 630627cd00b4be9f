"""The Prometheus endpoint (METRICS_PORT) of a bot during a game: moves stored, REST calls by kind and status,
open tables, computer decisions, and the series an operator graphs (429s, invalid requests, lags)."""

from __future__ import annotations

import aiohttp
import pytest

from tests.cogs.test_schieberamsch_flow import start_table
from tests.conftest import World


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(metrics=("127.0.0.1", 0))  # any free port


def sample(text: str, name: str, **labels: str) -> float:
    """The value of one sample of the Prometheus text format (0 when absent)."""
    total = 0.0
    for line in text.splitlines():
        if line.startswith("#") or not (line.startswith(name + "{") or line.startswith(name + " ")):
            continue
        if all(f'{k}="{v}"' in line for k, v in labels.items()):
            total += float(line.rsplit(" ", 1)[1])
    return total


async def scrape(world: World) -> str:
    async with aiohttp.ClientSession() as session, \
            session.get(f"http://127.0.0.1:{world.bot.metrics.port}/metrics") as resp:
        assert resp.status == 200 and resp.headers["Content-Type"].startswith("text/plain")
        return await resp.text()


async def test_the_metrics_endpoint_during_a_game(world: World):
    before = await scrape(world)
    assert sample(before, "stammtisch_moves_stored_total") == 0
    table = await start_table(world)
    seat = min(table.engine.waiting_for())
    await world.bot.tables.act(table.id, world.users[seat].id, table.engine.legal_actions(seat)[0])
    await world.bot.tables.think(table, table.engine, min(table.engine.waiting_for()), "easy")
    await world.env.settle()
    after = await scrape(world)
    assert sample(after, "stammtisch_moves_stored_total", game="schieberamsch", by="person") == 1
    assert sample(after, "stammtisch_open_tables", status="running") == 1
    assert sample(after, "stammtisch_computer_decisions_total", game="schieberamsch", level="easy",
                  kind="turn") == 1
    assert sample(after, "stammtisch_computer_decision_seconds_count", kind="turn") == 1
    assert sample(after, "stammtisch_move_seconds_count") == 1  # the person's move; a computer's is not a click's
    assert sample(after, "stammtisch_drawing_seconds_count", kind="update") >= 1  # the table message, the hands
    # REST calls by kind and status: the table message, the DMs (SimCord answers without HTTP; the wrapper
    # counts each call's outcome)
    assert sample(after, "stammtisch_rest_calls_total", kind="POST /channels/{channel_id}/messages",
                  status="200") >= 1
    assert sample(after, "stammtisch_rest_limited_calls_total") > sample(before, "stammtisch_rest_limited_calls_total")
    assert sample(after, "stammtisch_rest_invalid_requests_10m") == 0
    for name in ("stammtisch_rest_rate_limited_total", "stammtisch_delivery_lag_seconds_count",
                 "stammtisch_event_loop_lag_seconds_count"):
        assert f"# TYPE {name.removesuffix('_total').removesuffix('_count')}" in after
    world.bot.metrics.observe_delivery_lag(0.2)
    assert sample(await scrape(world), "stammtisch_delivery_lag_seconds_count") >= 1
