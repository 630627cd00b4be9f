"""Treppenrommé engine: the rules beyond the document's examples (meld notation, long sequences, the talon's
end, the turn limit, the dealer and the match's end), default actions, refusals, options and views."""

from __future__ import annotations

import json

import pytest

from bot.games import GAMES, IllegalAction
from bot.games.treppenromme import Treppenromme

from .treppenromme_helpers import fill_hands, game


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
