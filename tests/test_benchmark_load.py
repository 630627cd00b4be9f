"""benchmarks.load: a tiny run of `python -m bot` against the strict fake reports every figure the README quotes,
so the command in the README keeps working (it is too slow to run whole here)."""

from __future__ import annotations

import json
import math

import pytest

from benchmarks.load import main

pytestmark = pytest.mark.e2e


def test_a_tiny_run_reports_the_answers_their_parts_and_nothing_lost(tmp_path, capsys):
    out = tmp_path / "load.json"
    assert main(["--tables", "2", "--duration", "4", "--warmup", "1", "--interval", "1", "--spread", "0",
                 "--restore", "0", "--grace", "20", "--json", str(out)]) == 0
    (row,) = json.loads(out.read_text())["load"]
    assert row["tables"] == 2 and row["moves"] > 0 and row["error_count"] == 0
    assert row["strict"]["nothing_lost"] and row["strict"]["rate_limited_429"] == {"user": 0, "global": 0,
                                                                                     "shared": 0}
    # the bot's own view of its answers and of their two parts, read from its metrics endpoint
    for part in ("answer", "move", "reply_drawing", "reply_work"):
        assert 0 < row[f"bot_{part}_p50_ms_at_most"] <= row[f"bot_{part}_p99_ms_at_most"] < math.inf, part
    printed = capsys.readouterr().out
    assert "of which storing the move at most" in printed and "| 2 |" in printed
