"""Several `benchmarks.ai` comparisons at once on a many-core machine, each with its share of the cores.

    python -m benchmarks.ai_suite --out DIR [--wall-s S] [--budget-s X] [--seed N] RUN [RUN ...]

A RUN is `game:A,B:jobs:deals[:first pair]`, e.g. `rufmariasch:strong,easy:3:1000` (a first pair goes on where
an earlier run stopped, see `--first-pair`; `python -m benchmarks.ai_merge` joins the two). Every run is its own
`python -m benchmarks.ai` process with `--jobs jobs` (single-threaded workers: one core each), all started
together and stopped after `--wall-s` seconds (`--max-wall-s`: each reports the pairs it finished), so a
machine lent for a few minutes comes back with every figure. Giving each run cores in proportion to its cost
lets them all reach their size in about the same time. Each run writes DIR/game.A.B.json; at the end the
table of every run is printed, and for a game played both as `X,B` and `oracle,B` the share of the oracle's
edge that X reaches (over the deals both finished).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from benchmarks.ai import SPECS, oracle_share, print_shares, print_table


def parse_run(text: str) -> tuple[str, str, int, int, int]:
    game, levels, jobs, deals, *first = text.split(":")
    if game not in SPECS or len(levels.split(",")) != 2 or len(first) > 1:
        raise argparse.ArgumentTypeError(f"{text!r}: game:A,B:jobs:deals[:first pair] with a game of "
                                         f"{', '.join(SPECS)}")
    return game, levels, int(jobs), int(deals), int(first[0]) if first else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("runs", nargs="+", type=parse_run, metavar="RUN")
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--wall-s", type=float, default=540.0)
    parser.add_argument("--budget-s", type=float, default=0.5)
    parser.add_argument("--iterations", type=int)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    procs = []
    for game, levels, jobs, deals, first in args.runs:
        path = args.out / f"{game}.{levels.replace(',', '.')}{f'.from{first}' if first else ''}.json"
        cmd = [sys.executable, "-m", "benchmarks.ai", "--games", game, "--levels", levels, "--jobs", str(jobs),
               "--deals", str(deals), "--first-pair", str(first), "--seed", str(args.seed),
               "--max-wall-s", str(args.wall_s), "--json", str(path)]
        cmd += ["--budget-s", str(args.budget_s)] if args.budget_s > 0 else []
        cmd += ["--iterations", str(args.iterations)] if args.iterations else []
        log = (args.out / f"{path.stem}.log").open("w")
        procs.append((path, subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)))
    rows: list[dict[str, Any]] = []
    for path, proc in procs:
        proc.wait()
        if proc.returncode == 0 and path.exists():
            rows.extend(json.loads(path.read_text()))
        else:
            print(f"{path.stem}: exit {proc.returncode}, see {path.stem}.log", file=sys.stderr)
    print_table(rows)
    shares = []
    for oracle in (r for r in rows if r["levels"][0] == "oracle"):
        shares += [oracle_share(r, oracle, args.seed) for r in rows if r["game"] == oracle["game"]
                   and r["levels"][1] == oracle["levels"][1] and r["levels"][0] != "oracle"]
    if shares:
        print()
        print_shares(shares)
    (args.out / "suite.json").write_text(json.dumps({"runs": [{k: v for k, v in r.items() if k != "per_pair"}
                                                              for r in rows], "oracle_shares": shares}, indent=1))
    return 0 if len(rows) == len(procs) else 1


if __name__ == "__main__":
    sys.exit(main())
