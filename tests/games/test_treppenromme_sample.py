"""Treppenrommé's sample(seat, rng): worlds consistent with what the seat saw, canonical, playable on."""

from __future__ import annotations

import random
from collections import Counter
from operator import attrgetter

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.cards import DECK_52
from bot.games.treppenromme import Treppenromme

from .sample_checks import assert_canonical, assert_consistent

HIDDEN = attrgetter("talon")


def all_cards(e: Treppenromme) -> Counter[str]:
    return Counter([c for h in e.hands for c in h] + e.talon + e.staircase + [c for m in e.melds for c in m.cards])


def random_action(e: Treppenromme, r: random.Random) -> str:
    acts = e.legal_actions(e.current)
    if e.step == "draw":
        return "draw" if r.random() < 0.6 else r.choice(acts)
    places = [a for a in acts if not a.startswith("discard")]
    if places and r.random() < 0.7:
        return r.choice(places)
    return r.choice([a for a in acts if a.startswith("discard")])


def random_position(seed: int, steps: int) -> Treppenromme:
    r = random.Random(seed)
    e = Treppenromme.new(r.randint(2, 4), seed=seed)
    for _ in range(steps):
        if e.over:
            break
        e.apply(e.current, random_action(e, r))
    return e


def check_sample(e: Treppenromme, seat: int, rng: random.Random) -> Treppenromme:
    w = e.sample(seat, rng)
    assert_consistent(e, w, seat)
    assert all_cards(w) == Counter(DECK_52)
    assert len(w.talon) == len(e.talon)
    for s in range(e.seats):
        assert set(e.known[s]) <= set(w.hands[s])
    return w


def test_cards_taken_from_the_staircase_stay_in_the_takers_hand() -> None:
    hands = [["2C", "3C", "4C", "5C", "6C", "7C", "8C"], ["2H", "3H", "4H", "5H", "6H", "7H", "8H"]]
    e = Treppenromme.new(2, seed=1, options={"dealer": 0}, deal={"hands": hands, "staircase": ["KD"]})
    e.apply(0, "draw")
    e.apply(0, "discard 8C")
    e.apply(1, "take 2")  # KD and 8C go to seat 1's hand, as everybody saw
    r = random.Random(3)
    for _ in range(200):
        w = check_sample(e, 0, r)
        assert {"KD", "8C"} <= set(w.hands[1])
    e.apply(1, "discard KD")
    for _ in range(50):
        w = check_sample(e, 0, r)
        assert "8C" in w.hands[1]
    # the rest of seat 1's hand is unknown to seat 0: it varies
    assert len({tuple(e.sample(0, random.Random(i)).hands[1]) for i in range(20)}) > 1


def test_sample_is_canonical_and_reshuffles_the_talon() -> None:
    e = random_position(5, 25)
    seat = e.current
    assert_canonical(e, seat, HIDDEN)
    assert e.sample(seat, random.Random(2)).talon != e.sample(seat, random.Random(3)).talon


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 120), st.integers(0, 3))
def test_random_positions_sample_consistently_and_play_on(seed: int, steps: int, who: int) -> None:
    e = random_position(seed, steps)
    seat = who % e.seats
    w = check_sample(e, seat, random.Random(seed))
    assert_canonical(e, seat, HIDDEN, seed)
    r = random.Random(seed)
    hand_no = w.hand_no
    for _ in range(3000):
        if w.over or w.hand_no != hand_no:
            break
        w.apply(w.current, random_action(w, r))
    assert w.over or w.hand_no != hand_no
