"""Schieberamsch engine: properties over random legal play (records, hidden cards, determinism) and views
that do not alias the engine's state.
"""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.cards import DECK_32
from bot.games.schieberamsch import (
    Schieberamsch,
    grand_delta,
    ramsch_deltas,
)

from .schieberamsch_helpers import GH_WITH2_75, act, grouped, new, play_tricks, scored, strings_in

# -- properties over random legal play -------------------------------------------------------------------


def check_hand_record(h):
    assert sum(h["tricks"]) == 10 and sum(h["points"]) == 120
    if h["mode"] == "ramsch":
        assert h["deltas"] == ramsch_deltas(h["points"], h["tricks"], h["pushes"])
        assert h["pushes"] == len(h["pushed_by"]) and len(h["pushed_by"]) + len(h["took_by"]) == 3
    else:
        solo = h["solo"]
        assert [d for s, d in enumerate(h["deltas"]) if s != solo] == [0, 0]
        assert h["deltas"][solo] == grand_delta(h["matadors"], h["solo_points"], h["tricks"][solo],
                                                h["kontra"] is not None, h["rekontra"] is not None)


def hidden_cards(e, seat=None):
    """Cards no-one but their holder (or no-one at all) may see, from the engine's own state."""
    hidden = set(e._skat)
    for s in range(3):
        if s != seat:
            hidden |= set(e._hand(s))
    return hidden


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), jacks=st.booleans(), skat_to=st.sampled_from(["last_trick", "loser"]),
       gh_dealer=st.sampled_from(["rotate", "same"]))
def test_random_play_invariants(seed, jacks, skat_to, gh_dealer):
    options = {"deals": 3, "jacks_in_skat": jacks, "skat_to": skat_to, "gh_dealer": gh_dealer}
    e = Schieberamsch.new(3, seed=seed, options=options)
    rng = random.Random(seed)
    log, all_events = [], []
    played: set[str] = set()
    steps = 0
    while not e.over:
        steps += 1
        assert steps < 500
        (seat,) = e.to_act()
        assert all(e.legal_actions(s) == [] for s in range(3) if s != seat)
        legal = e.legal_actions(seat)
        assert legal and e.default_action(seat) in legal
        action = rng.choice(legal)
        hidden_before = hidden_cards(e)
        events = e.apply(seat, action)
        log.append((seat, action))
        all_events += events
        revealed = {x["card"] for x in events if x["type"] == "play"}
        for x in events:
            if x["type"] == "play":
                played.add(x["card"])
            if x["type"] == "deal":
                played = set()
            if "private" not in x:  # a public event names no card that was hidden and stays hidden
                assert not set(strings_in(x)) & (hidden_before - revealed), x
            else:
                assert x["private"] == seat
        # card conservation: hands + skat + played = the 32 cards, once each
        if not e.over:
            cards = [c for s in range(3) for c in e._hand(s)] + e._skat
            assert len(cards) + len(played) == 32 and set(cards) | played == set(DECK_32)
            assert not set(cards) & played
        # views: JSON, no hidden card in public, own hand only in private
        pub = e.view()
        json.dumps(pub)
        assert not set(strings_in(pub)) & hidden_cards(e)
        for s in range(3):
            v = e.view(s)
            # a seat remembers the two cards it put into the skat, wherever they went since
            assert not set(strings_in(v)) & (hidden_cards(e, s) - set(v.get("discarded", ())))
            assert sorted(v["hand"]) == sorted(e._hand(s))
    r = e.result()
    json.dumps(r)
    assert len(r["hands"]) == 3
    for h in r["hands"]:
        check_hand_record(h)
    assert r["totals"] == [sum(h["deltas"][s] for h in r["hands"]) for s in range(3)]
    assert r["winners"] == [s for s in range(3) if r["totals"][s] == min(r["totals"])]
    # determinism: the same new() arguments and actions replay to the same events and views
    again = Schieberamsch.new(3, seed=seed, options=options)
    replay_events = []
    for seat, action in log:
        replay_events += again.apply(seat, action)
    assert replay_events == all_events
    assert again.view() == e.view() and all(again.view(s) == e.view(s) for s in range(3))
    assert again.result() == r


def test_events_and_views_do_not_alias_engine_state():
    e = new(GH_WITH2_75["deal"])
    act(e, *GH_WITH2_75["pre"])
    events = play_tricks(e, grouped(GH_WITH2_75["plays"]))
    h = scored(events)
    h["deltas"][0] = 999
    e.view()["last_hand"]["deltas"][0] = 999
    e.result()["hands"][0]["points"][0] = 999
    assert e.result()["hands"][0]["deltas"] == [-9, 0, 0] and e.result()["hands"][0]["points"][0] == 75
    assert e.view()["sheet"] == [[-9, 0, 0]]
