"""Schieberamsch engine: the examples of docs/rules/schieberamsch.md, phases, options, views and random-play
properties.

Seats: with option dealer=2 the forehand (FH) is seat 0, middlehand (MH) seat 1, rearhand (RH) seat 2.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import GAMES, IllegalAction
from bot.games.cards import DECK_32
from bot.games.schieberamsch import (
    Schieberamsch,
    grand_delta,
    grand_value,
    matadors,
    ramsch_deltas,
    ramsch_scores,
)

FH, MH, RH = 0, 1, 2


# -- helpers -----------------------------------------------------------------------------------------


def new(deal=None, seed=1, **options):
    opts = {"dealer": 2, "deals": 3}
    opts.update(options)
    return Schieberamsch.new(3, seed=seed, options=opts, deal=deal)


def make_deal(fh=(), mh=(), rh=(), skat=()):
    """A full deal from partial hands: the unnamed cards fill the skat, then FH, MH, RH, in deck order."""
    named = [*fh, *mh, *rh, *skat]
    assert len(set(named)) == len(named)
    rest = [c for c in DECK_32 if c not in named]
    skat = list(skat) + [rest.pop(0) for _ in range(2 - len(skat))]
    hands = []
    for part in (fh, mh, rh):
        hands.append(list(part) + [rest.pop(0) for _ in range(10 - len(part))])
    return {"hands": hands, "skat": skat}


def act(e, *actions):
    """Apply each action for the single seat to act; return all events."""
    events = []
    for a in actions:
        (seat,) = e.to_act()
        events += e.apply(seat, a)
    return events


def to_play(e, schieben=("push", "push", "push")):
    act(e, "pass", "pass", "pass", *schieben)
    assert e.view()["phase"] == "play"


def play_tricks(e, tricks):
    """Play tricks given as lists of three cards in play order; return all events."""
    events = []
    for trick in tricks:
        for card in trick:
            events += act(e, "play " + card)
    return events


def scored(events):
    (h,) = [x for x in events if x["type"] == "hand_scored"]
    return h


def grouped(plays):
    return [plays[i:i + 3] for i in range(0, len(plays), 3)]


def strings_in(obj):
    """Every string value (not key) anywhere in a JSON-like object."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from strings_in(v)
    elif isinstance(obj, list | tuple):
        for v in obj:
            yield from strings_in(v)


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
    assert err.value.reason == "you must follow suit (♥; Jacks are trumps, not ♥)"
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


JUNGFRAU_75_45 = {  # FH pushes, MH and RH take; FH never wins a trick
    "deal": {"hands": [["KC", "9C", "QS", "9S", "QH", "AD", "10D", "KD", "8D", "7D"],
                       ["JH", "JD", "10C", "AS", "8S", "7S", "AH", "10H", "9H", "8H"],
                       ["JC", "JS", "AC", "8C", "7C", "10S", "KS", "KH", "7H", "9D"]],
             "skat": ["QD", "QC"]},
    "pre": ["pass", "pass", "pass", "push", "take", "discard AS 9H", "take", "discard 8C AS"],
    "plays": ["8D", "QD", "9D", "8S", "KS", "QS", "KH", "QH", "10H", "10C", "AC", "9C", "9H", "KC", "8H",
              "JC", "KD", "JH", "7H", "AD", "AH", "QC", "7C", "9S", "JD", "JS", "10D", "10S", "7D", "7S"],
}


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

DURCHMARSCH = make_deal(
    fh=["JC", "JS", "JH", "JD", "AC", "10C", "KC", "AS", "10S", "AH"],
    mh=["QC", "9C", "8C", "KS", "QS", "9S", "10H", "KH", "QH", "9H"],
    rh=["8S", "7H", "8H", "AD", "10D", "KD", "QD", "9D", "8D", "7D"],
    skat=["7C", "7S"])


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


GH_WITH2_75 = {
    "deal": {"hands": [["JC", "JS", "JD", "9C", "7C", "QH", "8H", "7H", "AD", "KD"],
                       ["JH", "AC", "10C", "QC", "QS", "9S", "8S", "7S", "10H", "9D"],
                       ["KC", "8C", "AS", "10S", "KS", "KH", "9H", "10D", "8D", "7D"]],
             "skat": ["AH", "QD"]},
    "pre": ["grand", "pass", "pass"],
    "plays": ["JS", "JH", "AS", "AD", "9D", "10D", "KD", "QS", "8D", "7C", "QC", "8C", "10H", "9H", "QH",
              "AC", "KC", "9C", "9S", "KS", "7H", "10S", "8H", "7S", "7D", "JD", "8S", "JC", "10C", "KH"],
}
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


# -- phases -----------------------------------------------------------------------------------------------


def test_first_grand_announcement_ends_the_round_and_opponents_are_asked_in_order():
    e = new()
    act(e, "pass", "grand")
    v = e.view()
    assert v["solo"] == MH and v["grand_passed"] == [FH] and v["phase"] == "kontra"
    assert e.to_act() == frozenset({FH})
    assert e.legal_actions(FH) == ["pass", "kontra"]
    act(e, "pass")
    assert e.to_act() == frozenset({RH})
    act(e, "pass")  # no Kontra: no Rekontra question, FH leads
    assert e.view()["phase"] == "play" and e.to_act() == frozenset({FH})
    assert e.view()["skat_count"] == 2


def test_nobody_announces_grand_hand_then_schieben_starts_with_forehand():
    e = new()
    events = act(e, "pass", "pass", "pass")
    assert {"type": "ramsch", "forehand": FH} in events
    assert e.view()["mode"] == "ramsch" and e.to_act() == frozenset({FH})
    assert e.legal_actions(FH) == ["push", "take"]


def test_take_shows_the_skat_privately_and_discard_puts_two_back():
    e = new(make_deal(skat=["AC", "JC"]))
    act(e, "pass", "pass", "pass")
    events = act(e, "take")
    assert {"type": "take", "seat": FH} in events
    private = [x for x in events if x.get("private") is not None]
    assert private == [{"type": "skat", "seat": FH, "cards": ["JC", "AC"], "private": FH}]
    mine = e.view(FH)
    assert len(mine["hand"]) == 12 and mine["skat"] == ["JC", "AC"]
    assert "AC" in mine["hand"] and "JC" in mine["hand"]
    public = e.view()
    assert public["counts"][FH] == 12 and public["skat_count"] == 0 and public["took_by"] == [FH]
    assert "AC" not in set(strings_in(public)) and "JC" not in set(strings_in(public))
    assert "skat" not in e.view(MH)
    assert len(e.legal_actions(FH)) == 66
    assert e.default_action(FH) == "discard JC AC"
    hand = mine["hand"]
    a, b = hand[-1], hand[-2]  # named out of order: accepted
    events = act(e, f"discard {a} {b}")
    assert {"type": "discard", "seat": FH} in events
    assert e.view(FH)["discarded"] == [b, a] and len(e.view(FH)["hand"]) == 10
    assert e.view()["skat_count"] == 2 and e.to_act() == frozenset({MH})


def test_discard_must_name_two_different_cards_of_the_hand():
    e = new()
    act(e, "pass", "pass", "pass", "take")
    hand = e.view(FH)["hand"]
    outside = next(c for c in DECK_32 if c not in hand)
    for bad in [f"discard {hand[0]} {hand[0]}", f"discard {hand[0]} {outside}", "discard", "push"]:
        with pytest.raises(IllegalAction):
            e.apply(FH, bad)
    assert len(e.view(FH)["hand"]) == 12


def test_option_jacks_in_skat_false_forbids_discarding_jacks():
    e = new(make_deal(fh=["JC", "JS"], skat=["JH", "7D"]), jacks_in_skat=False)
    act(e, "pass", "pass", "pass", "take")
    legal = e.legal_actions(FH)
    assert legal and not any("J" in a.split()[1][0] or a.split()[2][0] == "J" for a in legal)
    assert len(legal) == 36  # 9 non-Jacks among the 12 cards
    with pytest.raises(IllegalAction) as err:
        e.apply(FH, "discard JC JS")
    assert "Jacks" in err.value.reason
    d = e.default_action(FH)
    assert "7D" in d and d in legal


def test_push_passes_the_skat_unseen_and_counts():
    e = new()
    act(e, "pass", "pass", "pass", "push", "take")
    v = e.view()
    assert v["pushes"] == 1 and v["pushed_by"] == [FH] and v["took_by"] == [MH] and v["multiplier"] == 2
    assert "skat" not in e.view(FH) and "discarded" not in e.view(FH)


def test_not_your_turn_and_wrong_phase_actions_are_rejected_without_change():
    e = new()
    before = (json.dumps(e.view()), [json.dumps(e.view(s)) for s in range(3)])
    for seat, action in [(MH, "pass"), (FH, "push"), (FH, "play 7C"), (FH, "kontra"), (5, "pass"),
                         (FH, ""), (FH, None), (None, "pass")]:
        with pytest.raises(IllegalAction):
            e.apply(seat, action)
    assert (json.dumps(e.view()), [json.dumps(e.view(s)) for s in range(3)]) == before
    with pytest.raises(IllegalAction) as err:
        e.apply(MH, "pass")
    assert err.value.reason == "it is not your turn"


def test_play_phase_rejects_bad_input_without_change():
    e = new()
    to_play(e)
    before = json.dumps(e.view(FH))
    for action in ["play", "play XX", "play 7", ["play 7C"], "play " + e.view(MH)["hand"][0]]:
        with pytest.raises(IllegalAction):
            e.apply(FH, action)
    with pytest.raises(IllegalAction):
        e.apply(0.0, e.legal_actions(FH)[0])  # a seat is an int
    assert json.dumps(e.view(FH)) == before


def test_default_actions_are_mild():
    e = new()
    assert e.default_action(FH) == "pass"
    act(e, "pass", "pass", "pass")
    assert e.default_action(FH) == "push"
    act(e, "push", "push", "push")
    d = e.default_action(FH)
    assert d in e.legal_actions(FH)
    hand = e.view(FH)["hand"]
    points = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
    assert points.get(d[5:-1], 0) == min(points.get(c[:-1], 0) for c in hand)
    e2 = new()
    act(e2, "grand")
    assert e2.default_action(MH) == "pass"
    act(e2, "kontra")
    assert e2.default_action(FH) == "pass"


# -- match flow and options ------------------------------------------------------------------------------


def play_random(e, rng, limit=10_000):
    events = []
    for _ in range(limit):
        if e.over:
            return events
        (seat,) = e.to_act()
        events += e.apply(seat, rng.choice(e.legal_actions(seat)))
    raise AssertionError("match did not end")


def test_match_of_three_deals_rotates_dealer_and_ends_with_lowest_total_winning():
    e = new(dealer=0, deals=3, seed=4)
    events = play_random(e, random.Random(4))
    deals = [x for x in events if x["type"] == "deal"]
    assert [x["hand_no"] for x in deals] == [2, 3]
    hs = [x for x in events if x["type"] == "hand_scored"]
    assert len(hs) == 3 and events[-1]["type"] == "match_over"
    r = e.result()
    assert r["totals"] == [sum(h["deltas"][s] for h in r["hands"]) for s in range(3)]
    assert r["winners"] == [s for s in range(3) if r["totals"][s] == min(r["totals"])]
    assert events[-1] == {"type": "match_over", "winners": r["winners"], "totals": r["totals"]}
    json.dumps(r)
    assert e.to_act() == frozenset() and e.legal_actions(0) == [] and e.view()["phase"] == "over"
    with pytest.raises(IllegalAction):
        e.apply(0, "pass")


def test_dealer_rotates_after_grand_hand_by_default_and_option_same_keeps_it():
    for gh_dealer, expected in [("rotate", 0), ("same", 2)]:
        e = new(GH_WITH2_75["deal"], gh_dealer=gh_dealer)
        act(e, *GH_WITH2_75["pre"])
        events = play_tricks(e, grouped(GH_WITH2_75["plays"]))
        deal = [x for x in events if x["type"] == "deal"][0]
        assert deal["dealer"] == expected and e.view()["dealer"] == expected
        assert e.view()["hand_no"] == 2 and e.view()["forehand"] == (expected + 1) % 3
    e = new(DURCHMARSCH, gh_dealer="same")
    to_play(e)
    for lead in ["JC", "JS", "JH", "JD", "AC", "10C", "KC", "AS", "10S", "AH"]:
        act(e, "play " + lead)
        for _ in range(2):
            (seat,) = e.to_act()
            e.apply(seat, e.default_action(seat))
    assert e.view()["dealer"] == 0  # a Ramsch always passes the deal on


def test_target_ends_the_match_early():
    e = new(JUNGFRAU_75_45["deal"], deals=12, target=30)
    act(e, *JUNGFRAU_75_45["pre"])
    events = play_tricks(e, grouped(JUNGFRAU_75_45["plays"]))
    assert e.over and events[-1]["type"] == "match_over"
    assert e.result()["winners"] == [FH, MH] and e.result()["totals"] == [0, 0, 30]
    assert e.view()["points_taken"] == [0, 45, 75] and e.view()["skat_count"] == 0


def test_open_ended_match_keeps_dealing():
    e = new(deals=None, seed=9)
    rng = random.Random(9)
    while e.view()["hand_no"] < 7:
        (seat,) = e.to_act()
        e.apply(seat, rng.choice(e.legal_actions(seat)))
    assert not e.over and len(e.view()["sheet"]) == 6


def test_skat_to_loser_option_gives_the_skat_to_most_trick_points():
    for seed in range(6):
        e = new(seed=seed, skat_to="loser")
        rng = random.Random(seed)
        act(e, "pass", "pass", "pass")
        events = play_random_until_scored(e, rng)
        h = scored(events)
        trick_points = [0, 0, 0]
        for x in events:
            if x["type"] == "trick":
                trick_points[x["winner"]] += x["points"]
        skat = [x for x in events if x["type"] == "skat_taken"][0]
        assert trick_points[h["skat_to"]] == max(trick_points)
        assert h["points"][h["skat_to"]] == trick_points[h["skat_to"]] + skat["points"]


def play_random_until_scored(e, rng):
    events = []
    while not any(x["type"] == "hand_scored" for x in events):
        (seat,) = e.to_act()
        events += e.apply(seat, rng.choice(e.legal_actions(seat)))
    return events


def test_options_and_deal_are_validated():
    for options in [{"deals": 4}, {"deals": 0}, {"target": 0}, {"skat_to": "winner"}, {"gh_dealer": "x"},
                    {"jacks_in_skat": "yes"}, {"dealer": 3}, {"bogus": 1}]:
        with pytest.raises(ValueError):
            Schieberamsch.new(3, seed=1, options=options)
    with pytest.raises(ValueError):
        Schieberamsch.new(4, seed=1)
    good = make_deal()
    bad_count = {"hands": [good["hands"][0][:9], good["hands"][1], good["hands"][2]], "skat": good["skat"]}
    dup = {"hands": [good["hands"][0], good["hands"][1], good["hands"][2]], "skat": [good["skat"][0]] * 2}
    unknown = {"hands": good["hands"], "skat": [good["skat"][0], "6C"]}
    for deal in [bad_count, dup, unknown, {"hands": good["hands"]}, ["x"]]:
        with pytest.raises(ValueError):
            Schieberamsch.new(3, seed=1, deal=deal)


def test_registered_and_fixed_deal_is_used():
    assert GAMES["schieberamsch"] is Schieberamsch
    assert Schieberamsch.min_seats == Schieberamsch.max_seats == 3
    deal = make_deal()
    e = new(deal)
    for s in range(3):
        assert sorted(e.view(s)["hand"]) == sorted(deal["hands"][s])
    assert e.view()["options"]["deals"] == 3 and e.view()["game"] == "schieberamsch"


def test_first_dealer_is_drawn_by_lot_from_the_seed():
    dealers = {Schieberamsch.new(3, seed=s).view()["dealer"] for s in range(30)}
    assert dealers == {0, 1, 2}
    assert Schieberamsch.new(3, seed=5).view() == Schieberamsch.new(3, seed=5).view()


def test_common_view_keys():
    e = new()
    v = e.view(0)
    for key in ["game", "seats", "phase", "dealer", "to_act", "totals", "hand_no", "over", "options", "counts",
                "hand", "trick", "last_trick", "tricks_won", "pushes", "pushed_by", "took_by", "solo", "kontra",
                "rekontra", "mode", "skat_count", "points_taken"]:
        assert key in v, key
    assert "hand" not in e.view()
    assert v["phase"] == "grand" and v["to_act"] == [FH] and v["counts"] == [10, 10, 10]
    assert v["points_taken"] is None and v["mode"] is None


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


def test_decimals_are_dropped_toward_zero():
    from bot.games.schieberamsch import trunc10

    assert [trunc10(x) for x in (965, 960, 9, -9, -965, -960)] == [96, 96, 0, 0, -96, -96]
