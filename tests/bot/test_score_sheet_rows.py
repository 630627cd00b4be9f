"""The score sheet posted after a deal says what each deal was: the stored rows carry only the points, so the
"Game" column comes from the engine's records (not the renderer's fallback, "Ramsch" or "Drawn" for every row)."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from bot.demo import new_match, step
from bot.games import GAMES
from bot.render.score import describe
from bot.ui.game_ui import GameUI

NAMES = ["Anna", "Bernd", "Claudia", "Dragan"]


def after_two_deals(key: str):
    e = new_match(key, GAMES[key].min_seats, seed=4)
    rng = random.Random(4)
    while not e.over and len(e.result()["hands"]) < 2:
        step(e, key, rng)
    return e


@pytest.mark.parametrize("key", [k for k in GAMES if k != "schroeoem"])  # Schrööm's cog draws its own tally
def test_sheet_rows_carry_the_engine_records(key):
    e = after_two_deals(key)
    records = e.result()["hands"]
    assert records
    names = NAMES[: GAMES[key].min_seats]
    table = SimpleNamespace(game=key, names=names, engine=e, engine_cls=GAMES[key], id=7)
    stored = [{"deltas": list(r["deltas"])} for r in records]
    job = GameUI().score_sheet_job(table, stored, list(e.result()["totals"]), "en")
    rows = job.args[2]
    assert [r["deltas"] for r in rows] == [r["deltas"] for r in records]
    assert [describe(key, r, names) for r in rows] == [describe(key, r, names) for r in records]
    assert all("?" not in describe(key, r, names) for r in rows)
