"""Schrööm engine: the contract beyond the rules: options and deals validated, refused actions leave the state
untouched and are explained, default actions are mild, timers alone finish a match."""

from __future__ import annotations

import pytest

from bot.games import IllegalAction
from bot.games.schroeoem import Schroeoem

from .schroeoem_helpers import THREE, A, B, C, act, new, pass_exchanges


# -- contract details ---------------------------------------------------------------------------------
def test_options_and_deal_validation():
    with pytest.raises(ValueError):
        Schroeoem.new(3, seed=1, options={"points": 0})
    with pytest.raises(ValueError):
        Schroeoem.new(3, seed=1, options={"points": 22})
    with pytest.raises(ValueError):
        Schroeoem.new(3, seed=1, options={"trumps": True})
    with pytest.raises(ValueError):
        Schroeoem.new(1, seed=1)
    with pytest.raises(ValueError):
        Schroeoem.new(9, seed=1)
    with pytest.raises(ValueError, match="twice"):
        new([["AH", "7C", "8C", "9C"], ["AH", "JC", "QC", "KC"]], dealer=A)
    with pytest.raises(ValueError):
        new([["AH", "7C", "8C"], ["7H", "JC", "QC", "KC"]], dealer=A)
    with pytest.raises(ValueError):
        new([["2H", "7C", "8C", "9C"], ["7H", "JC", "QC", "KC"]], dealer=A)
    e = Schroeoem.new(4, seed=1)
    assert e.view()["options"] == {"points": 7, "dealer": None} and e.view()["points"] == [7] * 4
    assert Schroeoem.new(4, seed=1).view(0) == e.view(0)


def test_illegal_actions_leave_state_untouched_and_explain():
    e = new(THREE, dealer=C)
    before = (e.view(A), e.view(B), e.view(C))
    for seat, action, reason in ((A, "play AH", "Vier Bilder"), (B, "pass", "not your turn"),
                                 (A, "hold", "nothing to hold"), (A, "dance", "unknown action"),
                                 (A, "huebschen", "exactly 1 point"), (7, "knock", "no seat")):
        with pytest.raises(IllegalAction, match=reason):
            e.apply(seat, action)
    assert (e.view(A), e.view(B), e.view(C)) == before
    act(e, A, "knock")
    with pytest.raises(IllegalAction, match="wait: seat 1"):
        e.apply(C, "hold")
    with pytest.raises(IllegalAction, match="hold or fold"):
        e.apply(B, "play 7H")
    act(e, B, "fold")
    act(e, C, "hold")
    with pytest.raises(IllegalAction, match="folded"):
        e.apply(B, "knock")
    pass_exchanges(e)
    with pytest.raises(IllegalAction, match="do not hold"):
        e.apply(A, "play KH")


def test_default_actions_are_mild_and_never_knock():
    e = new(THREE, dealer=C, points=3)
    assert e.default_action(A) == "pass"  # exchange round
    assert e.default_action(B) is None  # may only knock now
    assert e.to_act() == frozenset({A, B, C}) and e.waiting_for() == frozenset({A})
    act(e, B, "knock")
    assert e.default_action(C) == "hold"  # 3 points > value 2
    act(e, C, "hold")
    act(e, A, "hold")
    act(e, C, "knock")
    assert e.default_action(A) == "fold"  # 3 points == value 3: holding and losing would eliminate
    act(e, A, "hold")
    act(e, B, "hold")
    pass_exchanges(e)
    assert e.default_action(A) == "play AH"  # lowest legal card by Schrööm rank (B<D<K<A<7<...<10)
    act(e, A, "play AH")
    assert e.default_action(B) == "play 7H"
    e = new(THREE, dealer=C, points=1)
    act(e, A, "huebschen")
    assert e.default_action(B) == "decline"


def test_timers_alone_finish_a_match():
    e = Schroeoem.new(4, seed=11, options={"points": 3})
    steps = 0
    while not e.over:
        (m,) = e.waiting_for()
        e.apply(m, e.default_action(m))
        steps += 1
        assert steps < 2000
    assert len(e.result()["winners"]) == 1
