"""SchrumSchrum/Tac.sample(seat, rng): the unseen talon cards dealt anew, canonical, and the world plays on."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.cards import DECK_32, DECK_52
from bot.games.schrum import SchrumSchrum
from bot.games.tac import Tac
from tests.games.schrum_helpers import position


def walk(cls, seats: int, seed: int, steps: int, **options):
    """A position reached by random legal play (never past the end of the match)."""
    e = cls.new(seats, seed=seed, options={"hands": 2, **options})
    rng = random.Random(seed)
    for _ in range(steps):
        if e.over:
            break
        s = rng.choice(sorted(e.to_act()))
        e.apply(s, rng.choice(e.legal_actions(s)))
    return e


def all_cards(e) -> Counter:
    cards = [c for t in e.talons for c in t] + [c for r in e.reserves for c in r] + list(e.centre)
    return Counter(cards + ([e.exposed] if e.exposed else []))


def check_world(e, w, seat: int) -> None:
    assert w.view(seat) == e.view(seat) and w.view(None) == e.view(None)
    assert w.legal_actions(seat) == e.legal_actions(seat) and w.to_act() == e.to_act()
    assert all_cards(w) == all_cards(e) == Counter(DECK_32 if isinstance(e, SchrumSchrum) else DECK_52)
    assert [len(t) for t in w.talons] == [len(t) for t in e.talons]
    for t_e, t_w, known in zip(e.talons, w.talons, e.known, strict=True):  # public talon cards stay put
        assert [c for c, k in zip(t_e, known, strict=True) if k] == [c for c, k in zip(t_w, known, strict=True) if k]


def same_world(a, b) -> None:
    for s in (None, *range(a.seats)):
        assert a.view(s) == b.view(s)
        if s is not None:
            assert a.legal_actions(s) == b.legal_actions(s)
    assert a.talons == b.talons
    rng_a, rng_b = random.Random(3), random.Random(3)
    for _ in range(40):
        if a.over:
            break
        s = rng_a.choice(sorted(a.to_act()))
        assert s == rng_b.choice(sorted(b.to_act()))
        act = rng_a.choice(a.legal_actions(s))
        assert act == rng_b.choice(b.legal_actions(s))
        assert a.apply(s, act) == b.apply(s, act)


def play_out(w, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(20_000):
        if w.over:
            return
        s = rng.choice(sorted(w.to_act()))
        w.apply(s, rng.choice(w.legal_actions(s)))
    raise AssertionError("the world did not finish")


def test_a_sample_deals_the_talons_anew_and_keeps_the_rest():
    e = walk(Tac, 3, seed=4, steps=2)
    worlds = [e.sample(1, random.Random(k)) for k in range(20)]
    for w in worlds:
        check_world(e, w, 1)
    assert len({tuple(map(tuple, w.talons)) for w in worlds}) > 1  # the hidden part really varies
    assert e.view(1) == worlds[0].view(1)  # sampling leaves the engine alone


def test_a_turned_over_reserve_is_public_and_stays_in_order():
    e = position(SchrumSchrum, 2, 0, talons={0: ["JH"], 1: ["QS"]}, reserves={0: ["8S", "QD", "9C"]}, top="10D")
    e.apply(0, "centre")  # J♥ to the centre; the reserve is turned over: 8♠ exposed, Q♦ and 9♣ now known
    assert e.known[0] == [True] * len(e.talons[0])
    for k in range(50):
        w = e.sample(1, random.Random(k))
        assert w.talons[0] == e.talons[0]
        check_world(e, w, 1)


def test_penalty_cards_are_unknown_but_sit_on_top_of_known_ones():
    e = position(Tac, 2, 0, talons={0: ["JH"], 1: ["5H", "7C", "QC"]}, reserves={0: ["3C", "QS", "KD"]},
                 top="10D", fill=[1])
    e.apply(0, "centre")  # J♥; the Open pile turned over: 3♣ (no destination), Q♠ and K♦ known
    assert e.exposed == "QS" and e.cur == 0  # seat 1's 5♥ fitted nowhere; seat 0 exposes Q♠
    e.apply(0, "keep")  # a miss
    e.apply(1, "tac")
    e.apply(1, "give")  # seat 1's top Closed card (7♣, unseen) onto seat 0's known K♦
    assert e.talons[0] == ["KD", "7C"] and e.known[0] == [True, False]
    tops = set()
    for k in range(60):
        w = e.sample(0, random.Random(k))
        check_world(e, w, 0)
        assert w.talons[0][0] == "KD"
        tops.add(w.talons[0][1])
    assert len(tops) > 5  # the given card could be any card nobody has seen


def test_canonical_worlds_depend_only_on_what_the_seat_knows():
    for cls, n in ((SchrumSchrum, 4), (Tac, 3), (Tac, 2)):
        e = walk(cls, n, seed=9, steps=25)
        for seat in range(n):
            twin = e.sample(seat, random.Random(1))
            same_world(e.sample(seat, random.Random(7)), twin.sample(seat, random.Random(7)))


def test_the_rng_is_reseeded_so_the_next_deal_is_hidden_too():
    e = walk(SchrumSchrum, 2, seed=2, steps=5)
    states = {e.sample(0, random.Random(k)).rng.getstate() for k in range(5)}
    assert len(states) == 5 and e.rng.getstate() not in states


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 120),
       game=st.sampled_from([(SchrumSchrum, 2, {}), (SchrumSchrum, 4, {"reserve_rule": "next"}), (Tac, 2, {}),
                             (Tac, 3, {"open_rule": "adjacent"}), (Tac, 4, {})]))
def test_property_samples_of_random_positions(seed, steps, game):
    cls, n, options = game
    e = walk(cls, n, seed, steps, **options)
    if e.over:
        return
    seat = seed % n
    w = e.sample(seat, random.Random(seed))
    check_world(e, w, seat)
    same_world(w.sample(seat, random.Random(5)), e.sample(seat, random.Random(5)))
    play_out(w, seed)
