"""Repezita computer players: legal at every decision, never peeking, pass only when nothing fits."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import choose
from bot.ai.repezita import fits
from bot.games.repezita import Repezita
from tests.ai.peeking import assert_never_peeks
from tests.games.test_repezita import position, smart_choice

ITER = 4


def play_match(seats: int, seed: int, level: str) -> None:
    """The seats holding cards act in turn round the table (the benchmark's way of interleaving a race)."""
    e = Repezita.new(seats, seed=seed, options={"hands": 2})
    k = 0
    while not e.over:
        acting = sorted(e.to_act())
        s = acting[k % len(acting)]
        action = choose(e, s, level=level, seed=k, iterations=ITER)
        assert action in e.legal_actions(s)
        if action.startswith("play "):
            assert e.correct(action.split()[1]), "a computer never plays a wrong card"
        else:
            assert action == "go" or not any(e.correct(c) for c in e.hands[s]), "pass only when nothing fits"
        e.apply(s, action)
        k += 1
        assert k < 5000


def test_easy_and_strong_play_whole_matches_legally():
    for seed, n in enumerate((2, 3, 5)):
        play_match(n, seed, "easy")
        play_match(n, seed, "strong")


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 5), steps=st.integers(0, 80))
def test_property_strong_never_peeks(seed, n, steps):
    e = Repezita.new(n, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if e.over:
            break
        s, a = smart_choice(e, rng, 0.1)
        e.apply(s, a)
    if e.over:
        return
    assert_never_peeks(e, seed, ITER)


def test_fits():
    assert fits(8, 7, False) and fits(6, 7, False) and not fits(7, 7, False)
    assert fits(13, 1, False) and fits(2, 1, False) and fits(1, 13, False)
    assert fits(1, None, False) and not fits(5, None, False) and fits(5, None, True)


def test_the_dealer_says_go():
    e = Repezita.new(3, seed=1, options={"dealer": 2})
    assert choose(e, 2, level="easy") == choose(e, 2, level="strong") == "go"


def test_easy_keeps_a_chain_going():
    """On 7♣ both 6♦ and 8♥ fit; with 9♠ 10♠ in hand the 8 keeps a card playable after it."""
    e = position(2, [["6D", "8H", "9S", "10S", "KC"], ["2C", "3C"]], pile=["7C"])
    assert choose(e, 0, level="easy") == "play 8H on 7C"


def test_nothing_fits_means_pass():
    e = position(2, [["9D", "KC"], ["6S", "8S"]], pile=["7C"])
    for level in ("easy", "strong"):
        assert choose(e, 0, level=level) == "pass"
