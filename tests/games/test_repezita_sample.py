"""Repezita.sample(seat, rng): the other hands dealt anew (penalty-shown cards stay), canonical, playable."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.repezita import VALUE, Repezita
from tests.games.test_repezita import position, smart_choice, started


def walk(n: int, seed: int, steps: int, p_wrong: float = 0.1) -> Repezita:
    e = Repezita.new(n, seed=seed, options={"hands": 2})
    rng = random.Random(seed)
    for _ in range(steps):
        if e.over:
            break
        s, a = smart_choice(e, rng, p_wrong)
        e.apply(s, a)
    return e


def every_card(e: Repezita) -> Counter:
    return Counter([c for h in e.hands for c in h] + e.pile + [c for d in e.dead for c in d])


def check_world(e: Repezita, w: Repezita, seat: int) -> None:
    assert w.view(seat) == e.view(seat) and w.view(None) == e.view(None)
    assert w.legal_actions(seat) == e.legal_actions(seat) and w.to_act() == e.to_act()
    assert every_card(w) == every_card(e) and sum(every_card(e).values()) == len(e.deck)
    assert w.pile == e.pile and w.dead == e.dead
    for s in range(e.seats):
        assert e.shown[s] <= set(w.hands[s])  # cards seen going into a hand stay there
        assert w.ranks[s] == [sum(1 for c in w.hands[s] if VALUE[c] == v) for v in range(14)]


def same_world(a: Repezita, b: Repezita) -> None:
    for s in (None, *range(a.seats)):
        assert a.view(s) == b.view(s)
        if s is not None:
            assert a.legal_actions(s) == b.legal_actions(s)
    rng_a, rng_b = random.Random(3), random.Random(3)
    for _ in range(30):
        if a.over:
            break
        sa, act_a = smart_choice(a, rng_a, 0.1)
        sb, act_b = smart_choice(b, rng_b, 0.1)
        assert (sa, act_a) == (sb, act_b)
        assert a.apply(sa, act_a) == b.apply(sb, act_b)


def test_own_hand_kept_the_others_dealt_anew():
    e = started(3, seed=3, options={"dealer": 2})
    worlds = [e.sample(0, random.Random(k)) for k in range(20)]
    for w in worlds:
        check_world(e, w, 0)
        assert list(w.hands[0]) == list(e.hands[0])
    assert len({tuple(w.hands[1]) for w in worlds}) > 1


def test_a_penalty_shows_cards_that_stay_with_the_taker():
    e = position(3, [["AS", "2D", "9C"], ["JS", "KD", "4H"], ["3C", "5C", "8H"]])
    e.apply(0, "play AS on -")
    e.apply(0, "play 2D on AS")
    e.apply(1, "play JS on 2D")  # wrong: seat 1 takes A♠ 2♦ J♠
    assert e.shown[1] == {"AS", "2D", "JS"}
    for k in range(100):
        w = e.sample(2, random.Random(k))
        check_world(e, w, 2)
        assert {"AS", "2D", "JS"} <= set(w.hands[1])
    e.apply(1, "play AS on -")  # a shown card played is no longer shown
    assert e.shown[1] == {"2D", "JS"}


def test_before_the_go_nobody_has_seen_a_hand():
    e = Repezita.new(2, seed=5, options={"dealer": 0})
    w = e.sample(1, random.Random(2))
    check_world(e, w, 1)
    assert list(w.hands[1]) != list(e.hands[1])  # even one's own hand is face down


def test_canonical_worlds_depend_only_on_what_the_seat_knows():
    e = walk(4, seed=8, steps=40)
    for seat in range(4):
        twin = e.sample(seat, random.Random(1))
        same_world(e.sample(seat, random.Random(7)), twin.sample(seat, random.Random(7)))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 6), steps=st.integers(0, 150))
def test_property_samples_of_random_positions(seed, n, steps):
    e = walk(n, seed, steps)
    if e.over:
        return
    seat = seed % n
    w = e.sample(seat, random.Random(seed))
    check_world(e, w, seat)
    same_world(w.sample(seat, random.Random(4)), e.sample(seat, random.Random(4)))
    rng = random.Random(seed)
    for _ in range(20_000):
        if w.over:
            break
        s, a = smart_choice(w, rng, 0.05)
        w.apply(s, a)
    assert w.over
