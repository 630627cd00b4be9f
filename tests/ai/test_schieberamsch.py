"""Schieberamsch's computer players: legal, never peeking, and right where the right move is clear."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import Budget, choose, knowledge
from bot.ai.schieberamsch import utility
from bot.ai.schieberamsch_infer import SEARCHING, likelihood, worlds
from bot.ai.schieberamsch_solve import Endgame, _moves, solve
from bot.ai.schieberamsch_thumb import card_to_play, discards, plausible_solo
from bot.games.schieberamsch import SORTED_DECK, Schieberamsch, mask_of
from tests.games.schieberamsch_helpers import make_deal, new
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
    # told that the others are searching computers, strong reads their cards by the choice model
    for level, players in (("easy", ()), ("strong", ()), ("strong", ("strong",) * 3)):
        assert choose(e, s, level=level, seed=seed, iterations=SMALL, players=players) == \
            choose(w, s, level=level, seed=seed, iterations=SMALL, players=players)


def play_to_trick(e: Schieberamsch, actions: list[tuple[int, str]]) -> None:
    for seat, action in actions:
        e.apply(seat, action)


def test_ramsch_a_void_hand_sheds_its_ace_on_someone_elses_trick():
    rh = ["AH", "10H", "KH", "7C", "8C", "9C", "7D", "8D", "9D", "QH"]
    e = new(make_deal(fh=["9S", "JC", "JS"], mh=["AS", "JH", "JD"], rh=rh))
    play_to_trick(e, [(FH, "pass"), (MH, "pass"), (RH, "pass"), (FH, "push"), (MH, "push"), (RH, "push"),
                      (FH, "play 9S"), (MH, "play AS")])
    assert choose(e, RH, level="easy", seed=1) == "play AH"
    # strong sheds a high heart too, mostly; which of A♥ and 10♥ is close (its searches split between them),
    # and a small search sometimes prefers a low club
    shed = [choose(e, RH, level="strong", seed=seed, iterations=48) in ("play AH", "play 10H") for seed in range(5)]
    assert sum(shed) >= 3


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


# -- exact endgames -------------------------------------------------------------------------------------


def brute_force(w: Schieberamsch, seat: int) -> float:
    """Paranoid minimax over every legal card on the engine itself: the searcher's side (in a Ramsch the
    searcher alone) maximises `utility`, the others minimise it."""
    hand_no = w._hand_no
    turn = w._turn
    ally = (turn == w._solo) == (seat == w._solo) if w._mode == "grand" else turn == seat
    values = []
    for action in w.legal_actions(turn):
        after = w.clone()
        after.apply(turn, action)
        values.append(utility(after._history[-1], seat) if after._hand_no != hand_no else brute_force(after, seat))
    return max(values) if ally else min(values)


def endgame_position(seed: int, cards_left: int, *, grand: bool, **options) -> Schieberamsch:
    """A deal played at random (with takes and pushes, or a Grand Hand with Kontra) until `cards_left` cards
    are left in the hands."""
    rng = random.Random(seed)
    e = new(seed=seed, **options)
    while sum(m.bit_count() for m in e._masks) > cards_left:
        (s,) = e.to_act()
        legal = e.legal_actions(s)
        e.apply(s, ("grand" if grand else "pass") if e._phase == "grand" else rng.choice(legal))
    return e


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(4, 9), st.booleans(), st.sampled_from(["last_trick", "loser"]),
       st.integers(0, 2))
def test_endgame_solver_agrees_with_brute_force(seed, cards_left, grand, skat_to, seat_shift):
    e = endgame_position(seed, cards_left, grand=grand, skat_to=skat_to)
    for seat in range(3):
        seat = (seat + seat_shift) % 3
        assert solve(e.clone(), seat) == pytest.approx(brute_force(e, seat))
    # each card of the seat to move, one solver (and one memo) for all
    turn = e._turn
    solver = Endgame(e, turn)
    for action in e.legal_actions(turn):
        after = e.clone()
        after.apply(turn, action)
        exact = utility(after._history[-1], turn) if after._hand_no != e._hand_no else brute_force(after, turn)
        assert solver.value(e, SORTED_DECK.index(action.split()[1])) == pytest.approx(exact)


def test_endgame_moves_try_one_of_equal_cards():
    # 9♣ 8♣ 7♣ with nothing between them are one card; 9♠ and 7♠ are two while another seat holds 8♠
    hand = mask_of(["9C", "8C", "7C", "9S", "7S", "JS", "JH"])
    busy = mask_of(["8S", "AC", "JC"])
    assert [SORTED_DECK[k] for k in _moves(hand, busy)] == ["JS", "9C", "9S", "7S"]


def test_the_oracle_plays_the_exact_endgame():
    # with the true deal as its only world and the endgame solved, the strong search plays a best card
    for seed in range(12):
        e = endgame_position(seed, 7 + seed % 3, grand=seed % 3 == 0)
        turn = e._turn
        values = {}
        for action in e.legal_actions(turn):
            after = e.clone()
            after.apply(turn, action)
            values[action] = brute_force(after, turn) if after._hand_no == e._hand_no else \
                utility(after._history[-1], turn)
        chosen = choose(e, turn, level="oracle", seed=seed, iterations=1)
        assert values[chosen] == pytest.approx(max(values.values()))


def test_endgame_and_inference_switch_off(monkeypatch):
    e = endgame_position(3, 9, grand=False)
    turn = e._turn
    calls = []

    class Counting(Endgame):
        def value(self, w, card=None):
            calls.append(card)
            return super().value(w, card)

    monkeypatch.setattr("bot.ai.schieberamsch.Endgame", Counting)
    choose(e, turn, level="strong-no-endgame", seed=1, iterations=SMALL)
    assert not calls
    choose(e, turn, level="strong", seed=1, iterations=SMALL)
    assert calls
    off = knowledge(e, turn, "strong-no-inference")
    monkeypatch.setattr("bot.ai.schieberamsch_infer.likelihood", lambda w, s, *_: 1 / 0)
    list(worlds(off, random.Random(7), Budget(3), 3))
    with pytest.raises(ZeroDivisionError):
        list(worlds(knowledge(e, turn, "strong"), random.Random(7), Budget(3), 3))


# -- inference ------------------------------------------------------------------------------------------


def two_worlds(fh_a, fh_b, mh, actions):
    """Two deals that differ only in what FH and RH hold (MH's hand the same), played to the same point."""
    worlds_ = []
    for fh in (fh_a, fh_b):
        e = new(make_deal(fh=fh, mh=mh))
        for seat, action in actions:
            e.apply(seat, action)
        worlds_.append(e)
    return worlds_


def test_a_grand_hand_makes_worlds_with_a_strong_solo_likelier(monkeypatch):
    strong_hand = ["JC", "JS", "JH", "AC", "10C", "AS", "KS", "AH", "7D", "8D"]
    weak_hand = ["JD", "7C", "8C", "9C", "7S", "8S", "9S", "7H", "8H", "9H"]
    mh = ["QC", "KC", "QS", "10S", "10H", "KH", "QH", "AD", "10D", "KD"]
    good, bad = two_worlds(strong_hand, weak_hand, mh, [(FH, "grand")])
    assert likelihood(good, MH) > 3 * likelihood(bad, MH)
    # Kontra says nothing (strong players say it with any hand against a solo), Rekontra a strong solo
    kontra = ["JC", "JS", "AC", "10C", "AS", "9S", "7H", "7D", "8D", "9D"]
    rubbish = ["7C", "8C", "9C", "7S", "8S", "9S", "7H", "8H", "9H", "QD"]
    solo = ["JH", "JD", "QC", "KC", "QS", "KS", "10H", "KH", "QH", "AD"]
    good, bad = two_worlds(kontra, rubbish, solo, [(FH, "pass"), (MH, "grand"), (FH, "kontra")])
    monkeypatch.setattr("bot.ai.schieberamsch_infer.SEARCHING", replace(SEARCHING, grand_pass=(1.0, 1.0, 1.0)))  # FH's pass apart
    assert likelihood(good, RH) == likelihood(bad, RH)
    strong_solo, weak_solo = two_worlds(strong_hand, weak_hand, mh, [(FH, "grand"), (MH, "kontra"), (FH, "rekontra")])
    assert likelihood(strong_solo, MH) > 3 * likelihood(weak_solo, MH)


def test_without_inference_the_same_worlds_are_drawn_where_the_likelihood_is_flat(monkeypatch):
    # common random numbers: strong and strong-no-inference search the same worlds unless the likelihood
    # tells worlds apart, so a match between them measures the inference and not two sets of worlds
    e = endgame_position(5, 18, grand=False)
    turn = e._turn
    monkeypatch.setattr("bot.ai.schieberamsch_infer.likelihood", lambda w, s, *_: 1.0)
    on, off = ([(w._masks, w._skat, n) for w, n in worlds(knowledge(e, turn, level), random.Random(7),
                                                          Budget(6), 6)]
               for level in ("strong", "strong-no-inference"))
    assert on == off
    assert [n for *_, n in on] == [1] * 6  # systematic resampling of equal weights: six different worlds
    assert len({str(m) for m, *_ in on}) == 6


def test_past_the_deadline_one_world_is_still_searched():
    # the pool is dealt before any world is searched; a deadline already past leaves one world, with or
    # without inference, never none (the search must still answer)
    e = endgame_position(5, 18, grand=False)
    turn = e._turn
    late = Budget(6, deadline=time.perf_counter() - 1)
    for level in ("strong", "strong-no-inference"):
        found = list(worlds(knowledge(e, turn, level), random.Random(7), late, 6))
        assert len(found) == 1 and found[0][1] >= 1


def test_a_push_makes_worlds_with_a_dangerous_hand_less_likely():
    dangerous = ["JC", "JS", "AC", "10C", "AS", "10S", "7H", "8H", "9H", "QD"]
    harmless = ["7C", "8C", "9C", "7S", "8S", "9S", "QH", "7D", "8D", "9D"]
    mh = ["QC", "KC", "QS", "KS", "10H", "KH", "AH", "AD", "10D", "KD"]
    passes = [(FH, "pass"), (MH, "pass"), (RH, "pass")]
    risky, safe = two_worlds(dangerous, harmless, mh, [*passes, (FH, "push")])
    assert likelihood(safe, MH) > likelihood(risky, MH)
    took_risky, took_safe = two_worlds(dangerous, harmless, mh, [*passes, (FH, "take")])
    assert likelihood(took_risky, MH) > likelihood(took_safe, MH)


def test_a_discard_says_much_a_push_little():
    # measured on strong players: a taker puts two of its three most dangerous cards down far more often
    # than the worlds' hands would have it, while a push comes with almost any hand
    fh = ["AS", "10S", "7D", "8D", "7C", "8C", "9C", "7H", "8H", "9H"]
    passes = [(FH, "pass"), (MH, "pass"), (RH, "pass")]
    likely, unlikely = [], []
    for discard, into in (("discard AS 10S", likely), ("discard 7D 8D", unlikely)):
        e = new(make_deal(fh=fh, skat=["QC", "KC"]))
        play_to_trick(e, [*passes, (FH, "take"), (FH, discard)])
        into.append(e)
    assert likelihood(likely[0], MH) > 5 * likelihood(unlikely[0], MH)
    dangerous = ["JC", "JS", "AC", "10C", "AS", "10S", "7H", "8H", "9H", "QD"]
    harmless = ["7C", "8C", "9C", "7S", "8S", "9S", "QH", "7D", "8D", "9D"]
    mh = ["QC", "KC", "QS", "KS", "10H", "KH", "AH", "AD", "10D", "KD"]
    risky, safe = two_worlds(dangerous, harmless, mh, [*passes, (FH, "push")])
    assert likelihood(safe, MH) < 1.2 * likelihood(risky, MH)


def test_a_seat_that_did_not_duck_probably_could_not():
    # FH (the searcher) leads 9♣, MH plays K♣, RH takes it with the A♣: in a Ramsch that is likelier when
    # RH held no club under the K♣ (7♣ in the skat) than when it could have ducked with the 7♣
    fh = ["JC", "JS", "JH", "JD", "QC", "9C", "8C", "9S", "8S", "7S"]
    mh = ["10C", "KC", "AS", "10S", "KS", "QS", "QH", "9H", "8H", "7H"]
    rh = ["AC", "AH", "10H", "KH", "AD", "10D", "KD", "QD", "9D"]
    played = []
    for low, skat in (("7C", ["8D", "7D"]), ("8D", ["7C", "7D"])):
        e = new({"hands": [fh, mh, [*rh, low]], "skat": skat})
        for seat, action in [(FH, "pass"), (MH, "pass"), (RH, "pass"), (FH, "push"), (MH, "push"), (RH, "push"),
                             (FH, "play 9C"), (MH, "play KC"), (RH, "play AC")]:
            e.apply(seat, action)
        played.append(e)
    could_duck, could_not = played
    assert likelihood(could_not, FH) > 2 * likelihood(could_duck, FH)


def test_worlds_against_a_grand_hand_give_the_solo_a_hand_to_announce_it_with():
    solo = ["JC", "JS", "JH", "AC", "10C", "AS", "KS", "AH", "7D", "8D"]
    e = new(make_deal(fh=solo))
    e.apply(FH, "grand")
    e.apply(MH, "pass")

    def plausible_share(level):
        know = knowledge(e, RH, level)
        ws = list(worlds(know, random.Random(3), Budget(40), 40))
        return sum(n * plausible_solo(w._masks[FH]) for w, n in ws) / sum(n for _, n in ws)

    assert plausible_share("strong") > plausible_share("strong-no-inference") + 0.2


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 60))
def test_an_easy_seat_is_read_exactly_its_true_hand_breaks_no_rule(seed, steps):
    # a seat the table shows as an easy computer plays every action by the rules of thumb, so in the true deal
    # none of its actions costs a factor
    e = Schieberamsch.new(3, seed=seed, options={"deals": 3})
    rng = random.Random(seed)
    for _ in range(steps):
        if e._over:
            return
        s = min(e.waiting_for())
        e.apply(s, choose(e, s, level="easy", seed=rng.randrange(1000)))
    if e._over:
        return
    me = min(e.waiting_for())
    others = frozenset({0, 1, 2} - {me})
    assert likelihood(e, me, others) == 1.0
    exact = [likelihood(e.sample(me, random.Random(i)), me, others) for i in range(20)]
    assert all(0 < x <= 1.0 for x in exact)  # other worlds may cost (test_told_who_plays_... shows they do)


def test_told_who_plays_an_easy_seat_is_read_sharper(monkeypatch):
    e = Schieberamsch.new(3, seed=11, options={"deals": 3})
    rng = random.Random(4)
    while len(e._tricks) < 4:
        s = min(e.waiting_for())
        e.apply(s, choose(e, s, level="easy", seed=rng.randrange(1000)))
    me = min(e.waiting_for())

    def right(players):
        know = knowledge(e, me, "strong", players)
        drawn = list(worlds(know, random.Random(5), Budget(60), 60))
        total = sum(n for _, n in drawn)
        truth = [(s, k) for s in range(3) if s != me for k in range(32) if e._masks[s] >> k & 1]
        return sum(n for w, n in drawn for s, k in truth if w._masks[s] >> k & 1) / total / len(truth)

    told = tuple("strong" if s == me else "easy" for s in range(3))
    assert right(told) > right(())
