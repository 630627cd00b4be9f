"""Rufmariasch engine: the contract beyond the rules' examples: registry, options and fixed deals, marriages'
timing, reasons, default actions, the match's flow and the public tricks of the view."""

from __future__ import annotations

import json
import random

import pytest

from bot.games import GAMES, IllegalAction
from bot.games.cards import DECK_32
from bot.games.rufmariasch import Rufmariasch

from .rufmariasch_helpers import S1, new, run, snapshot


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
