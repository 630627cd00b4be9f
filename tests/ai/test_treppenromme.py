"""Treppenrommé's computer players: legal, never peeking, and right where the right move is clear."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import choose
from bot.ai.treppenromme import take_candidates
from bot.games.treppenromme import Treppenromme
from tests.games.test_treppenromme_sample import random_position


def new(hands: list[list[str]], staircase: list[str], seed: int = 3) -> Treppenromme:
    """Seat 0 deals and so takes the first turn."""
    return Treppenromme.new(len(hands), seed=seed, options={"dealer": 0},
                            deal={"hands": hands, "staircase": staircase})


def test_every_decision_of_a_hand_is_legal_for_both_levels() -> None:
    for level, seats, seed in (("easy", 4, 1), ("strong", 2, 2)):
        e = Treppenromme.new(seats, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not e.over and e.hand_no <= 2 and steps < 400:
            seat = e.current
            lv = level if seat == 0 else "easy"
            action = choose(e, seat, level=lv, seed=rng.randrange(1000), iterations=2)
            assert action in e.legal_actions(seat)
            e.apply(seat, action)
            steps += 1
        assert e.hand_no > 1 or e.over


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60), st.integers(0, 100))
def test_strong_never_peeks(seed: int, steps: int, j: int) -> None:
    e = random_position(seed, steps)
    if e.over:
        return
    seat = e.current
    world = e.sample(seat, random.Random(j))
    for level in ("easy", "strong"):
        assert (choose(e, seat, level=level, seed=seed, iterations=3)
                == choose(world, seat, level=level, seed=seed, iterations=3))


HAND = ["10H", "JH", "4C", "7S", "KD", "2C", "9S"]
OTHER = ["5D", "6D", "3S", "8C", "QS", "AC", "6C"]


def test_takes_deep_staircase_cards_that_complete_a_sequence() -> None:
    e = new([HAND, OTHER], ["8H", "9H", "QC", "3D"])  # the top card is useless, 8-9 of hearts lie below
    assert "take 4" in take_candidates(e.view(0), e.legal_actions(0))
    assert choose(e, 0, level="easy", seed=1) == "draw"
    assert choose(e, 0, level="strong", seed=1, iterations=12) == "take 4"


def test_draws_when_the_staircase_gives_nothing() -> None:
    e = new([HAND, OTHER], ["5H", "QC", "3D"])
    assert choose(e, 0, level="strong", seed=1, iterations=12) == "draw"


def test_places_points_then_discards_an_isolated_expensive_card() -> None:
    e = new([["10H", "JH", "QH", "AS", "3C", "4C", "8D"], OTHER], ["2S"])
    e.apply(0, "draw")
    first = choose(e, 0, level="strong", seed=1, iterations=8)
    assert first.startswith("meld ") and "10H" in first and "QH" in first
    e.apply(0, first)
    discard = choose(e, 0, level="strong", seed=1, iterations=8)
    assert discard.startswith("discard ") and discard[8:] not in ("3C", "4C")
