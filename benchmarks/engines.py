"""Random legal play through the public engine contract, and Schieberamsch beside OpenSpiel's skat.

    python -m benchmarks.engines [--seconds 5] [--rounds 3] [--no-openspiel]

Both engines are driven by the same random loop in the same process, alternately, so machine load hits both
alike: pick a seat that may act, pick a uniformly random legal action, apply it. OpenSpiel's chance nodes
(the deal) are sampled from `chance_outcomes()`, its canonical random playout. OpenSpiel (PyPI `open_spiel`) is
installed on first use into `.bench-deps/` beside this folder, never into the project's environment.
A Schieberamsch "deal" is one deal of a series (Grand Hand round, Schieben, 10 tricks, scoring); OpenSpiel's
skat deal is one deal with its own bidding. The same loop over a recorded match played back (`Replay`)
measures the loop's own share: what no Python engine can go below in this measurement.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.games import GAMES

DEPS = Path(__file__).resolve().parents[1] / ".bench-deps"


def load_pyspiel():
    try:
        import pyspiel

        return pyspiel
    except ImportError:
        pass
    if not (DEPS / "pyspiel.so").exists() and not any(DEPS.glob("pyspiel*.so")):
        print("installing open_spiel into .bench-deps/ (once) ...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--target", str(DEPS), "open_spiel"],
                       check=True)
    sys.path.insert(0, str(DEPS))
    import pyspiel

    return pyspiel


def ours_deals(seconds: float, seed: int, key: str = "schieberamsch", seats: int = 3,
               options: dict | None = None, make: Callable[[int], Any] | None = None) -> tuple[float, int]:
    """Random full deals (hands) per second through to_act + legal_actions + apply. `make(seed)` replaces
    the engine (the floor measurement below)."""
    cls = GAMES[key]
    if make is None:
        def make(s: int) -> Any:
            return cls.new(seats, seed=s, options=options)
    rng = random.Random(seed)
    hands = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        engine = make(rng.randrange(2**32))
        while not engine.over:
            movers = engine.to_act()  # one seat, like OpenSpiel's current_player, except in simultaneous moves
            seat = next(iter(movers)) if len(movers) == 1 else rng.choice(sorted(movers))
            legal = engine.legal_actions(seat)
            engine.apply(seat, legal[rng.randrange(len(legal))])
            actions += 1
        hands += len(engine.result()["hands"])
    elapsed = time.perf_counter() - start
    return hands / elapsed, actions


class Replay:
    """A recorded random match played back: every contract call is a list lookup. The driver loop over it
    measures what the loop itself costs, the ceiling for any engine written in Python."""

    def __init__(self, steps: list[tuple[frozenset[int], tuple[str, ...]]], hands: int):
        self.steps, self.i, self.hands = steps, 0, hands

    @property
    def over(self) -> bool:
        return self.i == len(self.steps)

    def to_act(self) -> frozenset[int]:
        return self.steps[self.i][0]

    def legal_actions(self, seat: int) -> list[str]:
        return list(self.steps[self.i][1])

    def apply(self, seat: int, action: str) -> list[dict]:
        self.i += 1
        return []

    def result(self) -> dict:
        return {"hands": [None] * self.hands}


def record(key: str = "schieberamsch", seats: int = 3, seed: int = 0) -> Replay:
    """One random match of `key`, recorded for `Replay`."""
    rng = random.Random(seed)
    engine = GAMES[key].new(seats, seed=seed)
    steps = []
    while not engine.over:
        seat = min(engine.to_act())
        legal = engine.legal_actions(seat)
        steps.append((engine.to_act(), tuple(legal)))
        engine.apply(seat, legal[rng.randrange(len(legal))])
    return Replay(steps, len(engine.result()["hands"]))


def floor_deals(seconds: float, seed: int) -> float:
    """Deals per second of the driver loop alone (a Schieberamsch match played back)."""
    trace = record()
    return ours_deals(seconds, seed, make=lambda _s: Replay(trace.steps, trace.hands))[0]


def openspiel_deals(pyspiel, seconds: float, seed: int) -> float:
    game = pyspiel.load_game("skat")
    rng = random.Random(seed)
    deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
        deals += 1
    return deals / (time.perf_counter() - start)


GAME_RUNS = [
    ("schieberamsch", 3, {"deals": 12}),
    ("rufmariasch", 4, {"deals": 8}),
    ("schroeoem", 4, None),
    ("treppenromme", 2, None),
    ("schrum", 4, None),
    ("tac", 4, None),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.engines", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (median reported)")
    parser.add_argument("--no-openspiel", action="store_true")
    args = parser.parse_args(argv)

    if not args.no_openspiel:
        pyspiel = load_pyspiel()
        ours, theirs = [], []
        for r in range(args.rounds):
            ours.append(ours_deals(args.seconds, r)[0])
            theirs.append(openspiel_deals(pyspiel, args.seconds, r))
        o, t = statistics.median(ours), statistics.median(theirs)
        print("Schieberamsch vs OpenSpiel skat, random legal play, deals per second (median of rounds)")
        print(f"  ours      {o:10.0f}   rounds: {', '.join(f'{x:.0f}' for x in ours)}")
        print(f"  openspiel {t:10.0f}   rounds: {', '.join(f'{x:.0f}' for x in theirs)}")
        ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
        print(f"  ratio     {o / t:10.2f} x   (median of per-round ratios {statistics.median(ratios):.2f} x)")
        floor = statistics.median(floor_deals(args.seconds, r) for r in range(args.rounds))
        engine_us = 1e6 / o - 1e6 / floor
        print(f"  driver loop alone (a recorded match played back): {floor:.0f} deals/s, so the loop costs "
              f"{1e6 / floor:.0f} us of ours' {1e6 / o:.0f} us per deal (engine {engine_us:.0f} us) and of "
              f"OpenSpiel's {1e6 / t:.0f} us")
    print("\nEvery engine, random legal play (hands per second):")
    for key, seats, options in GAME_RUNS:
        rate, actions = ours_deals(args.seconds / 2, 1, key, seats, options)
        print(f"  {key:14s} {seats} seats  {rate:10.0f} hands/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
