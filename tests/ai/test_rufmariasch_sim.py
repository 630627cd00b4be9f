"""The strong Rufmariasch player's quick hand (`bot.ai.rufmariasch_sim`): it plays and scores as the engine does,
its rules of thumb play as the easy player, its own policy sees only what its seat knows, its solver is exact."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import choose
from bot.ai.rufmariasch import easy_call
from bot.ai.rufmariasch_sim import ID_CARD, Hand, ids, mask, solve
from bot.games.cards import DECK_32
from tests.games.test_rufmariasch_sample import DEAL_A, new, random_position, run


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 30), must_head=st.booleans())
def test_property_quick_hand_plays_and_scores_like_the_engine(seed, steps, must_head):
    rng = random.Random(seed)
    e = new(seed=seed, deals=4, must_head=must_head, stake=2)
    for _ in range(steps):
        (seat,) = e.to_act()
        e.apply(seat, rng.choice(e.legal_actions(seat)))
    h = Hand.of(e)
    while True:
        (seat,) = e.to_act()
        legal = sorted(a[5:] for a in e.legal_actions(seat) if a.startswith("play "))
        assert sorted(ID_CARD[c] for c in ids(h.legal())) == legal
        for a in e.legal_actions(seat):
            if a.startswith("announce "):
                e.apply(seat, a)
        c = rng.choice(ids(h.legal()))
        h.play(c)
        events = e.apply(seat, "play " + ID_CARD[c])
        scored = [x for x in events if x["type"] == "hand_scored"]
        if scored:
            assert h.done() and [h.value(s) for s in range(4)] == scored[0]["deltas"]
            return


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), must_head=st.booleans(), call=st.integers(0, 127))
def test_property_quick_hand_rules_of_thumb_play_the_hand_as_the_easy_player(seed, must_head, call):
    """The strong call is judged by `Hand.thumb_playout`: it must play a hand card for card as the easy
    players do in the engine (each seeing only what its seat knows: the partner stays hidden until the called
    card is out), whatever the call, alone calls included."""
    e = new(seed=seed, deals=4, must_head=must_head, stake=2)
    t, c = "CSHD"[call % 4], [f"{r}{s}" for s in "CSHD" for r in ("A", "10", "K", "Q", "J", "9", "8", "7")][call // 4]
    h = Hand.called(e, t, c)
    e.apply(e.turn, f"call {t} {c}")
    values = [h.copy().thumb_playout(s) for s in range(4)]
    while True:
        (seat,) = e.to_act()
        action = choose(e, seat, level="easy", seed=seed)
        if action.startswith("play "):
            assert ID_CARD[h.thumb()] == action[5:]
            h.play(h.thumb())
        scored = [x for x in e.apply(seat, action) if x["type"] == "hand_scored"]
        if scored:
            assert values == scored[0]["deltas"]
            return


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 28), world=st.integers(0, 100))
def test_property_own_plays_the_same_card_in_every_world_its_seat_may_be_in(seed, steps, world):
    """`Hand.own`, the searching seat's later cards in its playouts, sees only what its seat knows: in the
    true deal and in a world dealt from the seat's view it plays the same cards, also after further cards
    (the voids they show are tracked)."""
    rng = random.Random(seed)
    e = random_position(seed, steps)
    (seat,) = e.to_act()
    if e.phase != "play":
        return
    h, w = Hand.of(e), Hand.of(e.sample(seat, random.Random(world)))
    assert h.lacks == w.lacks
    while not h.done():
        if h.turn == seat:
            assert h.own() == w.own()
            c = h.own()
        else:
            c = rng.choice(ids(h.legal() & w.legal())) if h.legal() & w.legal() else -1
            if c < 0:
                return          # the worlds part (a card one world's seat holds and the other's not)
        h.play(c)
        w.play(c)


def test_own_leads_a_side_ace_else_its_cheapest_card_not_the_top_trump():
    """`Hand.own`'s lead, the lead model of the playouts: a side Ace, else the cheapest card (a side card before
    a trump), not the richest card nobody may beat (the top trump): among rules-of-thumb players that lead made
    the caller 20 stake per deal poorer (see `test_owns_lead_plays_better_than_the_top_trump_among_easy_players`)."""
    e = run(new(DEAL_A), ["call C 9C"])           # seat 0: A♥ 10♥ 7♥ 8♥ A♣ 10♣ K♣ Q♣, clubs trump
    h = Hand.of(e)
    assert ID_CARD[h.own()] == "AH"
    h.hands[0] &= ~mask(["AH"])
    assert ID_CARD[h.own()] == "7H"
    h.hands[0] &= ~mask(["7H", "8H", "10H"])
    assert ID_CARD[h.own()] == "QC"                 # only trumps left: the cheapest, not the A♣ nobody can beat
    assert ID_CARD[h.own(lead=False)] == "AC"       # the old lead, the others' in the playouts' own worlds


def test_owns_lead_plays_better_than_the_top_trump_among_easy_players():
    """One seat by `Hand.own` among three by the rules of thumb (`Hand.thumb`, the easy player), each seat in
    turn, over random deals called by the easy rule: `own`'s lead earns the caller clearly more than the old
    lead of the richest card nobody may beat (+20.6 stake per deal over 2,000 deals; here 300)."""
    rng = random.Random(5)
    gain = [0.0] * 4
    for _ in range(300):
        cards = list(DECK_32)
        rng.shuffle(cards)
        hands = [cards[8 * i:8 * i + 8] for i in range(4)]
        _, t, c = easy_call(hands[0][:4]).split()
        h0 = Hand.called(new(hands), t, c)
        for seat in range(4):
            for lead, sign in ((True, 1), (False, -1)):
                h = h0.copy()
                while not h.done():
                    h.play(h.own(lead) if h.turn == seat else h.thumb())
                gain[seat] += sign * h.value(seat) / 300
    assert gain[0] > 8, gain
    assert sum(gain[1:]) > 0, gain


def minimax(h: Hand, seat: int) -> int:
    if h.done():
        return h.value(seat)
    values = []
    for c in ids(h.legal()):
        child = h.copy()
        child.play(c)
        values.append(minimax(child, seat))
    return max(values) if h.side[h.turn] == h.side[seat] else min(values)


def test_alpha_beta_finds_the_minimax_value():
    for seed in range(8):
        rng = random.Random(seed)
        e = new(seed=seed)
        while e.phase == "call" or sum(len(x) for x in e.hands) > 8:
            (seat,) = e.to_act()
            e.apply(seat, rng.choice(e.legal_actions(seat)))
        h = Hand.of(e)
        for seat in range(4):
            assert solve(h.copy(), seat) == minimax(h.copy(), seat)
