"""Schrum Schrum and Tač engines: the examples of docs/rules/schrum.md and tac.md, options, views and random play.

Positions are set up through `deal=` with "hands" (talons, top card first), "reserves" and "centre"
(bottom->top); the cards a scenario does not name go to the bottom of the other seats' talons.
With option dealer = me - 1 the seat `me` is forehand and has the first turn.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import GAMES, IllegalAction
from bot.games.cards import DECK_32, DECK_52
from bot.games.schrum import SS_CYCLE, TAC_CYCLE, SchrumSchrum
from bot.games.tac import Tac

# -- helpers -----------------------------------------------------------------------------------------


def centre_run(cls, top, used=()):
    """A legal centre pile A ... `top` (bottom->top) using cards not in `used`."""
    cycle = SS_CYCLE if cls is SchrumSchrum else TAC_CYCLE
    deck = DECK_32 if cls is SchrumSchrum else DECK_52
    taken = set(used) | {top}
    out = []
    for r in cycle[: cycle.index(top[:-1])]:
        card = next(c for c in deck if c[:-1] == r and c not in taken)
        taken.add(card)
        out.append(card)
    return out + [top]


def position(cls, n, me, talons=None, reserves=None, centre=(), top=None, seed=1, fill=None, **options):
    """A new match whose first hand starts from the given piles; the rest of the deck is spread over the
    bottoms of the talons of the seats in `fill` (default: every seat except `me`). `top`: the centre is a
    run from an Ace up to this card, of cards not named elsewhere."""
    deck = DECK_32 if cls is SchrumSchrum else DECK_52
    talons = {s: list(t) for s, t in (talons or {}).items()}
    reserves = {s: list(r) for s, r in (reserves or {}).items()}
    named = [c for t in talons.values() for c in t] + [c for r in reserves.values() for c in r]
    if top is not None:
        centre = centre_run(cls, top, used=named)
    named += list(centre)
    assert len(set(named)) == len(named), "a card is named twice"
    rest = [c for c in deck if c not in named]
    fill = [s for s in range(n) if s != me] if fill is None else fill
    hands = [talons.get(s, []) for s in range(n)]
    for i, c in enumerate(rest):
        hands[fill[i % len(fill)]].append(c)
    deal = {"hands": hands, "reserves": [reserves.get(s, []) for s in range(n)], "centre": list(centre)}
    opts = {"dealer": (me - 1) % n}
    opts.update(options)
    return cls.new(n, seed=seed, options=opts, deal=deal)


def types(events):
    return [e["type"] for e in events]


def talon_cards(e):
    return {c for t in e.talons for c in t}


def all_strings(obj):
    """Every string anywhere in a JSON-like object (keys and values)."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from all_strings(k)
            yield from all_strings(v)
    elif isinstance(obj, list | tuple):
        for v in obj:
            yield from all_strings(v)


# -- 1.5 scenarios: Schrum Schrum ------------------------------------------------------------------------


def test_scenario_01_ss_centre_empty_forced_onto_matching_reserve():
    # P=0 exposes 7♦; Q=1 reserve top 7♠, R=2 reserve top K♥; centre empty
    e = position(SchrumSchrum, 4, 0, talons={0: ["7D"]}, reserves={1: ["9C", "7S"], 2: ["KH"]})
    assert e.view()["exposed"] == {"seat": 0, "card": "7D"}
    assert e.to_act() == {0}
    assert e.legal_actions(0) == ["onto 1"]
    with pytest.raises(IllegalAction, match="only an Ace starts it"):
        e.apply(0, "centre")
    with pytest.raises(IllegalAction, match="does not match"):
        e.apply(0, "onto 2")
    with pytest.raises(IllegalAction, match="compulsory"):
        e.apply(0, "keep")
    ev = e.apply(0, "onto 1")
    assert ev[0] == {"type": "play", "seat": 0, "card": "7D", "to": 1}
    assert e.view()["reserves"][1] == ["9C", "7S", "7D"]


def test_scenario_02_ss_wrap_ace_on_king():
    e = position(SchrumSchrum, 2, 0, talons={0: ["AH"]}, reserves={1: ["AS"]}, top="KC")
    assert e.view()["centre"] == {"top": "KC", "count": 8, "next": "A"}
    assert e.legal_actions(0) == ["centre", "onto 1"]
    e.apply(0, "centre")
    assert e.view()["centre"]["top"] == "AH" and e.view()["centre"]["next"] == "7"


def test_scenario_03_ss_after_ace_needs_seven():
    # 8♥ exposed on a centre topped by A♠, no reserve top 8 -> automatic to own reserve, turn ends
    e = position(SchrumSchrum, 2, 0, talons={0: ["8H"], 1: ["7C"]}, centre=["AS"])
    assert types(e.start_events)[:5] == ["turn", "expose", "to_reserve", "turn", "expose"]
    assert e.start_events[2] == {"type": "to_reserve", "seat": 0, "card": "8H", "miss": False}
    assert e.view()["reserves"][0] == ["8H"]
    assert e.to_act() == {1} and e.view()["exposed"] == {"seat": 1, "card": "7C"}
    assert e.legal_actions(1) == ["centre"]
    assert e.legal_actions(0) == []
    # 7♥ exposed instead -> centre is the one destination
    e2 = position(SchrumSchrum, 2, 0, talons={0: ["7H"]}, centre=["AS"])
    assert e2.to_act() == {0} and e2.legal_actions(0) == ["centre"]


def test_scenario_04_ss_own_reserve_is_no_destination():
    # own reserve top 9♣, exposed 9♦, centre top 10, no opponent top 9 -> onto own reserve automatically
    e = position(SchrumSchrum, 2, 0, talons={0: ["9D", "8D"], 1: ["JC"]}, reserves={0: ["9C"], 1: ["KD"]},
                 top="10S")
    assert e.start_events[:3] == [{"type": "turn", "seat": 0}, {"type": "expose", "seat": 0, "card": "9D"},
                                  {"type": "to_reserve", "seat": 0, "card": "9D", "miss": False}]
    assert e.view()["reserves"][0] == ["9C", "9D"]
    assert e.to_act() == {1} and e.legal_actions(1) == ["centre"]  # J♣ on the 10
    with pytest.raises(IllegalAction, match="not your turn"):
        e.apply(0, "onto 0")


def test_scenario_05_ss_reserve_turnover_continues_the_turn():
    e = position(SchrumSchrum, 2, 0, talons={0: ["JH"], 1: ["8H"]}, reserves={0: ["8S", "QD", "9C"]},
                 top="10D")
    assert e.legal_actions(0) == ["centre"]
    ev = e.apply(0, "centre")
    assert ev == [
        {"type": "play", "seat": 0, "card": "JH", "to": "centre"},
        {"type": "turnover", "seat": 0, "cards": 3},
        {"type": "expose", "seat": 0, "card": "8S"},
        {"type": "to_reserve", "seat": 0, "card": "8S", "miss": False},
        {"type": "turn", "seat": 1},
        {"type": "expose", "seat": 1, "card": "8H"},
    ]
    assert e.to_act() == {1} and e.legal_actions(1) == ["onto 0"]
    assert e.talons[0] == ["9C", "QD"]  # internal bottom->top: Q♦ on top, then 9♣
    assert e.reserves[0] == ["8S"]
    assert e.view()["talon_counts"][0] == 2
    assert e.view()["centre"]["next"] == "Q"


def test_scenario_06_ss_last_card_wins_immediately():
    e = position(SchrumSchrum, 2, 0, talons={0: ["QC"]}, top="JH")
    ev = e.apply(0, "centre")
    assert types(ev) == ["play", "win", "hand_scored", "match_over"]
    assert ev[2]["deltas"] == [1, 0] and ev[2]["winner"] == 0
    assert e.over and e.to_act() == frozenset()
    assert e.result()["winners"] == [0]
    assert e.result()["totals"] == [1, 0]
    assert e.view()["winner"] == 0


# -- 1.5 scenarios: Tač ----------------------------------------------------------------------------------


def test_scenario_07_tac_centre_has_priority():
    e = position(Tac, 2, 0, talons={0: ["5S"]}, reserves={1: ["5H"]}, top="4D")
    assert e.legal_actions(0) == ["centre", "keep"]  # the one destination, plus the (miss) keep
    with pytest.raises(IllegalAction, match="must go there"):
        e.apply(0, "onto 1")
    strict = position(Tac, 2, 0, talons={0: ["5S"]}, reserves={1: ["5H"]}, top="4D", strict=True)
    assert strict.legal_actions(0) == ["centre"]
    with pytest.raises(IllegalAction, match="strict"):
        strict.apply(0, "keep")


def test_scenario_08_tac_open_pile_same_rank_and_adjacent_option():
    kw = {"talons": {0: ["9S"]}, "reserves": {1: ["9C"], 2: ["KD"]}, "top": "4D"}
    e = position(Tac, 4, 0, **kw)
    assert e.legal_actions(0) == ["onto 1", "keep"]
    with pytest.raises(IllegalAction, match="does not match"):
        e.apply(0, "onto 2")
    e.apply(0, "onto 1")
    assert e.view()["reserve_tops"][1] == "9S"
    # ADJACENT: neither 9 nor K is one rank from 9 -> no destination -> automatic to own Open pile
    adj = position(Tac, 4, 0, open_rule="adjacent", **kw)
    assert adj.start_events[2] == {"type": "to_reserve", "seat": 0, "card": "9S", "miss": False}
    assert adj.view()["tac_window"] is None
    adj2 = position(Tac, 4, 0, talons={0: ["10S"]}, reserves={1: ["9C"], 2: ["JD"], 3: ["10C"]},
                    top="4D", open_rule="adjacent")
    assert adj2.legal_actions(0) == ["onto 1", "onto 2", "keep"]


def test_scenario_09_tac_no_open_pile_play_before_an_ace():
    e = position(Tac, 2, 0, talons={0: ["6H"], 1: ["AD"]}, reserves={1: ["6C"]})
    assert e.view()["ace_in_centre"] is False
    ev = e.start_events
    assert ev[1:3] == [{"type": "expose", "seat": 0, "card": "6H"},
                       {"type": "to_reserve", "seat": 0, "card": "6H", "miss": False}]
    assert "tac_window" not in types(ev)  # not a miss
    assert e.to_act() == {1} and e.legal_actions(1) == ["centre", "keep"]
    e.apply(1, "centre")
    assert e.view()["ace_in_centre"] is True


def _miss_position(**kw):
    return position(Tac, 4, 0, talons={0: ["5S", "KH"], 1: ["QC", "2C"], 2: ["QD", "2D"], 3: ["QH", "2H"]},
                    top="4D", **kw)


def test_scenario_10_tac_miss_every_other_player_gives_a_card():
    e = _miss_position()
    before = e.view()["talon_counts"][0]
    ev = e.apply(0, "keep")  # 5♠ on own Open pile although the centre needs a 5: a miss
    assert ev[0] == {"type": "to_reserve", "seat": 0, "card": "5S", "miss": True}
    assert ev[1] == {"type": "tac_window", "offender": 0, "callers": [1, 2, 3]}
    v = e.view()
    assert v["phase"] == "tac" and v["tac_window"] == 0 and v["tac_callers"] == [1, 2, 3]
    assert v["exposed"] is None and v["current"] == 1  # the next player has not exposed yet
    assert e.to_act() == {1, 2, 3}
    assert e.legal_actions(1) == ["expose", "tac"]
    assert e.legal_actions(2) == ["tac", "pass"]
    with pytest.raises(IllegalAction, match="own miss"):
        e.apply(0, "tac")
    ev = e.apply(3, "tac")
    assert ev == [{"type": "tac", "seat": 3, "offender": 0, "givers": [1, 2, 3]}]
    assert e.view()["phase"] == "give" and e.to_act() == e.waiting_for() == {1, 2, 3}
    assert e.view()["tac_penalty"] == {"offender": 0, "givers": [1, 2, 3], "undecided": [1, 2, 3]}
    assert e.legal_actions(2) == ["give", "decline"] and e.default_action(2) == "give"
    assert e.apply(3, "give") == [{"type": "give", "seat": 3, "offender": 0, "given": True}]
    assert e.apply(1, "give") == [{"type": "give", "seat": 1, "offender": 0, "given": True}]
    ev = e.apply(2, "give")
    assert ev[:2] == [{"type": "give", "seat": 2, "offender": 0, "given": True},
                      {"type": "tac_given", "offender": 0, "givers": [1, 2, 3], "cards": 3}]
    ev = ev[1:]
    assert e.view()["talon_counts"][0] == before + 3
    assert e.talons[0][-3:] == ["QC", "QD", "QH"]  # clockwise from the offender's left, last on top
    assert e.view()["phase"] == "play" and e.view()["tac_window"] is None
    assert ev[1] == {"type": "turn", "seat": 1}
    assert ev[2] == {"type": "expose", "seat": 1, "card": "2C"}


def test_scenario_10b_tac_giver_with_one_card_gives_nothing():
    e = position(Tac, 4, 0, talons={0: ["5S"], 1: ["QC", "2C"], 2: ["QD"], 3: ["QH", "2H"]}, top="4D",
                 fill=[0, 1, 3])
    assert e.view()["counts"][2] == 1
    e.apply(0, "keep")
    ev = e.apply(1, "tac")
    assert ev[0]["givers"] == [1, 3] and e.to_act() == {1, 3}
    e.apply(1, "give")
    ev = e.apply(3, "give")
    assert ev[1] == {"type": "tac_given", "offender": 0, "givers": [1, 3], "cards": 2}
    assert e.talons[0][-2:] == ["QC", "QH"]
    assert e.view()["counts"][2] == 1


def test_tac_window_closes_when_the_next_player_exposes():
    e = _miss_position()
    e.apply(0, "keep")
    assert e.apply(2, "pass") == []
    assert e.to_act() == {1, 3}
    with pytest.raises(IllegalAction, match="already passed"):
        e.apply(2, "tac")
    with pytest.raises(IllegalAction, match="only seat 1"):
        e.apply(3, "expose")
    ev = e.apply(1, "expose")
    assert ev[:3] == [{"type": "tac_closed", "offender": 0, "by": 1}, {"type": "turn", "seat": 1},
                      {"type": "expose", "seat": 1, "card": "QC"}]
    assert e.view()["talon_counts"][0] == 1  # no penalty: only K♥ left in the offender's Closed pile
    # Q♣ had no destination; seat 2's Q♦ may go onto it: the window is gone
    assert e.to_act() == {2} and e.legal_actions(2) == ["onto 1", "keep"]
    assert e.view()["tac_window"] is None and e.view()["phase"] == "play"
    with pytest.raises(IllegalAction, match="not your turn"):
        e.apply(3, "tac")
    with pytest.raises(IllegalAction, match="no miss"):
        e.apply(2, "tac")


def test_tac_two_players_window_and_defaults():
    e = position(Tac, 2, 0, talons={0: ["5S"], 1: ["KC"]}, top="4D")
    assert e.default_action(0) == "centre"  # never a miss
    e.apply(0, "keep")
    assert e.to_act() == {1} and e.legal_actions(1) == ["expose", "tac"]
    assert e.default_action(1) == "expose"
    ev = e.apply(1, "tac")
    assert ev == [{"type": "tac", "seat": 1, "offender": 0, "givers": [1]}]
    assert e.default_action(1) == "give"
    ev = e.apply(1, "give")
    assert ev[1] == {"type": "tac_given", "offender": 0, "givers": [1], "cards": 1}


def test_tac_penalty_a_giver_may_decline():
    """Issue 19: giving is a choice (the original text: each other player *may* give a card)."""
    e = _miss_position()
    e.apply(0, "keep")
    before = e.view()["counts"]
    e.apply(3, "tac")
    assert e.apply(2, "decline") == [{"type": "give", "seat": 2, "offender": 0, "given": False}]
    with pytest.raises(IllegalAction, match="waiting for the others"):
        e.apply(2, "give")
    assert e.view()["tac_penalty"]["undecided"] == [1, 3]
    e.apply(1, "give")
    ev = e.apply(3, "give")
    assert ev[1] == {"type": "tac_given", "offender": 0, "givers": [1, 3], "cards": 2}
    assert e.talons[0][-2:] == ["QC", "QH"]  # seat 2 kept its Q♦
    assert e.view()["counts"][2] == before[2] and e.view()["phase"] == "play"
    assert e.view()["tac_penalty"] is None


def test_tac_penalty_everybody_declines_and_nothing_moves():
    e = _miss_position()
    e.apply(0, "keep")
    counts = e.view()["counts"]
    e.apply(1, "tac")
    for s in (1, 2):
        e.apply(s, "decline")
    ev = e.apply(3, "decline")
    assert ev[1] == {"type": "tac_given", "offender": 0, "givers": [], "cards": 0}
    assert ev[2] == {"type": "turn", "seat": 1}
    assert e.view()["counts"] == counts


def test_tac_strict_mode_has_no_misses_in_random_play():
    for seed in range(15):
        e = Tac.new(3, seed=seed, options={"strict": True})
        rng = random.Random(seed)
        while not e.over:
            s = rng.choice(sorted(e.to_act()))
            acts = e.legal_actions(s)
            assert "keep" not in acts and "tac" not in acts
            e.apply(s, rng.choice(acts))


def test_scenario_15_tac_three_players_ace_in_centre():
    e = Tac.new(3, seed=5, options={"dealer": 2})
    v = e.view()
    assert e.centre[0] == "AS" and v["ace_in_centre"]
    assert sum(v["counts"]) + v["centre"]["count"] == 52
    # a fixed standard deal: 17 each; forehand (seat 0) exposes 2♣ -> the centre
    rest = [c for c in DECK_52 if c not in ("AS", "2C")]
    e = Tac.new(3, seed=1, options={"dealer": 2}, deal={"hands": [["2C"] + rest[:16], rest[16:33], rest[33:]]})
    assert e.view()["centre"] == {"top": "AS", "count": 1, "next": "2"}
    assert e.legal_actions(0) == ["centre", "keep"]
    e.apply(0, "centre")
    assert e.view()["centre"]["top"] == "2C"
    # open-pile plays are allowed from the first turn: seat 0 keeps 9♥ (no destination), seat 1's 9♦ may
    # go onto it
    rest = [c for c in DECK_52 if c not in ("AS", "9H", "9D")]
    e = Tac.new(3, seed=1, options={"dealer": 2},
                deal={"hands": [["9H"] + rest[:16], ["9D"] + rest[16:32], rest[32:]]})
    assert e.start_events[1:3] == [{"type": "expose", "seat": 0, "card": "9H"},
                                   {"type": "to_reserve", "seat": 0, "card": "9H", "miss": False}]
    assert e.to_act() == {1} and e.view()["exposed"] == {"seat": 1, "card": "9D"}
    assert e.legal_actions(1) == ["onto 0", "keep"]


def test_scenario_16_tac_turnover_then_win():
    e = position(Tac, 2, 0, talons={0: ["JH"], 1: ["QH"]}, reserves={0: ["3C", "QS"]}, top="10D")
    ev = e.apply(0, "centre")
    assert ev[:3] == [{"type": "play", "seat": 0, "card": "JH", "to": "centre"},
                      {"type": "turnover", "seat": 0, "cards": 2},
                      {"type": "expose", "seat": 0, "card": "3C"}]
    assert e.talons[0] == ["QS"]  # Q♠ now the only (top) Closed card under the exposed 3♣
    # with an empty Open pile the same play wins at once
    w = position(Tac, 2, 0, talons={0: ["JH"]}, top="10D")
    assert types(w.apply(0, "centre")) == ["play", "win", "hand_scored", "match_over"]
    assert w.result()["winners"] == [0]


# -- options, deals, match -----------------------------------------------------------------------------


def test_registry_and_class_attributes():
    assert GAMES["schrum"] is SchrumSchrum and GAMES["tac"] is Tac
    assert (SchrumSchrum.min_seats, SchrumSchrum.max_seats) == (2, 8)
    assert (Tac.min_seats, Tac.max_seats, Tac.title) == (2, 4, "Tač")


def test_ss_player_counts_and_unequal_option():
    for n in (2, 4, 8):
        e = SchrumSchrum.new(n, seed=3)
        assert sum(e.view()["counts"]) == 32
    for n in (3, 5, 6, 7):
        with pytest.raises(ValueError, match="2, 4 or 8"):
            SchrumSchrum.new(n, seed=3)
        e = SchrumSchrum.new(n, seed=3, options={"unequal": True, "dealer": n - 1})
        # extra cards go to the first seats from forehand (seat 0 with dealer n-1)
        sizes = [len(t) for t in e.talons]
        if e.exposed is not None:
            sizes[e.cur] += 1
        sizes = [s + len(r) for s, r in zip(sizes, e.reserves, strict=True)]
        assert sum(sizes) == 32
    with pytest.raises(ValueError):
        SchrumSchrum.new(9, seed=1)
    with pytest.raises(ValueError):
        Tac.new(5, seed=1)


def test_unequal_deal_sizes_from_forehand():
    hands = [list(DECK_32[:11]), list(DECK_32[11:22]), list(DECK_32[22:])]
    SchrumSchrum.new(3, seed=1, options={"unequal": True, "dealer": 2}, deal={"hands": hands})
    with pytest.raises(ValueError, match="exactly"):
        SchrumSchrum.new(3, seed=1, options={"unequal": True, "dealer": 0}, deal={"hands": hands})


def test_bad_options_and_deals():
    with pytest.raises(ValueError):
        SchrumSchrum.new(2, seed=1, options={"nope": 1})
    with pytest.raises(ValueError):
        Tac.new(2, seed=1, options={"open_rule": "diagonal"})
    with pytest.raises(ValueError):
        SchrumSchrum.new(2, seed=1, options={"hands": 0})
    with pytest.raises(ValueError, match="exactly"):
        SchrumSchrum.new(2, seed=1, deal={"hands": [list(DECK_32[:15]), list(DECK_32[15:])]})
    with pytest.raises(ValueError, match="twice"):
        SchrumSchrum.new(2, seed=1, deal={"hands": [list(DECK_32[:16]), list(DECK_32[:16])]})
    with pytest.raises(ValueError, match="unknown"):
        SchrumSchrum.new(2, seed=1, deal={"hands": [["2C"] + list(DECK_32[1:16]), list(DECK_32[16:])]})
    with pytest.raises(ValueError, match="centre"):
        position(SchrumSchrum, 2, 0, talons={0: ["8C"]}, centre=["7C"])
    with pytest.raises(ValueError, match="all 52"):
        Tac.new(2, seed=1, deal={"hands": [list(DECK_52[:26]), list(DECK_52[26:51])], "centre": []})
    with pytest.raises(ValueError, match="Ace"):
        Tac.new(3, seed=1, deal={"hands": [list(DECK_52[:17]), list(DECK_52[17:34]), list(DECK_52[34:51])]})


def test_fixed_deal_talon_order_top_first():
    hands = [list(DECK_32[:16]), list(DECK_32[16:])]
    e = SchrumSchrum.new(2, seed=1, options={"dealer": 1}, deal={"talons": hands})
    assert e.start_events[1] == {"type": "expose", "seat": 0, "card": hands[0][0]}


def test_match_of_several_hands_rotates_dealer_and_scores():
    e = SchrumSchrum.new(4, seed=11, options={"hands": 3, "dealer": 0})
    rng = random.Random(2)
    dealers = [e.view()["dealer"]]
    while not e.over:
        s = rng.choice(sorted(e.to_act()))
        for ev in e.apply(s, rng.choice(e.legal_actions(s))):
            if ev["type"] == "deal":
                dealers.append(ev["dealer"])
                assert ev["hand_no"] == len(dealers)
    assert dealers == [0, 1, 2]
    res = e.result()
    assert len(res["hands"]) == 3
    assert res["totals"] == [sum(h["deltas"][i] for h in res["hands"]) for i in range(4)]
    assert sum(res["totals"]) == sum(1 for h in res["hands"] if not h["drawn"])
    assert res["winners"] == [i for i, t in enumerate(res["totals"]) if t == max(res["totals"])]
    json.dumps(res)


def test_stall_guard_draws_the_hand():
    e = SchrumSchrum.new(2, seed=4, options={"dealer": 0})
    e.idle = e.stall_limit - 1  # one turn before the limit (the position is unreachable quickly)
    ev = []
    while "hand_scored" not in types(ev):
        s = next(iter(e.to_act()))
        acts = e.legal_actions(s)
        ev = e.apply(s, next((a for a in acts if a.startswith("onto")), acts[0]))
        if any(x["type"] == "play" and x["to"] == "centre" for x in ev):
            e.idle = e.stall_limit - 1
    assert "stall" in types(ev)
    scored = next(x for x in ev if x["type"] == "hand_scored")
    assert scored["drawn"] and scored["deltas"] == [0, 0] and e.over
    assert e.result()["winners"] == [] and e.result()["hands"][0]["drawn"]


def test_a_turn_that_reached_the_centre_is_not_idle():
    """Issue 19: the idle counter restarts after a centre turn (it used to be reset by the centre play and then
    increased at the end of that same turn, so the draw came one turn early)."""
    e = position(SchrumSchrum, 2, 0, talons={0: ["10D", "KH"], 1: ["QS", "JC"]}, top="9C")
    e.idle = 5
    ev = e.apply(0, "centre")  # 10♦ to the centre; K♥ fits nowhere: seat 0's turn ends, then the others'
    assert types(ev)[:3] == ["play", "expose", "to_reserve"]
    turn_ends = sum(1 for x in ev if x["type"] == "to_reserve")
    assert not any(x["type"] == "play" for x in ev[1:])  # no further centre play, so every other turn is idle
    assert e.view()["idle_turns"] == turn_ends - 1  # seat 0's centre turn does not count


def test_stall_guard_draws_after_exactly_2n_rounds_of_idle_turns():
    e = position(SchrumSchrum, 2, 0, talons={0: ["10D", "KH"], 1: ["QS", "JC"]}, top="9C")
    e.apply(0, "centre")
    e.idle = e.stall_limit - 2
    assert not e._turn_ended([]) and e.idle == e.stall_limit - 1
    assert e._turn_ended([])  # the 2*N*seats-th idle turn draws


def test_stall_limit_is_two_n_rounds():
    assert SchrumSchrum.new(2, seed=1).stall_limit == 2 * 32 * 2
    assert Tac.new(4, seed=1).stall_limit == 2 * 52 * 4


def test_explanations_are_readable():
    e = position(SchrumSchrum, 4, 0, talons={0: ["10D"]}, reserves={1: ["JS"], 2: ["10H"]}, top="9C")
    assert e.legal_actions(0) == ["centre", "onto 2"]
    with pytest.raises(IllegalAction, match="own reserve"):
        e.apply(0, "onto 0")
    with pytest.raises(IllegalAction, match="no reserve yet"):
        e.apply(0, "onto 3")
    with pytest.raises(IllegalAction, match="no seat 7"):
        e.apply(0, "onto 7")
    with pytest.raises(IllegalAction, match="unknown action"):
        e.apply(0, "dance")
    with pytest.raises(IllegalAction, match="not your turn"):
        e.apply(1, "centre")
    with pytest.raises(IllegalAction, match="no miss"):
        e.apply(0, "tac")
    state = json.dumps(e.view(0))
    with pytest.raises(IllegalAction):
        e.apply(0, "onto 1")
    assert json.dumps(e.view(0)) == state  # an illegal action leaves the state untouched


def test_views_have_common_keys_and_hide_talons():
    e = Tac.new(4, seed=8)
    common = {"game", "seats", "phase", "dealer", "to_act", "totals", "hand_no", "over", "options", "counts"}
    game = {"talon_counts", "reserves", "centre", "exposed", "ace_in_centre", "tac_window", "winner"}
    pub = e.view()
    assert common | game <= set(pub) and "hand" not in pub
    assert e.view(1)["hand"] == []
    hidden = talon_cards(e)
    for seat in (None, 0, 1, 2, 3):
        assert not hidden & set(all_strings(e.view(seat)))
    json.dumps(pub)


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


# -- house rules of issue 19 -------------------------------------------------------------------------------


def test_schrum_reserve_rule_next_in_sequence():
    # exposed J♦; reserve tops: seat 1 10♠ (J follows 10), seat 2 J♥ (same rank), seat 3 K♣
    kw = {"talons": {0: ["JD"]}, "reserves": {1: ["10S"], 2: ["JH"], 3: ["KC"]}, "top": "8C"}
    assert position(SchrumSchrum, 4, 0, **kw).legal_actions(0) == ["onto 2"]  # default: same rank
    e = position(SchrumSchrum, 4, 0, reserve_rule="next", **kw)
    assert e.legal_actions(0) == ["onto 1"]
    with pytest.raises(IllegalAction, match="not the next rank after J"):
        e.apply(0, "onto 2")
    # the sequence wraps like the centre: an Ace follows a King, a 7 follows an Ace
    e = position(SchrumSchrum, 4, 0, reserve_rule="next", talons={0: ["AD"]}, reserves={3: ["KC"]}, top="8C")
    assert e.legal_actions(0) == ["onto 3"]


def test_tac_three_players_which_ace_starts():
    assert Tac.new(3, seed=2).centre == ["AS"]  # default: today's ♠A
    for suit, card in (("hearts", "AH"), ("clubs", "AC"), ("diamonds", "AD")):
        e = Tac.new(3, seed=2, options={"three_ace": suit})
        assert e.centre == [card] and card not in talon_cards(e)
    drawn = {Tac.new(3, seed=s, options={"three_ace": "random"}).centre[0] for s in range(30)}
    assert drawn == {"AS", "AH", "AD", "AC"}
    assert Tac.new(4, seed=2, options={"three_ace": "hearts"}).centre == []  # only three players start with one
    with pytest.raises(ValueError, match="three_ace"):
        Tac.new(3, seed=2, options={"three_ace": "AS"})
