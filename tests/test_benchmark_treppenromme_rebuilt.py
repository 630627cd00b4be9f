"""benchmarks.treppenromme_rebuilt: positions after a rebuild, and worlds that remember it or forget it."""

from __future__ import annotations

import random

from benchmarks import treppenromme_rebuilt as rebuilt
from bot.games.treppenromme import Treppenromme


def test_positions_are_the_first_turn_after_a_rebuild():
    found = rebuilt.positions(2, 100_000)
    assert len(found) == 2 and found[0][0] < found[1][0]
    assert all(e.rebuilt and e.step == "draw" and not e.over for _, e in found)


def test_forgetting_deals_the_old_cards_into_the_talon_and_is_undone():
    _, e = rebuilt.positions(1, 100_000)[0]
    remembering = Treppenromme.unseen

    def talons() -> list[set[str]]:
        return [set(e.sample(e.current, random.Random(i)).talon) for i in range(30)]

    assert all(t <= e.rebuilt_from for t in talons())
    with rebuilt.forgetting():
        assert any(not t <= e.rebuilt_from for t in talons())
    assert Treppenromme.unseen is remembering and all(t <= e.rebuilt_from for t in talons())


def test_the_command_prints_both_and_the_difference(capsys):
    assert rebuilt.main(["--positions", "1", "--iterations", "2"]) == 0
    out = capsys.readouterr().out
    assert "1 positions after a rebuild" in out
    assert all(name in out for name in ("strong over easy", "forgetting the rebuild", "paired difference"))
