"""Repezita engine: the examples of docs/rules/repezita.md, the blocked (dead pile) rule, views and random play.

Positions are set up through `deal=` with "hands", "pile" (bottom->top) and "out" (cards out of play).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import GAMES, IllegalAction
from bot.games.cards import DECK_52
from bot.games.repezita import DECK_104, Repezita

from .schrum_helpers import all_strings  # Repezita is of the Schrum Schrum family: the same helpers fit

# -- helpers -----------------------------------------------------------------------------------------


def position(n, hands, pile=(), seed=1, **options):
    deck = DECK_52 if (options.get("decks") or (1 if n <= 4 else 2)) == 1 else DECK_104
    named = [c for h in hands for c in h] + list(pile)
    assert len(set(named)) == len(named)
    out = [c for c in deck if c not in named]
    opts = {"dealer": n - 1}
    opts.update(options)
    e = Repezita.new(n, seed=seed, options=opts, deal={"hands": [list(h) for h in hands], "pile": list(pile),
                                                       "out": out})
    e.apply(e.dealer, "go")
    return e


def started(n, **kw):
    """A fresh random deal after the dealer's start signal."""
    e = Repezita.new(n, **kw)
    e.apply(e.dealer, "go")
    return e


# -- 1.5 scenarios -------------------------------------------------------------------------------------


def test_scenario_11_legality_adjacent_ranks_cyclic():
    e = position(2, [["6H", "8D", "7H", "9S", "AD"], ["KC", "QS", "2C", "5C"]], pile=["AC", "7C"])
    assert {c for c in e.hands[0] if e.correct(c)} == {"6H", "8D"}
    assert not e.correct("7H")  # same rank is wrong
    e = position(2, [["2H", "KH", "3D", "QD"], ["AH", "7S"]], pile=["AS"])
    assert {c for c in e.hands[0] | e.hands[1] if e.correct(c)} == {"2H", "KH"}
    e = position(2, [["QH", "AH", "JD", "KS"], ["2C", "7S"]], pile=["AS", "KD"])
    assert {c for c in e.hands[0] | e.hands[1] if e.correct(c)} == {"QH", "AH"}
    # and applied: a correct card stays, the same rank is penalised
    ev = e.apply(0, "play AH on KD")
    assert ev == [{"type": "play", "seat": 0, "card": "AH", "correct": True}]
    ev = e.apply(0, "play KS on AH")
    assert ev[0]["correct"] is True
    ev = e.apply(1, "play 7S on KS")
    assert ev == [{"type": "penalty", "seat": 1, "card": "7S", "taken": 5}]


def test_scenario_12_wrong_card_takes_the_whole_pile():
    pile = ["AC", "KC", "QC", "JC", "10C", "9C"]
    e = position(2, [["JS", "3H", "4H"], ["AH", "5D", "10D"]], pile=pile)
    assert e.view()["pile_top"] == "9C" and e.view()["pile_count"] == 6
    before = e.view()["counts"][0]
    ev = e.apply(0, "play JS on 9C")
    assert ev == [{"type": "penalty", "seat": 0, "card": "JS", "taken": 7}]
    assert e.view()["counts"][0] == before + 6
    assert set(pile) | {"JS"} <= set(e.hands[0])
    assert e.view()["pile_top"] is None and e.view()["pile_count"] == 0
    # only an Ace may follow (an Ace is held)
    assert e.legal_actions(1) == ["play AH on -", "play 5D on -", "play 10D on -", "pass"]
    assert e.apply(1, "play 5D on -") == [{"type": "penalty", "seat": 1, "card": "5D", "taken": 1}]
    assert e.apply(1, "play AH on -")[0]["correct"] is True


def test_scenario_13_race_stale_top_rejected_without_penalty():
    e = position(2, [["8S", "2C"], ["6D", "9C"]], pile=["AH", "2H", "3H", "4H", "5H", "6H", "7H"])
    e.apply(0, "play 8S on 7H")  # arrives first
    hand = dict(e.hands[1])
    with pytest.raises(IllegalAction) as info:
        e.apply(1, "play 6D on 7H")
    assert info.value.reason == "stale" and str(info.value) == "stale"
    assert e.hands[1] == hand and e.view()["pile_top"] == "8S" and e.view()["pile_count"] == 8
    # the seen top `-` on a non-empty pile is stale too
    with pytest.raises(IllegalAction, match="^stale$"):
        e.apply(1, "play 9C on -")


def test_scenario_14_six_players_two_decks():
    e = Repezita.new(6, seed=3, options={"dealer": 5})
    assert e.view()["decks"] == 2
    assert e.view()["counts"] == [18, 18, 17, 17, 17, 17]  # forehand (0) and the next seat get 18
    cards = [c for h in e.hands for c in h]
    assert len(cards) == len(set(cards)) == 104
    assert "7H" in cards and "7H#2" in cards
    e = Repezita.new(6, seed=3, options={"dealer": 2})
    assert e.view()["counts"] == [17, 17, 17, 18, 18, 17]
    assert Repezita.new(4, seed=1).view()["decks"] == 1
    assert Repezita.new(8, seed=1, options={"decks": 1}).view()["counts"].count(7) == 4


def test_scenario_17_wrong_card_on_empty_pile_comes_back():
    e = position(2, [["5H", "9C"], ["AS", "3D"]])
    assert e.apply(0, "play 5H on -") == [{"type": "penalty", "seat": 0, "card": "5H", "taken": 1}]
    assert "5H" in e.hands[0] and e.view()["counts"][0] == 2
    assert e.view()["pile_count"] == 0 and e.view()["pile_top"] is None


def test_scenario_18_three_players_finish_then_loser():
    e = position(3, [["AS"], ["2H"], ["9C", "5D"]])
    assert e.view()["pile_top_seat"] is None
    e.apply(0, "play AS on -")
    assert e.view()["finished"] == [0] and e.view()["pile_top_seat"] == 0
    ev = e.apply(1, "play 2H on AS")
    assert ev == [
        {"type": "play", "seat": 1, "card": "2H", "correct": True},
        {"type": "finish", "seat": 1, "place": 2},
        {"type": "loser", "seat": 2},
        {"type": "hand_scored", "hand_no": 1, "deltas": [2, 1, 0], "totals": [2, 1, 0], "finished": [0, 1],
         "loser": 2},
        {"type": "match_over", "winners": [0, 1], "totals": [2, 1, 0]},
    ]
    assert e.over and e.to_act() == frozenset()
    v = e.view()
    assert v["finished"] == [0, 1] and v["loser"] == 2
    res = e.result()
    assert res["winners"] == [0, 1] and res["totals"] == [2, 1, 0]  # whoever goes out has won
    assert res["order"] == [0, 1, 2] and res["places"] == [1, 2, 3] and res["hands"][0]["deltas"] == [2, 1, 0]
    json.dumps(res)


# -- the blocked state ------------------------------------------------------------------------------------


def test_dead_pile_when_nobody_can_play_then_any_card_starts():
    e = position(2, [["AS", "9D"], ["KH", "9H"]])
    e.apply(0, "play AS on -")
    ev = e.apply(1, "play KH on AS")  # nobody holds a Q or an A: the pile is dead
    assert ev[1] == {"type": "dead_pile", "cards": 2, "top": "KH", "dead_piles": 2}  # 1 = the set-up "out" pile
    v = e.view()
    assert v["pile_count"] == 0 and v["any_start"] is True
    assert e.correct("9D") and e.correct("9H")
    e.apply(0, "play 9D on -")
    assert e.view()["pile_top"] == "9D"


def test_empty_pile_needs_an_ace_while_one_is_held():
    e = position(2, [["AS", "9D"], ["KH", "9H"]])
    assert e.view()["any_start"] is False
    assert not e.correct("9D") and e.correct("AS")


def test_dead_piles_counter_from_a_fresh_deal():
    e = Repezita.new(2, seed=1)
    assert e.view()["dead_piles"] == 0 and e.view()["dead_cards"] == 0


# -- contract details --------------------------------------------------------------------------------------


def test_registry_options_and_errors():
    assert GAMES["repezita"] is Repezita
    assert (Repezita.min_seats, Repezita.max_seats) == (2, 8)
    with pytest.raises(ValueError):
        Repezita.new(9, seed=1)
    with pytest.raises(ValueError):
        Repezita.new(2, seed=1, options={"decks": 3})
    with pytest.raises(ValueError):
        Repezita.new(2, seed=1, options={"speed": 3})
    with pytest.raises(ValueError, match="exactly"):
        Repezita.new(2, seed=1, deal={"hands": [list(DECK_52[:25]), list(DECK_52[25:])]})
    with pytest.raises(ValueError, match="twice"):
        Repezita.new(2, seed=1, deal={"hands": [list(DECK_52[:26]), list(DECK_52[:26])]})
    with pytest.raises(ValueError, match="unknown"):
        Repezita.new(2, seed=1, deal={"hands": [list(DECK_52[:25]) + ["7H#2"], list(DECK_52[26:])]})
    with pytest.raises(ValueError, match="no cards"):
        position(2, [["AS"], []])


def test_action_errors_are_readable():
    e = position(2, [["AS", "9D"], ["KH", "9H"]])
    with pytest.raises(IllegalAction, match="do not hold"):
        e.apply(0, "play KH on -")
    with pytest.raises(IllegalAction, match="not a card"):
        e.apply(0, "play ZZ on -")
    with pytest.raises(IllegalAction, match="use `play C on T`"):
        e.apply(0, "play AS")
    with pytest.raises(IllegalAction, match="no seat"):
        e.apply(5, "play AS on -")
    with pytest.raises(IllegalAction, match="^stale$"):
        e.apply(0, "play AS on 7H")
    assert e.explain(0, "play AS on 7H") == "stale"


def test_legal_actions_list_every_card_and_default_is_a_correct_one():
    e = position(2, [["9D", "AS"], ["KH", "9H"]])
    assert e.legal_actions(0) == ["play 9D on -", "play AS on -", "pass"]
    assert e.default_action(0) == "play AS on -"
    assert e.default_action(1) == "play KH on -"  # no correct card: the first one


def test_second_deck_ids_in_actions():
    e = started(5, seed=2, options={"dealer": 4})
    seat = next(s for s in range(5) if any(c.endswith("#2") for c in e.hands[s]))
    card = next(c for c in e.hands[seat] if c.endswith("#2"))
    assert f"play {card} on -" in e.legal_actions(seat)
    e.apply(seat, f"play {card} on -")
    assert card in e.hands[seat] or e.view()["pile_top"] == card


def test_views_hide_hands():
    e = started(4, seed=9)
    common = {"game", "seats", "phase", "dealer", "to_act", "totals", "hand_no", "over", "options", "counts"}
    game = {"pile_top", "pile_count", "finished", "loser", "dead_piles"}
    pub = e.view()
    assert common | game <= set(pub) and "hand" not in pub
    held = {c for h in e.hands for c in h}
    assert not held & set(all_strings(pub))
    mine = e.view(2)
    assert sorted(mine["hand"]) == sorted(e.hands[2])
    assert not (held - set(e.hands[2])) & set(all_strings(mine))
    json.dumps(mine)


def test_match_of_several_hands():
    e = Repezita.new(3, seed=4, options={"hands": 3, "dealer": 0})
    rng = random.Random(4)
    dealers = [0]
    while not e.over:
        s, a = smart_choice(e, rng, 0.02)
        for ev in e.apply(s, a):
            if ev["type"] == "deal":
                dealers.append(ev["dealer"])
    assert dealers == [0, 1, 2]
    res = e.result()
    assert len(res["hands"]) == 3
    for h in res["hands"]:
        assert sorted(h["deltas"]) == [0, 1, 2] and h["deltas"][h["loser"]] == 0
    assert res["totals"] == [sum(h["deltas"][i] for h in res["hands"]) for i in range(3)]
    assert sum(res["totals"]) == 9


# -- random play properties --------------------------------------------------------------------------------


def smart_choice(e, rng, p_wrong):
    """A random seat that can play correctly plays a random correct card; sometimes anyone plays anything."""
    seats = sorted(e.to_act())
    if not e.started:
        return e.dealer, "go"
    if rng.random() < p_wrong:
        s = rng.choice(seats)
        return s, rng.choice(e.legal_actions(s))
    good = [s for s in seats if any(e.correct(c) for c in e.hands[s])]
    assert good, "blocked state left standing"
    s = rng.choice(good)
    return s, rng.choice([a for a in e.legal_actions(s) if a != "pass" and e.correct(a.split()[1])])


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 8), p_wrong=st.sampled_from([0.0, 0.03, 0.1]))
def test_property_random_play(seed, n, p_wrong):
    e = Repezita.new(n, seed=seed)
    deck = Counter(DECK_52 if n <= 4 else DECK_104)
    rng = random.Random(seed)
    log = []
    for step in range(20000):
        if e.over:
            break
        s, a = smart_choice(e, rng, p_wrong)
        if step % 7 == 0 and e.started:  # a slower player who saw an older top
            stale = "play {} on {}".format(next(iter(e.hands[s])), "9S" if e.view()["pile_top"] != "9S" else "-")
            with pytest.raises(IllegalAction, match="^stale$"):
                e.apply(s, stale)
        ev = e.apply(s, a)
        log.append((s, a, ev))
        held = [c for h in e.hands for c in h]
        assert Counter(held + e.pile + [c for d in e.dead for c in d]) == deck
        if not e.over:
            assert e.to_act() == {i for i in range(n) if e.hands[i]} - set(e.finished)
            assert not set(held) & set(all_strings(e.view()))
            v = e.view(s)
            assert not (set(held) - set(e.hands[s])) & set(all_strings(v))
    assert e.over
    res = e.result()
    assert sorted(res["hands"][0]["deltas"]) == list(range(n))
    assert res["hands"][0]["loser"] == e.view()["loser"]
    r = Repezita.new(n, seed=seed)
    for s, a, ev in log:
        assert r.apply(s, a) == ev
    assert r.view(0) == e.view(0) and r.result() == res


# -- issue 19: the start signal, every finisher wins -------------------------------------------------------


def test_hands_lie_face_down_until_the_dealers_go():
    e = Repezita.new(3, seed=5, options={"dealer": 1})
    v = e.view(0)
    assert v["phase"] == "signal" and v["hand"] == [] and v["counts"] == [17, 17, 18]
    assert e.to_act() == {1} and e.legal_actions(1) == ["go"] and e.legal_actions(0) == []
    assert e.default_action(1) == "go"
    card = next(iter(e.hands[0]))
    with pytest.raises(IllegalAction, match="face down until 1"):
        e.apply(0, f"play {card} on -")
    assert e.apply(1, "go") == [{"type": "go", "seat": 1}]
    assert e.view()["phase"] == "play" and e.to_act() == {0, 1, 2}
    assert sorted(e.view(0)["hand"]) == sorted(e.hands[0])
    with pytest.raises(IllegalAction):
        e.apply(1, "go")


def test_pass_changes_nothing():
    e = position(2, [["AS", "9D"], ["KH", "9H"]])
    before = e.view(0), e.view(1)
    assert e.apply(1, "pass") == []
    assert (e.view(0), e.view(1)) == before


def test_every_finisher_wins_and_the_next_hand_waits_for_its_dealer():
    e = Repezita.new(3, seed=4, options={"hands": 2, "dealer": 0})
    rng = random.Random(4)
    while e.hand_no == 1:
        s, a = smart_choice(e, rng, 0.0)
        e.apply(s, a)
    assert e.view()["phase"] == "signal" and e.to_act() == {1} and e.view(2)["hand"] == []
    while not e.over:
        s, a = smart_choice(e, rng, 0.0)
        e.apply(s, a)
    res = e.result()
    worst = min(res["totals"])
    assert res["winners"] == [s for s in range(3) if res["totals"][s] > worst]
    assert [res["totals"][s] for s in res["order"]] == sorted(res["totals"], reverse=True)
    assert res["places"][res["order"][0]] == 1
