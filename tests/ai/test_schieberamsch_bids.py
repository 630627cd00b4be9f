"""The models that read a searching Schieberamsch player's bids and discard: probabilities from the seat's own
ten cards and its place in the asking order, and worlds weighed by them for seats shown as searching computers
only."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import Budget, knowledge
from bot.ai.schieberamsch_bids import (
    BID_FEATURES,
    BID_WEIGHTS,
    DISCARD_OTHER,
    DISCARD_RANKS,
    bid_features,
    discard_rank,
    p_bid,
    p_discard,
)
from bot.ai.schieberamsch_infer import likelihood, worlds
from bot.ai.schieberamsch_thumb import PTS, discards, ids
from bot.games.schieberamsch import mask_of
from tests.games.schieberamsch_helpers import new

FH, MH, RH = 0, 1, 2


def test_every_bid_has_a_weight_per_feature_and_every_discard_rank_a_share():
    assert set(BID_WEIGHTS) == {"grand", "take", "rekontra"}
    assert all(len(w) == len(BID_FEATURES) for w in BID_WEIGHTS.values())
    assert all(any(w) for w in BID_WEIGHTS.values())  # fitted, not left at zero
    assert DISCARD_RANKS[0] == 1.0 and all(DISCARD_OTHER < r <= 1.0 for r in DISCARD_RANKS)


def test_the_features_count_what_the_hand_holds():
    hand = mask_of(["JC", "JH", "AC", "10C", "KC", "10S", "AH", "QH", "9H", "7D"])
    f = dict(zip(BID_FEATURES, bid_features(hand, 2), strict=True))
    assert (f["constant"], f["second"], f["third"]) == (1.0, 0.0, 1.0)
    assert (f["jacks"], f["jack_clubs"], f["jack_spades"]) == (2, 1, 0)
    assert (f["aces"], f["tens"], f["aces_with_ten"], f["bare_tens"]) == (2, 2, 1, 1)
    assert (f["longest"], f["voids"], f["singletons"]) == (3, 0, 2)
    assert (f["kings"], f["queens"]) == (1, 1)
    assert f["points"] == pytest.approx(5.3) and f["points_squared"] == pytest.approx(5.3 ** 2)


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(4, 31), min_size=9, max_size=9), st.integers(0, 2))
def test_a_searcher_announces_grand_hand_more_readily_with_a_king_than_a_seven(cards, position):
    # one Jack and nine plain cards: swapping a seven for the King of its suit (four points more, every suit's
    # length as it was) makes Grand Hand likelier, wherever the seat sits
    plain = sum(1 << k for k in cards)
    hand = plain | 1 << 3  # the J♦
    sevens = [k for k in ids(plain) if PTS[k] == 0 and k % 7 == 3]  # 7♣ 7♠ 7♥ 7♦: ids 10, 17, 24, 31
    kings = [k for k in (6, 13, 20, 27) if not plain >> k & 1]
    for seven in sevens:
        for king in kings:
            if (king - 4) // 7 == (seven - 4) // 7:
                richer = hand & ~(1 << seven) | 1 << king
                assert p_bid("grand", richer, position) > p_bid("grand", hand, position)


def test_a_searcher_escapes_a_ramsch_into_grand_hand_with_many_points():
    rich = mask_of(["JC", "JS", "AC", "10C", "KC", "AS", "10S", "AH", "10H", "KD"])
    poor = mask_of(["JD", "9C", "8C", "7C", "9S", "8S", "7S", "9H", "8H", "7H"])
    for position in range(3):
        assert p_bid("grand", rich, position) > 0.5 > p_bid("grand", poor, position)


def test_a_discard_is_read_by_the_rank_of_its_pair():
    twelve = mask_of(["JC", "AC", "10C", "KC", "AS", "9S", "8S", "10H", "QH", "9H", "8D", "7D"])
    pairs = discards(twelve, True)
    first, sixth = (1 << a | 1 << b for a, b in (pairs[0], pairs[5]))
    assert discard_rank(twelve, first, True) == 0 and discard_rank(twelve, sixth, True) == 5
    assert p_discard(twelve, first, True) / p_discard(twelve, sixth, True) == pytest.approx(1 / DISCARD_RANKS[5])
    listed = {1 << a | 1 << b for a, b in pairs[:len(DISCARD_RANKS)]}
    seven_eight = mask_of(["8D", "7D"])
    assert seven_eight not in listed
    assert discard_rank(twelve, seven_eight, True) == -1
    assert p_discard(twelve, seven_eight, True) / p_discard(twelve, first, True) == pytest.approx(DISCARD_OTHER)


def test_a_discard_is_a_probability_over_the_pairs_the_seat_could_put_down():
    # without Jacks in the skat a hand with more Jacks has fewer pairs to choose from: each weighs more
    for twelve in (mask_of(["JC", "AC", "10C", "KC", "AS", "9S", "8S", "10H", "QH", "9H", "8D", "7D"]),
                   mask_of(["JC", "JS", "JH", "JD", "AS", "9S", "8S", "10H", "QH", "9H", "8D", "7D"])):
        for jacks in (True, False):
            pool = [k for k in ids(twelve) if jacks or k > 3]
            total = sum(p_discard(twelve, 1 << a | 1 << b, jacks) for i, a in enumerate(pool) for b in pool[i + 1:])
            assert total == pytest.approx(1.0)


def grand_by(rh: list[str], skat: list[str]):
    fh = ["JC", "JS", "AC", "10C", "KC", "QC", "9C", "AH", "8H", "7H"]
    mh = ["JH", "8C", "7C", "10S", "9S", "8S", "7S", "AD", "10D", "KD"]
    e = new({"hands": [fh, mh, rh], "skat": skat})
    for seat, action in [(FH, "pass"), (MH, "pass"), (RH, "grand"), (FH, "kontra"), (RH, "pass")]:
        e.apply(seat, action)
    return e


def test_a_searchers_grand_hand_is_read_by_the_model_a_persons_by_the_classes():
    # RH announces Grand Hand. Its two worlds below hold one Jack each, so the rule of thumb's classes (by
    # which a person is read) find them alike; a searcher escapes into Grand Hand with many points, so read as
    # a searching computer the world in which RH holds the Aces and Tens is the likelier one
    rich = grand_by(["JD", "AS", "KS", "QS", "10H", "KH", "QH", "9H", "QD", "9D"], ["8D", "7D"])
    poor = grand_by(["JD", "8D", "7D", "QS", "10H", "KH", "QH", "9H", "QD", "9D"], ["AS", "KS"])
    assert likelihood(rich, FH) == likelihood(poor, FH)
    searchers = frozenset({MH, RH})
    assert likelihood(rich, FH, searchers=searchers) > 2 * likelihood(poor, FH, searchers=searchers)


def test_a_searchers_push_and_pass_are_read_too():
    # a Ramsch: everyone passed Grand Hand and pushed the skat. Of two worlds that differ only in whether MH or
    # the skat holds the A♦ and A♠, the rule of thumb's classes find MH's hand alike (one Jack, too few Aces and
    # Tens to take the skat or play Grand Hand); a searcher escapes with points, and pushes and passes with few,
    # so read as a searching computer the world that gives MH the poorer hand is the likelier one
    fh = ["JC", "JS", "AC", "10C", "KC", "QC", "9C", "AH", "8H", "7H"]
    mh = ["JH", "8C", "7C", "10S", "8S", "7S", "KD", "9H"]
    rh = ["JD", "KS", "QS", "9S", "10H", "KH", "QH", "10D", "QD", "7D"]
    worlds = []
    for mine, skat in ((["AD", "AS"], ["9D", "8D"]), (["9D", "8D"], ["AD", "AS"])):
        e = new({"hands": [fh, mh + mine, rh], "skat": skat})
        for seat, action in [(FH, "pass"), (MH, "pass"), (RH, "pass"), (FH, "push"), (MH, "push"), (RH, "push")]:
            e.apply(seat, action)
        worlds.append(e)
    rich, poor = worlds
    assert likelihood(rich, FH) == likelihood(poor, FH)
    searchers = frozenset({MH, RH})
    assert likelihood(poor, FH, searchers=searchers) > 1.5 * likelihood(rich, FH, searchers=searchers)
    # each of the two bids says so on its own: the pass of Grand Hand and the push
    mh_rich, mh_poor = (mask_of(mh + mine) for mine in (["AD", "AS"], ["9D", "8D"]))
    for kind in ("grand", "take"):
        assert 1 - p_bid(kind, mh_poor, 1) > 1 - p_bid(kind, mh_rich, 1)


def points_of(level: str, e, seat: int, of: int) -> float:
    """The mean card points of seat `of`'s hand in the worlds `seat` searches at `level` (three searchers)."""
    know = knowledge(e, seat, level, ("strong",) * 3)
    drawn = list(worlds(know, random.Random(3), Budget(48), 48))
    total = sum(n for _, n in drawn)
    return sum(n * sum(PTS[k] for k in ids(w._masks[of])) for w, n in drawn) / total


def test_grand_hand_is_decided_on_plain_worlds_and_read_once_announced():
    # FH, a searching computer, passed Grand Hand: likely not holding many points. MH's own Grand Hand decision is
    # searched on plain worlds all the same (read there, the inference cost strong a quarter of a point a deal
    # against easy players). Once FH has announced Grand Hand instead, MH's Kontra is searched on worlds that give
    # FH many more points than plain worlds do
    passed = new(seed=4)
    passed.apply(FH, "pass")
    assert passed._phase == "grand" and passed._turn == MH
    assert points_of("strong", passed, MH, FH) == points_of("strong-no-inference", passed, MH, FH)
    announced = new(seed=4)
    announced.apply(FH, "grand")
    assert announced._phase == "kontra" and announced._turn == MH
    assert points_of("strong", announced, MH, FH) > points_of("strong-no-inference", announced, MH, FH) + 5  # 56.6, 44.0
