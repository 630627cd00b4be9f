"""Schrööm's computer players: legal, never peeking, and right where the right move is clear."""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import choose, knowledge, volunteer
from bot.ai.schroeoem_infer import inferred, likelihood
from bot.games.cards import DECK_32
from bot.games.schroeoem import CARD_STRENGTH, Schroeoem
from tests.games.test_schroeoem_sample import random_position

TENS = ["10H", "10S", "10C", "10D"]
JACKS = ["JH", "JS", "JC", "JD"]


def duel(first: list[str], second: list[str]) -> Schroeoem:
    """Two players, seat 0 leads; the stock is set so nobody can be surprised by an exchange."""
    hands = [first, second]
    stock = [c for c in DECK_32 if c not in first + second]
    e = Schroeoem.new(2, seed=1, options={"dealer": 1}, deal={"hands": hands, "stock": stock})
    while e.phase == "exchange":
        e.apply(e._mover(), "pass")
    return e


def to_last_trick(e: Schroeoem) -> Schroeoem:
    """Both play their lowest cards (by hand order) until trick 4."""
    while e.trick_no < 4:
        m = e._mover()
        e.apply(m, next(a for a in e.legal_actions(m) if a.startswith("play ")))
    return e


def strong(e: Schroeoem, seat: int, seed: int = 0, iterations: int = 16) -> str:
    return choose(e, seat, level="strong", seed=seed, iterations=iterations)


def test_every_decision_of_a_match_is_legal_for_both_levels() -> None:
    for level, seats, seed in (("easy", 5, 1), ("strong", 3, 2)):
        e = Schroeoem.new(seats, seed=seed, options={"points": 3})
        rng = random.Random(seed)
        while not e.over:
            for other in sorted(e.to_act() - e.waiting_for()):  # out of turn: a knock, or the moment passes
                knock = volunteer(e, other, level=level, seed=rng.randrange(1000), iterations=3)
                if knock is not None:
                    e.apply(other, knock)
                    break
            if e.over:
                break
            seat = min(e.waiting_for())
            lv = level if seat % 2 == 0 else "easy"
            action = choose(e, seat, level=lv, seed=rng.randrange(1000), iterations=3)
            assert action in e.legal_actions(seat)
            e.apply(seat, action)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40), st.integers(0, 100))
def test_strong_never_peeks(seed: int, steps: int, j: int) -> None:
    e = random_position(seed, steps)
    if e.over:
        return
    seat = min(e.waiting_for())
    world = e.sample(seat, random.Random(j))
    for level in ("easy", "strong"):
        assert (choose(e, seat, level=level, seed=seed, iterations=4)
                == choose(world, seat, level=level, seed=seed, iterations=4))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40), st.integers(0, 100))
def test_a_knock_out_of_turn_never_peeks(seed: int, steps: int, j: int) -> None:
    e = random_position(seed, steps)
    for seat in sorted(e.to_act() - e.waiting_for()) if not e.over else []:
        world = e.sample(seat, random.Random(j))
        for level in ("easy", "strong"):
            real = volunteer(e, seat, level=level, seed=seed, iterations=4)
            assert real in (None, *e.legal_actions(seat))
            assert volunteer(world, seat, level=level, seed=seed, iterations=4) == real


def test_knocks_out_of_turn_only_with_a_last_card_nobody_can_beat() -> None:
    e = to_last_trick(duel(JACKS, TENS))
    assert e._mover() == 1 and e.legal_actions(0) == ["knock"]  # seat 0 may knock, with its last jack
    assert volunteer(e, 0, seed=0, iterations=60) is None  # no bluff out of turn
    e.apply(1, e.legal_actions(1)[0])  # seat 1 leads its last ten: nobody can beat it
    assert e._mover() == 0 and e.legal_actions(1) == ["knock"]
    assert volunteer(e, 1) == "knock"
    assert volunteer(e, 1, level="easy") is None  # the rules of thumb knock only on their own turn


def test_knocks_with_a_last_card_nobody_can_beat_and_not_with_a_sure_loser() -> None:
    winner = to_last_trick(duel(TENS, JACKS))
    assert winner._mover() == 0 and "knock" in winner.legal_actions(0)
    assert strong(winner, 0) == "knock"
    loser = to_last_trick(duel(JACKS, TENS))
    assert loser._mover() == 1
    loser.apply(1, loser.legal_actions(1)[0])  # seat 1 leads its last ten
    assert "knock" in loser.legal_actions(0)
    assert strong(loser, 0).startswith("play ")


def test_holds_a_knock_with_a_sure_winner_and_folds_a_sure_loser() -> None:
    e = to_last_trick(duel(TENS, JACKS))
    e.apply(1, "knock")  # seat 1 knocks out of turn with a hopeless jack
    assert e.legal_actions(0) == ["hold", "fold"]
    assert strong(e, 0) == "hold"
    e = to_last_trick(duel(JACKS, TENS))
    e.apply(1, "knock")
    assert e.legal_actions(0) == ["hold", "fold"]
    assert strong(e, 0) == "fold"


def test_easy_keeps_its_strong_cards_for_the_last_trick() -> None:
    e = duel(["10H", "7H", "JS", "QC"], ["9H", "8H", "KS", "AC"])
    action = choose(e, 0, level="easy", seed=0)
    assert action in ("play JS", "play QC")


# -- inference: what the others did says what they hold ------------------------------------------------------
def four(hands: list[list[str]], dealer: int = 3) -> Schroeoem:
    """Four players with fixed hands, everybody passes on Vier Bilder (seat 0 leads)."""
    used = {c for h in hands for c in h}
    stock = [c for c in DECK_32 if c not in used]
    e = Schroeoem.new(4, seed=1, options={"dealer": dealer}, deal={"hands": hands, "stock": stock})
    while e.phase == "exchange":
        e.apply(e._mover(), "pass")
    return e


def mean_likelihood(e: Schroeoem, seat: int, fits: Callable[[Schroeoem], bool], n: int = 400) -> tuple[float, float]:
    """The mean likelihood of the sampled worlds (for `seat`) that fit and of those that do not."""
    like = likelihood(e.view(seat), seat)
    rng = random.Random(5)
    yes: list[float] = []
    no: list[float] = []
    for _ in range(n):
        w = e.sample(seat, rng)
        (yes if fits(w) else no).append(like(w))
    assert yes and no
    return sum(yes) / len(yes), sum(no) / len(no)


def high_cards(cards: list[str]) -> int:
    return sum(CARD_STRENGTH[c] >= 7 for c in cards)


def test_a_knock_makes_worlds_where_the_knocker_holds_nines_and_tens_likelier() -> None:
    e = four([["10H", "9S", "JC", "QD"], ["7H", "8S", "KC", "AD"], ["JH", "QS", "AC", "KD"],
              ["KH", "JS", "QC", "JD"]])
    e.apply(0, "knock")  # the leader knocks before the first card, as the rule does with two nines or tens
    strong_knocker, weak_knocker = mean_likelihood(e, 1, lambda w: high_cards(w.hands[0]) >= 2)
    assert strong_knocker > 3 * weak_knocker


def test_a_hold_and_a_fold_say_whether_a_seat_holds_a_nine_or_a_ten() -> None:
    e = four([["10H", "9S", "JC", "QD"], ["7H", "8S", "KC", "AD"], ["9H", "QS", "AC", "KD"],
              ["KH", "JS", "QC", "JD"]])
    e.apply(0, "knock")
    e.apply(1, "hold")  # seat 1 holds with two numbers at value 2
    e.apply(2, "hold")  # seat 2 with its nine
    assert e.legal_actions(3) == ["hold", "fold"]
    e.apply(3, "fold")  # seat 3 with pictures only
    # at value 2 the rule holds with a nine or a ten, or with two numbers
    held, not_held = mean_likelihood(e, 1, lambda w: high_cards(w.hands[2]) >= 1
                                     or sum(CARD_STRENGTH[c] >= 5 for c in w.hands[2]) >= 2)
    assert held > 3 * not_held
    folded_weak, folded_strong = mean_likelihood(e, 1, lambda w: high_cards(w.out[3]) == 0)
    assert folded_weak > 3 * folded_strong


def test_a_card_played_says_the_rest_of_the_hand_is_higher() -> None:
    e = four([["9H", "10S", "8C", "9D"], ["7H", "8S", "KC", "AD"], ["JH", "QS", "AC", "KD"],
              ["KH", "JS", "QC", "JD"]])
    e.apply(0, "knock")  # with two nines, as the rule does (else not knocking would say something too)
    for seat in (1, 2, 3):
        e.apply(seat, "hold")
    e.apply(0, "play 8C")  # the rule leads its lowest card: an eight, so the rest are eights or higher
    high_rest, any_low = mean_likelihood(e, 1, lambda w: min(CARD_STRENGTH[c] for c in w.hands[0]) >= 6)
    assert high_rest > 3 * any_low


def test_inference_switches_off() -> None:
    e = four([["10H", "9S", "JC", "QD"], ["7H", "8S", "KC", "AD"], ["JH", "QS", "AC", "KD"],
              ["KH", "JS", "QC", "JD"]])
    e.apply(0, "knock")
    for level in ("strong-no-inference", "oracle"):
        know = knowledge(e, 1, level)
        assert inferred(know) is know
    know = knowledge(e, 1)
    assert inferred(know) is not know
    # the inferred worlds are worlds of the seat: its view and actions are the real ones
    w = inferred(know).sample(random.Random(3))
    assert w.view(1) == e.view(1) and w.legal_actions(1) == e.legal_actions(1)


def test_a_knock_that_says_two_nines_or_tens_is_folded_more_often() -> None:
    e = four([["10H", "9S", "JC", "QD"], ["10D", "10C", "QS", "KH"], ["JH", "JS", "AC", "8D"],
              ["7H", "AS", "7C", "JD"]])
    e.apply(0, "knock")  # the leader knocks with a ten and a nine: the seat after it has two tens
    folds = {level: sum(choose(e, 1, level=level, seed=s, iterations=60) == "fold" for s in range(5))
             for level in ("strong", "strong-no-inference")}
    assert folds["strong"] > folds["strong-no-inference"]


def test_knocks_out_of_turn_when_the_inferred_worlds_say_it_wins() -> None:
    e = four([["JH", "QS", "JC", "QH"], ["10H", "10S", "9C", "KD"], ["JS", "AC", "8D", "QC"],
              ["7H", "AS", "7C", "JD"]])
    e.apply(0, "play JH")  # the leader's lowest card, no knock: no two nines or tens there
    e.apply(1, "play 10H")
    assert e._mover() == 2 and "knock" in e.legal_actions(1)
    assert volunteer(e, 1, seed=1, iterations=60) == "knock"
    assert volunteer(e, 1, level="strong-no-inference", seed=1, iterations=60) is None
