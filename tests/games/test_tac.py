"""Tač engine: the examples of docs/rules/tac.md (the centre first, Open piles, no play before an Ace, the
miss window and its penalty, three players) and the Ace that starts a three-player game."""

from __future__ import annotations

import random

import pytest

from bot.games import IllegalAction
from bot.games.cards import DECK_52
from bot.games.tac import Tac

from .schrum_helpers import position, talon_cards, types

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
