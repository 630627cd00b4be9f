"""Which decisions Treppenrommé's hand oracle owes its edge to (issue 25): strong with sight at one kind only.

    python -m benchmarks.treppenromme_sight --sight discard|take|feed [python -m benchmarks.ai's options]

Plays `python -m benchmarks.ai --games treppenromme --levels strong,easy` (every option of it may follow) with a
strong player that sees a little more than its seat, at one kind of decision only:

- `discard`: at its discards it searches the hand oracle's worlds (the other hand as it is, the talon dealt
  anew: `bot.ai.yardsticks`), at the draw step its own inferred worlds;
- `take`: the other way round;
- `feed`: at its discards its own inferred worlds, each kept only if it agrees with the true deal on which
  discard candidates would feed the next player (make a combination with his hand: he takes such a card from
  the staircase), the best of `FEED_TRIES` worlds otherwise: one bit per candidate, nothing else.

Stop 39 (seed 1, 24 worlds, no deadline, 1,000 deals): strong +44.65, `take` +47.66, `discard` +66.16, the hand
oracle +67.95 over easy; `feed` came to the hand oracle's figure on its first deals. So the hand oracle's edge is
its sight of which discard feeds the other player; no player at a table has it. A yardstick, not a player: it
patches `bot.ai.knowledge` and the strong player's `inferring` in this process (and in its forked workers).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial

import bot.ai
from bot.ai import Knowledge
from bot.ai import treppenromme as ai
from bot.ai.treppenromme_infer import combines
from bot.ai.yardsticks import hand_oracle_world
from bot.games import Engine

from . import sighted as sighted_cli

SIGHTS = ("discard", "take", "feed")
FEED_TRIES = 200  # inferred worlds tried for one that agrees on every candidate's feeding


def is_discard(know: Knowledge) -> bool:
    """The decision after the draw step (the discard, once melds and lay-offs are placed greedily)."""
    return know.legal[0] != "draw"


def feed_bits(know: Knowledge, hand: list[str]) -> tuple[bool, ...]:
    """For each discard candidate of the strong player: does it make a combination with `hand`?"""
    return bits_of(candidate_cards(know), hand)


def candidate_cards(know: Knowledge) -> list[str]:
    return [a[8:] for a in ai.discard_candidates(know.legal, know.view["hand"])]


def bits_of(cards: list[str], hand: list[str]) -> tuple[bool, ...]:
    return tuple(combines(card, hand) for card in cards)


def agreeing(sample: Callable[[random.Random], Engine], know: Knowledge, truth: tuple[bool, ...],
             tries: int = FEED_TRIES) -> Callable[[random.Random], Engine]:
    """A sampler of worlds from `sample` whose next player's hand feeds as `truth` says (the best of `tries`)."""
    nxt = (know.seat + 1) % know.view["seats"]
    cards = candidate_cards(know)  # once: the same for every world

    def draw(rng: random.Random) -> Engine:
        best, agree = None, -1
        for _ in range(tries):
            w = sample(rng)
            bits = bits_of(cards, w.hands[nxt])  # type: ignore[attr-defined]
            n = sum(a == b for a, b in zip(bits, truth, strict=True))
            if n > agree:
                best, agree = w, n
            if agree == len(truth):
                break
        assert best is not None
        return best

    return draw


@contextmanager
def sighted(sight: str) -> Iterator[None]:
    """Within: the strong Treppenrommé player sees as `sight` says (see the module docstring)."""
    if sight not in SIGHTS:
        raise ValueError(f"unknown sight {sight!r}; known: {', '.join(SIGHTS)}")
    plain_knowledge, plain_inferring = bot.ai.knowledge, ai.inferring
    truth: dict[str, tuple[bool, ...]] = {}

    def knowledge(engine: Engine, seat: int, level: str = "strong", players: tuple[str | None, ...] = ()
                  ) -> Knowledge:
        know = plain_knowledge(engine, seat, level, players)
        if level != "strong" or engine.key != "treppenromme":
            return know
        if sight == "feed":
            if is_discard(know):
                truth["bits"] = feed_bits(know, engine.hands[(seat + 1) % engine.seats])  # type: ignore[attr-defined]
            return know
        if is_discard(know) == (sight == "discard"):
            return Knowledge(know.game, seat, know.view, know.legal, partial(hand_oracle_world, engine),
                             frozenset({"inference"}))
        return know

    def inferring(know: Knowledge, **kw: float) -> Knowledge:
        inferred = plain_inferring(know, **kw)  # type: ignore[arg-type]
        if not is_discard(know):
            return inferred
        return inferred.with_sampler(agreeing(inferred.sample, know, truth["bits"]))

    patches: list[tuple[object, str, object]] = [(bot.ai, "knowledge", knowledge)]
    if sight == "feed":
        patches.append((ai, "inferring", inferring))
    with sighted_cli.patched(*patches):
        yield


def main(argv: list[str] | None = None) -> int:
    return sighted_cli.main(argv, doc=__doc__ or "", game="treppenromme", sights=SIGHTS, sighted=sighted)


if __name__ == "__main__":
    sys.exit(main())
