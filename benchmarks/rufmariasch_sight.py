"""How much of Rufmariasch's play-oracle edge is knowing the partner (issue 25): strong told who holds the called card.

    python -m benchmarks.rufmariasch_sight --sight partner [python -m benchmarks.ai's options]

Plays `python -m benchmarks.ai --games rufmariasch --levels strong,easy` (every option of it may follow) with a
strong player that sees one thing more than its seat:

- `partner`: at its card decisions, while the called card is hidden, only worlds that put it with its true holder
  (its own inferred worlds, each the first of up to `PARTNER_TRIES` that agrees): who the partner is, nothing
  else. Its call is strong's.

The play oracle (`--levels play-oracle,easy`: strong's call, then every hand seen) bounds what sight can add to
strong's card play; this says how much of that is the one secret the game is named for. A yardstick, not a
player: it patches `bot.ai.knowledge` and the strong Rufmariasch player's `inferring` in this process (and in
its forked workers).
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

from . import ai as bench

SIGHTS = ("partner",)
PARTNER_TRIES = 200  # inferred worlds tried for one that puts the called card with its true holder


def holder(w: Rufmariasch, card: str) -> int | None:
    """The seat whose hand holds `card` in `w`, if any (None once it is played)."""
    return next((s for s in range(4) if card in w.hands[s]), None)


def agreeing(sample: Callable[[random.Random], Engine], card: str, seat: int | None,
             tries: int = PARTNER_TRIES) -> Callable[[random.Random], Engine]:
    """A sampler of worlds from `sample` that put `card` in `seat`'s hand (the last of `tries` otherwise)."""

    def draw(rng: random.Random) -> Engine:
        w = sample(rng)
        for _ in range(tries - 1):
            if holder(w, card) == seat:  # type: ignore[arg-type]
                break
            w = sample(rng)
        return w

    return draw


@contextmanager
def sighted(sight: str) -> Iterator[None]:
    """Within: the strong Rufmariasch player's card decisions see as `sight` says (the module docstring)."""
    if sight not in SIGHTS:
        raise ValueError(f"unknown sight {sight!r}; known: {', '.join(SIGHTS)}")
    plain_knowledge, plain_inferring = bot.ai.knowledge, ai.inferring
    truth: dict[str, int | None] = {"holder": None}

    def knowledge(engine: Engine, seat: int, level: str = "strong", players: tuple[str | None, ...] = ()
                  ) -> Knowledge:
        told = (level == "strong" and isinstance(engine, Rufmariasch) and engine.phase == "play"
                and not engine.revealed and engine.called is not None)
        truth["holder"] = holder(engine, engine.called) if told else None  # type: ignore[arg-type,attr-defined]
        return plain_knowledge(engine, seat, level, players)

    def inferring(know: Knowledge, n: int, expired: Callable[[], bool]) -> Knowledge:
        inferred = plain_inferring(know, n, expired)
        if truth["holder"] is None:
            return inferred
        return inferred.with_sampler(agreeing(inferred.sample, know.view["called"], truth["holder"]))

    bot.ai.knowledge = knowledge  # type: ignore[assignment]
    ai.inferring = inferring  # type: ignore[assignment]
    try:
        yield
    finally:
        bot.ai.knowledge, ai.inferring = plain_knowledge, plain_inferring  # type: ignore[assignment]


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if "--sight" not in args or args.index("--sight") + 1 >= len(args):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    at = args.index("--sight")
    sight = args[at + 1]
    del args[at:at + 2]
    if sight not in SIGHTS:
        print(f"--sight: one of {', '.join(SIGHTS)}", file=sys.stderr)
        return 2
    with sighted(sight):
        return bench.main(["--games", "rufmariasch", "--levels", "strong,easy", *args])


if __name__ == "__main__":
    sys.exit(main())
