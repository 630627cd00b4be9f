"""Rufmariasch engine: the examples of docs/rules/rufmariasch.md, contract checks and random-play properties."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import GAMES, IllegalAction
from bot.games.cards import DECK_32
from bot.games.rufmariasch import STRENGTH, Rufmariasch, settle, target


def new(hands=None, **options):
    options.setdefault("dealer", 3)          # forehand = caller = seat 0
    return Rufmariasch.new(4, seed=7, options=options, deal=None if hands is None else {"hands": hands})


def run(e, actions):
    """Apply each action for the one seat to act; return all events."""
    events = []
    for a in actions:
        (seat,) = e.to_act()
        events += e.apply(seat, a)
    return events


def scored(events):
    (hs,) = [x for x in events if x["type"] == "hand_scored"]
    return hs


def plays(e, seat):
    return sorted(a for a in e.legal_actions(seat) if a.startswith("play "))


def snapshot(e):
    return json.dumps([e.view(None)] + [e.view(s) for s in range(4)], sort_keys=True)


# -- registry / options / deal ---------------------------------------------------------------------------
def test_registered_with_four_seats():
    assert GAMES["rufmariasch"] is Rufmariasch
    assert Rufmariasch.title == "Rufmariasch"
    assert (Rufmariasch.min_seats, Rufmariasch.max_seats) == (4, 4)
    with pytest.raises(ValueError):
        Rufmariasch.new(3, seed=1)


@pytest.mark.parametrize("options", [{"deals": 6}, {"deals": 0}, {"stake": 0}, {"stake": 1.5},
                                     {"must_head": 1}, {"dealer": 4}, {"colour": "red"}])
def test_bad_options_raise(options):
    with pytest.raises(ValueError):
        Rufmariasch.new(4, seed=1, options=options)


def test_bad_deals_raise():
    hands = [list(DECK_32[8 * i:8 * i + 8]) for i in range(4)]
    bad_count = [h[:] for h in hands]
    bad_count[0] = bad_count[0][:7]
    dup = [h[:] for h in hands]
    dup[1][0] = dup[0][0]
    unknown = [h[:] for h in hands]
    unknown[2][0] = "6H"
    for deal in ({"hands": bad_count}, {"hands": dup}, {"hands": unknown}, {"hands": hands, "skat": []}):
        with pytest.raises(ValueError):
            Rufmariasch.new(4, seed=1, deal=deal)


def test_fixed_deal_first_four_cards_before_the_call():
    hands = [list(DECK_32[8 * i:8 * i + 8]) for i in range(4)]
    e = new(hands)
    v = e.view(0)
    assert v["phase"] == "call" and v["to_act"] == [0] and v["caller"] == 0 and v["forehand"] == 0
    assert sorted(v["hand"]) == sorted(hands[0][:4])
    assert v["counts"] == [4, 4, 4, 4]
    pub = json.dumps(e.view(None))
    for h in hands:
        for c in h:
            assert f'"{c}"' not in pub
    run(e, ["call H AS"])
    for s in range(4):
        assert sorted(e.view(s)["hand"]) == sorted(hands[s])


# -- docs/rules/rufmariasch.md, examples 1-5: legal cards (trumps ♥) ---
S1 = [["KS", "JS", "9S", "8S", "AC", "10C", "9C", "8C"],
      ["10S", "7S", "AH", "JD", "9D", "8D", "7D", "7C"],
      ["AS", "QS", "KH", "QH", "JH", "10D", "KD", "QD"],
      ["AD", "10H", "9H", "8H", "7H", "KC", "QC", "JC"]]


def test_scenario_1_must_head_the_led_suit():
    e = new(S1)
    run(e, ["call H AS", "play KS"])
    assert e.legal_actions(1) == ["play 10S"]
    before = snapshot(e)
    with pytest.raises(IllegalAction, match="head"):
        e.apply(1, "play 7S")
    with pytest.raises(IllegalAction, match=r"follow suit \(♠\)"):
        e.apply(1, "play AH")
    assert snapshot(e) == before


def test_scenario_1_without_must_head_any_card_of_the_suit():
    e = new(S1, must_head=False)
    run(e, ["call H AS", "play KS"])
    assert plays(e, 1) == ["play 10S", "play 7S"]


S2 = [["KS", "QS", "JS", "10S", "AC", "10C", "9C", "8C"],
      ["9H", "AD", "10D", "KD", "QD", "JD", "9D", "8D"],
      ["AS", "8S", "AH", "10H", "KH", "7C", "7D", "JH"],
      ["9S", "7S", "QH", "8H", "7H", "KC", "QC", "JC"]]


def test_scenario_2_trumped_trick_any_card_of_the_led_suit():
    e = new(S2)
    run(e, ["call H AS", "play KS"])
    assert plays(e, 1) == ["play 9H"]                   # void ♠: must trump
    run(e, ["play 9H"])
    assert plays(e, 2) == ["play 8S", "play AS"]
    run(e, ["play 8S"])
    assert plays(e, 3) == ["play 7S", "play 9S"]


def _s3(seat2, seat3):
    return [["8C", "AC", "10C", "KC", "QC", "JC", "9C", "7C"],
            ["9H", "AS", "10S", "KS", "QS", "JS", "9S", "8S"],
            seat2, seat3]


def test_scenario_3_void_must_overtrump():
    e = new(_s3(["JH", "8H", "AD", "10D", "KD", "7S", "9D", "8D"],
                ["AH", "10H", "KH", "QH", "7H", "QD", "JD", "7D"]))
    run(e, ["call H AD", "play 8C", "play 9H"])
    assert plays(e, 2) == ["play JH"]
    with pytest.raises(IllegalAction, match="overtrump 9♥"):
        e.apply(2, "play 8H")
    with pytest.raises(IllegalAction, match="must trump"):
        e.apply(2, "play AD")


def test_scenario_3_void_cannot_overtrump_any_trump():
    e = new(_s3(["8H", "7H", "AD", "10D", "KD", "7S", "9D", "8D"],
                ["AH", "10H", "KH", "QH", "JH", "QD", "JD", "7D"]))
    run(e, ["call H AD", "play 8C", "play 9H"])
    assert plays(e, 2) == ["play 7H", "play 8H"]


def test_scenario_3_without_must_head_any_trump():
    e = new(_s3(["JH", "8H", "AD", "10D", "KD", "7S", "9D", "8D"],
                ["AH", "10H", "KH", "QH", "7H", "QD", "JD", "7D"]), must_head=False)
    run(e, ["call H AD", "play 8C", "play 9H"])
    assert plays(e, 2) == ["play 8H", "play JH"]


def test_scenario_4_void_in_led_suit_and_trumps_any_card():
    hands = [["8C", "AC", "10C", "KC", "QC", "JC", "9C", "7C"],
             ["AS", "10S", "KS", "JS", "9S", "8S", "7S", "AD"],
             ["QS", "AH", "10H", "KH", "QH", "JH", "9H", "8H"],
             ["7H", "10D", "KD", "QD", "JD", "9D", "8D", "7D"]]
    e = new(hands)
    run(e, ["call H AD", "play 8C"])
    assert plays(e, 1) == sorted("play " + c for c in hands[1])


def test_scenario_5_trumps_led_must_head():
    hands = [["QH", "JH", "9H", "8H", "AC", "10C", "9C", "8C"],
             ["KH", "7H", "AS", "JD", "9D", "8D", "7D", "7C"],
             ["AH", "10H", "KS", "QS", "JS", "10D", "KD", "QD"],
             ["10S", "9S", "8S", "7S", "KC", "QC", "JC", "AD"]]
    e = new(hands)
    run(e, ["call H AD", "play QH"])
    assert e.legal_actions(1) == ["play KH"]


# -- example 6: the five payments (trumps ♥, caller seat 0) -----------------------------------------------
EX1_HANDS = [["8C", "QC", "KS", "AH", "7D", "9D", "JD", "QD"],
             ["9C", "10C", "7S", "10S", "AS", "8D", "10D", "KD"],
             ["7C", "8S", "JS", "QS", "9H", "10H", "QH", "AD"],
             ["JC", "KC", "AC", "9S", "7H", "8H", "JH", "KH"]]
EX1_LOG = ["call H AD",
           "play KS", "play 10S", "play JS", "play 9S", "play AS", "play 8S", "play JH", "play AH",
           "play JD", "play KD", "play AD", "play 8H", "play KH", "play QC", "play 7S", "play 10H",
           "play QS", "play 7H", "play QD", "play 10D", "play AC", "play 8C", "play 9C", "play 7C",
           "play KC", "play 7D", "play 10C", "play 9H", "play QH", "play JC", "play 9D", "play 8D"]


def test_scenario_6a_no_marriages_callers_50_vs_40_win_10_each():
    e = new(EX1_HANDS)
    events = run(e, EX1_LOG)
    tricks = [x for x in events if x["type"] == "trick"]
    won = sorted(c["card"] for t in tricks if t["winner"] in (0, 2) for c in t["cards"]
                 if c["card"][0] in "A1")
    assert won == sorted(["AH", "10H", "AS", "10C"])
    assert tricks[-1]["winner"] in (0, 2) and tricks[-1]["points"] == 10    # last trick: only the bonus
    hs = scored(events)
    assert hs["callers"] == [0, 2] and hs["defenders"] == [1, 3] and hs["alone"] is False
    assert hs["card_points"] == {"callers": 50, "defenders": 40}
    assert hs["target"] == 50 and hs["callers_win"] is True
    assert hs["payment"] == 10 and hs["deltas"] == [10, -10, 10, -10]
    assert e.totals == [10, -10, 10, -10]


def test_scenario_6a_stake_multiplies_the_payment():
    e = new(EX1_HANDS, stake=25)
    hs = scored(run(e, EX1_LOG))
    assert hs["payment"] == 250 and hs["deltas"] == [250, -250, 250, -250] and hs["stake"] == 25


def test_scenario_6b_callers_marriage_20_with_40_card_points_win_10():
    hands = [["7C", "8C", "8S", "8H", "QH", "AH", "9D", "QD"],
             ["QC", "KC", "9S", "10S", "9H", "10H", "JH", "JD"],
             ["JC", "AC", "JS", "QS", "KS", "KH", "KD", "AD"],
             ["9C", "10C", "7S", "AS", "7H", "7D", "8D", "10D"]]
    log = ["call H AD", "play 8S", "play 9S", "announce S", "play QS", "play AS", "play 9C", "play 7C",
           "play KC", "play AC", "play AD", "play 7D", "play 9D", "play JD", "play JS", "play 7S", "play AH",
           "play 10S", "play 8H", "play JH", "play KH", "play 7H", "play KS", "play 8D", "play QH",
           "play 10H", "play QC", "play JC", "play 10C", "play 8C", "play 10D", "play QD", "play 9H",
           "play KD"]
    e = new(hands)
    hs = scored(run(e, log))
    assert hs["card_points"] == {"callers": 40, "defenders": 50}
    assert hs["marriage_points"] == {"callers": 20, "defenders": 0}
    assert hs["announced_by_callers"] == 20 and hs["target"] == 60
    assert (hs["callers_total"], hs["defenders_total"], hs["callers_win"]) == (60, 50, True)
    assert hs["payment"] == 10 and hs["deltas"] == [10, -10, 10, -10]


def test_scenario_6c_callers_trump_marriage_40_with_30_card_points_lose_10():
    hands = [["10C", "JS", "AS", "9H", "QH", "KH", "7D", "QD"],
             ["7C", "JC", "AC", "KS", "10H", "JH", "10D", "KD"],
             ["8C", "9C", "7S", "9S", "7H", "8D", "9D", "AD"],
             ["QC", "KC", "8S", "10S", "QS", "8H", "AH", "JD"]]
    log = ["call H AD", "announce H", "play JS", "play KS", "play 9S", "play 10S", "play 8H", "play QH",
           "play 10H", "play 7H", "play JH", "play 9C", "play AH", "play KH", "play JD", "play QD",
           "play KD", "play AD", "play 9D", "play KC", "play 7D", "play 10D", "play AC", "play 8C",
           "play QC", "play 10C", "play 7C", "play 7S", "play QS", "play 9H", "play AS", "play JC",
           "play 8D", "play 8S"]
    e = new(hands)
    events = run(e, log)
    ann = [x for x in events if x["type"] == "announce"]
    assert ann == [{"type": "announce", "seat": 0, "suit": "H", "points": 40, "cards": ["KH", "QH"]}]
    hs = scored(events)
    assert hs["card_points"] == {"callers": 30, "defenders": 60}
    assert hs["target"] == 80
    assert (hs["callers_total"], hs["defenders_total"], hs["callers_win"]) == (70, 60, False)
    assert hs["payment"] == 10 and hs["deltas"] == [-10, 10, -10, 10]


def test_scenario_6d_callers_20_plus_40_with_40_card_points_win_50():
    hands = [["7C", "8C", "QC", "QH", "KH", "7D", "8D", "JD"],
             ["AC", "7S", "8S", "9S", "7H", "8H", "9H", "10H"],
             ["JC", "KC", "QS", "KS", "AH", "10D", "KD", "AD"],
             ["9C", "10C", "10S", "JS", "AS", "JH", "9D", "QD"]]
    log = ["call H AD", "announce H", "play JD", "play 8H", "announce S", "play KD", "play QD", "play 9S",
           "play KS", "play 10S", "play QH", "play 8C", "play AC", "play JC", "play 9C", "play 7S",
           "play QS", "play AS", "play KH", "play 8D", "play 7H", "play AD", "play 9D", "play 10H",
           "play AH", "play JH", "play QC", "play KC", "play 10C", "play 7C", "play 9H", "play 8S",
           "play 10D", "play JS", "play 7D"]
    e = new(hands)
    hs = scored(run(e, log))
    assert hs["card_points"] == {"callers": 40, "defenders": 50}
    assert hs["announced_by_callers"] == 60 and hs["target"] == 100
    assert (hs["callers_total"], hs["defenders_total"], hs["callers_win"]) == (100, 50, True)
    assert hs["payment"] == 50 and hs["deltas"] == [50, -50, 50, -50]


def test_scenario_6e_caller_alone_60_vs_30_wins_30_from_each():
    hands = [["7C", "AC", "10S", "JS", "JH", "QH", "KH", "QD"],
             ["QC", "KC", "7S", "QS", "AS", "7H", "7D", "JD"],
             ["8C", "9C", "8H", "10H", "8D", "9D", "KD", "AD"],
             ["10C", "JC", "8S", "9S", "KS", "9H", "AH", "10D"]]
    log = ["call H 7C", "play JS", "play QS", "play 10H", "play 9S", "play 8H", "play 9H", "play JH",
           "play 7H", "play AC", "play QC", "play 9C", "play 10C", "play QH", "play AS", "play 9D",
           "play AH", "play KS", "play 10S", "play 7S", "play AD", "play KH", "play JD", "play KD",
           "play 10D", "play 7C", "play KC", "play 8C", "play JC", "play 7D", "play 8D", "play 8S",
           "play QD"]
    e = new(hands)
    hs = scored(run(e, log))
    assert hs["alone"] is True and hs["callers"] == [0] and hs["defenders"] == [1, 2, 3]
    assert hs["card_points"] == {"callers": 60, "defenders": 30}
    assert hs["payment"] == 30 and hs["deltas"] == [90, -30, -30, -30]


# -- example 7: void marriage -----------------------------------------------------------------------------
def test_scenario_7_defenders_marriage_void_without_a_trick():
    hands = [["JC", "AS", "7H", "8H", "JH", "KH", "AH", "10D"],
             ["7C", "9C", "10C", "9S", "QS", "KS", "7D", "QD"],
             ["KC", "AC", "8S", "JS", "QH", "9D", "KD", "AD"],
             ["8C", "QC", "7S", "10S", "9H", "10H", "8D", "JD"]]
    log = ["call H AD", "play 10D", "announce S", "play 7D", "play AD", "play 8D", "play QH", "play 10H",
           "play AH", "play 7C", "play KH", "play 9C", "play KC", "play 9H", "play JC", "play 10C", "play AC",
           "play 8C", "play KD", "play JD", "play JH", "play QD", "play 8H", "play 9S", "play JS", "play QC",
           "play 7H", "play QS", "play 9D", "play 7S", "play AS", "play KS", "play 8S", "play 10S"]
    e = new(hands)
    events = run(e, log)
    assert all(x["winner"] in (0, 2) for x in events if x["type"] == "trick")
    hs = scored(events)
    assert hs["marriages"] == [{"seat": 1, "suit": "S", "points": 20, "cards": ["KS", "QS"],
                                "side": "defenders", "valid": False}]
    assert hs["marriage_points"] == {"callers": 0, "defenders": 0}
    assert hs["announced_by_callers"] == 0 and hs["target"] == 50
    assert (hs["callers_total"], hs["defenders_total"], hs["callers_win"]) == (90, 0, True)
    assert hs["payment"] == 90 and hs["deltas"] == [90, -90, 90, -90]


# -- example 8: partner detection, dealer seat 3, caller seat 0 calls ♠A ----------------------------------
def _play_until_card(e, card):
    """Everyone plays default_action except the holder of `card`, who plays it as soon as legal."""
    while True:
        (s,) = e.to_act()
        if "play " + card in e.legal_actions(s):
            return e.apply(s, "play " + card)
        e.apply(s, e.default_action(s))


def test_scenario_8a_called_card_with_seat_2_makes_sides_0_2_vs_1_3():
    hands = [["AC", "10C", "KC", "QC", "AH", "10H", "KH", "QH"],
             ["JC", "9C", "8C", "7C", "JH", "9H", "8H", "7H"],
             ["AS", "10S", "KS", "QS", "AD", "10D", "KD", "QD"],
             ["JS", "9S", "8S", "7S", "JD", "9D", "8D", "7D"]]
    e = new(hands)
    events = run(e, ["call H AS"])
    assert [x.get("role") for x in events if x["type"] == "dealt"] == ["caller", "defender", "partner",
                                                                        "defender"]
    assert [x["private"] for x in events if x["type"] == "dealt"] == [0, 1, 2, 3]
    run(e, ["play QC", "play 7C"])
    (seat,) = e.to_act()
    assert seat == 2
    e.apply(2, "announce S")
    pub = e.view(None)
    assert pub["called"] == "AS" and pub["trump"] == "H" and pub["caller"] == 0
    assert pub["marriages"] == [{"seat": 2, "suit": "S", "points": 20, "cards": ["KS", "QS"]}]
    for key in ("partner", "alone", "sides", "points_by_side", "target"):
        assert pub[key] is None
        assert e.view(1)[key] is None and e.view(3)[key] is None
    assert e.view(0)["alone"] is False and e.view(0)["partner"] is None and e.view(0)["target"] is None
    v2 = e.view(2)
    assert v2["role"] == "partner" and v2["partner"] == 2 and v2["alone"] is False
    assert v2["sides"] == {"callers": [0, 2], "defenders": [1, 3]} and v2["target"] == 60
    assert e.view(1)["role"] == "defender" and e.view(0)["role"] == "caller"
    events = e.apply(2, "play AS")
    assert {"type": "partner_revealed", "caller": 0, "partner": 2, "alone": False} in events
    pub = e.view(None)
    assert pub["partner"] == 2 and pub["alone"] is False and pub["revealed"] is True
    assert pub["sides"] == {"callers": [0, 2], "defenders": [1, 3]} and pub["target"] == 60
    while e.hand_no == 1:
        (s,) = e.to_act()
        events = e.apply(s, e.default_action(s))
    hs = scored(events)
    assert hs["callers"] == [0, 2] and hs["defenders"] == [1, 3] and hs["partner"] == 2
    assert sum(hs["deltas"]) == 0


def test_scenario_8b_called_card_in_callers_second_batch_means_alone():
    hands = [["AC", "10C", "KC", "QC", "AS", "10H", "KH", "QH"],
             ["JC", "9C", "8C", "7C", "JH", "9H", "8H", "7H"],
             ["AH", "10S", "KS", "QS", "AD", "10D", "KD", "QD"],
             ["JS", "9S", "8S", "7S", "JD", "9D", "8D", "7D"]]
    e = new(hands)
    assert "AS" not in e.view(0)["hand"]                   # caller calls a card he does not see
    run(e, ["call H AS"])
    assert "AS" in e.view(0)["hand"]
    assert e.view(0)["alone"] is True and e.view(0)["sides"] == {"callers": [0], "defenders": [1, 2, 3]}
    for s in (None, 1, 2, 3):
        v = e.view(s)
        assert v["alone"] is None and v["partner"] is None and v["sides"] is None
    events = _play_until_card(e, "AS")
    assert {"type": "partner_revealed", "caller": 0, "partner": None, "alone": True} in events
    assert e.view(None)["alone"] is True and e.view(None)["partner"] is None
    assert e.view(None)["sides"] == {"callers": [0], "defenders": [1, 2, 3]}
    while e.hand_no == 1:
        (s,) = e.to_act()
        events = e.apply(s, e.default_action(s))
    hs = scored(events)
    assert hs["alone"] is True and hs["callers"] == [0]
    assert hs["deltas"][0] == -3 * hs["deltas"][1] and hs["deltas"][1:] == [hs["deltas"][1]] * 3


def test_calling_own_card_from_first_four_plays_alone():
    e = new([list(DECK_32[8 * i:8 * i + 8]) for i in range(4)])
    hand = e.view(0)["hand"]
    run(e, [f"call S {hand[0]}"])
    assert e.view(0)["alone"] is True and e.view(None)["alone"] is None


# -- marriages, timing, reasons --------------------------------------------------------------------------
def test_marriage_announcements_only_own_turn_in_trick_one_before_playing():
    hands = [["AC", "10C", "KC", "QC", "AH", "10H", "KH", "QH"],
             ["JC", "9C", "8C", "7C", "JH", "9H", "8H", "7H"],
             ["AS", "10S", "KS", "QS", "AD", "10D", "KD", "QD"],
             ["JS", "9S", "8S", "7S", "JD", "9D", "8D", "7D"]]
    e = new(hands)
    run(e, ["call H AS"])
    assert "announce C" in e.legal_actions(0) and "announce H" in e.legal_actions(0)
    with pytest.raises(IllegalAction, match="not your turn"):
        e.apply(2, "announce S")
    with pytest.raises(IllegalAction, match="K and Q"):
        e.apply(0, "announce S")
    ev = run(e, ["announce C", "announce H"])
    assert [(x["suit"], x["points"]) for x in ev] == [("C", 20), ("H", 40)]
    with pytest.raises(IllegalAction, match="already announced"):
        e.apply(0, "announce C")
    assert [a for a in e.legal_actions(0) if a.startswith("announce")] == []
    assert e.view(None)["marriages"][1] == {"seat": 0, "suit": "H", "points": 40, "cards": ["KH", "QH"]}
    assert "KH" in e.view(0)["hand"]                      # shown, but kept in hand
    run(e, ["play AC", "play 7C", "play AS", "play 7S"])  # seat 0 wins trick 1
    assert e.view(None)["announce_open"] is False
    assert not any(a.startswith("announce") for a in e.legal_actions(0))
    with pytest.raises(IllegalAction, match="first trick"):
        e.apply(0, "announce C")


def test_call_phase_reasons_and_untouched_state():
    e = new()
    before = snapshot(e)
    with pytest.raises(IllegalAction, match="call"):
        e.apply(0, "play AS")
    with pytest.raises(IllegalAction, match="not a suit"):
        e.apply(0, "call X AS")
    with pytest.raises(IllegalAction, match="not a card"):
        e.apply(0, "call H 6S")
    with pytest.raises(IllegalAction, match="not your turn"):
        e.apply(1, "call H AS")
    with pytest.raises(IllegalAction, match="no seat"):
        e.apply(4, "call H AS")
    assert snapshot(e) == before
    assert len(e.legal_actions(0)) == 128 and e.legal_actions(1) == []


def test_default_actions_are_legal_and_mild():
    e = new(S1)
    a = e.default_action(0)
    assert a in e.legal_actions(0)
    _, trump, card = a.split()
    assert card not in e.view(0)["hand"]                   # a partner, not alone
    run(e, ["call H AS"])
    assert e.default_action(0) == "play 8C"               # lowest card, no announcement
    run(e, ["play KS"])
    assert e.default_action(1) == "play 10S"


# -- match flow ---------------------------------------------------------------------------------------------
def _random_play(e, rng, log=None, check=None):
    events = []
    while not e.over:
        (s,) = e.to_act()
        a = rng.choice(e.legal_actions(s))
        if log is not None:
            log.append((s, a))
        ev = e.apply(s, a)
        events += ev
        if check:
            check(e, ev)
    return events


def test_dealer_rotates_left_and_match_length():
    e = Rufmariasch.new(4, seed=3, options={"dealer": 2, "deals": 4})
    dealers = [e.dealer]
    events = []
    rng = random.Random(1)
    while not e.over:
        (s,) = e.to_act()
        ev = e.apply(s, rng.choice(e.legal_actions(s)))
        events += ev
        dealers += [x["dealer"] for x in ev if x["type"] == "deal"]
    assert dealers == [2, 3, 0, 1]
    assert [x["hand_no"] for x in events if x["type"] == "hand_scored"] == [1, 2, 3, 4]
    assert events[-1]["type"] == "match_over" and e.view(None)["phase"] == "over"
    res = e.result()
    json.dumps(res)
    assert len(res["hands"]) == 4
    assert res["totals"] == [sum(h["deltas"][s] for h in res["hands"]) for s in range(4)]
    assert res["winners"] == [s for s in range(4) if res["totals"][s] == max(res["totals"])]
    assert e.to_act() == frozenset() and e.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="over"):
        e.apply(0, "play AS")


def test_open_ended_match_runs_until_finish():
    e = Rufmariasch.new(4, seed=5, options={"deals": None})
    rng = random.Random(2)
    while e.hand_no <= 9:
        (s,) = e.to_act()
        e.apply(s, rng.choice(e.legal_actions(s)))
    assert not e.over and e.view(None)["deals"] is None
    ev = e.finish()
    assert ev == [{"type": "match_over", "winners": e.result()["winners"], "totals": e.totals}]
    assert e.over and len(e.result()["hands"]) == 9 and e.finish() == []
    assert sum(e.totals) == 0


def test_first_dealer_drawn_by_lot_is_deterministic():
    dealers = {Rufmariasch.new(4, seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert Rufmariasch.new(4, seed=11).view(0) == Rufmariasch.new(4, seed=11).view(0)


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

    events = _random_play(e, rng, log, check)
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


def test_scoring_helpers_match_the_worked_examples():
    assert [target(d) for d in (0, 20, 40, 60)] == [50, 60, 80, 100]
    assert settle(0, 2, 50, 40, 0, 1) == (True, 10, [10, -10, 10, -10])
    assert settle(0, 2, 70, 60, 40, 1) == (False, 10, [-10, 10, -10, 10])
    assert settle(1, 1, 60, 30, 0, 1) == (True, 30, [-30, 90, -30, -30])
    assert settle(0, 3, 50, 50, 0, 3) == (True, 0, [0, 0, 0, 0])


def test_view_keeps_the_hands_tricks_for_everybody():
    """`tricks`: every completed trick of the current hand, oldest first, public (the same in every view),
    shaped as `last_trick`; a new hand starts it empty."""
    e = new(deals=4)
    rng = random.Random(3)
    played: list[list[dict]] = []
    current: list[dict] = []
    hand_no = e.hand_no
    while not e.over:
        (seat,) = e.to_act()
        action = rng.choice(e.legal_actions(seat))
        events = e.apply(seat, action)
        if action.startswith("play "):
            current.append({"seat": seat, "card": action[5:]})
            if len(current) == 4:
                played.append(current)
                current = []
        if e.hand_no != hand_no:
            hand_no, played = e.hand_no, []
        if e.over:
            break
        views = [e.view(None)] + [e.view(s) for s in range(4)]
        assert all(v["tricks"] == views[0]["tricks"] for v in views)
        assert [t["cards"] for t in views[0]["tricks"]] == played
        assert views[0]["tricks"][-1:] == ([views[0]["last_trick"]] if played else [])
        assert any(x["type"] == "trick" for x in events) == (len(current) == 0 and action.startswith("play "))
