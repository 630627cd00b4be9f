"""The scripted players follow suit as the engine does, so a benchmark run has no refused clicks."""

from __future__ import annotations

import random

from bot.games import GAMES
from tests.e2e.players import playable


def test_playable_matches_the_engine():
    checked = 0
    for seed in range(40):
        engine = GAMES["schieberamsch"].new(3, seed=seed)
        rng = random.Random(seed)
        while not engine.over and checked < 4000:
            (seat,) = engine.to_act()
            legal = engine.legal_actions(seat)
            view = engine.view(seat)
            if view["phase"] == "play":
                trick = view["trick"]
                led = trick[0]["card"] if trick else None
                assert sorted(playable(list(view["hand"]), led)) == sorted(a.split()[1] for a in legal)
                checked += 1
            engine.apply(seat, rng.choice(legal))
    assert checked > 1000
