"""Schrööm engine: properties over random legal play (invariants, hidden cards, matches that end)."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.cards import DECK_32
from bot.games.schroeoem import Schroeoem


# -- properties over random legal play -------------------------------------------------------------
def _hidden(e):
    cards = set(e.stock)
    for s in range(e.seats):
        cards.update(e.hands[s])
        cards.update(e.out[s])
    return cards


def _all_cards(e):
    cards = list(e.stock)
    for s in range(e.seats):
        cards += e.hands[s] + e.out[s]
    cards += [c for _, c in e.trick]
    for t in e.tricks:
        cards += [x["card"] for x in t["cards"]]
    for x in e.exchanges:
        cards += x["revealed"] + ([x["fourth"]] if x["fourth"] else [])
    return cards


SHOWN = {("play", "card"), ("trick", "cards"), ("reveal", "card"), ("exchange_reveal", "cards")}


def _random_match(seats, seed, points, check=True):
    e = Schroeoem.new(seats, seed=seed, options={"points": points})
    rnd = random.Random(seed)
    log, events = [], []
    prev = list(e.points)
    while not e.over:
        acting = sorted(e.to_act())
        assert acting
        seat = rnd.choice(acting)
        legal = e.legal_actions(seat)
        assert legal
        if check:
            m = e.view()["mover"]
            assert e.waiting_for() == frozenset({m}) and m in acting
            assert e.default_action(m) in e.legal_actions(m)
            d = e.default_action(seat)
            assert d is None or d in legal and d != "knock"
        action = rnd.choice(legal)
        ev = e.apply(seat, action)
        log.append((seat, action))
        events.append(ev)
        assert all(p <= q for p, q in zip(e.points, prev, strict=True)), "points only fall"
        prev = list(e.points)
        if check:
            cards = _all_cards(e)
            assert Counter(cards) == Counter(DECK_32)
            hidden = _hidden(e)
            public = json.dumps(e.view(None))
            leaked = [c for c in hidden if f'"{c}"' in public]
            assert not leaked, leaked
            # Public events name cards only where a card is played or revealed by the rules.
            pub_events = json.dumps([{k: v for k, v in x.items() if (x["type"], k) not in SHOWN}
                                     for x in ev if "private" not in x])
            assert not [c for c in DECK_32 if f'"{c}"' in pub_events]
            for s in range(seats):
                mine = set(e.hands[s]) | set(e.out[s])
                private = json.dumps(e.view(s))
                assert not [c for c in hidden - mine if f'"{c}"' in private]
        assert len(log) < 5000
    return e, log, events


@settings(max_examples=40, deadline=None)
@given(seats=st.integers(2, 8), seed=st.integers(0, 10**6), points=st.integers(1, 4))
def test_random_legal_play_invariants(seats, seed, points):
    e, log, events = _random_match(seats, seed, points)
    res = e.result()
    json.dumps(res)
    assert e.over and e.to_act() == frozenset() and len(res["winners"]) == 1
    w = res["winners"][0]
    assert [s for s in range(seats) if s not in e.view()["eliminated"]] == [w]
    assert sum(1 for p in res["totals"] if p > 0) <= 1
    for s in range(seats):
        assert points + sum(h["deltas"][s] for h in res["hands"]) == res["totals"][s]
    assert events[-1][-1] == {"type": "match_over", "winners": [w], "totals": res["totals"]}
    # Replay of new() arguments + action log restores the same match exactly.
    r = Schroeoem.new(seats, seed=seed, options={"points": points})
    for (seat, action), ev in zip(log, events, strict=True):
        assert r.apply(seat, action) == ev
    assert r.view(None) == e.view(None) and r.result() == res


@settings(max_examples=30, deadline=None)
@given(seats=st.integers(2, 8), seed=st.integers(0, 10**6))
def test_random_long_matches_terminate(seats, seed):
    e, _, _ = _random_match(seats, seed, 7, check=False)
    assert len(e.result()["winners"]) == 1
