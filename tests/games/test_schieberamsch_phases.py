"""Schieberamsch engine: the phases of a deal (Grand Hand, Schieben, discarding, Kontra), refused actions,
default actions, the match's flow, options and views.
"""

from __future__ import annotations

import json
import random

import pytest

from bot.games import GAMES, IllegalAction
from bot.games.cards import DECK_32
from bot.games.schieberamsch import (
    Schieberamsch,
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
    strings_in,
    to_play,
)

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
    totals = e.result()["totals"]
    (event,) = e.finish()  # the table ends it: the deal in progress unscored, the lowest total wins
    assert e.over and not e.to_act() and event == {"type": "match_over", "totals": totals,
                                                   "winners": [s for s in range(3) if totals[s] == min(totals)]}
    assert e.result()["winners"] == event["winners"] and e.finish() == []


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
