"""benchmarks.repezita: a tiny run of `python -m bot` against the strict fake plays Repezita, so the README's
command keeps working (it stopped once unnoticed: a round's Go! and the fake's limit on opening DMs)."""

from __future__ import annotations

import json

import pytest

from benchmarks.repezita import main

pytestmark = pytest.mark.e2e


def test_a_tiny_run_plays_and_every_player_sees_the_piles(tmp_path):
    out = tmp_path / "repezita.json"
    assert main(["--tables", "1", "--duration", "4", "--json", str(out)]) == 0
    (row,) = json.loads(out.read_text())
    assert row["tables"] == 1 and row["plays"] > 0 and row["unanswered_clicks"] == 0
    assert row["all_see_p50_ms"] == row["all_see_p50_ms"], "some play was seen by every other player (not NaN)"
