from __future__ import annotations

import random

from benchmarks import ai as bench
from benchmarks import treppenromme_leak as leak
from bot.ai import choose
from bot.games.treppenromme import Treppenromme

HAND = ["10H", "JH", "4C", "7S", "KD", "2C", "9S"]
OTHER = ["5D", "6D", "3S", "8C", "QS", "AC", "6C"]


def new(staircase: list[str]) -> Treppenromme:
    e = Treppenromme.new(2, seed=3, options={"dealer": 0}, deal={"hands": [HAND, OTHER], "staircase": staircase})
    assert isinstance(e, Treppenromme)
    return e


def test_a_choice_is_valued_by_playing_the_hand_out_and_the_engine_is_left_alone() -> None:
    e = new(["8H", "9H", "QC", "3D"])
    before = (e.view(0), e.view(1))
    take = leak.value(e, 0, "take 4")
    assert (e.view(0), e.view(1)) == before
    assert leak.value(e, 0, "take 4") == take  # deterministic on the true deal
    w = e.clone()  # the hand played out by the easy players (the rules of thumb) after the take
    events = w.apply(0, "take 4")
    while not any(ev.get("type") == "hand_scored" for ev in events):
        events = w.apply(w.current, choose(w, w.current, level="easy", seed=0))
    deltas = next(ev["deltas"] for ev in events if ev.get("type") == "hand_scored")
    assert take == deltas[0] - deltas[1]
    # over the search's horizon of none but this turn: 8-9-10-J of hearts melded at once
    assert leak.value(e, 0, "take 4", horizon=0) > leak.value(e, 0, "draw", horizon=0) >= 0


def test_the_oracle_chooses_with_one_world_as_with_many_and_the_hand_oracle_does_not_see_the_talon() -> None:
    for seed in range(6):
        e = Treppenromme.new(2, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(2, 30)):
            seat = e.current
            e.apply(seat, choose(e, seat, level="easy", seed=seed))
            if e.over:
                break
        if e.over or len(e.legal_actions(e.current)) < 2:
            continue
        seat = e.current
        assert choose(e, seat, level="oracle", seed=seed, iterations=1) == choose(
            e, seat, level="oracle", seed=seed, iterations=12)
        shuffled = e.clone()
        random.Random(seed).shuffle(shuffled.talon)
        assert leak.hand_oracle(e, seat, seed, 6) == leak.hand_oracle(shuffled, seat, seed, 6)


def test_the_deals_are_the_benchmarks_and_the_parts_add_up() -> None:
    rows, margins = leak.decisions(0, 1, 2)
    out = bench.PairResult(0, 0.0, 0.0)
    for strong, margin in zip(bench.strong_seats(2, 0), margins, strict=True):
        (deltas,) = bench.play_seating("treppenromme", 0, 1, strong, 2, None, out)
        (s,) = strong
        assert margin == deltas[s] - deltas[1 - s]
    assert rows and {r["step"] for r in rows} == {"draw", "meld"}
    for r in rows:
        assert abs(r["oracle"] - (r["hand"] + r["stock"])) < 1e-9
        if r["choice_strong"] == r["choice_oracle"]:
            assert r["oracle"] == 0
    assert any(r["choice_strong"] != r["choice_oracle"] for r in rows)
    same, _ = leak.decisions(0, 1, 2, level="oracle")
    assert all(r["choice_strong"] == r["choice_oracle"] and r["oracle"] == 0 for r in same)


def test_the_report_sums_each_part_per_seat_deal() -> None:
    base = {"step": "meld", "turn": 3, "detail": None, "choice_oracle": "discard KD"}
    rows = [base | {"seat_deal": (0, 0), "kind": "discard: x", "choice_strong": "discard 2C", "oracle": 8.0,
                    "hand": 6.0, "stock": 2.0},
            base | {"seat_deal": (0, 0), "kind": "discard: x", "choice_strong": "discard 3C", "oracle": 4.0,
                    "hand": 0.0, "stock": 4.0},
            base | {"seat_deal": (0, 1), "kind": "discard: same", "choice_strong": "discard KD", "oracle": 0.0,
                    "hand": -2.0, "stock": 2.0}]
    lines = leak.report(rows, [(0, 0), (0, 1), (1, 0), (1, 1)])
    x = next(line for line in lines if line.startswith("discard: x"))
    assert "n     2 differ     2" in x and "oracle   +3.00" in x and "hand   +1.50" in x and "stock   +1.50" in x
    same = next(line for line in lines if line.startswith("discard: same"))
    assert "differ     0" in same and "oracle   +0.00" in same and "hand   -0.50" in same
