"""The choice model that reads a searching Schieberamsch player's cards: a probability over the legal cards,
from what the seat knew, and it tells hands apart where a searcher's card says something."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import choose
from bot.ai.bitset import of_ids
from bot.ai.schieberamsch_choice import FEATURES, WEIGHTS, features, p_card, situation
from bot.ai.schieberamsch_infer import likelihood
from bot.games.schieberamsch import SORTED_DECK, Schieberamsch, mask_of
from tests.games.schieberamsch_helpers import new

FH, MH, RH = 0, 1, 2


def test_every_situation_has_a_weight_per_feature():
    kinds = ("ramsch", "grand-solo", "grand-def")
    assert set(WEIGHTS) == {f"{k}/{m}" for k in kinds for m in ("lead", "follow")}
    assert all(len(w) == len(FEATURES) for w in WEIGHTS.values())
    assert situation("ramsch", True, 0, None) == "ramsch/lead"
    assert situation("grand", False, 1, 1) == "grand-solo/follow"
    assert situation("grand", False, 2, 1) == "grand-def/follow"


def position(seed: int, steps: int) -> tuple[Schieberamsch, int] | None:
    e = Schieberamsch.new(3, seed=seed, options={"deals": 3})
    rng = random.Random(seed)
    for _ in range(steps):
        if e._over:
            return None
        s = min(e.waiting_for())
        e.apply(s, choose(e, s, level="easy", seed=rng.randrange(1000)))
    if e._over or not e._in_play:
        return None
    return e, e._turn


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(8, 40))
def test_the_legal_cards_share_probability_one(seed, steps):
    found = position(seed, steps)
    if found is None:
        return
    e, seat = found
    trick = tuple(e._trick)
    seats = tuple((e._leader + i) % 3 for i in range(len(trick)))
    played = of_ids(k for cards, _, _ in e._tricks for k in cards) | of_ids(trick)
    cards, rows = features(e._masks[seat], trick, seats, e._mode, seat, e._solo, played)
    legal = {SORTED_DECK.index(a[5:]) for a in e.legal_actions(seat)}
    assert set(cards) == legal and all(len(r) == len(FEATURES) for r in rows)
    ps = [p_card(e._masks[seat], trick, seats, e._mode, seat, e._solo, played, k) for k in cards]
    if len(cards) == 1:
        assert ps == [1.0]
    else:
        assert sum(ps) == pytest.approx(1.0) and all(0 < p < 1 for p in ps)


def test_an_ace_thrown_on_a_suit_it_cannot_follow_likely_emptied_its_suit():
    # a Ramsch: MH leads 7♣ and RH holds no club. A searcher sheds its A♠ there far more readily when it is its
    # last spade (its hand then has one suit fewer to be caught in) than from four spades: so a world in which it
    # held the A♠ alone is the likelier one
    seven = SORTED_DECK.index("7C")
    ace = SORTED_DECK.index("AS")
    alone = mask_of(["JD", "AS", "QD", "9D", "8D", "7D", "10H", "KH", "QH", "9H"])
    four = mask_of(["JD", "AS", "10S", "KS", "QS", "9D", "8D", "7D", "KH", "QH"])
    p_alone, p_four = (p_card(h, (seven,), (MH,), "ramsch", RH, None, 1 << seven, ace) for h in (alone, four))
    assert p_alone > 2 * p_four
    # leading, a searcher rarely gives up the lead with an Ace in a Ramsch
    lead = mask_of(["AS", "7S", "QD", "9D", "8D", "7D", "10H", "KH", "QH", "9H"])
    assert p_card(lead, (), (), "ramsch", RH, None, 0, ace) < p_card(lead, (), (), "ramsch", RH, None, 0,
                                                                      SORTED_DECK.index("7S"))


def test_a_searching_computers_card_is_read_by_the_model_a_persons_by_the_rule():
    # FH leads 9♣, MH follows 8♣, RH (no club) throws the A♠. The rule of thumb throws the A♠ from either of
    # RH's hands below, so read as a person the two worlds are alike; read as a searching computer by the
    # model, the world in which the A♠ was RH's last spade is the likelier one
    fh = ["JC", "JS", "AC", "10C", "KC", "QC", "9C", "AH", "8H", "7H"]
    mh = ["JH", "8C", "7C", "10S", "9S", "8S", "7S", "AD", "10D", "KD"]
    worlds = []
    for rh, skat in ((["JD", "AS", "QD", "9D", "8D", "7D", "10H", "KH", "QH", "9H"], ["KS", "QS"]),
                     (["JD", "AS", "KS", "QS", "8D", "7D", "10H", "KH", "QH", "9H"], ["QD", "9D"])):
        e = new({"hands": [fh, mh, rh], "skat": skat})
        for seat, action in [(FH, "pass"), (MH, "pass"), (RH, "pass"), (FH, "push"), (MH, "push"), (RH, "push"),
                             (FH, "play 9C"), (MH, "play 8C"), (RH, "play AS")]:
            e.apply(seat, action)
        worlds.append(e)
    last_spade, three_spades = worlds
    assert likelihood(last_spade, FH) == likelihood(three_spades, FH)
    searchers = frozenset({MH, RH})
    assert likelihood(last_spade, FH, searchers=searchers) > 1.5 * likelihood(three_spades, FH, searchers=searchers)
