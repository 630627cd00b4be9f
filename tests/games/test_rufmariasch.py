"""Rufmariasch engine: the examples of docs/rules/rufmariasch.md (legal cards, the five payments, the void
marriage, finding the partner) and the scoring helpers against them."""

from __future__ import annotations

import pytest

from bot.games import IllegalAction
from bot.games.cards import DECK_32
from bot.games.rufmariasch import settle, target

from .rufmariasch_helpers import S1, new, plays, run, scored, snapshot

# -- docs/rules/rufmariasch.md, examples 1-5: legal cards (trumps ♥) ---


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


def test_a_marriage_that_shows_the_called_card_shows_the_partner():
    """docs/rules/rufmariasch.md: the partner stays secret until the called card is played or shown in an
    announced marriage: announcing King and Ober of the called King's suit tells everyone who holds it."""
    suits = "CHSD"
    hands = [[r + s for r in ("A", "10", "K", "Q", "J", "9", "8", "7")] for s in suits]
    e = new(hands)
    run(e, ["call C KH", "play AC"])
    assert e.view(None)["revealed"] is False and e.view(None)["partner"] is None
    events = e.apply(1, "announce H")
    assert {"type": "partner_revealed", "caller": 0, "partner": 1, "alone": False} in events
    pub = e.view(None)
    assert pub["revealed"] is True and pub["partner"] == 1
    assert pub["sides"] == {"callers": [0, 1], "defenders": [2, 3]}
    events = _play_until_card(e, "KH")
    assert not any(x["type"] == "partner_revealed" for x in events), "told once"


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


def test_scoring_helpers_match_the_worked_examples():
    assert [target(d) for d in (0, 20, 40, 60)] == [50, 60, 80, 100]
    assert settle(0, 2, 50, 40, 0, 1) == (True, 10, [10, -10, 10, -10])
    assert settle(0, 2, 70, 60, 40, 1) == (False, 10, [-10, 10, -10, 10])
    assert settle(1, 1, 60, 30, 0, 1) == (True, 30, [-30, 90, -30, -30])
    assert settle(0, 3, 50, 50, 0, 3) == (True, 0, [0, 0, 0, 0])
