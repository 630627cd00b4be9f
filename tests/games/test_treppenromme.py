"""Treppenrommé engine: the examples of docs/rules/treppenromme.md, and random-play properties."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import GAMES, IllegalAction
from bot.games.cards import DECK_52
from bot.games.treppenromme import Treppenromme

CARD_RE = re.compile(r"\b(?:10|[2-9JQKA])[CSHD]\b")


def fill_hands(seats, hands, staircase=(), talon=()):
    """Complete the given hands (None = any) with unused cards so every seat holds 7."""
    used = {c for h in hands if h for c in h} | set(staircase) | set(talon)
    spare = [c for c in DECK_52 if c not in used]
    out = []
    for s in range(seats):
        h = list(hands[s]) if s < len(hands) and hands[s] else []
        while len(h) < 7:
            h.append(spare.pop())
        out.append(h)
    return out


def game(seats=2, hands=(), staircase=None, talon=None, dealer=0, target=500, seed=1):
    deal = {"hands": fill_hands(seats, list(hands), staircase or (), talon or ())}
    if staircase is not None:
        deal["staircase"] = list(staircase)
    if talon is not None:
        deal["talon"] = list(talon)
    return Treppenromme.new(seats, seed=seed, options={"dealer": dealer, "target": target}, deal=deal)


def meld_value(cards, extra=()):
    """Seat 0 (dealer) draws, then melds `cards`; returns the recorded points of that meld."""
    e = game(hands=[list(cards) + list(extra)])
    e.apply(0, "draw")
    ev = e.apply(0, "meld " + " ".join(cards))
    meld = [x for x in ev if x["type"] == "meld"][0]
    assert e.view()["hand_points"][0] == meld["points"]
    assert e.view()["melds"][0]["points"] == meld["points"]
    return meld["points"]


# -- docs/rules/treppenromme.md, example 1: values of combinations ---

@pytest.mark.parametrize("cards, points", [
    (["6C", "6S", "6H", "6D"], 24),
    (["AC", "AS", "AH"], 45),
    (["QH", "KH", "AH"], 30),
    (["QH", "KH", "AH", "2H"], 27),
    (["AH", "2H", "3H"], 6),
    (["5S", "6S", "7S", "8S", "9S"], 35),
], ids=["6-6-6-6=24", "A-A-A=45", "D-K-A=30", "D-K-A-2=27", "A-2-3=6", "5-6-7-8-9=35"])
def test_seed_example_values(cards, points):
    assert meld_value(cards) == points


# -- example 2 --------------------------------------------------------------------------------------

def test_scenario2_k_a_2_is_17():
    assert meld_value(["KD", "AD", "2D"]) == 17


def test_scenario2_j_q_k_a_2_3_is_40():
    assert meld_value(["JC", "QC", "KC", "AC", "2C", "3C"]) == 40


def test_scenario2_four_aces_is_60():
    assert meld_value(["AC", "AS", "AH", "AD"]) == 60


def test_scenario2_set_of_aces_then_fourth_ace_laid_off_adds_15():
    e = game(hands=[["AC", "AS", "AH", "2C", "3C", "4D", "5D"], ["AD"]], talon=["9H", "9S"])
    e.apply(0, "draw")
    e.apply(0, "meld AC AS AH")
    assert e.view()["melds"][0]["ends"] == [{"rank": "A", "suit": "D", "end": None}]
    e.apply(0, "discard 9H")
    e.apply(1, "draw")
    assert "layoff AD 1" in e.legal_actions(1)
    ev = e.apply(1, "layoff AD 1")
    assert ev == [{"type": "layoff", "seat": 1, "card": "AD", "meld": 1, "end": None, "points": 15}]
    v = e.view()
    assert v["hand_points"] == [45, 15]
    assert v["melds"][0]["cards"] == ["AC", "AS", "AH", "AD"]
    assert v["melds"][0]["values"] == [15, 15, 15, 15]
    assert v["melds"][0]["by"] == [0, 0, 0, 1]
    assert v["melds"][0]["points"] == 60
    assert v["melds"][0]["ends"] == [] and v["melds"][0]["rank"] == "A"


# -- example 3: the turn worth 75 ---------------------------------------------------------------------

def example3():
    """Example 3's deal: four players, the staircase a single 3♥, four cards left in the talon."""
    return game(
        seats=4,
        hands=[["6C", "6S", "6D", "QH", "KH", "AH", "2H"],
               ["7C", "7S", "7H", "7D", "JD", "QD", "KD"],
               ["2C", "3C", "4C", "5C", "2S", "3S", "4S"],
               ["5S", "6H", "8C", "8S", "8H", "8D", "9C"]],
        staircase=["3H"], talon=["JH", "4D", "10D", "9S"])


def test_scenario3_seed_turn_records_75():
    e = example3()
    e.apply(0, "draw")            # JH
    e.apply(0, "discard JH")
    e.apply(1, "draw")            # 4D
    e.apply(1, "meld 7C 7S 7H")   # meld 1
    e.apply(1, "meld JD QD KD")   # meld 2
    e.apply(1, "discard 7D")
    e.apply(2, "draw")            # 10D
    e.apply(2, "discard 10D")
    e.apply(3, "draw")            # 9S
    e.apply(3, "discard 9S")
    assert e.view()["staircase"] == ["3H", "JH", "7D", "10D", "9S"]
    before = e.view()["hand_points"][0]
    e.apply(0, "take 5")
    ev = e.apply(0, "meld 6C 6S 6D")
    assert ev[0]["points"] == 18
    ev = e.apply(0, "meld QH KH AH 2H 3H")
    assert ev[0]["points"] == 30 and ev[0]["values"] == [10, 10, 5, 2, 3]
    layoffs = [e.apply(0, "layoff JH 4")[0], e.apply(0, "layoff 7D 1")[0], e.apply(0, "layoff 10D 2")[0]]
    assert [x["points"] for x in layoffs] == [10, 7, 10]
    assert sum(x["points"] for x in layoffs) == 27
    assert e.view()["hand_points"][0] - before == 18 + 30 + 27 == 75
    assert e.view(0)["hand"] == ["9S"]
    e.apply(0, "discard 9S")
    assert e.view()["hand_no"] == 2  # went out with the discard: the hand was settled


def test_the_log_shows_every_turn_of_the_hand_and_no_drawn_card():
    e = example3()
    assert e.view()["log"] == []
    e.apply(0, "draw")
    e.apply(0, "discard JH")
    e.apply(1, "draw")
    e.apply(1, "meld 7C 7S 7H")
    e.apply(1, "discard 7D")
    e.apply(2, "draw")
    e.apply(2, "discard 10D")
    e.apply(3, "draw")
    e.apply(3, "discard 9S")
    e.apply(0, "take 4")
    e.apply(0, "layoff 7D 1")
    talon = {"from": "talon"}
    assert e.view(2)["log"] == e.view()["log"] == [
        {"seat": 0, "took": talon, "rebuilt": False, "placed": [], "discard": "JH"},
        {"seat": 1, "took": talon, "rebuilt": False, "placed": [{"meld": 1, "cards": ["7C", "7S", "7H"],
                                                                  "layoff": False}], "discard": "7D"},
        {"seat": 2, "took": talon, "rebuilt": False, "placed": [], "discard": "10D"},
        {"seat": 3, "took": talon, "rebuilt": False, "placed": [], "discard": "9S"},
        {"seat": 0, "took": {"from": "staircase", "cards": ["JH", "7D", "10D", "9S"]}, "rebuilt": False,
         "placed": [{"meld": 1, "cards": ["7D"], "layoff": True}], "discard": None},
    ]
    assert "4D" not in json.dumps(e.view())  # seat 1 drew it: nobody else saw it
    e.view()["log"][0]["placed"].append("x")  # a copy: the engine's record stays as it was
    assert e.view()["log"][0]["placed"] == []


def test_the_log_marks_a_rebuilt_talon_and_starts_anew_with_each_hand():
    e = game(staircase=["2C", "3C"])
    e.talon = []
    e.apply(0, "draw")
    assert e.view()["log"] == [{"seat": 0, "took": {"from": "talon"}, "rebuilt": True, "placed": [],
                                "discard": None}]
    e.apply(0, "discard " + e.view(0)["hand"][0])
    e.apply(1, "draw")  # nothing left to rebuild: the hand ends without finisher
    assert e.view()["hand_no"] == 2 and e.view()["log"] == []


# -- example 4: staircase takes ----------------------------------------------------------------------

def test_scenario4_take_from_staircase_top_only():
    e = game(staircase=["QC", "9H", "2S", "AD", "7C"])
    assert e.legal_actions(0) == ["draw", "take 1", "take 2", "take 3", "take 4", "take 5"]
    with pytest.raises(IllegalAction):
        e.apply(0, "take 6")
    with pytest.raises(IllegalAction):
        e.apply(0, "take 0")
    ev = e.apply(0, "take 4")
    assert ev == [{"type": "take", "seat": 0, "k": 4, "cards": ["9H", "2S", "AD", "7C"]}]
    assert e.view()["staircase"] == ["QC"]
    assert {"9H", "2S", "AD", "7C"} <= set(e.view(0)["hand"])
    assert e.view()["counts"][0] == 11
    assert e.view()["took"] == {"from": "staircase", "cards": ["9H", "2S", "AD", "7C"]}
    assert e.view()["taken_single"] is None


def test_scenario4_never_talon_and_staircase_together():
    e = game(staircase=["QC", "9H"])
    e.apply(0, "take 1")
    for action in ("draw", "take 1"):
        with pytest.raises(IllegalAction, match="already drawn"):
            e.apply(0, action)


# -- example 5: values fixed at placement ------------------------------------------------------------

def test_scenario5_layoff_after_q_k_a_keeps_ace_at_10():
    e = game(hands=[["QH", "KH", "AH"], ["2H"]], talon=["5C", "6C"])
    e.apply(0, "draw")
    assert e.apply(0, "meld QH KH AH")[0]["points"] == 30
    e.apply(0, "discard 5C")
    e.apply(1, "draw")
    ev = e.apply(1, "layoff 2H 1")
    assert ev[0]["points"] == 2 and ev[0]["end"] == "high"
    v = e.view()
    assert v["hand_points"] == [30, 2]
    meld = v["melds"][0]
    assert meld["cards"] == ["QH", "KH", "AH", "2H"]
    assert meld["values"] == [10, 10, 10, 2]  # the Ace is now in the middle but stays recorded at 10
    assert meld["points"] == 32
    assert meld["ends"] == [{"rank": "J", "suit": "H", "end": "low"}, {"rank": "3", "suit": "H", "end": "high"}]
    assert meld["suit"] == "H"


# -- example 6: invalid melds -----------------------------------------------------------------------

def test_scenario6_sequence_with_gap_is_invalid():
    e = game(hands=[["KH", "AH", "2H", "4H"]])
    e.apply(0, "draw")
    with pytest.raises(IllegalAction, match="gap"):
        e.apply(0, "meld KH AH 2H 4H")
    assert not any(a.startswith("meld") and "4H" in a for a in e.legal_actions(0))
    assert "meld KH AH 2H" in e.legal_actions(0)


def test_scenario6_two_cards_are_no_meld():
    e = game(hands=[["7H", "7S"]])
    e.apply(0, "draw")
    with pytest.raises(IllegalAction, match="at least 3"):
        e.apply(0, "meld 7H 7S")


def test_scenario6_same_card_twice_is_impossible():
    e = game(hands=[["7H", "7S", "7C"]])
    e.apply(0, "draw")
    with pytest.raises(IllegalAction, match="twice"):
        e.apply(0, "meld 7H 7S 7H")
    assert e.view()["melds"] == []


# -- example 7: settlement 116 / 157 ----------------------------------------------------------------

def _settlement_position(romme):
    e = game(seats=3, talon=["4S"])
    e.apply(0, "draw")  # 4S
    # position that takes many turns to reach: opponents down to {♠A ♥K ♦5} and {♣9 ♦2}
    e.hands[1] = ["5D", "KH", "AS"]
    e.hands[2] = ["9C", "2D"]
    if romme:
        e.hands[0] = ["6C", "6S", "6D", "QC", "KC", "AC", "2C", "3C", "9H", "9S", "9D", "4S"]
    else:
        e.hands[0] = ["9H", "9S", "9D", "4S"]
        e.hand_points[0] = 48
        e.placed[0] = e.placed_earlier[0] = True
    return e


def test_scenario7_settlement_116():
    e = _settlement_position(romme=False)
    assert e.apply(0, "meld 9H 9S 9D")[0]["points"] == 27
    ev = e.apply(0, "discard 4S")
    out = [x for x in ev if x["type"] == "out"][0]
    assert out == {"type": "out", "seat": 0, "romme": False, "bonus": 41}
    scored = [x for x in ev if x["type"] == "hand_scored"][0]
    assert scored["deltas"] == [116, 0, 0]
    assert scored["remaining_points"] == [0, 30, 11]
    assert e.view()["totals"] == [116, 0, 0]


def test_scenario7_settlement_romme_hand_157():
    e = _settlement_position(romme=True)
    e.apply(0, "meld 6C 6S 6D")
    e.apply(0, "meld QC KC AC 2C 3C")
    e.apply(0, "meld 9H 9S 9D")
    assert e.view()["hand_points"][0] == 75
    ev = e.apply(0, "discard 4S")
    scored = [x for x in ev if x["type"] == "hand_scored"][0]
    assert scored["romme"] is True and scored["bonus"] == 82
    assert scored["deltas"] == [157, 0, 0]


def test_going_out_without_discard_is_romme_with_doubled_bonus():
    e = game(hands=[["6C", "6S", "6D", "QC", "KC", "AC", "2C"], ["2H", "3H", "4H", "5H", "6H", "7H", "AD"]],
             talon=["3C"])
    e.apply(0, "draw")
    e.apply(0, "meld 6C 6S 6D")
    ev = e.apply(0, "meld QC KC AC 2C 3C")
    assert [x["type"] for x in ev] == ["meld", "out", "hand_scored", "deal"]
    bonus = 2 + 3 + 4 + 5 + 6 + 7 + 15
    assert ev[1]["romme"] is True and ev[1]["bonus"] == 2 * bonus
    assert ev[2]["deltas"] == [48 + 2 * bonus, 0]
    assert ev[2]["remaining"][1] == ["2H", "3H", "4H", "5H", "6H", "7H", "AD"]


def test_melding_in_an_earlier_turn_means_no_romme_hand():
    e = game(hands=[["6C", "6S", "6D", "QC", "KC", "AC", "2C"], ["2H", "3H", "4H", "5H", "6H", "7H", "AD"]],
             talon=["JD", "4S", "3C"])
    e.apply(0, "draw")
    e.apply(0, "meld 6C 6S 6D")
    e.apply(0, "discard JD")
    e.apply(1, "draw")
    e.apply(1, "discard 4S")
    e.apply(0, "draw")
    ev = e.apply(0, "meld QC KC AC 2C 3C")
    out = [x for x in ev if x["type"] == "out"][0]
    assert out["romme"] is False and out["bonus"] == 2 + 3 + 4 + 5 + 6 + 7 + 15
    assert e.totals == [48 + 42, 0]


# -- example 8: the card taken alone ---------------------------------------------------------------

def test_scenario8_single_staircase_card_may_not_be_discarded():
    e = game(staircase=["8C"])
    e.apply(0, "take 1")
    assert e.view()["taken_single"] == "8C"
    assert "discard 8C" not in e.legal_actions(0)
    with pytest.raises(IllegalAction, match="alone"):
        e.apply(0, "discard 8C")
    assert e.default_action(0) != "discard 8C"
    other = [c for c in e.view(0)["hand"] if c != "8C"][0]
    e.apply(0, "discard " + other)
    assert e.view()["staircase"] == [other]


def test_two_taken_cards_may_be_discarded():
    e = game(staircase=["8C", "9D"])
    e.apply(0, "take 2")
    assert e.view()["taken_single"] is None
    assert "discard 9D" in e.legal_actions(0) and "discard 8C" in e.legal_actions(0)


def test_meld_leaving_only_the_forbidden_card_is_illegal():
    e = game(hands=[["5S", "5H", "5D"]], staircase=["8C"])
    e.hands[0] = ["5S", "5H", "5D"]  # a small hand: after take 1 it is 5S 5H 5D 8C
    e.apply(0, "take 1")
    assert "meld 5S 5H 5D" not in e.legal_actions(0)
    with pytest.raises(IllegalAction, match="leave only"):
        e.apply(0, "meld 5H 5S 5D")


# -- other rules -----------------------------------------------------------------------------------

def test_meld_accepts_any_card_order_and_normalises():
    e = game(hands=[["2H", "AH", "KH", "QH"]])
    e.apply(0, "draw")
    assert "meld QH KH AH 2H" in e.legal_actions(0)
    ev = e.apply(0, "meld 2h AH QH KH")
    assert ev[0]["cards"] == ["QH", "KH", "AH", "2H"] and ev[0]["points"] == 27


def test_legal_melds_cover_sets_and_every_contiguous_run():
    e = game(hands=[["2S", "3S", "4S", "5S", "9C", "9H", "9D"]], talon=["9S"])
    e.apply(0, "draw")
    melds = [a for a in e.legal_actions(0) if a.startswith("meld")]
    assert sorted(melds) == sorted([
        "meld 9C 9S 9H 9D", "meld 9C 9S 9H", "meld 9C 9S 9D", "meld 9C 9H 9D", "meld 9S 9H 9D",
        "meld 2S 3S 4S", "meld 3S 4S 5S", "meld 2S 3S 4S 5S"])


def test_thirteen_card_sequence_names_its_low_end():
    e = game()
    e.apply(0, "draw")
    hearts = [r + "H" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]
    e.hands[0] = hearts + ["4C"]
    with pytest.raises(IllegalAction, match="low"):
        e.apply(0, "meld " + " ".join(hearts))
    acts = e.legal_actions(0)
    assert "meld " + " ".join(hearts) + " low 2" in acts
    assert len([a for a in acts if " low " in a]) == 13
    ev = e.apply(0, "meld " + " ".join(reversed(hearts)) + " low 2")
    assert ev[0]["cards"] == hearts
    assert ev[0]["points"] == 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 10 + 10 + 10 + 10
    assert e.view()["melds"][0]["ends"] == []


def test_thirteen_card_sequence_ace_in_the_middle():
    e = game()
    e.apply(0, "draw")
    hearts = [r + "H" for r in ("5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "3", "4")]
    e.hands[0] = hearts + ["4C"]
    ev = e.apply(0, "meld " + " ".join(hearts) + " low 5H")
    assert ev[0]["values"][9] == 5


def test_twelve_card_sequence_layoff_needs_an_end_and_the_end_values_the_ace():
    e = game()
    e.apply(0, "draw")
    hearts = [r + "H" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    e.hands[0] = hearts + ["AH", "4C", "5C"]
    e.apply(0, "meld " + " ".join(hearts))
    assert e.view()["melds"][0]["ends"] == [{"rank": "A", "suit": "H", "end": "low"},
                                            {"rank": "A", "suit": "H", "end": "high"}]
    acts = e.legal_actions(0)
    assert "layoff AH 1 low" in acts and "layoff AH 1 high" in acts and "layoff AH 1" not in acts
    with pytest.raises(IllegalAction, match="both ends"):
        e.apply(0, "layoff AH 1")
    ev = e.apply(0, "layoff AH 1 high")
    assert ev[0]["points"] == 10
    assert e.view()["melds"][0]["cards"][-1] == "AH"
    e2 = game()
    e2.apply(0, "draw")
    e2.hands[0] = hearts + ["AH", "4C", "5C"]
    e2.apply(0, "meld " + " ".join(hearts))
    assert e2.apply(0, "layoff AH 1 low")[0]["points"] == 1
    assert e2.view()["melds"][0]["cards"][0] == "AH"


def test_layoff_on_low_end_of_sequence():
    e = game(hands=[["2D", "3D", "4D", "AD", "KD"]])
    e.apply(0, "draw")
    e.apply(0, "meld 2D 3D 4D")
    assert e.apply(0, "layoff AD 1")[0] == {"type": "layoff", "seat": 0, "card": "AD", "meld": 1,
                                            "end": "low", "points": 1}
    assert e.apply(0, "layoff KD 1")[0]["points"] == 10
    assert e.view()["melds"][0]["values"] == [10, 1, 2, 3, 4]
    with pytest.raises(IllegalAction, match="does not fit"):
        e.apply(0, "layoff " + e.view(0)["hand"][0] + " 1")


def test_talon_rebuilt_once_then_hand_ends_void():
    e = game(staircase=["2C", "3C"])
    e.talon = []
    ev = e.apply(0, "draw")
    assert ev[0] == {"type": "rebuild", "seat": 0, "talon_count": 1}
    assert ev[1] == {"type": "draw", "seat": 0, "talon_count": 0}
    assert ev[2] == {"type": "drawn", "seat": 0, "card": "2C", "private": 0}
    assert e.view()["rebuilt"] is True and e.view()["staircase"] == ["3C"]
    e.apply(0, "discard " + e.view(0)["hand"][0])
    assert e.view()["talon_count"] == 0
    e.hand_points = [12, 3]
    ev = e.apply(1, "draw")
    assert [x["type"] for x in ev] == ["hand_void", "hand_scored", "deal"]
    assert ev[0]["reason"] == "talon"
    assert ev[1]["deltas"] == [12, 3] and ev[1]["finisher"] is None and ev[1]["bonus"] == 0
    assert e.view()["hand_no"] == 2 and e.view()["dealer"] == 1


def test_empty_talon_with_single_staircase_card_ends_the_hand():
    e = game(staircase=["2C"])
    e.talon = []
    ev = e.apply(0, "draw")
    assert ev[0]["type"] == "hand_void"


def test_turn_limit_ends_hand_without_finisher():
    e = game()
    e.turn_no = 299
    e.apply(0, "draw")
    ev = e.apply(0, e.default_action(0))
    assert [x["type"] for x in ev] == ["discard", "hand_void", "hand_scored", "deal"]
    assert ev[1]["reason"] == "turn_limit"


def test_dealer_starts_and_rotates_left():
    e = Treppenromme.new(3, seed=5, options={"dealer": 2})
    assert e.to_act() == frozenset({2}) and e.view()["dealer"] == 2
    e.talon = []
    e.staircase = e.staircase[-1:]
    e.apply(2, "draw")  # void: nothing to rebuild from
    assert e.view()["dealer"] == 0 and e.to_act() == frozenset({0})


def test_match_ends_at_target_and_a_tie_at_the_top_plays_on():
    e = game(seed=3)
    e.totals = [495, 480]
    e.hand_points = [10, 25]
    e.talon = []
    e.staircase = e.staircase[-1:]
    e.apply(0, "draw")
    assert e.totals == [505, 505] and not e.over and e.view()["hand_no"] == 2
    e.hand_points = [0, 5]
    e.talon = []
    e.staircase = e.staircase[-1:]
    ev = e.apply(1, "draw")
    assert ev[-1] == {"type": "match_over", "winners": [1], "totals": [505, 510]}
    assert e.over and e.to_act() == frozenset() and e.legal_actions(1) == []
    res = e.result()
    assert res["winners"] == [1] and res["totals"] == [505, 510]
    assert [h["deltas"] for h in res["hands"]] == [[10, 25], [0, 5]]
    json.dumps(res)
    with pytest.raises(IllegalAction, match="over"):
        e.apply(1, "draw")


def test_default_action_draws_then_discards_highest_value():
    e = game(hands=[["AS", "KH", "2C", "3C", "5D", "6D", "9S"]], talon=["4H"])
    assert e.default_action(0) == "draw"
    e.apply(0, "draw")
    assert e.default_action(0) == "discard AS"


def test_illegal_actions_have_reasons_and_leave_state_untouched():
    e = game(hands=[["AS", "KH", "2C", "3C", "5D", "6D", "9S"]])
    before = json.dumps([e.view(0), e.view(1), e.legal_actions(0)])
    cases = [(1, "draw", "not your turn"), (0, "discard AS", "draw first"), (0, "take x", "take K"),
             (0, "fly", "unknown action"), (5, "draw", "no seat")]
    for seat, action, reason in cases:
        with pytest.raises(IllegalAction, match=reason):
            e.apply(seat, action)
        assert reason in e.explain(seat, action)
    e.apply(0, "draw")
    mid = json.dumps([e.view(0), e.view(1), e.legal_actions(0)])
    for action, reason in [("discard 4H", "do not hold"), ("discard XX", "not a card"),
                           ("meld AS KH 2C", "neither"), ("layoff AS 1", "no meld"),
                           ("meld 2C 3C 4C", "do not hold")]:
        with pytest.raises(IllegalAction, match=reason):
            e.apply(0, action)
    assert json.dumps([e.view(0), e.view(1), e.legal_actions(0)]) == mid
    assert before != mid


def test_options_and_deal_validation():
    assert GAMES["treppenromme"] is Treppenromme
    assert Treppenromme.new(2, seed=1).options["target"] == 500
    assert Treppenromme.new(2, seed=1, options={"target": 1000}).view()["target"] == 1000
    for bad in ({"target": 750}, {"goal": 500}, {"dealer": 2}):
        with pytest.raises(ValueError):
            Treppenromme.new(2, seed=1, options=bad)
    with pytest.raises(ValueError):
        Treppenromme.new(5, seed=1)
    hands = fill_hands(2, [])
    with pytest.raises(ValueError, match="7 cards"):
        Treppenromme.new(2, seed=1, deal={"hands": [hands[0][:6], hands[1]]})
    with pytest.raises(ValueError, match="twice"):
        Treppenromme.new(2, seed=1, deal={"hands": [hands[0], hands[0]]})
    with pytest.raises(ValueError, match="unknown card"):
        Treppenromme.new(2, seed=1, deal={"hands": [hands[0][:6] + ["1X"], hands[1]]})
    with pytest.raises(ValueError, match="twice"):
        Treppenromme.new(2, seed=1, deal={"hands": hands, "staircase": [hands[0][0]]})
    e = Treppenromme.new(2, seed=1, deal={"hands": hands})
    assert sorted(e.hands[0]) == sorted(hands[0]) and len(e.staircase) == 1 and len(e.talon) == 52 - 15


def test_views_have_common_and_game_keys():
    e = Treppenromme.new(4, seed=9)
    v = e.view()
    for key in ("game", "seats", "phase", "dealer", "to_act", "totals", "hand_no", "over", "options", "counts",
                "staircase", "talon_count", "melds", "hand_points", "turn_step", "taken_single", "rebuilt"):
        assert key in v
    assert "hand" not in v and v["counts"] == [7, 7, 7, 7] and v["talon_count"] == 52 - 29
    assert v["turn_step"] == "draw" and v["phase"] == "play"
    assert len(e.view(2)["hand"]) == 7


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
