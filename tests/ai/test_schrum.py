"""Schrum Schrum and Tač computer players: legal at every decision, never peeking, the clear moves."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import choose, volunteer
from bot.games.schrum import SchrumSchrum
from bot.games.tac import Tac
from tests.ai.peeking import assert_never_peeks
from tests.games.schrum_helpers import position
from tests.games.test_schrum_sample import walk

ITER = 4


def play_match(cls, seats: int, seed: int, level: str, **options) -> None:
    e = cls.new(seats, seed=seed, options={"hands": 2, **options})
    rng = random.Random(seed)
    steps = 0
    while not e.over:
        s = rng.choice(sorted(e.to_act()))
        legal = e.legal_actions(s)
        if rng.random() < 0.1:  # now and then a human's choice (a miss, a pass, a decline)
            action = rng.choice(legal)
        else:
            action = choose(e, s, level=level, seed=steps, iterations=ITER)
            assert action in legal
        e.apply(s, action)
        steps += 1


def test_easy_and_strong_play_whole_matches_legally():
    for seed, (cls, n, opts) in enumerate([(SchrumSchrum, 2, {}), (SchrumSchrum, 4, {"reserve_rule": "next"}),
                                           (Tac, 3, {}), (Tac, 4, {"open_rule": "adjacent"})]):
        play_match(cls, n, seed, "easy", **opts)
        play_match(cls, n, seed, "strong", **opts)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60),
       game=st.sampled_from([(SchrumSchrum, 4, {}), (Tac, 4, {"open_rule": "adjacent"}), (Tac, 3, {})]))
def test_property_strong_never_peeks(seed, steps, game):
    cls, n, opts = game
    e = walk(cls, n, seed, steps, **opts)
    if e.over:
        return
    assert_never_peeks(e, seed, ITER)


def _miss():
    e = position(Tac, 4, 0, talons={0: ["5S", "KH"], 1: ["QC", "2C"], 2: ["QD", "2D"], 3: ["QH", "2H"]}, top="4D")
    e.apply(0, "keep")
    return e


def test_strong_calls_every_miss_and_gives_every_penalty():
    e = _miss()
    assert choose(e, 1, level="strong") == "tac"  # the next player calls rather than exposing
    assert volunteer(e, 2, level="strong") == "tac"  # and so does any other player, out of turn
    assert volunteer(e, 3, level="strong") == "tac"
    e.apply(2, "tac")
    for s in (1, 2, 3):
        assert choose(e, s, level="strong") == "give"


def test_easy_notices_about_half_of_the_misses_and_always_gives():
    calls = [choose(_miss(), 1, level="easy", seed=seed) for seed in range(200)]
    assert set(calls) == {"tac", "expose"} and 70 <= calls.count("tac") <= 130
    out_of_turn = [volunteer(_miss(), 2, level="easy", seed=seed) for seed in range(200)]
    assert set(out_of_turn) == {"tac", None} and 70 <= out_of_turn.count("tac") <= 130
    e = _miss()
    e.apply(2, "tac")
    for s in (1, 2, 3):
        assert all(choose(e, s, level="easy", seed=seed) == "give" for seed in range(20))


def test_only_a_seat_free_to_act_out_of_turn_volunteers():
    e = _miss()
    with pytest.raises(ValueError, match="out of turn"):
        volunteer(e, 1)  # the next player is waited for: it chooses, it does not volunteer
    plain = position(SchrumSchrum, 2, 0, talons={0: ["JH"]}, reserves={1: ["QC"]}, top="10D")
    with pytest.raises(ValueError):
        volunteer(plain, 1)


def test_strong_never_misses_and_easy_now_and_then_overlooks_a_card():
    e = position(Tac, 4, 0, talons={0: ["9S"]}, reserves={1: ["9C"], 2: ["9H"]}, top="4D")
    assert e.legal_actions(0) == ["onto 1", "onto 2", "keep"]
    for seed in range(20):
        assert choose(e, 0, level="strong", seed=seed, iterations=8) != "keep"
    easy = [choose(e, 0, level="easy", seed=seed) for seed in range(400)]
    assert 15 <= easy.count("keep") <= 70  # SLIP = 0.1
    assert {"onto 1", "onto 2"} <= set(easy)  # anywhere it fits


def winning_line():
    """Seat 0's Closed pile is its turned-over reserve (public): Q♠ then K♦. Q♠ into the centre lets K♦ follow
    and empties both piles: a win at once. Q♠ onto seat 1's Q♣ leaves K♦ without a place."""
    e = position(SchrumSchrum, 2, 0, talons={0: ["JH"]}, reserves={0: ["QS", "KD"], 1: ["QC"]}, top="10D")
    e.apply(0, "centre")
    assert e.exposed == "QS" and e.legal_actions(0) == ["centre", "onto 1"]
    return e


def test_strong_sees_the_win_through_the_centre_where_easy_may_feed_the_opponent():
    e = winning_line()
    assert {choose(e, 0, level="easy", seed=seed) for seed in range(20)} == {"onto 1", "centre"}  # either
    for seed in range(3):
        assert choose(e, 0, level="strong", seed=seed, iterations=16) == "centre"

