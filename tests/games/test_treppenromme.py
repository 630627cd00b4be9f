"""Treppenrommé engine: the examples of docs/rules/treppenromme.md (meld values, the turn worth 75, staircase
takes, fixed values, invalid melds, the settlement, the card taken alone)."""

from __future__ import annotations

import json

import pytest

from bot.games import IllegalAction

from .treppenromme_helpers import game, meld_value

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


def test_a_whole_suit_that_would_leave_only_the_card_taken_alone_is_not_offered():
    """Thirteen of a suit laid out at once would leave the card taken alone as the only one in hand: no
    `meld ... low R` is listed then (every listed action is one `apply` accepts, docs/engine.md)."""
    from bot.games.treppenromme import Treppenromme

    e = Treppenromme.new(2, seed=1, options={"dealer": 0}, deal={
        "hands": [["2H", "3H", "4H", "5H", "6H", "7H", "8H"], ["2C", "3C", "4C", "5C", "6C", "7C", "9S"]],
        "staircase": ["9H", "10H", "JH", "QH", "KH", "AH", "8C"], "talon": ["KD", "QS"]})
    for seat, action in ((0, "take 7"), (0, "discard 8C"), (1, "draw"), (1, "discard 9S"), (0, "take 1")):
        e.apply(seat, action)
    legal = e.legal_actions(0)
    assert not any(" low " in a for a in legal)
    for action in legal:  # every one of them is taken
        e.clone().apply(0, action)


def test_meld_leaving_only_the_forbidden_card_is_illegal():
    e = game(hands=[["5S", "5H", "5D"]], staircase=["8C"])
    e.hands[0] = ["5S", "5H", "5D"]  # a small hand: after take 1 it is 5S 5H 5D 8C
    e.apply(0, "take 1")
    assert "meld 5S 5H 5D" not in e.legal_actions(0)
    with pytest.raises(IllegalAction, match="leave only"):
        e.apply(0, "meld 5H 5S 5D")
