"""Treppenrommé engine: properties over random legal play (invariants, hidden cards, the parser agreeing with
the list of legal actions, deterministic replay)."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.cards import DECK_52
from bot.games.treppenromme import Treppenromme

from .treppenromme_helpers import CARD_RE

# -- properties over random legal play --------------------------------------------------------------

def _independent_seq_values(cards):
    out = []
    for i, c in enumerate(cards):
        r = c[:-1]
        if r == "A":
            out.append(1 if i == 0 else 10 if i == len(cards) - 1 else 5)
        else:
            out.append(10 if r in "JQK" else int(r))
    return out


def _hand_value(c):
    r = c[:-1]
    return 15 if r == "A" else 10 if r in "JQK" else int(r)


def _check_state(e):
    zones = [c for h in e.hands for c in h] + e.talon + e.staircase + [c for m in e.melds for c in m.cards]
    assert len(zones) == 52 and set(zones) == set(DECK_52)
    v = e.view()
    for s in range(e.seats):
        placed = sum(val for m in v["melds"] for val, by in zip(m["values"], m["by"], strict=True) if by == s)
        assert v["hand_points"][s] == placed
    for m in v["melds"]:
        assert m["points"] == sum(m["values"])
        if m["kind"] == "set":
            assert len({c[:-1] for c in m["cards"]}) == 1 and 3 <= len(m["cards"]) <= 4
    assert sum(h["deltas"][0] for h in e.history) == e.totals[0]


def _check_public(e, shown):
    """Outside the log the view spells only the cards face up now; the log only cards that were face up
    in this hand (`shown`: the staircase of the deal, every take, meld, lay-off and discard)."""
    v = e.view()
    log = v.pop("log")
    text = json.dumps(v)
    public = set(e.staircase) | {c for m in e.melds for c in m.cards}
    if e.took and e.took.get("cards"):
        public |= set(e.took["cards"])
    assert set(CARD_RE.findall(text)) <= public
    hidden = ({c for h in e.hands for c in h} | set(e.talon)) - public
    assert not hidden & set(CARD_RE.findall(text))
    assert set(CARD_RE.findall(json.dumps(log))) <= shown
    for s in range(e.seats):
        assert e.view(s)["hand"] == e.hands[s]


def _check_parser_agrees(e, rng):
    seat = next(iter(e.to_act()))
    legal = e.legal_actions(seat)
    for a in legal:
        assert e.explain(seat, a) == f"{a!r} is legal", a
    candidates = [f"take {k}" for k in range(0, len(e.staircase) + 2)] + ["draw"]
    candidates += ["discard " + c for c in DECK_52]
    candidates += [f"layoff {c} {m}" for c in e.hands[seat] for m in range(0, len(e.melds) + 2)]
    for a in candidates:
        assert (e.explain(seat, a) == f"{a!r} is legal") == (a in legal), a
    melds = [a for a in legal if a.startswith("meld")]
    for a in rng.sample(melds, min(3, len(melds))):
        parts = a.split()
        cards, tail = (parts[1:-2], parts[-2:]) if "low" in parts else (parts[1:], [])
        rng.shuffle(cards)
        assert e.explain(seat, " ".join(["meld", *cards, *tail])).endswith("is legal")


def _play(seed, seats, *, checks=True):
    e = Treppenromme.new(seats, seed=seed)
    rng = random.Random(seed)
    log = []
    n = 0
    shown = set(e.staircase)  # cards face up at some time in this hand
    while not e.over:
        seat = next(iter(e.to_act()))
        action = rng.choice(e.legal_actions(seat))
        events = e.apply(seat, action)
        log.append((seat, action, events))
        n += 1
        for ev in events:
            if ev["type"] == "deal":
                shown = set(ev["staircase"])
            shown |= set(ev.get("cards", ())) if ev["type"] in ("take", "meld") else set()
            shown |= {ev["card"]} if ev["type"] in ("layoff", "discard") else set()
            if ev["type"] == "meld":
                expect = ([_hand_value(c) for c in ev["cards"]] if ev["kind"] == "set"
                          else _independent_seq_values(ev["cards"]))
                assert ev["values"] == expect and ev["points"] == sum(expect)
            elif ev["type"] == "layoff" and ev["card"][0] == "A":
                assert ev["points"] == {None: 15, "low": 1, "high": 10}[ev["end"]]
            elif ev["type"] == "hand_scored" and ev["finisher"] is not None:
                others = sum(ev["remaining_points"][s] for s in range(seats) if s != ev["finisher"])
                assert ev["bonus"] == others * (2 if ev["romme"] else 1)
            if ev["type"] != "drawn":
                assert "private" not in ev
            else:
                assert ev["private"] == seat
        if checks and n % 9 == 0:
            _check_state(e)
            _check_public(e, shown)
        if checks and n % 97 == 0 and not e.over:
            _check_parser_agrees(e, rng)
        assert n < 200_000
    return e, log


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9), seats=st.integers(2, 4))
def test_random_legal_play_terminates_and_keeps_invariants(seed, seats):
    e, log = _play(seed, seats)
    res = e.result()
    json.dumps(res)
    assert res["winners"] and max(res["totals"]) >= 500
    assert all(res["totals"][w] == max(res["totals"]) for w in res["winners"]) and len(res["winners"]) == 1
    for s in range(seats):
        assert res["totals"][s] == sum(h["deltas"][s] for h in res["hands"])


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**9), seats=st.integers(2, 4))
def test_replay_is_deterministic(seed, seats):
    e, log = _play(seed, seats, checks=False)
    r = Treppenromme.new(seats, seed=seed)
    for seat, action, events in log:
        assert r.apply(seat, action) == events
    assert r.view() == e.view() and r.result() == e.result()
    assert [r.view(s) for s in range(seats)] == [e.view(s) for s in range(seats)]
