"""How well Rufmariasch's strong player reads the others' hands (issue 25): the share of its worlds that put each
hidden card with its true holder, with and without inference, and told or not who plays each seat.

    python -m benchmarks.rufmariasch_reading [--opponents strong-no-inference] [--hands N] [--first H]
                                             [--iterations N] [--worlds N] [--seed S]

Plays N hands with one strong seat (each seat in turn) among three players of `--opponents`, the searchers at
a fixed size without a deadline (the figures depend on the seed only), and keeps every position in which the
strong seat has a choice of card. At each it draws `--worlds` worlds as a card decision does
(`rufmariasch_infer.inferring` with its pool) three ways: plain (`strong-no-inference`), with inference but
not told who plays (every seat read as a rule-of-thumb player, as before stop 41), and told (as a table
tells it). It prints, for each, the share of the worlds that put the called card with its true holder (while
it is hidden) and each hidden card with its true holder, averaged over cards."""

from __future__ import annotations

import argparse
import random
from typing import Any

from bot.ai import choose, knowledge
from bot.ai.rufmariasch_infer import inferring
from bot.games import GAMES
from bot.games.rufmariasch import Rufmariasch

from .ai import deal_seed

WAYS = ("plain", "not told", "told")


def positions(opponents: str, first: int, hands: int, iterations: int, seed: int) -> list[tuple[int, Rufmariasch]]:
    """(strong seat, engine) wherever the strong seat is to play a card and has a choice."""
    out: list[tuple[int, Rufmariasch]] = []
    for hand in range(first, first + hands):
        e = GAMES["rufmariasch"].new(4, seed=deal_seed(seed, "rufmariasch", hand), options={"deals": 4})
        assert isinstance(e, Rufmariasch)
        me = hand % 4
        players = tuple("strong" if s == me else opponents for s in range(4))
        for step in range(200):
            seat = min(e.waiting_for())
            level = players[seat]
            if seat == me and e.called is not None and len(e.legal_actions(seat)) > 1:
                out.append((seat, e.clone()))
            if level == "easy":
                action = choose(e, seat, level="easy", seed=hand * 1000 + step)
            else:
                action = choose(e, seat, level=level, seed=hand * 1000 + step, iterations=iterations,
                                players=players)
            if any(ev.get("type") == "hand_scored" for ev in e.apply(seat, action)):
                break
    return out


def reading(found: list[tuple[int, Rufmariasch]], opponents: str, worlds: int) -> dict[str, dict[str, Any]]:
    """Per way of drawing the worlds: the share that put the called card, and each hidden card, with its holder."""
    result: dict[str, dict[str, Any]] = {}
    for way in WAYS:
        called = cards = called_n = cards_n = 0.0
        for i, (seat, e) in enumerate(found):
            players = tuple("strong" if s == seat else opponents for s in range(4)) if way == "told" else ()
            know = inferring(knowledge(e, seat, "strong-no-inference" if way == "plain" else "strong", players),
                             worlds=worlds)
            rng = random.Random(i)
            drawn = [know.sample(rng) for _ in range(worlds)]
            holder = {c: s for s in range(4) if s != seat for c in e.hands[s]}
            if e.called in holder and not e.revealed:
                called_n += 1
                called += sum(e.called in w.hands[holder[e.called]] for w in drawn) / worlds
            for c, s in holder.items():
                cards_n += 1
                cards += sum(c in w.hands[s] for w in drawn) / worlds
        result[way] = {"called": called / max(1, called_n), "called_n": int(called_n),
                       "cards": cards / max(1, cards_n), "cards_n": int(cards_n)}
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--opponents", default="strong-no-inference")
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--iterations", type=int, default=40)
    parser.add_argument("--worlds", type=int, default=60)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    found = positions(args.opponents, args.first, args.hands, args.iterations, args.seed)
    print(f"{len(found)} positions of {args.hands} hands against {args.opponents}")
    for way, r in reading(found, args.opponents, args.worlds).items():
        print(f"{way:9} called card with its holder {r['called']:.3f} (n {r['called_n']}), "
              f"hidden cards with their holder {r['cards']:.4f} (n {r['cards_n']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
