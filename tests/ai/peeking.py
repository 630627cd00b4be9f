"""The no-peeking check shared by the Schrum Schrum/Tač and Repezita player tests."""

from __future__ import annotations

import random

from bot.ai import choose, volunteer
from bot.games import Engine


def assert_never_peeks(e: Engine, seed: int, iterations: int, worlds: int = 2) -> None:
    """For every seat to act: the strong choice on the engine equals the one on worlds sampled for that seat
    (for a seat free to act out of turn: what it volunteers, if anything)."""
    for s in sorted(e.to_act()):
        ask = volunteer if s not in e.waiting_for() else choose
        real = ask(e, s, level="strong", seed=seed, iterations=iterations)
        for j in range(worlds):
            assert ask(e.sample(s, random.Random(j)), s, level="strong", seed=seed, iterations=iterations) == real
