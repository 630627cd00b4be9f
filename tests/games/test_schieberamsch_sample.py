"""Schieberamsch.sample(seat, rng): worlds consistent with what the seat knows, canonical, playable."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.cards import DECK_32
from bot.games.schieberamsch import SORT_KEY, SUIT_OF, Schieberamsch


def new(seed: int = 1, **options) -> Schieberamsch:
    opts = {"dealer": 2, "deals": 3}
    opts.update(options)
    return Schieberamsch.new(3, seed=seed, options=opts)


def walk(seed: int, steps: int, take: float = 0.5, grand: float = 0.1) -> Schieberamsch:
    """A position reached by random legal play (taking and Grand Hand with the given odds)."""
    e = new(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if e.over:
            break
        (s,) = e.to_act()
        legal = e.legal_actions(s)
        if "take" in legal:
            a = "take" if rng.random() < take else "push"
        elif "grand" in legal:
            a = "grand" if rng.random() < grand else "pass"
        else:
            a = rng.choice(legal)
        e.apply(s, a)
    return e


def cards_everywhere(e: Schieberamsch) -> list[str]:
    """Every card of the deal: hands, skat and the cards played so far."""
    _, played = e.knowledge(0)
    gone = [c for c in DECK_32 if any(m >> SORT_KEY[c] & 1 for m in played)]
    return [c for s in range(3) for c in e.view(s)["hand"]] + list(e._skat) + gone


def check_world(e: Schieberamsch, w: Schieberamsch, seat: int) -> None:
    assert w.view(seat) == e.view(seat)
    assert w.view(None) == e.view(None)
    assert w.legal_actions(seat) == e.legal_actions(seat)
    assert w.to_act() == e.to_act()
    every = cards_everywhere(w)
    assert sorted(every) == sorted(DECK_32)
    voids, _ = e.knowledge(seat)
    for p in range(3):
        for c in w.view(p)["hand"]:
            assert not voids[p] >> ("TCSHD".index(SUIT_OF[c])) & 1, (p, c)


def same_world(a: Schieberamsch, b: Schieberamsch) -> None:
    for s in (None, 0, 1, 2):
        assert a.view(s) == b.view(s)
        if s is not None:
            assert a.legal_actions(s) == b.legal_actions(s)
    rng_a, rng_b = random.Random(3), random.Random(3)
    for _ in range(12):
        if a.over:
            break
        (s,) = a.to_act()
        act = rng_a.choice(a.legal_actions(s))
        assert act == rng_b.choice(b.legal_actions(s))
        assert a.apply(s, act) == b.apply(s, act)


def play_out(w: Schieberamsch, seed: int) -> None:
    rng = random.Random(seed)
    while not w.over:
        (s,) = w.to_act()
        w.apply(s, rng.choice(w.legal_actions(s)))


def test_fresh_deal_redeals_the_others_and_the_skat():
    e = new(5)
    w = e.sample(0, random.Random(1))
    check_world(e, w, 0)
    assert w.view(1)["hand"] != e.view(1)["hand"] or w.view(2)["hand"] != e.view(2)["hand"]


def test_void_shown_is_respected():
    for seed in range(60):
        e = walk(seed, 28)
        if e.over or e._phase != "play":
            continue
        voids, _ = e.knowledge(0)
        if not (voids[1] or voids[2]):
            continue
        for j in range(200):
            w = e.sample(0, random.Random(j))
            for p in (1, 2):
                for c in w.view(p)["hand"]:
                    assert not voids[p] >> "TCSHD".index(SUIT_OF[c]) & 1
        return
    raise AssertionError("no void shown in 60 random positions")


def test_own_discard_is_the_skat_until_someone_takes_it():
    e = new(7)
    e.apply(0, "pass"), e.apply(1, "pass"), e.apply(2, "pass")
    e.apply(0, "take")
    a, b = e.view(0)["hand"][:2]
    e.apply(0, f"discard {a} {b}")
    for j in range(30):
        assert sorted(e.sample(0, random.Random(j))._skat) == sorted([a, b])
    e.apply(1, "take")  # MH picks them up: now they are with MH (12 cards) and nowhere else
    for j in range(30):
        w = e.sample(0, random.Random(j))
        assert {a, b} <= set(w.view(1)["hand"])
        assert w.view(1)["skat"] == sorted([a, b], key=e.view(1)["hand"].index)
    c, d = e.view(1)["hand"][-2:]
    e.apply(1, f"discard {c} {d}")
    e.apply(2, "push")
    for j in range(30):  # each of seat 0's two cards is with MH or in the skat, never with RH
        w = e.sample(0, random.Random(j))
        assert not {a, b} & set(w.view(2)["hand"])
        check_world(e, w, 0)


def test_the_skat_a_seat_picked_up_tells_it_the_previous_discard():
    e = new(8)
    for s in (0, 1, 2):
        e.apply(s, "pass")
    e.apply(0, "take")
    x, y = e.view(0)["hand"][-2:]
    e.apply(0, f"discard {x} {y}")
    e.apply(1, "take")
    assert e.sample(1, random.Random(1)).view(0)["discarded"] == e.view(0)["discarded"]


def test_grand_hand_matadors_follow_the_world():
    e = new(11)
    e.apply(0, "grand")
    for j in range(20):
        w = e.sample(1, random.Random(j))
        check_world(e, w, 1)
        play_out(w, j)


def test_canonical_two_engines_with_the_same_knowledge_give_the_same_world():
    for seed in range(25):
        e = walk(seed, seed * 3)
        if e.over:
            continue
        for seat in range(3):
            x = e.sample(seat, random.Random(1))
            same_world(e.sample(seat, random.Random(7)), x.sample(seat, random.Random(7)))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 45), st.integers(0, 2), st.integers(0, 1000))
def test_property_random_positions(seed, steps, seat, j):
    e = walk(seed, steps, take=0.6, grand=0.15)
    w = e.sample(seat, random.Random(j))
    if not e.over:
        check_world(e, w, seat)
    play_out(w, j)
