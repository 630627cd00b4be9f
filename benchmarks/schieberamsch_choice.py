"""Fit the choice model by which Schieberamsch's strong player reads a searching player's cards (issue 25,
`bot.ai.schieberamsch_choice`).

    python -m benchmarks.schieberamsch_choice [--deals N] [--seed S] [--jobs J] [--records FILE]

Plays N deals of three `strong-no-inference` players (24 worlds, no deadline: the figures depend on the seed
only) and records every card decision with a choice: the seat's hand, the trick, the cards played before, the
card chosen. `--records FILE` keeps them (JSON lines) and reads them back instead of playing when FILE exists.
Per situation (`situation`) it fits a conditional logit over `FEATURES` by Newton's method (a small ridge
penalty, `RIDGE`), first on the deals whose index is not a multiple of five, reporting the mean log-likelihood
per decision of the held-out fifth against uniform choice and against a model of the rule's card alone
(`rule`, `alike`), then on every deal, and prints the weights to paste into `WEIGHTS`.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import textwrap
from collections.abc import Callable, Iterator, Sequence

from bot.ai import choose
from bot.ai.bitset import of_ids
from bot.ai.schieberamsch_choice import FEATURES, features, probabilities, situation
from bot.games import GAMES
from bot.games.schieberamsch import SORTED_DECK

from .ai import deal_seed

RIDGE = 1.0
LEVEL = "strong-no-inference"
Record = dict
Decision = tuple[list[list[float]], int, int]  # feature rows, the chosen row, the deal


def play(args: tuple[int, int, int]) -> list[Record]:
    """The card decisions with a choice of `count` deals from `first` (three searchers)."""
    seed, first, count = args
    out: list[Record] = []
    for deal in range(first, first + count):
        e = GAMES["schieberamsch"].new(3, seed=deal_seed(seed, "schieberamsch", deal), options={"deals": 3})
        players = (LEVEL,) * 3
        for step in range(300):
            seat = min(e.waiting_for())
            record = None
            if e.view(seat)["phase"] == "play" and len(e.legal_actions(seat)) > 1:
                played = of_ids(k for cards, _, _ in e._tricks for k in cards) | of_ids(e._trick)
                record = {"deal": deal, "seat": seat, "hand": e._masks[seat], "trick": list(e._trick),
                          "seats": [(e._leader + i) % 3 for i in range(len(e._trick))], "mode": e._mode,
                          "solo": e._solo, "played": played}
            action = choose(e, seat, level=LEVEL, seed=deal * 1000 + step, iterations=24, players=players)
            if record is not None:
                record["chosen"] = SORTED_DECK.index(action[5:])
                out.append(record)
            if any(ev.get("type") == "hand_scored" for ev in e.apply(seat, action)):
                break
    return out


def records(seed: int, deals: int, jobs: int,
            player: Callable[[tuple[int, int, int]], list[Record]] = play) -> Iterator[Record]:
    """What `player` records of `deals` deals, played in chunks of 25 by `jobs` processes (`player` must be a
    module-level function: the processes are spawned)."""
    chunk = 25
    tasks = [(seed, first, min(chunk, deals - first)) for first in range(0, deals, chunk)]
    if jobs <= 1:
        for t in tasks:
            yield from player(t)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for part in pool.imap(player, tasks):
            yield from part


def decisions(recs: Sequence[Record]) -> dict[str, list[Decision]]:
    out: dict[str, list[Decision]] = {}
    for r in recs:
        cards, rows = features(r["hand"], tuple(r["trick"]), tuple(r["seats"]), r["mode"], r["seat"], r["solo"],
                               r["played"])
        key = situation(r["mode"], not r["trick"], r["seat"], r["solo"])
        out.setdefault(key, []).append((rows, cards.index(r["chosen"]), r["deal"]))
    return out


def log_likelihood(w: Sequence[float], data: list[Decision]) -> float:
    return sum(math.log(probabilities(w, rows)[y]) for rows, y, _ in data)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting; `a` is small and well conditioned)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for j in range(c, n + 1):
                    m[r][j] -= f * m[c][j]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][j] * x[j] for j in range(r + 1, n))) / m[r][r]
    return x


def fit(data: list[Decision], ridge: float = RIDGE, steps: int = 30) -> list[float]:
    """Maximum penalised likelihood of a conditional logit (Newton's method)."""
    d = len(data[0][0][0])
    w = [0.0] * d
    for _ in range(steps):
        grad = [-ridge * x for x in w]
        info = [[ridge if i == j else 0.0 for j in range(d)] for i in range(d)]  # minus the Hessian
        for rows, y, _ in data:
            p = probabilities(w, rows)
            mean = [sum(p[r] * rows[r][i] for r in range(len(rows))) for i in range(d)]
            for i in range(d):
                grad[i] += rows[y][i] - mean[i]
            for r, row in enumerate(rows):
                pr = p[r]
                if pr < 1e-12:
                    continue
                dev = [row[i] - mean[i] for i in range(d)]
                for i in range(d):
                    if dev[i]:
                        di = pr * dev[i]
                        line = info[i]
                        for j in range(d):
                            line[j] += di * dev[j]
        step = solve(info, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(x) for x in step) < 1e-6:
            break
    return w


def kept_records(path: str | None, play_them: Callable[[], list[Record]]) -> list[Record]:
    """The records in `path` (JSON lines) if it exists; else `play_them()`, kept in `path` when one is given."""
    if path and os.path.exists(path):
        with open(path) as f:
            return [json.loads(line) for line in f]
    recs = play_them()
    if path:
        with open(path, "w") as f:
            f.writelines(json.dumps(r) + "\n" for r in recs)
    return recs


def print_weights(name: str, weights: dict[str, tuple[float, ...]]) -> None:
    """`weights` as the literal the module's `name` takes, to paste there."""
    print(f"{name}: dict[str, tuple[float, ...]] = {{")
    for key, w in weights.items():
        print(f'    "{key}": (')
        print("\n".join(textwrap.wrap(", ".join(map(repr, w)) + ",", 104, initial_indent=" " * 8,
                                       subsequent_indent=" " * 8)))
        print("    ),")
    print("}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--records", help="JSON lines of the decisions: read if it exists, else written")
    args = parser.parse_args(argv)
    recs = kept_records(args.records, lambda: list(records(args.seed, args.deals, args.jobs)))
    groups = decisions(recs)
    print(f"{len(recs)} card decisions with a choice, {len({r['deal'] for r in recs})} deals")
    print("situation | train / held out | held-out log-likelihood per decision: uniform, rule's card, model")
    weights = {}
    for key in sorted(groups):
        data = groups[key]
        train = [x for x in data if x[2] % 5] or data
        held = [x for x in data if not x[2] % 5]
        w = fit(train)
        rule = fit([([row[:2] for row in rows], y, deal) for rows, y, deal in train])
        uniform = -sum(math.log(len(rows)) for rows, _, _ in held)
        rule_ll = log_likelihood(rule, [([row[:2] for row in rows], y, deal) for rows, y, deal in held])
        n = max(1, len(held))
        print(f"{key} | {len(train)} / {len(held)} | {uniform / n:.4f}, {rule_ll / n:.4f}, "
              f"{log_likelihood(w, held) / n:.4f}")
        weights[key] = tuple(round(x, 3) for x in fit(data))
    print_weights("WEIGHTS", weights)
    print("features:", ", ".join(FEATURES))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
