"""Treppenrommé's computer players: legal, never peeking, and right where the right move is clear."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import choose, knowledge
from bot.ai import treppenromme as treppenromme_ai
from bot.ai.treppenromme import INFERENCE_FLOOR, INFERENCE_TRIES, feed_weighted, take_candidates
from bot.ai.treppenromme_infer import (
    EPS_EASY,
    LEFT_DEEP,
    LEFT_TOP,
    MAX_AGE,
    PRICE,
    combines,
    has_meld,
    history,
    inferring,
    likelihood_of,
    rule_throw,
)
from bot.games.cards import DECK_52
from bot.games.treppenromme import _SORT as ORDER
from bot.games.treppenromme import HAND_VALUE, Treppenromme
from tests.games.test_treppenromme_sample import random_action, random_position


def new(hands: list[list[str]], staircase: list[str], seed: int = 3) -> Treppenromme:
    """Seat 0 deals and so takes the first turn."""
    return Treppenromme.new(len(hands), seed=seed, options={"dealer": 0},
                            deal={"hands": hands, "staircase": staircase})


def test_every_decision_of_a_hand_is_legal_for_both_levels() -> None:
    for level, seats, seed in (("easy", 4, 1), ("strong", 2, 2)):
        e = Treppenromme.new(seats, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not e.over and e.hand_no <= 2 and steps < 400:
            seat = e.current
            lv = level if seat == 0 else "easy"
            action = choose(e, seat, level=lv, seed=rng.randrange(1000), iterations=2)
            assert action in e.legal_actions(seat)
            e.apply(seat, action)
            steps += 1
        assert e.hand_no > 1 or e.over


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60), st.integers(0, 100),
       st.lists(st.sampled_from([None, "easy", "strong"]), min_size=4, max_size=4))
def test_strong_never_peeks(seed: int, steps: int, j: int, players: list[str | None]) -> None:
    e = random_position(seed, steps)
    if e.over:
        return
    seat = e.current
    world = e.sample(seat, random.Random(j))
    told = tuple(players[:e.seats])  # who plays each seat, as the table shows it
    for level in ("easy", "strong"):
        for who in ((), told):
            assert (choose(e, seat, level=level, seed=seed, iterations=3, players=who)
                    == choose(world, seat, level=level, seed=seed, iterations=3, players=who))


HAND = ["10H", "JH", "4C", "7S", "KD", "2C", "9S"]
OTHER = ["5D", "6D", "3S", "8C", "QS", "AC", "6C"]


def test_takes_deep_staircase_cards_that_complete_a_sequence() -> None:
    e = new([HAND, OTHER], ["8H", "9H", "QC", "3D"])  # the top card is useless, 8-9 of hearts lie below
    assert "take 4" in take_candidates(e.view(0), e.legal_actions(0))
    assert choose(e, 0, level="easy", seed=1) == "draw"
    assert choose(e, 0, level="strong", seed=1, iterations=12) == "take 4"


def test_draws_when_the_staircase_gives_nothing() -> None:
    e = new([HAND, OTHER], ["5H", "QC", "3D"])
    assert choose(e, 0, level="strong", seed=1, iterations=12) == "draw"


def test_places_points_then_discards_an_isolated_expensive_card() -> None:
    e = new([["10H", "JH", "QH", "AS", "3C", "4C", "8D"], OTHER], ["2S"])
    e.apply(0, "draw")
    first = choose(e, 0, level="strong", seed=1, iterations=8)
    assert first.startswith("meld ") and "10H" in first and "QH" in first
    e.apply(0, first)
    discard = choose(e, 0, level="strong", seed=1, iterations=8)
    assert discard.startswith("discard ") and discard[8:] not in ("3C", "4C")


# -- inference: what the other player's last turn says about his hand ------------------------------------
def after_a_round() -> Treppenromme:
    """Seat 1 drew and threw Q♠, leaving K♦ lying on the staircase; seat 0 is to draw."""
    e = Treppenromme.new(2, seed=3, options={"dealer": 0},
                         deal={"hands": [HAND, OTHER], "staircase": ["3D"], "talon": ["5S", "2H"]})
    e.apply(0, "draw")
    e.apply(0, "discard KD")
    e.apply(1, "draw")
    e.apply(1, "discard QS")
    return e


def world_with(e: Treppenromme, seat: int, hand: list[str]) -> Treppenromme:
    """A world for seat 0 in which `seat` holds `hand` (unseen cards), the rest in the talon."""
    w = e.sample(0, random.Random(0))
    pool = w.hands[seat] + w.talon
    assert set(hand) <= set(pool) and len(hand) == len(w.hands[seat])
    w.hands[seat] = hand
    w.talon = [c for c in pool if c not in hand]
    return w


def test_melds_and_combinations_are_recognised_round_the_corner() -> None:
    assert has_meld(["KH", "AH", "2H", "5C"]) and has_meld(["7C", "7S", "7D"])
    assert not has_meld(["KH", "AH", "3H", "7C", "7S"])
    assert combines("AH", ["QH", "KH"]) and combines("2H", ["AH", "3H"]) and combines("7C", ["7S", "7H"])
    assert not combines("AH", ["JH", "KH"]) and not combines("7C", ["7S", "8S"])


def test_the_last_turn_makes_worlds_likelier_where_the_discard_and_the_card_left_lying_were_of_no_use() -> None:
    e = after_a_round()
    likely = likelihood_of(e.view(0), 0)
    calm = ["3C", "6C", "9C", "4S", "7H", "4D", "8D"]  # Q♠ was his loneliest expensive card
    partner = ["JS", "6C", "9C", "4S", "7H", "4D", "8D"]  # J♠ went with the Q♠ he threw
    kings = ["KS", "KH", "9C", "4S", "7H", "4D", "8D"]  # K♦ would have made three kings: he would have taken it
    meld = ["3C", "5D", "6D", "4S", "7H", "4D", "8D"]  # 4-5-6♦: he would have melded it
    p = {name: likely(world_with(e, 1, hand)) for name, hand in
         (("calm", calm), ("partner", partner), ("kings", kings), ("meld", meld))}
    assert p["calm"] == 1.0
    assert p["calm"] > 4 * p["partner"] > 4 * p["kings"]
    assert p["calm"] > 10 * p["meld"]


def test_the_real_hands_of_rule_of_thumb_players_are_likelier_than_random_worlds() -> None:
    real, sampled = [], []
    for seed in range(6):
        e = Treppenromme.new(2, seed=seed)
        steps = 0
        while not e.over and e.hand_no == 1 and steps < 120:
            seat = e.current
            if seat == 0 and e.step == "draw" and e.turn_no:
                likely = likelihood_of(e.view(0), 0)
                real.append(likely(e))
                sampled += [likely(e.sample(0, random.Random(j))) for j in range(20)]  # a steady baseline
            e.apply(seat, choose(e, seat, level="easy", seed=steps))
            steps += 1
    assert sum(real) / len(real) > max(0.5, 3 * sum(sampled) / len(sampled))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(DECK_52), min_size=2, max_size=14, unique=True), st.integers(-1, 13))
def test_the_reading_knows_the_rules_of_thumb_discard(hand: list[str], forb_at: int) -> None:
    hand = sorted(hand, key=ORDER.__getitem__)
    forb = hand[forb_at] if 0 <= forb_at < len(hand) else None
    legal = ["discard " + c for c in hand if c != forb]  # as the engine lists them
    assert rule_throw(hand, forb) == treppenromme_ai.thumb(legal, hand, [], set())[8:]


def test_an_easy_computer_is_read_as_the_rule_it_follows_exactly() -> None:
    """Told that seat 1 is an easy computer, its last discard was the rule's throw from the hand it holds now
    (the least connected card, the dearest of those), and it never takes below the top card; read as a person,
    both are only soft evidence."""
    e = after_a_round()
    person, computer = likelihood_of(e.view(0), 0), likelihood_of(e.view(0), 0, easy=frozenset({1}))
    calm = ["3C", "6C", "9C", "4S", "7H", "4D", "8D"]  # Q♠ was his dearest lonely card
    ace = ["AH", "6C", "9C", "4S", "7H", "4D", "8D"]  # a lonely A♥ is dearer: the rule throws it, not Q♠
    deep = ["3C", "3H", "9C", "4S", "7H", "4D", "8D"]  # the 3♦ under the K♦ he left made three threes
    for likely in (person, computer):
        assert likely(world_with(e, 1, calm)) == 1.0
    assert person(world_with(e, 1, ace)) == pytest.approx(math.exp(-PRICE * (HAND_VALUE["AH"] - HAND_VALUE["QS"])))
    assert computer(world_with(e, 1, ace)) == pytest.approx(EPS_EASY)
    assert person(world_with(e, 1, deep)) == pytest.approx(LEFT_DEEP)  # a person may take deeper cards
    assert computer(world_with(e, 1, deep)) == 1.0


def test_an_easy_computer_that_took_the_top_card_says_nothing_by_the_card_under_it() -> None:
    """Seat 1 took 5♠ alone and melded three fives; the 9♦ under it would have made three nines with his hand.
    An easy computer takes the top card or none, so that says nothing; a person might have taken both."""
    e = new([["5S", "2C", "3D", "7H", "JS", "QD", "8C"], ["5C", "5D", "9C", "9H", "KS", "2S", "6H"]], ["9D"])
    e.apply(0, "draw")
    e.apply(0, "discard 5S")
    assert choose(e, 1, level="easy") == "take 1"
    while e.current == 1:
        e.apply(1, choose(e, 1, level="easy"))
    world = e.clone()  # the true deal
    assert likelihood_of(e.view(0), 0, easy=frozenset({1}))(world) == 1.0
    assert likelihood_of(e.view(0), 0)(world) <= LEFT_TOP


def test_a_card_that_fits_a_meld_placed_later_was_no_lay_off_when_he_played() -> None:
    """Seat 1 held 4♥ when he ended his turn; seat 0 melds 5-6-7♥ after it: 4♥ fits now, not then."""
    e = new([["5H", "6H", "7H", "2C", "QD", "8C", "JS"], ["4H", "9C", "KS", "3D", "10S", "2D", "6C"]], ["AS"])
    e.apply(0, "draw")
    e.apply(0, "discard QD")
    e.apply(1, "draw")
    e.apply(1, "discard KS")
    e.apply(0, "draw")
    world = e.clone()
    before = likelihood_of(e.view(0), 0)(world)
    e.apply(0, "meld 5H 6H 7H")
    assert likelihood_of(e.view(0), 0)(e.clone()) == before


def test_the_inferred_worlds_come_from_one_pool_and_follow_a_persons_play() -> None:
    """With `worlds`, the worlds are resampled from one pool: dealt as the engine deals, and likelier under the
    reading of a person than plain worlds, also past the pool's size. (Heads-up against an easy computer the
    worlds come from `treppenromme_history`'s chains instead: tests/ai/test_treppenromme_history.py.)"""
    e = after_a_round()
    know = knowledge(e, 0, "strong", players=("strong", None))
    likely = likelihood_of(e.view(0), 0)
    pooled = inferring(know, tries=INFERENCE_TRIES, floor=INFERENCE_FLOOR, worlds=24)
    rng = random.Random(4)
    worlds = [pooled.sample(rng) for _ in range(48)]  # two pools
    plain = [know.sample(rng) for _ in range(48)]
    for w in worlds:
        assert isinstance(w, Treppenromme)
        cards = [c for h in w.hands for c in h] + w.talon + w.staircase + [c for m in w.melds for c in m.cards]
        assert sorted(cards) == sorted(DECK_52) and w.hands[0] == e.hands[0]
    assert sum(map(likely, worlds)) > 3 * sum(map(likely, plain))


def after_two_rounds() -> Treppenromme:
    """As `after_a_round`, then seat 0 threw 4♣ and seat 1 drew K♣ and threw it: the K♦ seat 1 left on top
    of the staircase a turn ago now lies deep under Q♠, 4♣ and K♣."""
    e = Treppenromme.new(2, seed=3, options={"dealer": 0},
                         deal={"hands": [HAND, OTHER], "staircase": ["3D"], "talon": ["5S", "2H", "4H", "KC"]})
    for seat, action in ((0, "draw"), (0, "discard KD"), (1, "draw"), (1, "discard QS"), (0, "draw"),
                         (0, "discard 4C"), (1, "draw"), (1, "discard KC")):
        e.apply(seat, action)
    return e


def test_the_log_lets_inference_read_older_turns() -> None:
    e = after_two_rounds()
    turns = history(e.view(0), 0)
    assert [(s, thrown, left) for s, thrown, left, *_ in turns] == [
        (1, "KC", ["3D", "KD", "QS", "4C"]), (1, "QS", ["3D", "KD"])]
    likely = likelihood_of(e.view(0), 0)
    calm = ["3C", "6C", "9C", "5H", "7H", "JD", "8D"]
    kings = ["KS", "KH", "9C", "5H", "7H", "JD", "8D"]  # K♦ made three kings when he left it on top
    jack = ["JS", "6C", "9C", "5H", "7H", "JD", "8D"]  # J♠ went with the Q♠ he threw a turn ago
    p = {name: likely(world_with(e, 1, hand)) for name, hand in (("calm", calm), ("kings", kings), ("jack", jack))}
    assert p["calm"] > 100 * p["kings"]
    assert p["calm"] > 2 * p["jack"]  # the last turn alone would not tell these two apart


def test_inference_deals_likelier_worlds_and_switches_off() -> None:
    e = after_a_round()
    likely = likelihood_of(e.view(0), 0)
    off = knowledge(e, 0, "strong-no-inference")
    assert inferring(off, tries=INFERENCE_TRIES, floor=INFERENCE_FLOOR) is off
    on = inferring(knowledge(e, 0, "strong"), tries=INFERENCE_TRIES, floor=INFERENCE_FLOOR)
    rng = random.Random(1)
    uniform = [likely(off.sample(rng)) for _ in range(200)]
    inferred = [likely(on.sample(rng)) for _ in range(200)]
    assert sum(inferred) > 1.5 * sum(uniform)
    for w in (on.sample(rng) for _ in range(20)):  # dealt as the engine deals: every card once, hands sorted
        cards = [c for h in w.hands for c in h] + w.talon + w.staircase + [c for m in w.melds for c in m.cards]
        assert sorted(cards) == sorted(DECK_52)
        assert [len(h) for h in w.hands] == [len(h) for h in e.hands] and w.hands[0] == e.hands[0]
        assert w.hands[1] == sorted(w.hands[1], key=ORDER.__getitem__)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 4))
def test_the_staircase_of_every_turn_is_rebuilt_from_the_log(seed: int, seats: int) -> None:
    """`history` reads, for the others' last turns, the staircase each left lying (after his take, before his
    discard) as the table showed it then, newest first, MAX_AGE turns per player."""
    r = random.Random(seed)
    e = Treppenromme.new(seats, seed=seed)
    turns: list[list] = []  # this hand: [seat, staircase after his take, his discard]
    hand_no = e.hand_no
    for _ in range(150):
        if e.over or e.rebuilt:
            break
        seat, drawing = e.current, e.step == "draw"
        action = random_action(e, r)
        e.apply(seat, action)
        if e.hand_no != hand_no:
            hand_no, turns = e.hand_no, []
            continue
        if drawing:
            turns.append([seat, list(e.staircase), None])
        if action.startswith("discard"):
            turns[-1][2] = action[8:]
        if e.step == "draw" and not e.rebuilt:
            me = e.current
            want, age = [], dict.fromkeys(range(seats), 0)
            for s, left, thrown in reversed(turns):
                if s != me and age[s] < MAX_AGE:
                    want.append((s, thrown, left))
                age[s] += 1
            assert [(s, thrown, left) for s, thrown, left, *_ in history(e.view(me), me)] == want


def test_worlds_where_a_discard_feeds_the_next_player_count_as_often_as_the_scale_says() -> None:
    # 24 worlds: the card feeds him in 4 of them (worth -30 each to the seat), not in 20 (+2 each)
    split = [[40.0, 20.0], [-120.0, 4.0]]
    assert feed_weighted(split, 1.0) == pytest.approx(-80 / 24)  # the plain mean
    assert feed_weighted(split, 3.0) == pytest.approx(0.5 * -30 + 0.5 * 2)  # 4/24 scaled to 1/2
    assert feed_weighted(split, 9.0) == -30.0  # at most every world
    assert feed_weighted([[48.0, 24.0], [0.0, 0.0]], 3.0) == 2.0  # never feeds: nothing to weigh
    assert feed_weighted([[0.0, 0.0], [-72.0, 24.0]], 3.0) == -3.0  # always feeds: nothing to weigh


def test_the_feed_weight_is_part_of_inference_and_changes_a_discard(monkeypatch: pytest.MonkeyPatch) -> None:
    changed = 0
    for seed in range(120):  # some twenty positions of two players at a discard
        e = random_position(seed, 25)
        if e.over or e.legal_actions(e.current)[0] == "draw" or e.seats != 2:
            continue
        seat = e.current
        chosen = {}
        for scale in (1.0, 12.0):
            monkeypatch.setattr(treppenromme_ai, "FEED_SCALE", scale)
            chosen[scale] = [choose(e, seat, level=lv, seed=seed, iterations=24)
                             for lv in ("strong", "strong-no-inference")]
        assert chosen[12.0][1] == chosen[1.0][1]  # without inference nothing is weighted
        changed += chosen[12.0][0] != chosen[1.0][0]
    assert changed >= 1


def test_inferred_worlds_keep_what_a_rebuild_showed() -> None:
    """The inference deals the hidden cards anew too; after a rebuild it keeps the two kinds apart as
    `Treppenromme.sample` does (the talon holds only the old staircase's cards)."""
    from tests.games.test_treppenromme_sample import rebuilt_position

    e, dealt = rebuilt_position(2)
    know = inferring(knowledge(e, 0), tries=INFERENCE_TRIES, floor=INFERENCE_FLOOR)
    assert know.sample is not None
    r = random.Random(2)
    for _ in range(100):
        w = know.sample(r)
        assert isinstance(w, Treppenromme)
        assert set(w.talon) <= e.rebuilt_from
        assert set(dealt[1][1:]) <= set(w.hands[1])
        assert sorted(w.talon + w.hands[1], key=ORDER.__getitem__) == sorted(e.talon + e.hands[1],
                                                                              key=ORDER.__getitem__)
