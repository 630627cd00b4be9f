"""The benchmark levels (oracle, strong without an ingredient) and the inference helper they switch off."""

from __future__ import annotations

import random

import pytest

from bot.ai import BENCH_LEVELS, INGREDIENTS, choose, knowledge
from bot.ai.search import inferring
from bot.games import GAMES


def test_the_oracle_sees_the_true_deal_and_the_others_see_a_sampled_one():
    e = GAMES["schieberamsch"].new(3, seed=5)
    seat = min(e.to_act())
    hidden = [e.view(s).get("hand") for s in range(3) if s != seat]
    oracle = knowledge(e, seat, "oracle")
    assert not oracle.uses("inference")  # nothing to infer for who sees everything
    world = oracle.sample(random.Random(1))
    assert [world.view(s).get("hand") for s in range(3) if s != seat] == hidden
    fogged = knowledge(e, seat, "strong").sample(random.Random(1))
    assert [fogged.view(s).get("hand") for s in range(3) if s != seat] != hidden


@pytest.mark.parametrize("name", INGREDIENTS)
def test_a_level_without_an_ingredient_switches_off_that_one_only(name):
    e = GAMES["schieberamsch"].new(3, seed=5)
    know = knowledge(e, 0, f"strong-no-{name}")
    assert not know.uses(name)
    assert all(know.uses(other) for other in INGREDIENTS if other != name)
    assert all(knowledge(e, 0, "strong").uses(i) for i in INGREDIENTS)
    with pytest.raises(ValueError):
        know.uses("telepathy")


def test_every_benchmark_level_chooses_a_legal_action_and_unknown_levels_are_refused():
    e = GAMES["schieberamsch"].new(3, seed=2)
    seat = min(e.to_act())
    for level in BENCH_LEVELS:
        if level in ("hand-oracle", "play-oracle"):  # offered for some games only (tests below)
            with pytest.raises(ValueError, match=f"no {level.replace('-', ' ')} for schieberamsch"):
                choose(e, seat, level=level, iterations=2)
            continue
        assert choose(e, seat, level=level, iterations=2) in e.legal_actions(seat)
    with pytest.raises(ValueError, match="unknown level"):
        choose(e, seat, level="grandmaster")


def test_the_hand_oracle_sees_every_hand_but_not_the_order_of_the_talon():
    """Treppenrommé's oracle also knows every card still to be drawn; the hand oracle knows the hands only."""
    e = GAMES["treppenromme"].new(2, seed=3)
    seat = min(e.to_act())
    know = knowledge(e, seat, "hand-oracle")
    assert not know.uses("inference")
    worlds = [know.sample(random.Random(i)) for i in range(2)]
    for world in worlds:
        assert world.hands == e.hands and world.staircase == e.staircase  # type: ignore[attr-defined]
        assert sorted(world.talon) == sorted(e.talon)  # type: ignore[attr-defined]
    assert worlds[0].talon != worlds[1].talon  # type: ignore[attr-defined]
    # the true order is not in the worlds: an engine that differs only in it deals the same ones
    twin = e.clone()
    twin.talon = list(reversed(e.talon))  # type: ignore[attr-defined]
    assert knowledge(twin, seat, "hand-oracle").sample(random.Random(0)).talon == worlds[0].talon  # type: ignore[attr-defined]
    assert choose(e, seat, level="hand-oracle", iterations=2) in e.legal_actions(seat)


def test_rufmariasch_hand_oracle_calls_without_knowing_the_second_four_cards():
    e = GAMES["rufmariasch"].new(4, seed=3)
    seat = e.turn
    assert e.phase == "call"
    world = knowledge(e, seat, "hand-oracle").sample(random.Random(0))
    assert world.hands == e.hands  # type: ignore[attr-defined]
    assert sorted(c for b in world._second for c in b) == sorted(c for b in e._second for c in b)  # type: ignore[attr-defined]
    assert [len(b) for b in world._second] == [4, 4, 4, 4]  # type: ignore[attr-defined]
    worlds = {tuple(map(tuple, knowledge(e, seat, "hand-oracle").sample(random.Random(i))._second))  # type: ignore[attr-defined]
              for i in range(5)}
    assert len(worlds) > 1 and tuple(map(tuple, e._second)) not in worlds  # type: ignore[attr-defined]
    assert choose(e, seat, level="hand-oracle", iterations=2) in e.legal_actions(seat)
    e.apply(seat, e.legal_actions(seat)[0])  # after the call every card is in a hand: the hand oracle sees it all
    after = knowledge(e, e.turn, "hand-oracle").sample(random.Random(0))
    assert after.hands == e.hands  # type: ignore[attr-defined]


def test_rufmariasch_play_oracle_calls_as_strong_and_then_plays_seeing_every_hand():
    for seed in range(3):
        e = GAMES["rufmariasch"].new(4, seed=seed)
        seat = e.turn
        assert e.phase == "call"
        know = knowledge(e, seat, "play-oracle")
        assert not know.uses("inference")
        # its call's worlds are the strong player's (drawn from the seat's four cards), not the true deal
        fair = knowledge(e, seat, "strong")
        assert [know.sample(random.Random(i)).hands for i in range(3)] == [
            fair.sample(random.Random(i)).hands for i in range(3)]
        assert any(know.sample(random.Random(i)).hands != e.hands for i in range(3))  # type: ignore[attr-defined]
        call = choose(e, seat, level="play-oracle", seed=seed, iterations=8)
        assert call == choose(e, seat, level="strong", seed=seed, iterations=8)
        e.apply(seat, call)
        after = knowledge(e, e.turn, "play-oracle")
        assert after.sample(random.Random(0)).hands == e.hands  # type: ignore[attr-defined]
        assert choose(e, e.turn, level="play-oracle", seed=seed, iterations=8) == choose(
            e, e.turn, level="oracle", seed=seed, iterations=8)


def test_inferring_keeps_worlds_in_proportion_to_their_likelihood():
    e = GAMES["schieberamsch"].new(3, seed=7)
    seat = 0
    know = knowledge(e, seat)
    other = 1

    def likelihood(world):  # only worlds in which seat 1 holds the Jack of clubs are likely
        return 1.0 if "JC" in world.view(other)["hand"] else 0.0

    if "JC" in e.view(seat)["hand"]:
        pytest.skip("the seat holds the card itself")
    rng = random.Random(3)
    inferred = inferring(know, likelihood, tries=8, floor=0.0)
    share = sum(likelihood(inferred.sample(rng)) for _ in range(200)) / 200
    plain = sum(likelihood(know.sample(rng)) for _ in range(200)) / 200
    assert share > 0.9 > 0.6 > plain
    off = knowledge(e, seat, "strong-no-inference")
    assert inferring(off, likelihood) is off
