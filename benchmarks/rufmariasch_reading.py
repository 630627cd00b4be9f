"""How well Rufmariasch's strong player reads the others' hands (issue 25): the share of its worlds that put each
hidden card with its true holder, with and without inference, and told or not who plays each seat.

    python -m benchmarks.rufmariasch_reading [--opponents strong-no-inference] [--hands N] [--first H]
                                             [--iterations N] [--worlds N] [--seed S] [--noise P]

Plays N hands with one strong seat (each seat in turn) among three players of `--opponents`, the searchers at
a fixed size without a deadline (the figures depend on the seed only), and keeps every position in which the
strong seat has a choice of card. At each it draws `--worlds` worlds as a card decision does
(`rufmariasch_infer.inferring` with its pool) three ways: plain (`strong-no-inference`), with inference but
not told who plays (every seat read as a rule-of-thumb player, as before stop 41), and told (as a table
tells it). It prints, for each, the share of the worlds that put the called card with its true holder (while
it is hidden) and each hidden card with its true holder, averaged over cards.

`--noise P` (with `--opponents easy`): a stand-in for people, whom the strong player reads as rule-of-thumb
players: each opponent plays a random legal card instead of the rule's with probability P, and the table
shows them as people. Stop 42: against P = 0.3 and 0.6 reading still puts more cards with their holders than
plain worlds (docs/computer-players.md)."""

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


def positions(opponents: str, first: int, hands: int, iterations: int, seed: int, noise: float = 0.0
              ) -> list[tuple[int, Rufmariasch]]:
    """(strong seat, engine) wherever the strong seat is to play a card and has a choice; with `noise`, the
    (easy) opponents play a random legal card with that probability."""
    if noise and opponents != "easy":
        raise ValueError("--noise needs --opponents easy: it stands for people who mostly play the rules of thumb")
    if not 0 <= noise <= 1:
        raise ValueError(f"--noise is a probability, not {noise}")
    out: list[tuple[int, Rufmariasch]] = []
    for hand in range(first, first + hands):
        whim = random.Random(seed * 1_000_003 + hand)
        e = GAMES["rufmariasch"].new(4, seed=deal_seed(seed, "rufmariasch", hand), options={"deals": 4})
        assert isinstance(e, Rufmariasch)
        me = hand % 4
        players = tuple("strong" if s == me else opponents for s in range(4))
        shown = tuple(None if noise and s != me else level for s, level in enumerate(players))  # people
        for step in range(200):
            seat = min(e.waiting_for())
            level = players[seat]
            if seat == me and e.called is not None and len(e.legal_actions(seat)) > 1:
                out.append((seat, e.clone()))
            if level == "easy":
                action = choose(e, seat, level="easy", seed=hand * 1000 + step)
                if noise and action.startswith("play ") and whim.random() < noise:
                    action = whim.choice([a for a in e.legal_actions(seat) if a.startswith("play ")])
            else:
                action = choose(e, seat, level=level, seed=hand * 1000 + step, iterations=iterations,
                                players=shown)
            if any(ev.get("type") == "hand_scored" for ev in e.apply(seat, action)):
                break
    return out


def reading(found: list[tuple[int, Rufmariasch]], opponents: str | None, worlds: int) -> dict[str, dict[str, Any]]:
    """Per way of drawing the worlds: the share that put the called card, and each hidden card, with its holder
    (`opponents` None: told they are people)."""
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
    parser.add_argument("--noise", type=float, default=0.0)
    args = parser.parse_args(argv)
    found = positions(args.opponents, args.first, args.hands, args.iterations, args.seed, args.noise)
    against = f"easy with noise {args.noise} (shown as people)" if args.noise else args.opponents
    print(f"{len(found)} positions of {args.hands} hands against {against}")
    for way, r in reading(found, None if args.noise else args.opponents, args.worlds).items():
        print(f"{way:9} called card with its holder {r['called']:.3f} (n {r['called_n']}), "
              f"hidden cards with their holder {r['cards']:.4f} (n {r['cards_n']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
