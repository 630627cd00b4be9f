from __future__ import annotations

from benchmarks import rufmariasch_leak as leak
from bot.ai.rufmariasch_sim import CARD_ID, EVERY_SEAT, Hand
from bot.games.rufmariasch import Rufmariasch

DEAL = [["AC", "7H", "8H", "9H", "JH", "AS", "7S", "8S"],
        ["7C", "8C", "9C", "JC", "10H", "KH", "9S", "JS"],
        ["QC", "KC", "10C", "AH", "QH", "QS", "KS", "10S"],
        ["AD", "10D", "KD", "QD", "JD", "9D", "8D", "7D"]]


def test_a_choice_is_valued_by_playing_the_hand_out_on_the_true_deal():
    e = Rufmariasch.new(4, seed=1, options={"dealer": 3}, deal={"hands": DEAL})
    assert isinstance(e, Rufmariasch)
    h = Hand.called(e, "H", "AD")
    h.thumb_seats, h.own_self = EVERY_SEAT, True
    assert leak.value(e, 0, "call H AD") == h.playout(0)
    assert leak.value(e, 0, "call H AD") != leak.value(e, 0, "call H AC")   # alone against a partner
    e.apply(0, "call H AD")
    h = Hand.of(e)
    h.play(CARD_ID["AS"])
    h.thumb_seats, h.own_self = EVERY_SEAT, True
    assert leak.value(e, 0, "play AS") == h.playout(0)


def test_the_oracle_against_itself_loses_nothing_and_strong_differs_somewhere():
    same = leak.decisions(0, 1, 2, level="oracle")
    assert same and all(r["strong"] == r["oracle"] and r["loss"] == 0 for r in same)
    rows = leak.decisions(0, 1, 2)
    assert {r["kind"] for r in rows} >= {"call", "lead"}
    assert any(r["strong"] != r["oracle"] for r in rows)
    assert all(r["loss"] == 0 for r in rows if r["strong"] == r["oracle"])


def test_the_hand_oracle_as_yardstick_asks_it_instead():
    same = leak.decisions(0, 1, 2, level="hand-oracle", yardstick="hand-oracle")
    assert same and all(r["strong"] == r["oracle"] and r["loss"] == 0 for r in same)
    fair = leak.decisions(0, 1, 2, yardstick="hand-oracle")
    seeing = leak.decisions(0, 1, 2)
    assert [r["strong"] for r in fair] == [r["strong"] for r in seeing]     # the same strong play, other answers
    assert [r["oracle"] for r in fair] != [r["oracle"] for r in seeing]


def test_the_report_sums_the_loss_per_kind_over_the_seat_deals():
    rows = [{"kind": "lead", "known": True, "role": "caller", "trick": 2, "strong": "play AS", "oracle": "play 7S",
             "loss": 8},
            {"kind": "lead", "known": False, "role": "caller", "trick": 1, "strong": "play AS", "oracle": "play AS",
             "loss": 0},
            {"kind": "call", "known": None, "role": "caller", "trick": 0, "strong": "call H AH",
             "oracle": "call H AD", "loss": -4}]
    lines = leak.report(rows, 4)
    lead = next(x for x in lines if x.startswith("lead "))
    assert "decisions     2" in lead and "differ     1" in lead and "loss  +2.000" in lead
    call = next(x for x in lines if x.startswith("call "))
    assert "loss  -1.000" in call
