"""The search helpers shared by the strong players."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from bot.ai.search import systematic


@given(st.lists(st.integers(0, 5), min_size=1, max_size=12).filter(any), st.integers(1, 30), st.integers(0, 99))
def test_systematic_resampling_draws_each_index_in_proportion_to_its_weight(
        weights: list[int], n: int, seed: int) -> None:
    picks = systematic(weights, n, random.Random(seed))
    assert len(picks) == n
    counts = Counter(picks)
    total = sum(weights)
    for i, w in enumerate(weights):
        assert abs(counts[i] - n * w / total) < 1 + 1e-9  # within one of its share, never more
        assert w or not counts[i]  # a zero weight is never drawn


def test_systematic_resampling_shuffles_its_picks() -> None:
    orders = {tuple(systematic([1.0] * 10, 10, random.Random(seed))) for seed in range(5)}
    assert len(orders) > 1 and all(sorted(o) == list(range(10)) for o in orders)
