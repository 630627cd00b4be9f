"""`python -m bot` with METRICS_PORT against the fake Discord: the endpoint counts real HTTP answers (the aiohttp
trace in discord.py's session), interaction responses included, and a port that cannot be bound is one line."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import aiohttp
import pytest

from tests.cogs.test_metrics import sample
from tests.e2e.players import MOVE_ANSWERS, open_table
from tests.fakediscord import FakeDiscord
from tests.fakediscord.process import bot_process, free_port

pytestmark = pytest.mark.e2e


async def test_the_bot_process_serves_its_metrics(fake: FakeDiscord, db_file: Path) -> None:
    port = free_port()
    async with bot_process(fake, env={"DATABASE_PATH": str(db_file), "METRICS_PORT": str(port)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        table = await open_table(fake, "anna", ["bernd", "ceca"], options={"deals": 3})
        ix = await table.players.move()
        assert ix.callback_type in MOVE_ANSWERS
        async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}/metrics") as resp:
            text = await resp.text()
    assert sample(text, "stammtisch_moves_stored_total", game="schieberamsch", by="person") >= 1
    assert sample(text, "stammtisch_rest_calls_total", kind="POST /interactions/{id}/{token}/callback",
                  status="200") + sample(text, "stammtisch_rest_calls_total",
                                         kind="POST /interactions/{id}/{token}/callback", status="204") >= 3
    assert sample(text, "stammtisch_rest_calls_total", kind="POST /channels/{channel_id}/messages") >= 1
    assert sample(text, "stammtisch_rest_limited_calls_total") >= 5  # commands, thread, table, DMs
    assert sample(text, "stammtisch_rest_invalid_requests_10m") == 0
    assert sample(text, "stammtisch_open_tables", status="running") == 1
    assert sample(text, "stammtisch_event_loop_lag_seconds_count") >= 1
    # every answer to an interaction (the commands, Join, Start, the move) is timed from the interaction's id
    answers = sample(text, "stammtisch_interaction_answer_seconds_count")
    assert answers >= 3
    assert sample(text, "stammtisch_interaction_answer_seconds_bucket", le="3.0") == answers  # none past 3 s
    assert 0 < sample(text, "stammtisch_interaction_answer_seconds_sum") / answers < 3
    # ... and the two parts of a move's answer: storing it, and drawing the picture the answer carries
    assert sample(text, "stammtisch_move_seconds_count") >= 1
    if ix.callback_type == 7:  # answered with its picture (a click waiting behind the Start's updates is deferred: 6)
        assert sample(text, "stammtisch_drawing_seconds_count", kind="reply") >= 1
    assert sample(text, "stammtisch_drawing_seconds_count", kind="update") >= 1  # the table message, the hands
    # ... and the drawing alone, timed in a drawing process (the updates wait for theirs; the first replies after a
    # start are drawn in a thread while the process starts), which cannot take longer than the wait for it
    assert sample(text, "stammtisch_drawing_work_seconds_count", kind="update") >= 1
    for kind in ("reply", "update"):
        assert sample(text, "stammtisch_drawing_work_seconds_count", kind=kind) <= \
            sample(text, "stammtisch_drawing_seconds_count", kind=kind)
        assert sample(text, "stammtisch_drawing_work_seconds_sum", kind=kind) <= \
            sample(text, "stammtisch_drawing_seconds_sum", kind=kind)


async def test_a_metrics_port_in_use_is_one_line(fake: FakeDiscord, db_file: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        async with bot_process(fake, env={"DATABASE_PATH": str(db_file), "METRICS_PORT": str(port)}) as bp:
            assert await asyncio.wait_for(bp.proc.wait(), 30) == 2
            await asyncio.sleep(0.2)  # the last output line
    assert "Traceback" not in bp.log
    said = [line for line in bp.output if "METRICS_PORT" in line]
    assert len(said) == 1 and said[0].startswith(f"stammtisch: METRICS_PORT: cannot listen on 127.0.0.1:{port}: ")
    assert "in use" in said[0]
