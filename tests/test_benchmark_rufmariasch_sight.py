from __future__ import annotations

import random

import bot.ai
from benchmarks import rufmariasch_sight as sight
from bot.ai import rufmariasch as ai
from bot.games.rufmariasch import Rufmariasch


def after_the_call(seed: int) -> Rufmariasch:
    e = Rufmariasch.new(4, seed=seed)
    e.apply(e.turn, next(a for a in e.legal_actions(e.turn) if a.startswith("call ")))
    return e


def test_told_the_partner_its_worlds_put_the_called_card_with_its_true_holder_and_nothing_else():
    told = 0
    for seed in range(6):
        e = after_the_call(seed)
        true = sight.holder(e, e.called)  # type: ignore[arg-type]
        seat = next(s for s in range(4) if s not in (true, e.fh))  # a seat that does not know the partner
        with sight.sighted("partner"):
            know = bot.ai.knowledge(e, seat, "strong")
            worlds = [ai.inferring(know, 8, lambda: False).sample(random.Random(i)) for i in range(8)]
        assert all(sight.holder(w, e.called) == true for w in worlds)  # type: ignore[arg-type]
        assert all(w.hands[seat] == e.hands[seat] for w in worlds)
        assert any(w.hands != e.hands for w in worlds)  # the rest of the deal is still dealt anew
        plain = [ai.inferring(bot.ai.knowledge(e, seat, "strong"), 8, lambda: False).sample(random.Random(i))
                 for i in range(20)]
        told += any(sight.holder(w, e.called) != true for w in plain)  # type: ignore[arg-type]
    assert told  # without the sight some worlds put it elsewhere
    assert bot.ai.knowledge is not None and ai.inferring.__module__ == "bot.ai.rufmariasch_infer"  # restored


def test_nothing_is_told_once_the_called_card_is_out_or_to_another_level():
    e = after_the_call(1)
    with sight.sighted("partner"):
        bot.ai.knowledge(e, 1, "strong")                    # told: the called card is hidden
        other = bot.ai.knowledge(e, 2, "strong-no-inference")   # asked since: told nothing
        assert ai.inferring(other, 8, lambda: False) is other
    while not e.revealed:
        seat = e.turn
        e.apply(seat, bot.ai.choose(e, seat, level="easy"))
    assert sight.holder(e, e.called) is None  # type: ignore[arg-type]
    seat = e.turn
    plain = [ai.inferring(bot.ai.knowledge(e, seat), 8, lambda: False).sample(random.Random(i)).hands
             for i in range(4)]
    with sight.sighted("partner"):
        know = bot.ai.knowledge(e, seat, "strong")
        assert [ai.inferring(know, 8, lambda: False).sample(random.Random(i)).hands for i in range(4)] == plain


def test_told_the_trumps_every_hand_holds_as_many_as_it_truly_does():
    e = after_the_call(2)
    seat = 1
    with sight.sighted("trumps"):
        know = bot.ai.knowledge(e, seat, "strong")
        worlds = [ai.inferring(know, 8, lambda: False).sample(random.Random(i)) for i in range(8)]
    assert all(sight.trumps(w) == sight.trumps(e) for w in worlds)
    assert any(w.hands != e.hands for w in worlds)
    assert sight.trumps(Rufmariasch.new(4, seed=2)) is None     # nothing to tell before the call


def test_an_unknown_sight_is_refused():
    assert sight.main(["--sight", "everything"]) == 2
    assert sight.main([]) == 2
