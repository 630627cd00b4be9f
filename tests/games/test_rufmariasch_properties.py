"""Rufmariasch engine: properties over random legal play (hidden cards, seat swaps, invariants, illegal actions
leaving the state untouched, deterministic replay)."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import IllegalAction
from bot.games.cards import DECK_32
from bot.games.rufmariasch import STRENGTH, Rufmariasch

from .rufmariasch_helpers import random_play, snapshot


# -- properties over random legal play ---------------------------------------------------------------------
def _public_hidden_check(e, played):
    """view(None) names no hidden card; partner info absent before the called card is played."""
    pub = e.view(None)
    called, marriages = pub.pop("called"), pub.pop("marriages")
    pub.pop("last_hand")
    text = json.dumps(pub)
    hidden = [c for h in e.hands for c in h] + [c for h in e._second for c in h]
    assert not [c for c in hidden if f'"{c}"' in text]
    assert called == e.called
    for m in marriages if not e.over else []:
        assert set(m["cards"]) <= set(e.hands[m["seat"]]) | set(played)
    assert (e.view(None)["last_hand"] or None) == (e.history[-1] if e.history else None)
    for s in range(4):
        priv = e.view(s)
        own = set(priv.pop("hand"))
        assert own == set(e.hands[s])
        for key in ("called", "marriages", "last_hand"):
            assert priv.pop(key) == e.view(None)[key]
        text = json.dumps(priv)
        others = [c for t in range(4) if t != s for c in e.hands[t]] + [c for h in e._second for c in h]
        assert not [c for c in others if f'"{c}"' in text]
    if e.phase == "play" and not e.revealed:
        for key in ("partner", "alone", "sides", "points_by_side", "target"):
            assert pub[key] is None
        for s in range(4):
            if s != e.partner_seat:
                assert e.view(s)["partner"] is None


def _swap_check(e):
    """Before the reveal, swapping the partner's hand with another defender's changes nothing
    that the public, the caller or the remaining defender see."""
    caller, partner = e.fh, e.partner_seat
    if e.phase != "play" or e.revealed or partner == caller:
        return
    others = [s for s in range(4) if s not in (caller, partner) and len(e.hands[s]) == len(e.hands[partner])]
    if not others:
        return
    b = others[0]
    x = next(s for s in range(4) if s not in (caller, partner, b))
    alt = copy.deepcopy(e)
    alt.hands[partner], alt.hands[b] = alt.hands[b], alt.hands[partner]
    alt.partner_seat = b
    for s in (None, caller, x):
        assert json.dumps(e.view(s), sort_keys=True) == json.dumps(alt.view(s), sort_keys=True)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), must_head=st.booleans(), stake=st.integers(1, 50),
       dealer=st.sampled_from([None, 0, 1, 2, 3]))
def test_property_random_matches(seed, must_head, stake, dealer):
    options = {"deals": 4, "must_head": must_head, "stake": stake, "dealer": dealer}
    e = Rufmariasch.new(4, seed=seed, options=options)
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    played: list[str] = []
    steps = [0]
    trump = [None]

    def check(eng, ev):
        steps[0] += 1
        for x in ev:
            if x["type"] == "play":
                played.append(x["card"])
            if x["type"] == "hand_scored":
                assert len(played) == 32 and sorted(played) == sorted(DECK_32)
                played.clear()
                assert x["card_points"]["callers"] + x["card_points"]["defenders"] == 90
                assert sum(x["deltas"]) == 0
                assert x["payment"] == abs(x["callers_total"] - x["defenders_total"]) * stake
                assert x["payment"] % stake == 0
            if x["type"] == "call":
                trump[0] = x["trump"]
            if x["type"] == "trick":
                cards = [(c["seat"], c["card"]) for c in x["cards"]]
                led = cards[0][1][-1]
                best = max(cards, key=lambda sc: (sc[1][-1] == trump[0], sc[1][-1] == led,
                                                  STRENGTH[sc[1]]))
                assert x["winner"] == best[0]
        if not eng.over:
            cards = [c for h in eng.hands for c in h] + [c for h in eng._second for c in h] + played
            assert sorted(cards) == sorted(DECK_32)
        if steps[0] % 7 == 0:
            _public_hidden_check(eng, played)
            _swap_check(eng)
        for x in ev:
            json.dumps(x)
            if x["type"] == "dealt":
                assert "private" in x

    events = random_play(e, rng, log, check)
    assert steps[0] < 4 * 40
    res = e.result()
    assert len(res["hands"]) == 4 and all(sum(h["deltas"]) == 0 for h in res["hands"])
    assert res["totals"] == [sum(h["deltas"][s] for h in res["hands"]) for s in range(4)]
    # replay gives the same state, views and events
    r = Rufmariasch.new(4, seed=seed, options=options)
    replayed = []
    for s, a in log:
        replayed += r.apply(s, a)
    assert replayed == events
    assert snapshot(r) == snapshot(e) and r.result() == res


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_property_illegal_actions_leave_state_untouched(seed):
    e = Rufmariasch.new(4, seed=seed, options={"deals": 4})
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 30)):
        (s,) = e.to_act()
        e.apply(s, rng.choice(e.legal_actions(s)))
    (s,) = e.to_act()
    before = snapshot(e)
    legal = set(e.legal_actions(s))
    for a in ["play " + c for c in DECK_32] + ["announce " + x for x in "CSHD"] + ["call H AS", "pass"]:
        if a not in legal:
            with pytest.raises(IllegalAction) as info:
                e.apply(s, a)
            assert info.value.reason
    for other in range(4):
        if other != s:
            with pytest.raises(IllegalAction, match="not your turn"):
                e.apply(other, next(iter(legal)))
    assert snapshot(e) == before
