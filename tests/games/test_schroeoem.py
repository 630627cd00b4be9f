"""Schrööm engine: the examples of docs/rules/schroeoem.md (tricks, knocking, the Hammer, folding, Kölsch,
Vier Bilder, the rare case, the worked example) and Hübschen."""

from __future__ import annotations

import json

import pytest

from bot.games import IllegalAction
from bot.games.schroeoem import HAMMER_ANSWER, HAMMER_CALL, Schroeoem, koelsch_sum

from .schroeoem_helpers import (
    JACKS,
    KINGS,
    QUEENS,
    TENS,
    THREE,
    A,
    B,
    C,
    D,
    act,
    lead_out_tens,
    new,
    pass_exchanges,
    play_trick,
    plays,
    rest_of_deck,
)


# -- docs/rules/schroeoem.md, examples 1-10 ---
def test_scenario_1_trick_winner_highest_of_led_suit_seven_beats_ace_and_king():
    e = new([["AH", "7C", "8C", "9C"], ["7H", "JC", "QC", "KC"], ["KH", "7D", "8D", "9D"],
             ["10S", "JD", "QD", "KD"]], dealer=D)
    pass_exchanges(e)
    ev = play_trick(e, {A: "AH", B: "7H", C: "KH", D: "10S"})
    trick = [x for x in ev if x["type"] == "trick"][0]
    assert trick["winner"] == B
    assert [c["card"] for c in trick["cards"]] == ["AH", "7H", "KH", "10S"]
    v = e.view()
    assert v["tricks_won"] == [0, 1, 0, 0] and v["leader"] == B and v["mover"] == B
    assert v["last_trick"] == {"cards": trick["cards"], "winner": B}


def _scenario_2_engine():
    e = new([["10D", "AH", "9D", "8C"], ["QH", "10S", "9C", "7D"]], dealer=B)
    pass_exchanges(e)
    act(e, A, "play 10D")
    assert plays(e, B) == ["7D"]  # must follow diamonds
    act(e, B, "play 7D")
    assert e.view()["mover"] == A and sorted(e.view(B)["hand"]) == ["10S", "9C", "QH"]
    return e


def test_scenario_2_legal_follow_suit():
    e = _scenario_2_engine()
    act(e, A, "play AH")
    assert plays(e, B) == ["QH"]
    before = e.view(B)
    with pytest.raises(IllegalAction, match="follow suit"):
        e.apply(B, "play 10S")
    assert e.view(B) == before

    e = _scenario_2_engine()
    act(e, A, "play 9D")
    assert plays(e, B) == sorted(["QH", "10S", "9C"])


def test_scenario_3_knock_legality_limits_and_hammer():
    # v=1, points 3 -> may knock to 2; every active player may knock, also out of turn.
    e = new([["AH", "7C", "8C", "9C"], ["7H", "JC", "QC", "KC"], ["KH", "7D", "8D", "9D"]],
            dealer=C, points=3)
    assert e.to_act() == frozenset({A, B, C})
    assert e.legal_actions(B) == ["knock"] and "knock" in e.legal_actions(A)
    act(e, A, "knock")
    act(e, B, "hold")
    act(e, C, "hold")
    act(e, B, "knock")
    act(e, C, "hold")
    act(e, A, "hold")
    assert e.view()["value"] == 3
    # v=3, points 3 -> may knock to 4.
    assert "knock" in e.legal_actions(C)
    act(e, C, "knock")
    act(e, A, "hold")
    act(e, B, "hold")
    assert e.view()["value"] == 4
    # v=4, points 3 -> may not.
    assert "knock" not in e.legal_actions(A) and e.legal_actions(B) == []
    with pytest.raises(IllegalAction, match="at most 4"):
        e.apply(A, "knock")

    # Hammer: a player on 1 point may knock to 2 at v=1 ...
    e = new([["AH", "7C", "8C", "9C"], ["7H", "JC", "QC", "KC"], ["KH", "7D", "8D", "9D"]],
            dealer=C, points=1)
    assert "knock" in e.legal_actions(A)
    ev = act(e, A, "knock")
    assert {"type": "hammer", "seat": A, "call": HAMMER_CALL, "answer": HAMMER_ANSWER} in ev
    assert [x["type"] for x in ev] == ["knock", "hammer"]
    act(e, B, "hold")
    act(e, C, "hold")
    # ... but not at v=2.
    assert e.view()["value"] == 2
    assert "knock" not in e.legal_actions(A) and "knock" not in e.legal_actions(B)
    assert e.view()["can_knock"] == []
    with pytest.raises(IllegalAction):
        e.apply(C, "knock")


def test_hammer_event_only_before_the_first_card():
    e = new([["AH", "7C", "8C", "9C"], ["7H", "JC", "QC", "KC"]], dealer=B, points=1)
    pass_exchanges(e)
    act(e, A, "play AH")
    ev = act(e, B, "knock")
    assert [x["type"] for x in ev] == ["knock"]


def test_scenario_4_no_two_knocks_in_a_row():
    e = new([["AH", "7C", "8C", "9C"], ["7H", "JC", "QC", "KC"], ["KH", "7D", "8D", "9D"]], dealer=C)
    act(e, A, "knock")
    assert e.view()["pending"]["asking"] == B
    act(e, B, "hold")
    act(e, C, "hold")
    assert e.view()["value"] == 2 and e.view()["last_knocker"] == A
    assert "knock" not in e.legal_actions(A)
    with pytest.raises(IllegalAction, match="twice in a row"):
        e.apply(A, "knock")
    act(e, B, "knock")
    act(e, C, "hold")
    act(e, A, "hold")
    assert e.view()["value"] == 3
    assert "knock" in e.legal_actions(A)
    act(e, A, "knock")
    assert e.view()["value"] == 4
    assert e.view()["knock_log"] == [{"seat": A, "value": 2, "hammer": False},
                                     {"seat": B, "value": 3, "hammer": False},
                                     {"seat": A, "value": 4, "hammer": False}]


def test_scenario_5_folder_loses_the_value_before_the_knock():
    e = new([["AH", "7C", "8C", "9C"], ["7H", "JC", "QC", "KC"], ["KH", "7D", "8D", "9D"],
             ["10S", "JD", "QD", "KD"]], dealer=D)
    act(e, A, "knock")
    for s in (B, C, D):
        act(e, s, "hold")
    act(e, B, "knock")
    for s in (C, D, A):
        act(e, s, "hold")
    act(e, C, "knock")
    pending = e.view()["pending"]
    assert pending["kind"] == "knock" and pending["asking"] == D and pending["value"] == 4
    ev = act(e, D, "fold")
    assert ev == [{"type": "fold", "seat": D, "lost": 3, "points": 4}]
    act(e, A, "hold")
    act(e, B, "hold")
    v = e.view()
    assert v["points"] == [7, 7, 7, 4] and v["value"] == 4 and v["active"] == [A, B, C]
    assert v["folded"] == [D] and v["counts"][D] == 0 and not v["over"]
    # The game goes on at 4 and D is no longer asked anything.
    pass_exchanges(e)
    play_trick(e, {A: "AH", B: "7H", C: "KH"})
    assert e.view()["hand_no"] == 1 and e.view()["mover"] == B
    ev = []
    while e.view()["hand_no"] == 1:
        (m,) = e.waiting_for()
        ev = act(e, m, e.default_action(m))
    scored = [x for x in ev if x["type"] == "hand_scored"][0]
    assert scored["value"] == 4 and len(scored["losers"]) == 2
    assert all(scored["deltas"][s] == -4 for s in scored["losers"]) and scored["deltas"][D] == -3


def test_scenario_6_all_others_fold_knocker_wins_at_once_and_deals():
    e = new([["AH", "7C", "8C", "9C"], ["7H", "JC", "QC", "KC"], ["KH", "7D", "8D", "9D"]], dealer=C)
    act(e, A, "knock")
    act(e, B, "fold")
    ev = act(e, C, "fold")
    scored = [x for x in ev if x["type"] == "hand_scored"][0]
    assert scored["winner"] == A and scored["reason"] == "folds" and scored["deltas"] == [0, -1, -1]
    assert scored["totals"] == [7, 6, 6]
    deal = [x for x in ev if x["type"] == "deal"][0]
    assert deal["dealer"] == A and deal["hand_no"] == 2
    v = e.view()
    assert v["points"] == [7, 6, 6] and v["dealer"] == A and v["hand_no"] == 2 and v["value"] == 1
    assert v["active"] == [A, B, C] and v["leader"] == B


def test_scenario_7_no_knocks_losers_lose_one():
    e = new([JACKS, TENS, QUEENS, KINGS], dealer=A)
    pass_exchanges(e)
    assert e.view()["mover"] == B
    ev = lead_out_tens(e, B, {C: "Q", D: "K", A: "J"})
    scored = [x for x in ev if x["type"] == "hand_scored"][0]
    assert scored["winner"] == B and scored["reason"] == "last_trick"
    assert e.view()["points"] == [6, 7, 6, 6] and e.view()["dealer"] == B
    assert e.result()["hands"][0]["deltas"] == [-1, 0, -1, -1]


def test_scenario_7_variant_holding_above_own_points_eliminates_and_ends_match():
    e = new([JACKS, TENS], dealer=B, points=2)
    act(e, A, "knock")
    act(e, B, "hold")
    act(e, B, "knock")
    act(e, A, "hold")  # A has 2 points and holds at 3: anyone may hold any value
    assert e.view()["value"] == 3
    pass_exchanges(e)
    play_trick(e, {A: "JH", B: "10H"})
    for suit in "SCD":
        ev = play_trick(e, {B: "10" + suit, A: "J" + suit})
    types = [x["type"] for x in ev]
    assert types[-3:] == ["hand_scored", "eliminated", "match_over"]
    assert e.over and e.to_act() == frozenset()
    assert e.result()["winners"] == [B] and e.result()["totals"] == [-1, 2]
    assert e.view()["eliminated"] == [A]
    assert e.legal_actions(B) == []
    with pytest.raises(IllegalAction, match="over"):
        e.apply(B, "knock")


def test_scenario_8_koelsch_notice():
    assert koelsch_sum(["10H", "10S", "10C", "8D"]) == 38
    assert koelsch_sum(["10H", "10S", "9C", "8D"]) == 37
    assert koelsch_sum(["10H", "10S", "10C", "AD"]) == 30
    other = ["JH", "JS", "JC", "JD"]
    for hand, notice in ((["10H", "10S", "10C", "8D"], True), (["10H", "10S", "9C", "8D"], False),
                         (["10H", "10S", "10C", "AD"], False), (["10H", "10S", "9C", "9D"], True),
                         (["10H", "10S", "10C", "10D"], True)):
        e = new([other, hand], dealer=A)
        v = e.view()
        assert v["koelsch"] == ([B] if notice else []), hand
        # The notice names the seat only, never the cards.
        assert not any(f'"{c}"' in json.dumps(v) for c in hand)


def test_koelsch_event_on_a_later_deal_names_the_seat_only():
    for seed in range(400):
        e = Schroeoem.new(8, seed=seed, options={"dealer": A})
        act(e, A, "knock")
        for s in range(1, 8):
            ev = act(e, s, "fold")
        notices = [x for x in ev if x["type"] == "koelsch"]
        if notices:
            seat = notices[0]["seat"]
            assert koelsch_sum(e.view(seat)["hand"]) > 37
            assert set(notices[0]) == {"type", "seat", "text"}
            return
    pytest.fail("no Kölsch hand in 400 deals")


def _exchange_with_reveal(laid, shown, seats=3):
    """Engine where A holds `laid`, has exchanged, and the free reveal showed exactly `shown`."""
    hands = [list(laid), ["7H", "8H", "9H", "10H"], ["7S", "8S", "9S", "10S"], ["7C", "8C", "9C", "10C"]][:seats]
    stock = rest_of_deck(*hands)
    for seed in range(200):
        e = new(hands, dealer=seats - 1, seed=seed, stock=stock)
        ev = act(e, A, "exchange")
        reveal = [x for x in ev if x["type"] == "exchange_reveal"][0]
        if set(reveal["cards"]) == set(shown):
            return e, ev, stock
    raise AssertionError("no seed shows these three cards")


def test_scenario_9_vier_bilder_bluff_number_in_free_reveal_and_picture_revealed():
    e, ev, stock = _exchange_with_reveal(["JH", "QS", "9C", "KD"], ["JH", "QS", "9C"])
    reveal = [x for x in ev if x["type"] == "exchange_reveal"][0]
    assert reveal["penalty"] is True and reveal["points"] == 6
    private = [x for x in ev if x.get("private") is not None]
    assert private == [{"type": "exchange_hand", "seat": A, "cards": e.view(A)["hand"], "private": A}]
    assert sorted(e.view(A)["hand"]) == sorted(stock[:4])
    assert e.view(A)["out"] == ["KD"]
    v = e.view()
    assert v["points"] == [6, 7, 7] and v["stock_count"] == len(stock) - 4
    assert v["pending"]["kind"] == "reveal" and v["pending"]["asking"] == B
    assert '"KD"' not in json.dumps(v)  # the fourth card is still hidden
    assert e.legal_actions(B) == ["reveal", "pass"] and e.to_act() == frozenset({B})
    ev = act(e, B, "reveal")  # Y = B
    assert ev[0] == {"type": "reveal", "seat": B, "exchanger": A, "card": "KD", "loser": B, "points": 6}
    v = e.view()
    assert v["points"] == [6, 6, 7]
    assert v["exchanges"] == [{"seat": A, "revealed": reveal["cards"], "penalty": True, "fourth": "KD",
                               "revealer": B, "fourth_loser": B}]
    # The exchange round goes on with the next player; A may not exchange twice.
    assert v["phase"] == "exchange" and v["mover"] == B
    assert "exchange" not in e.legal_actions(A)


def test_vier_bilder_fourth_card_a_number_costs_the_exchanger():
    e, ev, _ = _exchange_with_reveal(["JH", "QS", "9C", "KD"], ["JH", "QS", "KD"])
    assert [x for x in ev if x["type"] == "exchange_reveal"][0]["penalty"] is False
    assert e.view()["points"] == [7, 7, 7]
    act(e, B, "pass")
    ev = act(e, C, "reveal")
    assert ev[0]["card"] == "9C" and ev[0]["loser"] == A
    assert e.view()["points"] == [6, 7, 7]


def test_vier_bilder_nobody_reveals_the_fourth_card_stays_hidden():
    e, _, _ = _exchange_with_reveal(["JH", "QS", "9C", "KD"], ["JH", "QS", "9C"])
    act(e, B, "pass")
    act(e, C, "pass")
    v = e.view()
    assert v["points"] == [6, 7, 7] and v["exchanges"][0]["fourth"] is None
    assert '"KD"' not in json.dumps(v) and '"KD"' not in json.dumps(e.view(B))
    assert e.view(A)["out"] == ["KD"]
    pass_exchanges(e)
    assert e.view()["phase"] == "play" and e.view()["mover"] == A


def test_vier_bilder_needs_four_cards_in_the_stock():
    # 8 players: no stock, no exchange round at all.
    e = Schroeoem.new(8, seed=3, options={"dealer": 7})
    assert e.view()["stock_count"] == 0 and e.view()["phase"] == "play"
    assert not any(a == "exchange" for a in e.legal_actions(A))
    with pytest.raises(IllegalAction, match="Vier Bilder"):
        e.apply(A, "exchange")
    # 7 players: four cards left, so only one exchange; then the round ends.
    e = Schroeoem.new(7, seed=3, options={"dealer": 6})
    assert e.view()["stock_count"] == 4 and e.view()["mover"] == A
    act(e, A, "pass")
    act(e, B, "exchange")
    for s in (2, 3, 4, 5, 6, 0):  # nobody reveals the fourth card
        act(e, s, "pass")
    v = e.view()
    assert v["stock_count"] == 0 and v["phase"] == "play" and v["mover"] == A
    assert "play" not in " ".join(e.legal_actions(C))


def test_scenario_10_rare_case_folded_players_card_wins_trick_goes_to_next_active():
    e = new([["10S", "7C", "8C", "9C"], ["7S", "JC", "QC", "KC"], ["8S", "7D", "8D", "9D"],
             ["KH", "JD", "QD", "KD"]], dealer=D)
    pass_exchanges(e)
    act(e, A, "play 10S")
    act(e, B, "play 7S")
    assert e.view()["mover"] == C
    act(e, C, "knock")
    assert e.view()["pending"]["asking"] == D
    act(e, D, "hold")
    act(e, A, "fold")
    act(e, B, "hold")
    v = e.view()
    assert v["points"] == [6, 7, 7, 7] and v["trick"][0] == {"seat": A, "card": "10S"}
    act(e, C, "play 8S")
    ev = act(e, D, "play KH")
    trick = [x for x in ev if x["type"] == "trick"][0]
    assert trick["best"] == A and trick["winner"] == B and trick["rare_case"] is True
    v = e.view()
    assert v["leader"] == B and v["mover"] == B and v["tricks_won"] == [0, 1, 0, 0]


def test_worked_example_of_section_2():
    """docs/rules/schroeoem.md, example 11: a whole game with three knocks and two folds."""
    # A=0 B=1 C=2 D=3, all 7; C deals so D leads.
    e = new([JACKS, QUEENS, KINGS, TENS], dealer=C)
    act(e, B, "knock")  # B knocks 2, all hold
    for s in (C, D, A):
        act(e, s, "hold")
    act(e, D, "knock")  # D knocks 3, A folds
    act(e, A, "fold")
    act(e, B, "hold")
    act(e, C, "hold")
    assert e.view()["points"] == [5, 7, 7, 7]
    act(e, B, "knock")  # B knocks 4, C folds
    act(e, C, "fold")
    act(e, D, "hold")
    assert e.view()["points"] == [5, 7, 4, 7] and e.view()["active"] == [B, D]
    pass_exchanges(e)
    ev = lead_out_tens(e, D, {B: "Q"})
    scored = [x for x in ev if x["type"] == "hand_scored"][0]
    assert scored["winner"] == D and scored["value"] == 4 and scored["losers"] == [B]
    assert scored["deltas"] == [-2, -4, -3, 0] and scored["totals"] == [5, 3, 4, 7]
    v = e.view()
    assert v["points"] == [5, 3, 4, 7] and v["dealer"] == D and v["hand_no"] == 2


# -- Hübschen ---------------------------------------------------------------------------------------


def test_huebschen_all_accept_voids_the_game_and_proposer_deals():
    e = new(THREE, dealer=C, points=1)
    assert e.view()["huebschen_open"] is True
    assert "huebschen" in e.legal_actions(B)
    ev = act(e, B, "huebschen")
    assert ev == [{"type": "huebschen", "seat": B, "call": "Sollen wir hübschen?"}]
    assert e.view()["pending"] == {"kind": "huebschen", "proposer": B, "answers": [], "asking": C}
    act(e, C, "accept")
    ev = act(e, A, "accept")
    scored = [x for x in ev if x["type"] == "hand_scored"][0]
    assert scored["void"] is True and scored["winner"] is None and scored["deltas"] == [0, 0, 0]
    v = e.view()
    assert v["dealer"] == B and v["hand_no"] == 2 and v["points"] == [1, 1, 1] and not v["over"]


def test_huebschen_declined_game_goes_on_and_proposer_may_not_repeat():
    e = new(THREE, dealer=C, points=1)
    act(e, A, "huebschen")
    act(e, B, "accept")
    ev = act(e, C, "decline")
    assert ev == [{"type": "decline", "seat": C, "proposer": A}]
    v = e.view()
    assert v["pending"] is None and v["hand_no"] == 1 and v["phase"] == "exchange"
    assert "huebschen" not in e.legal_actions(A) and "huebschen" in e.legal_actions(B)
    with pytest.raises(IllegalAction, match="already proposed"):
        e.apply(A, "huebschen")


def test_huebschen_only_when_every_active_player_has_one_point_folded_losses_stand():
    e = new(THREE, dealer=C, points=2)
    assert e.view()["huebschen_open"] is False and "huebschen" not in e.legal_actions(A)
    e = new(THREE, dealer=C, points=1)
    act(e, A, "knock")  # hammer
    act(e, B, "fold")  # B: 1 -> 0
    act(e, C, "hold")
    assert e.view()["huebschen_open"] is True and e.view()["active"] == [A, C]
    act(e, C, "huebschen")
    ev = act(e, A, "accept")
    scored = [x for x in ev if x["type"] == "hand_scored"][0]
    assert scored["void"] and scored["deltas"] == [0, -1, 0] and scored["eliminated"] == [B]
    v = e.view()
    assert v["eliminated"] == [B] and v["dealer"] == C and v["active"] == [A, C] and v["counts"][B] == 0
