"""Schrum Schrum engine (and the talon race it shares with Tač): the examples of docs/rules/schrum.md, house
rules, options, deals, the match, the stall guard, explanations and views."""

from __future__ import annotations

import json
import random

import pytest

from bot.games import GAMES, IllegalAction
from bot.games.cards import DECK_32, DECK_52
from bot.games.schrum import SchrumSchrum
from bot.games.tac import Tac

from .schrum_helpers import all_strings, position, talon_cards, types

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
