"""How well Schieberamsch's strong player reads the others' hands (issue 25): the share of its worlds that put
each card of the other two hands with its true holder, plain and with inference.

    python -m benchmarks.schieberamsch_reading [--opponents easy] [--deals N] [--first D] [--iterations N]
                                               [--worlds N] [--seed S]

Plays N deals with one strong seat (each seat in turn) among two players of `--opponents`, the searchers at a
fixed size without a deadline (the figures depend on the seed only), and keeps every position in which the
strong seat has a choice of card. At each it draws `--worlds` worlds as a card decision does
(`bot.ai.schieberamsch_infer.worlds`) four ways: as `strong-no-inference` (`plain`); as `strong` did before stop 42
(each world the likeliest-weighted of its own `INFER_TRIES` draws, `fresh`); as `strong` not told who plays
(every seat read by the factors measured on searching players, as a person is); and as `strong` told, as a
table tells it (an easy seat read exactly: `EPS_EASY`; since stop 53 a searching computer's cards by the choice
model, `bot.ai.schieberamsch_choice`). It prints for each the share of the worlds, counted as often as the search
counts them, that put a card of another hand with its holder, averaged over cards. Stop 42 (100 deals, seed 11,
3 minutes): against easy players 48.23 %, 50.97 %, 52.57 % and 55.39 % (764 card decisions); against
`strong-no-inference` 47.22 %, 47.83 %, 47.72 % and 47.72 % (755). Stop 53, the same command against
`strong-no-inference` (whose positions differ now, the strong seat playing otherwise): 47.44 %, 48.19 %,
48.59 % and **49.85 %** (734)."""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator

from bot.ai import Budget, Knowledge, choose, knowledge
from bot.ai.schieberamsch_infer import INFER_TRIES, SOLO_TRIES, likelihood, pick, worlds
from bot.ai.schieberamsch_thumb import ids
from bot.games import GAMES
from bot.games.schieberamsch import Schieberamsch

from .ai import deal_seed

WAYS = {"plain": "strong-no-inference", "fresh": "strong", "not told": "strong", "inferred": "strong"}


def fresh(know: Knowledge, rng: random.Random, n: int) -> Iterator[tuple[Schieberamsch, int]]:
    """The worlds of a card decision before stop 42: each the likeliest-weighted of `INFER_TRIES` of its own
    (`SOLO_TRIES` against a Grand Hand)."""
    v = know.view
    tries = SOLO_TRIES if v["mode"] == "grand" and v["solo"] != know.seat else INFER_TRIES
    for _ in range(n):
        group = [know.sample(random.Random(rng.getrandbits(64))) for _ in range(tries)]
        yield group[pick([likelihood(w, know.seat) for w in group], [rng.random()])[0]], 1  # type: ignore[misc]


def positions(opponents: str, first: int, deals: int, iterations: int, seed: int) -> list[tuple[int, Schieberamsch]]:
    """(strong seat, engine) wherever the strong seat is to play a card and has a choice."""
    out: list[tuple[int, Schieberamsch]] = []
    for deal in range(first, first + deals):
        e = GAMES["schieberamsch"].new(3, seed=deal_seed(seed, "schieberamsch", deal), options={"deals": 3})
        assert isinstance(e, Schieberamsch)
        me = deal % 3
        players = tuple("strong" if s == me else opponents for s in range(3))
        for step in range(300):
            seat = min(e.waiting_for())
            if seat == me and e.view(seat)["phase"] == "play" and len(e.legal_actions(seat)) > 1:
                out.append((seat, e.clone()))
            action = choose(e, seat, level=players[seat], seed=deal * 1000 + step, iterations=iterations,
                            players=players)
            if any(ev.get("type") == "hand_scored" for ev in e.apply(seat, action)):
                break
    return out


def reading(found: list[tuple[int, Schieberamsch]], opponents: str, n: int) -> dict[str, float]:
    """Per way of drawing the worlds: the share that put a card of another hand with its holder."""
    result: dict[str, float] = {}
    for way, level in WAYS.items():
        right = cards = 0.0
        for i, (seat, e) in enumerate(found):
            players = tuple("strong" if s == seat else opponents for s in range(3)) if way != "not told" else ()
            know = knowledge(e, seat, level, players)
            draw = fresh(know, random.Random(i), n) if way == "fresh" else worlds(know, random.Random(i), Budget(n), n)
            drawn = list(draw)
            weight = sum(count for _, count in drawn)
            for s in range(3):
                if s != seat:
                    for k in ids(e._masks[s]):
                        cards += 1
                        right += sum(count for w, count in drawn if w._masks[s] >> k & 1) / weight
        result[way] = right / max(1.0, cards)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--opponents", default="easy")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--iterations", type=int, default=24)
    parser.add_argument("--worlds", type=int, default=24)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    found = positions(args.opponents, args.first, args.deals, args.iterations, args.seed)
    print(f"{len(found)} card decisions of {args.deals} deals against {args.opponents}")
    for way, share in reading(found, args.opponents, args.worlds).items():
        print(f"{way:9} cards of the other hands with their holder {share:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
