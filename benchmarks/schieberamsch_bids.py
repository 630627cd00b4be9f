"""Fit the models by which Schieberamsch's strong player reads a searching player's bids (issue 25,
`bot.ai.schieberamsch_bids`).

    python -m benchmarks.schieberamsch_bids [--deals N] [--seed S] [--jobs J] [--records FILE]

Plays N deals of three `strong-no-inference` players (24 worlds, no deadline: the figures depend on the seed
only) and records every bid with a choice (Grand Hand or pass, take or push, Rekontra or pass: the ten cards
held when asked, the place in the asking order, the answer) and every discard (the twelve cards, the pair put
down). `--records FILE` keeps them (JSON lines) and reads them back instead of playing when FILE exists. Per
bid it fits a logistic model over `BID_FEATURES` (`benchmarks.schieberamsch_choice.fit`, a choice between no
and yes), first on the deals whose index is not a multiple of five, reporting the mean log-likelihood per bid of
the held-out fifth against the asking order alone and against the rule of thumb's classes of hands as the
reading before used them; then on every deal, and prints the weights to paste into `BID_WEIGHTS`, with the
discards' ranks for `DISCARD_RANKS`.
"""

from __future__ import annotations

import argparse
import os
from collections import Counter
from collections.abc import Sequence

from bot.ai import choose
from bot.ai.schieberamsch_bids import BID_FEATURES, DISCARD_RANKS, bid_features, discard_rank
from bot.ai.schieberamsch_infer import solo_class
from bot.ai.schieberamsch_thumb import take_ok
from bot.games import GAMES
from bot.games.schieberamsch import mask_of

from .ai import deal_seed
from .schieberamsch_choice import Decision, fit, kept_records, log_likelihood, print_weights, records

LEVEL = "strong-no-inference"
Record = dict
KINDS = {"grand": "grand", "schieben": "take", "rekontra": "rekontra"}  # phase: the bid's yes


def play(args: tuple[int, int, int]) -> list[Record]:
    """The bids and discards of `count` deals from `first` (three searchers)."""
    seed, first, count = args
    out: list[Record] = []
    for deal in range(first, first + count):
        e = GAMES["schieberamsch"].new(3, seed=deal_seed(seed, "schieberamsch", deal), options={"deals": 3})
        for step in range(300):
            seat = min(e.waiting_for())
            phase = e.view(seat)["phase"]
            hand = e._masks[seat]
            action = choose(e, seat, level=LEVEL, seed=deal * 1000 + step, iterations=24, players=(LEVEL,) * 3)
            if phase in KINDS:
                out.append({"deal": deal, "kind": KINDS[phase], "hand": hand, "position": (seat - e._fh) % 3,
                            "yes": action == KINDS[phase]})
            elif phase == "discard":
                out.append({"deal": deal, "kind": "discard", "hand": hand,
                            "put": mask_of(action.split()[1:]),
                            "jacks": e.options["jacks_in_skat"]})
            if any(ev.get("type") == "hand_scored" for ev in e.apply(seat, action)):
                break
    return out


def as_decision(features: Sequence[float], yes: bool, deal: int) -> Decision:
    """A yes-or-no bid as a choice between a row of zeros (no) and its features (yes): a logistic model."""
    return [[0.0] * len(features), [float(x) for x in features]], int(yes), deal


def before(r: Record) -> list[float]:
    """The reading before: the asking order and the rule of thumb's classes of the hand."""
    pos = r["position"]
    c = solo_class(r["hand"]) if r["kind"] != "take" else 1 + take_ok(r["hand"])
    return [1.0, float(pos == 1), float(pos == 2), float(c == 1), float(c == 2)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--records", help="JSON lines of the bids: read if it exists, else written")
    args = parser.parse_args(argv)
    recs = kept_records(args.records, lambda: list(records(args.seed, args.deals, args.jobs, play)))
    print(f"{len(recs)} bids and discards, {len({r['deal'] for r in recs})} deals")
    print("bid | yes / asked | train / held out | held-out log-likelihood per bid: order alone, classes, model")
    weights = {}
    for kind in ("grand", "rekontra", "take"):
        mine = [r for r in recs if r["kind"] == kind]
        if not mine:
            continue
        ways = {
            "order": [as_decision(before(r)[:3], r["yes"], r["deal"]) for r in mine],
            "classes": [as_decision(before(r), r["yes"], r["deal"]) for r in mine],
            "model": [as_decision(bid_features(r["hand"], r["position"]), r["yes"], r["deal"]) for r in mine],
        }
        figures = []
        for data in ways.values():
            train = [x for x in data if x[2] % 5] or data
            held = [x for x in data if not x[2] % 5]
            figures.append(f"{log_likelihood(fit(train), held) / max(1, len(held)):.4f}")
        held_n = sum(1 for r in mine if not r["deal"] % 5)
        print(f"{kind} | {sum(r['yes'] for r in mine)} / {len(mine)} | {len(mine) - held_n} / {held_n} | "
              + ", ".join(figures))
        weights[kind] = tuple(round(x, 3) for x in fit(ways["model"]))
    ranks = Counter(discard_rank(r["hand"], r["put"], r["jacks"]) for r in recs if r["kind"] == "discard")
    top = max(1, ranks[0])
    print(f"discards by the rank of their pair (-1: none of the first {len(DISCARD_RANKS)}): "
          + ", ".join(f"{k}: {ranks[k]}" for k in sorted(ranks)))
    print_weights("BID_WEIGHTS", weights)
    print("DISCARD_RANKS = (" + ", ".join(f"{ranks[k] / top:.2f}" for k in range(len(DISCARD_RANKS))) + ")")
    print("features:", ", ".join(BID_FEATURES))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
