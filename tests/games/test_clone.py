"""`clone()` is an independent copy in every game (docs/engine.md, "Copies and sampled worlds").

The table service applies each move to `engine.clone()` and swaps the copy in only once the move is stored, so a
clone that shared a list the next move changes would leak a dropped move into the table's state. Over random
legal play: a clone plays on exactly as a pickle round trip of the same engine does (events, every seat's view,
legal actions, result), and the original is left byte for byte as it was.
"""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import GAMES, Engine

STEPS = 400  # random actions per match played (most matches are longer: the checks fall anywhere in them)
CHECKS = 4  # clones checked per match
AHEAD = 30  # actions played on the clone and on the pickle copy after each check


def _step(e: Engine, rng: random.Random) -> tuple[int, str, list] | None:
    if e.over:
        return None
    seat = rng.choice(sorted(e.to_act()))
    action = rng.choice(e.legal_actions(seat))
    return seat, action, e.apply(seat, action)


def _state(e: Engine) -> tuple:
    return (e.over, e.to_act(), [e.view(s) for s in range(e.seats)], e.view(None),
            [e.legal_actions(s) if s in e.to_act() else None for s in range(e.seats)],
            e.result() if e.over else None)


def _check_clone(e: Engine, seed: int) -> None:
    before = pickle.dumps(e, protocol=pickle.HIGHEST_PROTOCOL)
    clone, copy = e.clone(), pickle.loads(before)
    assert type(clone) is type(e)
    assert _state(clone) == _state(copy)
    rng_clone, rng_copy = random.Random(seed), random.Random(seed)
    for _ in range(AHEAD):
        played = _step(clone, rng_clone)
        assert played == _step(copy, rng_copy)
        assert _state(clone) == _state(copy)
        if played is None:
            break
    assert pickle.dumps(e, protocol=pickle.HIGHEST_PROTOCOL) == before, "playing on the clone changed the original"


@pytest.mark.parametrize("key", sorted(GAMES))
@settings(max_examples=12, deadline=None)
@given(data=st.data())
def test_a_clone_plays_on_like_a_pickle_copy_and_leaves_the_original_alone(key: str, data: st.DataObject) -> None:
    cls = GAMES[key]
    seats = data.draw(st.integers(cls.min_seats, cls.max_seats), label="seats")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    checks = set(data.draw(st.lists(st.integers(0, STEPS - 1), min_size=CHECKS, max_size=CHECKS), label="at"))
    try:
        e = cls.new(seats, seed=seed)
    except ValueError:  # a seat count this game's default options refuse (Schrum Schrum: 2, 4 or 8)
        e = cls.new(cls.min_seats, seed=seed)
    rng = random.Random(seed)
    for n in range(STEPS):
        if n in checks:
            _check_clone(e, seed + n)
        if _step(e, rng) is None:
            _check_clone(e, seed)  # a finished match too
            break
