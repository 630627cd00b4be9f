"""Rufmariasch.sample: worlds a seat could not tell from the real one, dealt only from what it has seen."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.cards import DECK_32
from bot.games.rufmariasch import Rufmariasch

# Dealer 3, so seat 0 is forehand and caller. Each hand: first batch (4) | second batch (4).
DEAL_A = [["AH", "10H", "7H", "8H", "AC", "10C", "KC", "QC"],
          ["AD", "10D", "KD", "QD", "AS", "10S", "KS", "QS"],    # no clubs, no hearts
          ["JC", "9C", "8C", "7C", "JD", "9D", "8D", "7D"],      # no spades, no hearts
          ["KH", "QH", "JH", "9H", "JS", "9S", "8S", "7S"]]      # the heart marriage
DEAL_B = [["KS", "7C", "8C", "9C", "JC", "QC", "7D", "8D"],
          ["7S", "8S", "9D", "10D", "JD", "QD", "KD", "AD"],     # spades only 7 and 8
          ["AS", "10S", "AH", "10H", "KH", "QH", "JH", "9H"],
          ["QS", "JS", "9S", "8H", "7H", "AC", "10C", "KC"]]


def new(hands: list[list[str]] | None = None, seed: int = 7, **options: object) -> Rufmariasch:
    options.setdefault("dealer", 3)
    e = Rufmariasch.new(4, seed=seed, options=options, deal=None if hands is None else {"hands": hands})
    assert isinstance(e, Rufmariasch)
    return e


def run(e: Rufmariasch, actions: list[str]) -> Rufmariasch:
    for a in actions:
        (seat,) = e.to_act()
        e.apply(seat, a)
    return e


def random_position(seed: int, steps: int, **options: object) -> Rufmariasch:
    rng = random.Random(seed)
    e = new(seed=seed, deals=4, **options)
    for _ in range(steps):
        if e.over:
            break
        (seat,) = e.to_act()
        e.apply(seat, rng.choice(e.legal_actions(seat)))
    return e


def samples(e: Rufmariasch, seat: int, n: int = 200) -> list[Rufmariasch]:
    rng = random.Random(99)
    out = []
    for _ in range(n):
        w = e.sample(seat, rng)
        assert isinstance(w, Rufmariasch)
        out.append(w)
    return out


def all_cards(e: Rufmariasch) -> list[str]:
    """Every card of the hand in progress: in hands, held back for the second batch, or played."""
    held = [c for h in e.hands for c in h] + [c for h in e._second for c in h]
    return held


def check_world(e: Rufmariasch, w: Rufmariasch, seat: int) -> None:
    assert w.view(seat) == e.view(seat)
    assert w.view(None) == e.view(None)
    assert w.legal_actions(seat) == e.legal_actions(seat)
    assert w.to_act() == e.to_act()
    assert sorted(all_cards(w)) == sorted(all_cards(e))             # card conservation
    assert [len(h) for h in w.hands] == [len(h) for h in e.hands]
    assert [len(h) for h in w._second] == [len(h) for h in e._second]


def same_world(a: Rufmariasch, b: Rufmariasch) -> None:
    for s in range(4):
        assert a.view(s) == b.view(s)
        assert a.legal_actions(s) == b.legal_actions(s)
    assert a._second == b._second
    rng_a, rng_b = random.Random(5), random.Random(5)
    for _ in range(12):                                              # the same future, deals included
        if a.over:
            break
        (seat,) = a.to_act()
        act = rng_a.choice(a.legal_actions(seat))
        assert act == rng_b.choice(b.legal_actions(seat))
        assert a.apply(seat, act) == b.apply(seat, act)


def plays_on(w: Rufmariasch, seed: int) -> None:
    rng = random.Random(seed)
    while not w.over:
        (seat,) = w.to_act()
        w.apply(seat, rng.choice(w.legal_actions(seat)))


# -- guarantees on random positions --------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 75), seat=st.integers(0, 3),
       must_head=st.booleans())
def test_property_worlds_agree_with_what_the_seat_knows(seed, steps, seat, must_head):
    e = random_position(seed, steps, must_head=must_head)
    w = e.sample(seat, random.Random(seed))
    check_world(e, w, seat)
    same_world(e.sample(seat, random.Random(3)), w.sample(seat, random.Random(3)))     # canonical
    plays_on(w, seed)


def test_a_world_is_independent_of_the_original():
    e = random_position(4, 20)
    before = e.view(None), [e.view(s) for s in range(4)]
    w = e.sample(1, random.Random(1))
    plays_on(w, 1)
    assert (e.view(None), [e.view(s) for s in range(4)]) == before


def test_clone_equals_and_is_independent():
    e = random_position(11, 30)
    c = e.clone()
    same_world(e.clone(), c)
    plays_on(c, 2)
    assert not e.over and c.over


# -- the call phase ----------------------------------------------------------------------------------------
def test_before_the_call_everything_but_the_own_four_cards_is_dealt_anew():
    e = new(DEAL_A)
    seen_second, seen_other = set(), set()
    for w in samples(e, 0):
        check_world(e, w, 0)
        assert w.hands[0] == e.hands[0]
        seen_second.add(tuple(sorted(w._second[0])))
        seen_other.add(tuple(w.hands[1]))
        assert not set(w._second[0]) & set(e.hands[0])
    assert len(seen_second) > 150 and len(seen_other) > 150


# -- voids and heading -------------------------------------------------------------------------------------
def test_voids_shown_hold_in_every_world():
    e = run(new(DEAL_A), ["call H KH", "play AC", "play AD", "play 7C", "announce H", "play 9H"])
    # seat 1 did not follow clubs and did not trump; seat 3 did not follow clubs (it trumped)
    for w in samples(e, 0):
        check_world(e, w, 0)
        assert not any(c[-1] in "CH" for c in w.hands[1])
        assert not any(c[-1] == "C" for c in w.hands[3])


def test_a_card_not_heading_the_trick_shows_the_higher_ones_are_missing():
    line = ["call H AH", "play KS", "play 7S"]          # seat 1 could not head K♠: it lacks A♠ and 10♠
    e = run(new(DEAL_B), line)
    for w in samples(e, 3):
        check_world(e, w, 3)
        assert "AS" not in w.hands[1] and "10S" not in w.hands[1]
    loose = run(new(DEAL_B, must_head=False), line)     # without the heading rule 7♠ says nothing
    assert any("AS" in w.hands[1] for w in samples(loose, 3))


def test_trumping_low_over_a_trump_shows_no_higher_trump():
    # 7♦ led; seat 2 trumps with 9♥; seat 3, void in diamonds, cannot overtrump and plays 7♥
    e = run(new(DEAL_B), ["call H AH", "play 7D", "play 9D", "play 9H", "play 7H"])
    for w in samples(e, 0):
        check_world(e, w, 0)
        assert {c for c in w.hands[3] if c[-1] in "HD"} <= {"8H"}


# -- marriages and the called card -------------------------------------------------------------------------
def test_announced_marriage_cards_stay_with_the_announcer():
    e = run(new(DEAL_A), ["call H KH", "play AC", "announce S", "play AD", "play 7C", "announce H"])
    for w in samples(e, 2):
        check_world(e, w, 2)
        assert {"KS", "QS"} <= set(w.hands[1]) and {"KH", "QH"} <= set(w.hands[3])


def test_a_defender_does_not_learn_the_partner():
    e = run(new(DEAL_B), ["call H AH"])
    holders = []
    for w in samples(e, 1):
        check_world(e, w, 1)
        (holder,) = [s for s in range(4) if "AH" in w.hands[s]]
        assert w.partner_seat == holder
        holders.append(holder)
    assert set(holders) == {0, 2, 3}                     # the caller may even be alone


def test_the_caller_knows_only_that_the_partner_is_another_player():
    e = run(new(DEAL_B), ["call H AH"])
    holders = {w.partner_seat for w in samples(e, 0)}
    assert holders == {1, 2, 3}


def test_the_partner_keeps_the_called_card_and_a_revealed_partner_stays():
    e = run(new(DEAL_B), ["call H AH"])
    assert all(w.partner_seat == 2 and "AH" in w.hands[2] for w in samples(e, 2, 50))
    e = run(new(DEAL_B), ["call H AH", "play 7C", "play 9D", "play AH"])       # seat 2 plays the called card
    for w in samples(e, 1, 50):
        check_world(e, w, 1)
        assert w.partner_seat == 2


def test_every_card_is_dealt_exactly_once_in_play():
    e = random_position(21, 40)
    for seat in range(4):
        for w in samples(e, seat, 20):
            played = set(DECK_32) - {c for h in e.hands for c in h}
            assert sorted(c for h in w.hands for c in h) == sorted(set(DECK_32) - played)
