"""How much any Schrum Schrum player can gain over the sound rule of thumb: the ceiling behind the easy level.

    python -m benchmarks.schrum_ceiling [--pairs 1000] [--seed 1]

Duplicate pairs as in `benchmarks.ai`, with the easy seats playing the sound rule of thumb (onto the reserve
of the opponent with the fewest cards, else the centre; `bot.ai.schrum.rule_of_thumb`) instead of the casual
easy level, against two players in turn:
- the strong player as the bot has it (it sees what its seat may see);
- an oracle that peeks, on purpose and only here: it plays every destination out on the real talons with
  every seat following the rule of thumb, exactly as its opponents will, and takes a winning one if any. No
  player can do better against these opponents, so its edge bounds what a destination choice is worth.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

import benchmarks.ai as bench
from bot.ai import schrum
from bot.ai.search import hand_deltas, hand_over, playout


def sound_easy(know: Any, rng: random.Random) -> str:
    return schrum.forced(know.legal) or schrum.rule_of_thumb(know.legal, know.view["counts"])


def thumb(world: Any, seat: int, rng: random.Random) -> str:
    legal = world.legal_actions(seat)
    return schrum.forced(legal) or ("pass" if "pass" in legal else schrum.rule_of_thumb(
        [a for a in legal if a != "keep"], schrum._counts(world)))


def oracle_choose(engine: Any, seat: int, **_: Any) -> str:
    """The best destination on the real cards, every seat after it playing the rule of thumb."""
    legal = engine.legal_actions(seat)
    moves = [a for a in legal if a not in ("keep", "pass")]
    if schrum.forced(legal) or len(moves) <= 1:
        return thumb(engine, seat, random.Random(0))

    def value(move: str) -> float:
        after = engine.clone()
        after.apply(seat, move)
        deltas = hand_deltas(playout(after, thumb, random.Random(0), stop=hand_over))
        return 0.25 if deltas is None or not any(deltas) else float(deltas[seat] > 0)

    return max(moves, key=value)


def run(pairs: int, seed: int, oracle: bool) -> dict[str, Any]:
    real = bench.choose

    def choose(engine: Any, seat: int, *, level: str, **kw: Any) -> str:
        if level == "strong" and oracle:
            return oracle_choose(engine, seat)
        return real(engine, seat, level=level, **kw)

    saved = bench.choose, schrum.easy, schrum.volunteer_easy
    bench.choose, schrum.easy, schrum.volunteer_easy = choose, sound_easy, schrum.volunteer_strong
    try:
        t0 = time.perf_counter()
        results = [bench.play_pair(("schrum", d, seed, None, 0.5)) for d in range(pairs)]
        return bench.summarize("schrum", results, schrum.ITERATIONS, 0.5, time.perf_counter() - t0)
    finally:
        bench.choose, schrum.easy, schrum.volunteer_easy = saved


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for name, oracle in (("oracle (peeks)", True), ("strong", False)):
        r = run(args.pairs, args.seed, oracle)
        lo, hi = r["ci95"]
        print(f"{name:15s} vs the rule of thumb, {r['pairs']} pairs: {r['advantage']:+.4f} [{lo:+.4f}, {hi:+.4f}] "
              f"hands per deal, won {100 * r['won']:.1f} % of the pairs ({100 * r['tied']:.0f} % tied), "
              f"{r['wall_s']:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
