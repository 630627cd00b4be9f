"""Schrööm's computer players: legal, never peeking, and right where the right move is clear."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import choose, volunteer
from bot.games.cards import DECK_32
from bot.games.schroeoem import Schroeoem
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
