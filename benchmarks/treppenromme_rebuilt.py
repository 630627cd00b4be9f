"""What Treppenrommé's strong player gains from remembering a rebuilt talon (stop 42).

    python -m benchmarks.treppenromme_rebuilt [--positions N] [--first-seed S] [--iterations N]

When the talon runs out, the staircase but its top card becomes the new talon. Everybody saw it, so from then on
the talon holds none of the cards the other hands held, and with two players the other hand is known but for
the cards drawn since (`Treppenromme.unseen`). Rebuilds are rare in the benchmark's games (strong players end a
hand sooner: none in seed 3's 1,000 pairs of `python -m benchmarks.ai --games treppenromme`), so this plays from
positions that have one: hands of easy against easy (engine seeds from S + 1 on) up to the first turn after the
rebuild, N of them. From each, the rest of the hand is played twice, with the strong player at either seat
against easy, by strong as it is and by strong whose worlds forget the rebuild (every unseen card dealt
anywhere, as before stop 42); it prints each one's advantage over easy per position (the points of the rest of
the hand, the strong seat's minus the easy seat's, over both seatings) and the difference, paired."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from bot.ai import choose
from bot.ai.treppenromme import world_policy
from bot.games.treppenromme import Treppenromme

from .ai import mean_ci

MAX_STEPS = 2000


def positions(n: int, first_seed: int) -> list[tuple[int, Treppenromme]]:
    """(engine seed, engine) at the first turn after a rebuild, in hands of easy against easy."""
    out: list[tuple[int, Treppenromme]] = []
    seed = first_seed
    while len(out) < n:
        seed += 1
        e = Treppenromme.new(2, seed=seed)
        for _ in range(MAX_STEPS):
            seat = e.current
            if any(ev.get("type") == "hand_scored" for ev in e.apply(seat, world_policy(e, seat))):
                break
            if e.rebuilt and e.step == "draw":
                out.append((seed, e))
                break
    return out


def rest_of_hand(position: Treppenromme, strong_seat: int, seed: int, iterations: int) -> int:
    """Play the hand to its end, strong at `strong_seat` and easy at the other; the strong seat's points in it
    minus the other's."""
    e = position.clone()
    players = tuple("strong" if s == strong_seat else "easy" for s in range(2))
    for step in range(MAX_STEPS):
        seat = e.current
        action = choose(e, seat, level=players[seat], seed=seed * 1000 + step, iterations=iterations,
                        players=players)
        for ev in e.apply(seat, action):
            if ev.get("type") == "hand_scored":
                deltas = ev["deltas"]
                return deltas[strong_seat] - deltas[1 - strong_seat]
    raise RuntimeError(f"the hand of seed {seed} did not end within {MAX_STEPS} steps")


@contextmanager
def forgetting() -> Iterator[None]:
    """Within: worlds forget the rebuild (the hidden cards dealt as one kind, as before stop 42)."""
    remembering = Treppenromme.unseen

    def unseen(self: Treppenromme, seat: int) -> list[tuple[list[str], dict[int, int]]]:
        saved = self.rebuilt_from
        self.rebuilt_from = frozenset()
        try:
            return remembering(self, seat)
        finally:
            self.rebuilt_from = saved

    Treppenromme.unseen = unseen  # type: ignore[method-assign]
    try:
        yield
    finally:
        Treppenromme.unseen = remembering  # type: ignore[method-assign]


def advantages(found: list[tuple[int, Treppenromme]], iterations: int) -> list[float]:
    return [sum(rest_of_hand(p, s, seed, iterations) for s in (0, 1)) / 2 for seed, p in found]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--first-seed", type=int, default=100_000)
    parser.add_argument("--iterations", type=int, default=24)
    args = parser.parse_args(argv)
    found = positions(args.positions, args.first_seed)
    remembering = advantages(found, args.iterations)
    with forgetting():
        forgot = advantages(found, args.iterations)
    paired = [a - b for a, b in zip(remembering, forgot, strict=True)]
    print(f"{len(found)} positions after a rebuild (engine seeds from {args.first_seed + 1}), "
          f"{args.iterations} worlds, points of the rest of the hand per position")
    for name, xs in (("strong over easy", remembering), ("forgetting the rebuild", forgot),
                     ("paired difference", paired)):
        mean, (lo, hi) = mean_ci(xs)
        print(f"{name:23} {mean:+7.2f} [{lo:+.2f}, {hi:+.2f}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
