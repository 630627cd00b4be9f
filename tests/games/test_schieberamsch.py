"""Schieberamsch engine: the examples of docs/rules/schieberamsch.md (trumps, following suit, the Ramsch,
Jungfrau and Durchmarsch scores, Grand Hand), played and computed.
"""

from __future__ import annotations

import json

import pytest

from bot.games import IllegalAction
from bot.games.schieberamsch import (
    grand_delta,
    grand_value,
    matadors,
    ramsch_deltas,
    ramsch_scores,
)

from .schieberamsch_helpers import (
    DURCHMARSCH,
    FH,
    GH_WITH2_75,
    JUNGFRAU_75_45,
    MH,
    RH,
    act,
    grouped,
    make_deal,
    new,
    play_tricks,
    scored,
    to_play,
)

# -- docs/rules/schieberamsch.md, example 1: a Jack wins over the led suit ---


def test_scenario_1_void_player_trumps_led_ace_with_club_jack():
    deal = make_deal(fh=["AS", "7C"], mh=["10S", "8C"], rh=["JC", "KH", "AH", "10H", "9H", "8H", "7H", "QH",
                                                             "AD", "10D"])
    e = new(deal)
    to_play(e)
    events = play_tricks(e, [["AS", "10S", "JC"]])
    trick = [x for x in events if x["type"] == "trick"][0]
    assert trick["winner"] == RH
    assert trick["points"] == 11 + 10 + 2
    assert e.to_act() == frozenset({RH})
    assert e.view()["tricks_won"] == [0, 0, 1]
    assert e.view()["last_trick"] == {"cards": [{"seat": 0, "card": "AS"}, {"seat": 1, "card": "10S"},
                                                {"seat": 2, "card": "JC"}], "winner": 2}


def test_scenario_1b_off_suit_card_never_wins():
    deal = make_deal(fh=["9S"], mh=["AH", "AC", "AD", "10C", "10D", "10H", "KC", "KD", "KH", "QC"],
                     rh=["7S"])
    e = new(deal)
    to_play(e)
    events = play_tricks(e, [["9S", "AH", "7S"]])
    assert [x for x in events if x["type"] == "trick"][0]["winner"] == FH


# -- example 2: following suit with Jacks as their own trump suit ------------------------------------------


def test_scenario_2a_jack_led_must_be_followed_with_a_jack():
    deal = make_deal(fh=["JH"], mh=["JD", "AH", "KH", "QH", "AC", "AS", "AD", "10C", "10S", "10D"])
    e = new(deal)
    to_play(e)
    act(e, "play JH")
    assert e.legal_actions(MH) == ["play JD"]
    before = json.dumps(e.view(MH))
    with pytest.raises(IllegalAction) as err:
        e.apply(MH, "play AH")
    assert "trump" in err.value.reason
    assert json.dumps(e.view(MH)) == before  # state untouched
    act(e, "play JD")
    assert e.to_act() == frozenset({RH})


def test_scenario_2b_heart_led_jack_of_hearts_is_no_heart():
    deal = make_deal(fh=["7H"], mh=["JH", "KD", "AC", "10C", "KC", "AS", "10S", "KS", "AD", "10D"])
    e = new(deal)
    to_play(e)
    act(e, "play 7H")
    legal = e.legal_actions(MH)
    assert sorted(legal) == sorted("play " + c for c in e.view(MH)["hand"])
    assert "play JH" in legal and "play KD" in legal
    act(e, "play KD")  # a discard is fine
    assert e.view()["trick"][1] == {"seat": MH, "card": "KD"}


def test_follow_suit_is_enforced_with_a_readable_reason():
    deal = make_deal(fh=["7H"], mh=["8H", "JH", "AC", "10C", "KC", "AS", "10S", "KS", "AD", "10D"])
    e = new(deal)
    to_play(e)
    act(e, "play 7H")
    assert e.legal_actions(MH) == ["play 8H"]  # ♥J is a trump, not a heart
    with pytest.raises(IllegalAction) as err:
        e.apply(MH, "play JH")
    assert err.value.reason == "you must follow suit (♥; the Jacks J♣ J♠ J♥ J♦ are trumps, not ♥)"
    with pytest.raises(IllegalAction) as err:
        e.apply(MH, "play 9H")
    assert "don't hold" in err.value.reason


# -- example 3: 70/30/20 ----------------------------------------------------------------------------------


def test_scenario_3_ramsch_70_30_20_scoring():
    assert ramsch_scores([70, 30, 20], [4, 3, 3], 0) == ([70, 0, 0], "most_points")
    assert ramsch_deltas([70, 30, 20], [4, 3, 3], 0) == [7, 0, 0]
    assert ramsch_deltas([70, 30, 20], [4, 3, 3], 2) == [28, 0, 0]


RAMSCH_70_30_20 = {  # found by seeded random play; FH pushes, MH takes, RH pushes
    "deal": {"hands": [["JD", "AC", "AS", "KS", "9S", "10H", "KH", "7H", "AD", "7D"],
                       ["JS", "10C", "QC", "9C", "8C", "7C", "QS", "8S", "AH", "8H"],
                       ["JC", "JH", "KC", "10S", "7S", "10D", "KD", "QD", "9D", "8D"]],
             "skat": ["QH", "9H"]},
    "pre": ["pass", "pass", "pass", "push", "take", "discard 9C 7C", "push"],
    "plays": ["KS", "8S", "7S", "7D", "QS", "KD", "10D", "AD", "QC", "10H", "AH", "QD", "10C", "KC", "AC",
              "JD", "JS", "JH", "9H", "8D", "7H", "QH", "10S", "KH", "9S", "8C", "JC", "9D", "AS", "8H"],
}


def test_scenario_3_played_deal_70_30_20_with_two_pushes_scores_28():
    g = RAMSCH_70_30_20
    e = new(g["deal"])
    act(e, *g["pre"])
    assert e.view()["pushes"] == 2 and e.view()["pushed_by"] == [FH, RH] and e.view()["took_by"] == [MH]
    h = scored(play_tricks(e, grouped(g["plays"])))
    assert h["points"] == [70, 30, 20] and h["outcome"] == "most_points"
    assert h["multiplier"] == 4 and h["scores"] == [280, 0, 0]
    assert h["deltas"] == [28, 0, 0]
    assert e.view()["totals"] == [28, 0, 0]


# -- example 4: Jungfrau ----------------------------------------------------------------------------------


def test_scenario_4_jungfrau_75_45_scoring():
    assert ramsch_scores([75, 45, 0], [6, 4, 0], 0) == ([150, 0, 0], "jungfrau")
    assert ramsch_deltas([75, 45, 0], [6, 4, 0], 0) == [15, 0, 0]
    assert ramsch_deltas([75, 45, 0], [6, 4, 0], 1) == [30, 0, 0]
    # Jungfrau is about tricks, not points: a 0-point trick counts as a trick
    assert ramsch_scores([75, 45, 0], [5, 4, 1], 0)[1] == "most_points"


def test_scenario_4_played_jungfrau_75_45_with_one_push_scores_30():
    g = JUNGFRAU_75_45
    e = new(g["deal"])
    act(e, *g["pre"][:6])
    assert e.view(RH).get("skat") is None and e.view(MH)["discarded"] == ["AS", "9H"]
    act(e, *g["pre"][6:])
    h = scored(play_tricks(e, grouped(g["plays"])))
    assert h["tricks"][FH] == 0 and h["outcome"] == "jungfrau"
    assert h["points"] == [0, 45, 75] and h["pushes"] == 1
    assert h["scores"] == [0, 0, 300] and h["deltas"] == [0, 0, 30]


# -- example 5: Jungfrau tie ------------------------------------------------------------------------------


def test_scenario_5_jungfrau_tie_60_60_both_score():
    assert ramsch_scores([60, 0, 60], [5, 0, 5], 0) == ([120, 0, 120], "jungfrau")
    assert ramsch_deltas([60, 60, 0], [5, 5, 0], 0) == [12, 12, 0]


# -- example 6: Durchmarsch -------------------------------------------------------------------------------


def test_scenario_6_durchmarsch_scoring():
    assert ramsch_scores([120, 0, 0], [10, 0, 0], 0) == ([-120, 0, 0], "durchmarsch")
    assert ramsch_deltas([0, 120, 0], [0, 10, 0], 3) == [0, -96, 0]


def test_scenario_6_played_durchmarsch_with_three_pushes_scores_minus_96():
    e = new(DURCHMARSCH)
    events = act(e, "pass", "pass", "pass", "push", "push", "push")
    assert [x["pushes"] for x in events if x["type"] == "push"] == [1, 2, 3]
    assert e.view()["multiplier"] == 8
    events = []
    for lead in ["JC", "JS", "JH", "JD", "AC", "10C", "KC", "AS", "10S", "AH"]:
        events += act(e, "play " + lead)
        for _ in range(2):  # the others shed their mildest legal card
            (seat,) = e.to_act()
            events += e.apply(seat, e.default_action(seat))
    h = scored(events)
    assert h["outcome"] == "durchmarsch" and h["tricks"] == [10, 0, 0]
    assert h["points"] == [120, 0, 0] and h["skat_to"] == FH
    assert h["scores"] == [-960, 0, 0] and h["deltas"] == [-96, 0, 0]
    assert [x for x in events if x["type"] == "skat_taken"] == [{"type": "skat_taken", "seat": FH, "points": 0}]


# -- example 7: no Jungfrau -------------------------------------------------------------------------------


def test_scenario_7_67_33_20_and_tie_50_50_20():
    assert ramsch_deltas([67, 33, 20], [5, 3, 2], 0) == [6, 0, 0]
    assert ramsch_scores([50, 50, 20], [4, 3, 3], 0) == ([50, 50, 0], "most_points")
    assert ramsch_deltas([50, 20, 50], [4, 3, 3], 0) == [5, 0, 5]


# -- example 8: Grand Hand -------------------------------------------------------------------------------


def test_matadors_with_and_without_seed_cases():
    def m(jacks):
        return matadors(list(jacks) + ["7C", "8C"])

    assert m(["JC"]) == (1, True)
    assert m(["JC", "JS"]) == (2, True)
    assert m(["JC", "JS", "JD"]) == (2, True)
    assert m(["JC", "JS", "JH", "JD"]) == (4, True)
    assert m(["JC", "JH", "JD"]) == (1, True)  # opponents hold only ♠J
    assert m(["JD"]) == (3, False)  # opponents hold ♣J ♠J ♥J
    assert m(["JH", "JD"]) == (2, False)  # "only ♥J" missing above: without 2
    assert m(["JS", "JH", "JD"]) == (1, False)
    assert m([]) == (4, False)


@pytest.mark.parametrize("case,args,expected", [
    ("with 2, 75 points", (2, 75, 6), -9),
    ("without 2, 95 points, Schneider", (2, 95, 8), -12),
    ("with 4, all tricks", (4, 120, 10), -19),
    ("with 1, 55 points, lost", (1, 55, 4), 7),
    ("with 1, 55 points, lost, Kontra", (1, 55, 4, True), 14),
    ("with 2, 58 points, Kontra", (2, 58, 4, True), 19),
    ("without 3, 28 points, opponents 92", (3, 28, 2), 14),
    ("with 1, 61 points, Kontra + Rekontra", (1, 61, 5, True, True), -28),
])
def test_scenario_8_grand_hand_examples(case, args, expected):
    assert grand_delta(*args) == expected, case


def test_scenario_8_grand_value_multiplies_before_dividing():
    assert grand_value(2, False, False, True, False) == 19  # 24*4*2 = 192 -> 19, not 9*2
    assert grand_value(4, True, True, False, False) == 19  # M = 8
    assert grand_value(3, True, False, False, False) == 14  # M = 6


GH_WITH1_55_KONTRA = {
    "deal": {"hands": [["JC", "AC", "QC", "AS", "KS", "9S", "9H", "QD", "9D", "8D"],
                       ["JH", "9C", "8C", "10S", "8S", "7S", "KH", "8H", "10D", "7D"],
                       ["JS", "10C", "7C", "QS", "AH", "10H", "QH", "7H", "AD", "KD"]],
             "skat": ["JD", "KC"]},
    "pre": ["grand", "kontra", "pass"],
    "plays": ["AC", "9C", "10C", "QD", "7D", "KD", "AD", "8D", "10D", "7C", "QC", "8C", "9S", "10S", "QS",
              "KH", "AH", "9H", "7H", "KS", "8H", "7S", "10H", "AS", "9D", "JH", "QH", "8S", "JS", "JC"],
}
GH_WITH1_61_RE = {
    "deal": {"hands": [["JC", "JD", "AS", "10S", "8H", "7H", "10D", "9D", "8D", "7D"],
                       ["JS", "KC", "QC", "9C", "8C", "QS", "AH", "QH", "9H", "QD"],
                       ["JH", "10C", "7C", "KS", "9S", "8S", "7S", "10H", "AD", "KD"]],
             "skat": ["KH", "AC"]},
    "pre": ["grand", "pass", "kontra", "rekontra"],
    "plays": ["7H", "9H", "10H", "8S", "AS", "QS", "9D", "QD", "AD", "10C", "7D", "KC", "9S", "10S", "AH",
              "10D", "JS", "KD", "9C", "7C", "JD", "8H", "QH", "JH", "7S", "JC", "QC", "8D", "8C", "KS"],
}


def test_scenario_8_played_grand_hand_with_2_and_75_points_scores_minus_9():
    g = GH_WITH2_75
    e = new(g["deal"])
    events = act(e, *g["pre"])
    assert {"type": "grand_hand", "seat": FH} in events
    v = e.view()
    assert v["mode"] == "grand" and v["solo"] == FH and v["kontra"] is None and v["phase"] == "play"
    assert e.to_act() == frozenset({FH})
    h = scored(play_tricks(e, grouped(g["plays"])))
    assert (h["matadors"], h["with"]) == (2, True)
    assert h["solo_points"] == 75 and h["won"] and h["modifier"] == 4 and h["value"] == 9
    assert h["deltas"] == [-9, 0, 0]
    assert [x for x in events + [] if x["type"] == "skat"] == []  # the solo never sees the skat


def test_scenario_8_played_grand_hand_lost_with_kontra_scores_plus_14():
    g = GH_WITH1_55_KONTRA
    e = new(g["deal"])
    act(e, "grand")
    assert e.view()["phase"] == "kontra" and e.to_act() == frozenset({MH})
    act(e, "kontra")
    assert e.view()["phase"] == "rekontra" and e.to_act() == frozenset({FH}) and e.view()["kontra"] == MH
    act(e, "pass")
    h = scored(play_tricks(e, grouped(g["plays"])))
    assert (h["matadors"], h["with"]) == (1, True) and h["solo_points"] == 55 and not h["won"]
    assert h["kontra"] == MH and h["rekontra"] is None
    assert h["deltas"] == [14, 0, 0]


def test_scenario_8_played_grand_hand_61_with_kontra_and_rekontra_scores_minus_28():
    g = GH_WITH1_61_RE
    e = new(g["deal"])
    act(e, *g["pre"])
    v = e.view()
    assert v["kontra"] == RH and v["rekontra"] == FH and v["kontra_passed"] == [MH]
    h = scored(play_tricks(e, grouped(g["plays"])))
    assert h["solo_points"] == 61 and h["won"] and h["deltas"] == [-28, 0, 0]
    assert e.view()["totals"] == [-28, 0, 0]


def test_decimals_are_dropped_toward_zero():
    from bot.games.schieberamsch import trunc10

    assert [trunc10(x) for x in (965, 960, 9, -9, -965, -960)] == [96, 96, 0, 0, -96, -96]


def test_a_discard_names_its_two_cards_in_either_order():
    """docs/engine.md: Schieberamsch's one other spelling: a discard's cards in either order, the same move."""
    from bot.games.schieberamsch import Schieberamsch

    e = Schieberamsch.new(3, seed=1, options={"dealer": 2})
    for _ in range(3):
        e.apply(min(e.to_act()), "pass")
    e.apply(0, "take")
    listed = e.legal_actions(0)[0]
    _, a, b = listed.split()
    swapped = e.clone()
    assert f"discard {b} {a}" not in e.legal_actions(0)
    assert swapped.apply(0, f"discard {b} {a}") == e.apply(0, listed)
    assert swapped.view(0) == e.view(0)
