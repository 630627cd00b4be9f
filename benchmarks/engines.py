"""Random legal play through the public engine contract, and Schieberamsch beside OpenSpiel's skat.

    python -m benchmarks.engines [--seconds 5] [--rounds 3] [--no-openspiel]

Both engines are driven by the same random loop in the same process, alternately, so machine load hits both
alike: pick a seat that may act, pick a uniformly random legal action, apply it. OpenSpiel's chance nodes
(the deal) are sampled from `chance_outcomes()`, its canonical random playout. OpenSpiel (PyPI `open_spiel`) is
installed on first use into `.bench-deps/` beside this folder, never into the project's environment.
A Schieberamsch "deal" is one deal of a series (Grand Hand round, Schieben, 10 tricks, scoring); OpenSpiel's
skat deal is one deal with its own bidding.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

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
               options: dict | None = None) -> tuple[float, int]:
    """Random full deals (hands) per second through to_act + legal_actions + apply."""
    cls = GAMES[key]
    rng = random.Random(seed)
    hands = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        engine = cls.new(seats, seed=rng.randrange(2**32), options=options)
        while not engine.over:
            movers = engine.to_act()  # one seat, like OpenSpiel's current_player, except in simultaneous moves
            seat = next(iter(movers)) if len(movers) == 1 else rng.choice(sorted(movers))
            legal = engine.legal_actions(seat)
            engine.apply(seat, legal[rng.randrange(len(legal))])
            actions += 1
        hands += len(engine.result()["hands"])
    elapsed = time.perf_counter() - start
    return hands / elapsed, actions


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
    print("\nEvery engine, random legal play (hands per second):")
    for key, seats, options in GAME_RUNS:
        rate, actions = ours_deals(args.seconds / 2, 1, key, seats, options)
        print(f"  {key:14s} {seats} seats  {rate:10.0f} hands/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
