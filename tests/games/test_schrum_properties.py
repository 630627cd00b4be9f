"""Schrum Schrum and Tač engines: properties over random and greedy play."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.cards import DECK_32, DECK_52
from bot.games.schrum import SchrumSchrum
from bot.games.tac import Tac

from .schrum_helpers import all_strings, talon_cards

# -- random play properties ------------------------------------------------------------------------------


def play_random(e, rng, check, max_steps=20000):
    log = []
    for _ in range(max_steps):
        if e.over:
            break
        seats = sorted(e.to_act())
        assert seats, "nobody to act but the match is not over"
        s = rng.choice(seats)
        acts = e.legal_actions(s)
        assert acts
        a = rng.choice(acts)
        events = e.apply(s, a)
        log.append((s, a, events))
        check(e)
    assert e.over
    return log


def invariants(cls):
    deck = Counter(DECK_32 if cls is SchrumSchrum else DECK_52)

    def check(e):
        cards = [c for t in e.talons for c in t] + [c for r in e.reserves for c in r] + list(e.centre)
        if e.exposed is not None:
            cards.append(e.exposed)
        assert Counter(cards) == deck  # conservation
        hidden = talon_cards(e)
        for seat in [None, *range(e.seats)]:
            assert not hidden & set(all_strings(e.view(seat)))  # no view shows an unexposed talon card
        assert e.idle <= e.stall_limit
        v = e.view()
        assert v["counts"] == [e.view()["talon_counts"][i] + len(v["reserves"][i])
                               + (1 if v["exposed"] and v["exposed"]["seat"] == i else 0)
                               for i in range(e.seats)]
        if v["phase"] == "tac":
            assert e.to_act() == set(v["tac_callers"]) | {v["current"]}
            assert v["tac_window"] not in e.to_act()

    return check


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.sampled_from([2, 4, 8, 3, 5]), hands=st.integers(1, 2))
def test_property_schrum_random_play(seed, n, hands):
    e = SchrumSchrum.new(n, seed=seed, options={"hands": hands, "unequal": n in (3, 5)})
    log = play_random(e, random.Random(seed), invariants(SchrumSchrum))
    res = e.result()
    assert len(res["hands"]) == hands
    for h in res["hands"]:
        assert sum(h["deltas"]) == (0 if h["drawn"] else 1)
    assert res["totals"] == [sum(h["deltas"][i] for h in res["hands"]) for i in range(n)]
    json.dumps(res)
    # replay is exact
    r = SchrumSchrum.new(n, seed=seed, options={"hands": hands, "unequal": n in (3, 5)})
    for s, a, events in log:
        assert r.apply(s, a) == events
    assert r.view() == e.view() and r.result() == res


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.sampled_from([2, 3, 4]),
       rule=st.sampled_from(["same", "adjacent"]))
def test_property_tac_random_play(seed, n, rule):
    opts = {"open_rule": rule}
    e = Tac.new(n, seed=seed, options=opts)
    log = play_random(e, random.Random(seed), invariants(Tac))
    res = e.result()
    assert sum(res["totals"]) == (0 if res["hands"][0]["drawn"] else 1)
    r = Tac.new(n, seed=seed, options=opts)
    for s, a, events in log:
        assert r.apply(s, a) == events
    assert r.view(0) == e.view(0) and r.result() == res


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_property_reserve_greedy_play_ends_by_win_or_stall_guard(seed):
    """Players who always prefer a reserve over the centre: the hand still ends (win or drawn)."""
    e = SchrumSchrum.new(2, seed=seed)
    steps = 0
    while not e.over:
        s = next(iter(e.to_act()))
        acts = e.legal_actions(s)
        e.apply(s, acts[-1])
        steps += 1
        assert steps < 5000
    h = e.result()["hands"][0]
    assert h["drawn"] or h["winner"] is not None
