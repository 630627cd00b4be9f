"""How much of Rufmariasch's play-oracle edge is which secret (issue 25): strong told one fact of the true deal.

    python -m benchmarks.rufmariasch_sight --sight partner|trumps [python -m benchmarks.ai's options]

Plays `python -m benchmarks.ai --games rufmariasch --levels strong,easy` (every option of it may follow) with a
strong player that sees one thing more than its seat:

- `partner`: at its card decisions, while the called card is hidden, only worlds that put it with its true holder:
  who the partner is, nothing else;
- `trumps`: at its card decisions, only worlds in which every hand holds as many trumps as it truly does.

Its call is strong's; its worlds are its own inferred ones, each the first of up to `TRIES` that agrees.

The play oracle (`--levels play-oracle,easy`: strong's call, then every hand seen) bounds what sight can add to
strong's card play; this says how much of that is the one secret the game is named for, or the trumps. A
yardstick, not a player: it patches `bot.ai.knowledge` and the strong Rufmariasch player's `inferring` in this
process (and in its forked workers).

Stop 47 (seed 1, rounds 0-99, 100 worlds, no deadline), paired with strong: `partner` +0.95 [0.25, 1.65] stake a
deal, `trumps` +0.47 [-1.08, 2.01], the play oracle's every hand +8.52 [6.57, 10.46].
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import bot.ai
from bot.ai import Knowledge
from bot.ai import rufmariasch as ai
from bot.games import Engine
from bot.games.rufmariasch import Rufmariasch

from . import sighted as sighted_cli

TRIES = 200  # inferred worlds tried for one that agrees with the truth


def holder(w: Rufmariasch, card: str) -> int | None:
    """The seat whose hand holds `card` in `w`, if any (None once it is played)."""
    return next((s for s in range(4) if card in w.hands[s]), None)


def partner(w: Rufmariasch) -> int | None:
    """Who holds the called card, while it is hidden (None: nothing to tell)."""
    if w.phase != "play" or w.revealed or w.called is None:
        return None
    return holder(w, w.called)


def trumps(w: Rufmariasch) -> tuple[int, ...] | None:
    """How many trumps each hand holds, once the call is made."""
    if w.phase != "play" or w.trump is None:
        return None
    return tuple(sum(c[-1] == w.trump for c in hand) for hand in w.hands)


# what a sight tells: a fact of the true deal, which the worlds searched must share (None: nothing told)
SIGHTS: dict[str, Callable[[Rufmariasch], object]] = {"partner": partner, "trumps": trumps}


def agreeing(sample: Callable[[random.Random], Engine], fact: Callable[[Rufmariasch], object], truth: object,
             tries: int = TRIES) -> Callable[[random.Random], Engine]:
    """A sampler of worlds from `sample` whose `fact` is `truth` (the last of `tries` otherwise)."""

    def draw(rng: random.Random) -> Engine:
        w = sample(rng)
        for _ in range(tries - 1):
            if fact(w) == truth:  # type: ignore[arg-type]
                break
            w = sample(rng)
        return w

    return draw


@contextmanager
def sighted(sight: str) -> Iterator[None]:
    """Within: the strong Rufmariasch player's card decisions see as `sight` says (the module docstring)."""
    if sight not in SIGHTS:
        raise ValueError(f"unknown sight {sight!r}; known: {', '.join(SIGHTS)}")
    fact = SIGHTS[sight]
    plain_knowledge, plain_inferring = bot.ai.knowledge, ai.inferring
    truth: dict[str, object] = {"fact": None}

    def knowledge(engine: Engine, seat: int, level: str = "strong", players: tuple[str | None, ...] = ()
                  ) -> Knowledge:
        told = level == "strong" and isinstance(engine, Rufmariasch)
        truth["fact"] = fact(engine) if told else None  # type: ignore[arg-type]
        return plain_knowledge(engine, seat, level, players)

    def inferring(know: Knowledge, n: int, expired: Callable[[], bool]) -> Knowledge:
        inferred = plain_inferring(know, n, expired)
        if truth["fact"] is None:
            return inferred
        return inferred.with_sampler(agreeing(inferred.sample, fact, truth["fact"]))

    with sighted_cli.patched((bot.ai, "knowledge", knowledge), (ai, "inferring", inferring)):
        yield


def main(argv: list[str] | None = None) -> int:
    return sighted_cli.main(argv, doc=__doc__ or "", game="rufmariasch", sights=SIGHTS, sighted=sighted)


if __name__ == "__main__":
    sys.exit(main())
