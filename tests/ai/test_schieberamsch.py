"""Schieberamsch's computer players: legal, never peeking, and right where the right move is clear."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import choose
from bot.ai.schieberamsch import card_to_play, discards, utility
from bot.games.schieberamsch import SORTED_DECK, Schieberamsch, mask_of
from tests.games.test_schieberamsch import make_deal, new
from tests.games.test_schieberamsch_sample import walk

FH, MH, RH = 0, 1, 2
SMALL = 3  # strong's worlds per decision in these tests


def test_every_decision_of_a_match_is_legal():
    e = new(seed=4)
    step = 0
    while not e.over:
        (s,) = e.to_act()
        level = "strong" if (s + e.view(None)["hand_no"]) % 2 else "easy"
        a = choose(e, s, level=level, seed=step, iterations=SMALL)
        assert a in e.legal_actions(s)
        e.apply(s, a)
        step += 1
    assert len(e.result()["hands"]) == 3


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40), st.integers(0, 100))
def test_no_peeking_same_choice_in_any_world_the_seat_cannot_tell_apart(seed, steps, j):
    e = walk(seed, steps, take=0.5, grand=0.3)
    if e.over:
        return
    (s,) = e.to_act()
    w = e.sample(s, random.Random(j))
    for level in ("easy", "strong"):
        assert choose(e, s, level=level, seed=seed, iterations=SMALL) == \
            choose(w, s, level=level, seed=seed, iterations=SMALL)


def play_to_trick(e: Schieberamsch, actions: list[tuple[int, str]]) -> None:
    for seat, action in actions:
        e.apply(seat, action)


def test_ramsch_a_void_hand_sheds_its_ace_on_someone_elses_trick():
    rh = ["AH", "10H", "KH", "7C", "8C", "9C", "7D", "8D", "9D", "QH"]
    e = new(make_deal(fh=["9S", "JC", "JS"], mh=["AS", "JH", "JD"], rh=rh))
    play_to_trick(e, [(FH, "pass"), (MH, "pass"), (RH, "pass"), (FH, "push"), (MH, "push"), (RH, "push"),
                      (FH, "play 9S"), (MH, "play AS")])
    for level in ("easy", "strong"):
        assert choose(e, RH, level=level, seed=1, iterations=12) == "play AH"


def test_strong_announces_grand_hand_with_a_monster_and_passes_with_rubbish():
    monster = ["JC", "JS", "JH", "JD", "AC", "10C", "KC", "AS", "10S", "AH"]
    rubbish = ["7C", "8C", "9C", "7S", "8S", "9S", "7H", "8H", "QC", "QS"]
    assert choose(new(make_deal(fh=monster)), FH, level="strong", seed=1, iterations=12) == "grand"
    assert choose(new(make_deal(fh=rubbish)), FH, level="strong", seed=1, iterations=12) == "pass"


def test_strong_says_kontra_against_a_weak_solo_and_the_solo_rekontra_only_with_a_strong_hand():
    weak_solo = ["JD", "7C", "8C", "9C", "7S", "8S", "9S", "7H", "8H", "9H"]
    strong_opponent = ["JC", "JS", "JH", "AC", "10C", "AS", "10S", "AH", "10H", "AD"]
    e = new(make_deal(fh=weak_solo, mh=strong_opponent))
    e.apply(FH, "grand")
    assert choose(e, MH, level="strong", seed=2, iterations=20) == "kontra"
    e.apply(MH, "kontra")
    assert choose(e, FH, level="strong", seed=2, iterations=20) == "pass"
    monster = ["JC", "JS", "JH", "JD", "AC", "10C", "KC", "AS", "10S", "AH"]
    e = new(make_deal(fh=monster))
    e.apply(FH, "grand")
    e.apply(MH, "kontra")
    assert choose(e, FH, level="strong", seed=2, iterations=20) == "rekontra"


def test_rules_of_thumb():
    hand = mask_of(["AS", "7S", "KH"])
    spade_nine, spade_eight = SORTED_DECK.index("9S"), SORTED_DECK.index("8S")
    assert SORTED_DECK[card_to_play(hand, [spade_nine, spade_eight], "ramsch", RH, None, [FH, MH])] == "7S"
    # void in the led suit: shed the Ace onto someone else's trick
    hand = mask_of(["AS", "7S", "JD"])
    heart_nine = SORTED_DECK.index("9H")
    assert SORTED_DECK[card_to_play(hand, [heart_nine], "ramsch", MH, None, [FH])] == "AS"
    # discards: the Jacks and Aces go first, and an emptied suit counts
    a, b = discards(mask_of(["JC", "AS", "7C", "8C", "9C", "7H", "8H", "9H", "7D", "8D", "9D", "QD"]), True)[0]
    assert {SORTED_DECK[a], SORTED_DECK[b]} == {"JC", "AS"}


def test_utility_prefers_fewer_points_in_a_ramsch_and_the_solo_side_in_a_grand():
    lose = {"mode": "ramsch", "scores": [70, 0, 0], "points": [70, 30, 20]}
    safe = {"mode": "ramsch", "scores": [0, 70, 0], "points": [30, 70, 20]}
    assert utility(safe, 0) > utility(lose, 0)
    won = {"mode": "grand", "solo": 0, "deltas": [-9, 0, 0], "solo_points": 75, "points": [75, 20, 25]}
    assert utility(won, 0) > 0 > utility(won, 1)
