"""How well the strong Treppenrommé player's worlds foresee a discard that feeds the other player (issue 25).

    python -m benchmarks.treppenromme_feed [--deals N] [--worlds N] [--seed S] [--told]

Two easy players play the first hand of each deal; at seat 0's discards (from its second turn on) every card
of its hand that fits no meld is a candidate, and it **feeds** the other player when it makes a combination
with two cards of his hand (then he takes it from the staircase: `bot.ai.treppenromme.useful`). For each
candidate the share of `--worlds` worlds in which it feeds is the prediction, from the worlds strong searches
(inferred: `treppenromme_infer`, one pool of `--worlds` worlds; `--told`: seat 0 is told that seat 1 is an easy
computer, as a table shows it) and from uniform ones (`Engine.sample`). Printed: how often the worlds put the
other's hidden hand cards in his hand, the true rate and the mean predictions, Brier scores (a constant at the
true rate scores its variance), and a calibration table, true rate against the inferred worlds' prediction in
bins, whose ratio is what `FEED_SCALE` corrects.

Stop 39 (seed 1, 300 deals, 50 worlds): 12,754 candidates, 8.7 % feed; the inferred worlds say 5.9 %, uniform
ones 3.9 %; where the inferred worlds give a card 2 to 40 %, the true rate is 1.3 to 1.9 times their prediction,
and 0.8 % of the cards that feed in none of them do. Brier: constant 0.0791, uniform worlds 0.0777, inferred
0.0722. A one-off fit on the same candidates (scikit-learn, not a dependency; five-fold by deal): a logistic
recalibration of the inferred prediction 0.0711, a logistic regression over 18 public features (what he threw,
left lying and holds from the staircase near each candidate, its unseen partners, his hand size and turns) 0.0700,
gradient boosting over them 0.0733. Stop 40: seven of those features fit 0.0697, and playing on that model gained
nothing over `FEED_SCALE` (docs/computer-players.md). The other player's play says little about which card feeds
him, and that is the hand oracle's whole edge (`python -m benchmarks.treppenromme_sight`); the rate is what
`FEED_SCALE` corrects. Stop 43 (the worlds from one pool, the same candidates): the inferred worlds say 6.6 %
(7.4 % `--told`), Brier 0.0708 (0.0710), and put the other's hidden hand cards in his hand 18.7 % of the time
(20.6 %) against 13.0 % for uniform worlds. Stop 44 (`--told`: heads-up the easy computer's whole hand read by
`treppenromme_history`'s chains): 28.9 %, the worlds say 8.8 % feed (the true rate 8.7 %), Brier 0.0687.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys

from bot.ai import choose, knowledge
from bot.ai import treppenromme as ai
from bot.ai.treppenromme_infer import combines, inferring
from bot.games.treppenromme import Treppenromme

BINS = (0.0, 0.02, 0.05, 0.1, 0.2, 0.4, 1.01)


def candidates(deals: int, worlds: int, seed: int, told: bool = False,
               held: list[tuple[float, float]] | None = None) -> list[tuple[float, float, bool]]:
    """(inferred prediction, uniform prediction, feeds) for every candidate of every position; `told`: seat 0
    knows that seat 1 is an easy computer, as a table shows it. `held` gets, per position, the share of the
    other's hidden hand cards that the inferred and the uniform worlds put in his hand."""
    players = ("strong", "easy") if told else ()
    out = []
    for deal in range(deals):
        e = Treppenromme.new(2, seed=seed * 50_000 + deal)
        assert isinstance(e, Treppenromme)
        hand_no, step = e.hand_no, 0
        while not e.over and e.hand_no == hand_no:
            seat = e.current
            if seat == 0 and e.legal_actions(0)[0] != "draw" and e.turn_no >= 2:
                know = knowledge(e, 0, "strong", players=players)
                inferred = inferring(know, tries=ai.INFERENCE_TRIES, floor=ai.INFERENCE_FLOOR, worlds=worlds)
                rng = random.Random(deal * 1_000 + step)
                hands_i = [inferred.sample(rng).hands[1] for _ in range(worlds)]
                hands_u = [know.sample(rng).hands[1] for _ in range(worlds)]
                hidden = [c for c in e.hands[1] if c not in e.known[1]]
                if held is not None and hidden:
                    held.append(tuple(sum(c in h for h in hands for c in hidden) / (len(hidden) * worlds)
                                      for hands in (hands_i, hands_u)))  # type: ignore[arg-type]
                fits = ai.world_fits(e)
                for card in e.hands[0]:
                    if card in fits:
                        continue
                    out.append((sum(combines(card, h) for h in hands_i) / worlds,
                                sum(combines(card, h) for h in hands_u) / worlds, combines(card, e.hands[1])))
            e.apply(seat, choose(e, seat, level="easy", seed=step))
            step += 1
    return out


def brier(ps: list[float], ys: list[bool]) -> float:
    return statistics.fmean((p - y) ** 2 for p, y in zip(ps, ys, strict=True))


def report(rows: list[tuple[float, float, bool]]) -> dict[str, object]:
    ys = [y for _, _, y in rows]
    rate = statistics.fmean(ys)
    inferred, uniform = [p for p, _, _ in rows], [u for _, u, _ in rows]
    bins = []
    for lo, hi in zip(BINS, BINS[1:], strict=False):
        inside = [(p, y) for p, _, y in rows if lo <= p < hi]
        if inside:
            bins.append((lo, hi, len(inside), statistics.fmean(p for p, _ in inside),
                         statistics.fmean(y for _, y in inside)))
    return {"candidates": len(rows), "rate": rate, "inferred": statistics.fmean(inferred),
            "uniform": statistics.fmean(uniform), "brier_constant": rate * (1 - rate),
            "brier_uniform": brier(uniform, ys), "brier_inferred": brier(inferred, ys), "bins": bins}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--worlds", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--told", action="store_true",
                        help="seat 0 is told that seat 1 is an easy computer (as a table shows it)")
    args = parser.parse_args(argv)
    held: list[tuple[float, float]] = []
    r = report(candidates(args.deals, args.worlds, args.seed, args.told, held))
    if held:
        print(f"{len(held)} positions: the worlds put his hidden hand cards in his hand "
              f"{statistics.fmean(i for i, _ in held):.1%} of the time (inferred), "
              f"{statistics.fmean(u for _, u in held):.1%} (uniform)")
    print(f"{r['candidates']} candidates: {r['rate']:.1%} feed; inferred worlds say {r['inferred']:.1%}, "
          f"uniform {r['uniform']:.1%}")
    print(f"Brier: constant {r['brier_constant']:.4f}, uniform {r['brier_uniform']:.4f}, "
          f"inferred {r['brier_inferred']:.4f}")
    print("inferred prediction   candidates   mean predicted   true rate   ratio")
    for lo, hi, n, p, y in r["bins"]:  # type: ignore[attr-defined]
        ratio = f"{y / p:.2f}" if p else "-"
        print(f"  [{lo:.2f}, {hi:.2f})  {n:12d}   {p:14.3f}   {y:9.3f}   {ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
