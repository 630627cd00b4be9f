"""The search helpers shared by the strong players."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.ai.search import floored, locate, systematic


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


def test_a_floor_keeps_every_weight_a_share_of_the_largest_and_nothing_to_draw_is_refused() -> None:
    assert floored([8.0, 0.0, 1e-9, 4.0], 0.25) == [8.0, 2.0, 2.0, 4.0]
    assert locate([1.0, 0.0, 3.0], [0.0, 0.24, 0.26, 0.99]) == [0, 0, 2, 2]
    with pytest.raises(ValueError):
        systematic([0.0, 0.0], 3, random.Random(1))
    with pytest.raises(ValueError):
        systematic([1.0], 0, random.Random(1))
