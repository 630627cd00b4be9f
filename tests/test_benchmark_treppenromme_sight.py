from __future__ import annotations

import json
import random
from pathlib import Path

import bot.ai
from benchmarks import treppenromme_sight as sight
from bot.ai import choose, knowledge
from bot.ai import treppenromme as ai
from bot.games.treppenromme import Treppenromme


def positions() -> list[Treppenromme]:
    """Positions of easy against easy after a few turns, both at the draw step and at a discard."""
    out = []
    for seed in range(8):
        e = Treppenromme.new(2, seed=seed)
        assert isinstance(e, Treppenromme)
        for step in range(random.Random(seed).randrange(6, 30)):
            if e.over:
                break
            seat = e.current
            e.apply(seat, choose(e, seat, level="easy", seed=step))
        if not e.over:
            out.append(e)
    return out


def other(e: Treppenromme, seat: int) -> list[str]:
    return e.hands[1 - seat]


def test_the_sight_is_given_at_its_kind_of_decision_only_and_taken_back_after() -> None:
    plain = bot.ai.knowledge
    for e in positions():
        seat = e.current
        truth = other(e, seat)
        for kind in ("discard", "take"):
            with sight.sighted(kind):
                know = bot.ai.knowledge(e, seat, "strong")
                easy = bot.ai.knowledge(e, seat, "easy")
            sees = sight.is_discard(know) == (kind == "discard")
            worlds = [know.sample(random.Random(i)) for i in range(6)]
            if sees:
                assert all(other(w, seat) == truth for w in worlds)
            else:  # its own worlds, unless nothing of his hand is hidden
                assert any(other(w, seat) != truth for w in worlds) or len(truth) == len(e.known[1 - seat])
            # the talon is still dealt anew, and the easy player never sees more
            assert not sees or any(w.talon != e.talon for w in worlds) or len(e.talon) < 2
            assert easy.sample(random.Random(0)).hands[1 - seat] == e.sample(seat, random.Random(0)).hands[1 - seat]
    assert bot.ai.knowledge is plain


def test_feed_sight_keeps_the_worlds_that_agree_on_which_discards_feed_the_other() -> None:
    found = asked = 0
    plain_inferring = ai.inferring
    for e in positions():
        seat = e.current
        if e.legal_actions(seat)[0] == "draw":
            continue
        with sight.sighted("feed"):
            know = ai.inferring(bot.ai.knowledge(e, seat, "strong"), tries=ai.INFERENCE_TRIES,
                                floor=ai.INFERENCE_FLOOR)
            truth = sight.feed_bits(know, other(e, seat))
            worlds = [know.sample(random.Random(i)) for i in range(5)]
        agree = [sight.feed_bits(know, other(w, seat)) == truth for w in worlds]
        found += sum(agree)
        asked += len(agree)
        plain = knowledge(e, seat, "strong")
        assert sight.feed_bits(plain, other(e, seat)) == truth
    assert ai.inferring is plain_inferring
    assert asked >= 20 and found == asked  # unfiltered, about half of these worlds disagree somewhere


def test_the_command_plays_the_benchmark_with_the_sight(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    assert sight.main(["--sight", "feed", "--deals", "2", "--iterations", "2", "--jobs", "1",
                       "--json", str(out)]) == 0
    row = json.loads(out.read_text())[0]
    assert row["game"] == "treppenromme" and row["pairs"] == 2
    assert sight.main(["--deals", "2"]) == 2 and sight.main(["--sight", "all"]) == 2
