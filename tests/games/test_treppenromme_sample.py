"""Treppenrommé's sample(seat, rng): worlds consistent with what the seat saw, canonical, playable on."""

from __future__ import annotations

import random
from collections import Counter
from operator import attrgetter

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.cards import DECK_52
from bot.games.treppenromme import Treppenromme

from .sample_checks import assert_canonical, assert_consistent

HIDDEN = attrgetter("talon")


def all_cards(e: Treppenromme) -> Counter[str]:
    return Counter([c for h in e.hands for c in h] + e.talon + e.staircase + [c for m in e.melds for c in m.cards])


def random_action(e: Treppenromme, r: random.Random) -> str:
    acts = e.legal_actions(e.current)
    if e.step == "draw":
        return "draw" if r.random() < 0.6 else r.choice(acts)
    places = [a for a in acts if not a.startswith("discard")]
    if places and r.random() < 0.7:
        return r.choice(places)
    return r.choice([a for a in acts if a.startswith("discard")])


def random_position(seed: int, steps: int) -> Treppenromme:
    r = random.Random(seed)
    e = Treppenromme.new(r.randint(2, 4), seed=seed)
    for _ in range(steps):
        if e.over:
            break
        e.apply(e.current, random_action(e, r))
    return e


def check_sample(e: Treppenromme, seat: int, rng: random.Random) -> Treppenromme:
    w = e.sample(seat, rng)
    assert_consistent(e, w, seat)
    assert all_cards(w) == Counter(DECK_52)
    assert len(w.talon) == len(e.talon)
    for s in range(e.seats):
        assert set(e.known[s]) <= set(w.hands[s])
    return w


def test_cards_taken_from_the_staircase_stay_in_the_takers_hand() -> None:
    hands = [["2C", "3C", "4C", "5C", "6C", "7C", "8C"], ["2H", "3H", "4H", "5H", "6H", "7H", "8H"]]
    e = Treppenromme.new(2, seed=1, options={"dealer": 0}, deal={"hands": hands, "staircase": ["KD"]})
    e.apply(0, "draw")
    e.apply(0, "discard 8C")
    e.apply(1, "take 2")  # KD and 8C go to seat 1's hand, as everybody saw
    r = random.Random(3)
    for _ in range(200):
        w = check_sample(e, 0, r)
        assert {"KD", "8C"} <= set(w.hands[1])
    e.apply(1, "discard KD")
    for _ in range(50):
        w = check_sample(e, 0, r)
        assert "8C" in w.hands[1]
    # the rest of seat 1's hand is unknown to seat 0: it varies
    assert len({tuple(e.sample(0, random.Random(i)).hands[1]) for i in range(20)}) > 1


def test_sample_is_canonical_and_reshuffles_the_talon() -> None:
    e = random_position(5, 25)
    seat = e.current
    assert_canonical(e, seat, HIDDEN)
    assert e.sample(seat, random.Random(2)).talon != e.sample(seat, random.Random(3)).talon


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 120), st.integers(0, 3))
def test_random_positions_sample_consistently_and_play_on(seed: int, steps: int, who: int) -> None:
    e = random_position(seed, steps)
    seat = who % e.seats
    w = check_sample(e, seat, random.Random(seed))
    assert_canonical(e, seat, HIDDEN, seed)
    r = random.Random(seed)
    hand_no = w.hand_no
    for _ in range(3000):
        if w.over or w.hand_no != hand_no:
            break
        w.apply(w.current, random_action(w, r))
    assert w.over or w.hand_no != hand_no


def rebuilt_position(seats: int) -> tuple[Treppenromme, list[list[str]]]:
    """A hand whose talon is empty from the start: seat 0's draw rebuilds it from a staircase of every card
    not dealt; then each seat draws once from the rebuilt talon and discards a card it was dealt. Returns the
    engine and the hands as dealt."""
    hands = [list(DECK_52[7 * s:7 * s + 7]) for s in range(seats)]
    rest = list(DECK_52[7 * seats:])
    e = Treppenromme.new(seats, seed=4, options={"dealer": 0},
                         deal={"hands": hands, "staircase": rest, "talon": []})
    for s in range(seats):
        e.apply(s, "draw")
        e.apply(s, "discard " + hands[s][0])
    assert e.rebuilt and e.current == 0
    return e, hands


def test_after_a_rebuild_the_talon_holds_only_the_old_staircase_cards() -> None:
    """Everybody saw the staircase that became the talon, so the cards the others held then are still theirs
    (in two-player Treppenrommé seat 0 knows the other hand but for the card drawn since), and the talon
    holds none of them. A world that put one of them in the talon would not be a world seat 0 can be in."""
    e, dealt = rebuilt_position(2)
    old_staircase = e.rebuilt_from
    held_then = set(dealt[1][1:])  # seat 1's dealt cards but the one it discarded
    r = random.Random(5)
    for _ in range(200):
        w = check_sample(e, 0, r)
        assert set(w.talon) <= old_staircase
        assert held_then <= set(w.hands[1])
        assert len(set(w.hands[1]) & old_staircase) == 1  # the card it drew from the rebuilt talon
    # which card it drew is unknown to seat 0: it varies
    assert len({tuple(e.sample(0, random.Random(i)).hands[1]) for i in range(20)}) > 1
    assert_canonical(e, 0, HIDDEN)


def test_after_a_rebuild_with_three_players_their_old_cards_stay_among_them() -> None:
    e, dealt = rebuilt_position(3)
    held_then = set(dealt[1][1:]) | set(dealt[2][1:])
    r = random.Random(6)
    for _ in range(100):
        w = check_sample(e, 0, r)
        assert set(w.talon) <= e.rebuilt_from
        assert set(w.hands[1]) | set(w.hands[2]) >= held_then
        assert all(len(set(w.hands[s]) & e.rebuilt_from) == 1 for s in (1, 2))
    # how the old cards are split between the two other hands is unknown to seat 0: it varies
    assert len({frozenset(e.sample(0, random.Random(i)).hands[1]) & held_then for i in range(20)}) > 1
