"""Join `benchmarks.ai` result files of the same comparisons: runs that went on where others stopped
(`--first-pair`), or ran on different machines.

    python -m benchmarks.ai_merge FILE [FILE ...]

Pairs are joined per game and levels; a deal is its seed and pair number, so a pair played in two files
counts once and runs of other seeds add other deals. Each comparison's advantage is given again with its 95 %
interval over all its pairs; for a game with an `oracle` comparison against the same level B the share of the
oracle's edge over the deals both played; and for two other levels against the same B (strong and
strong-no-inference against easy) their difference, deal by deal. Decision times are not joined (a percentile
of percentiles means nothing): each file's own table has them.
"""

from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path
from typing import Any

from benchmarks.ai import SPECS, advantages, mean_ci, oracle_share, print_shares


def rows_of(path: Path) -> list[dict[str, Any]]:
    """The runs of a result file that carry their pairs (an `ai_suite` summary, suite.json, carries none); a
    file ending in .gz is read through gzip (a design's pairs kept in the repository, benchmarks/results/)."""
    data = json.loads(gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_text())
    return [row for row in (data["runs"] if isinstance(data, dict) else data) if "per_pair" in row]


def merge(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per game and levels, with the pairs of every row that played them; a pair's `deal` becomes
    (seed, pair number)."""
    joined: dict[tuple[str, str, str], dict[tuple[int, int], dict[str, Any]]] = {}
    settings: dict[tuple[str, str, str], tuple[Any, Any]] = {}
    for row in rows:
        name = f"{row['game']} {','.join(row['levels'])}"
        if "seed" not in row:
            raise SystemExit(f"{name}: a file written before the seed was recorded; add \"seed\": N to its runs")
        key = (row["game"], *row["levels"])
        setting = (row.get("iterations"), row.get("budget_s"))
        if settings.setdefault(key, setting) != setting:  # pairs played at two search sizes are not one figure
            raise SystemExit(f"{name}: runs at different search sizes or budgets (iterations, budget_s): "
                             f"{settings[key]} and {setting}")
        pairs = joined.setdefault(key, {})
        for p in row["per_pair"]:
            pairs.setdefault((row["seed"], p["deal"]), p | {"deal": (row["seed"], p["deal"])})
    merged = []
    for (game, a, b), pairs in joined.items():
        row = {"game": game, "levels": [a, b], "pairs": len(pairs), "unit": SPECS[game][3],
               "per_pair": [pairs[d] for d in sorted(pairs)]}
        adv = list(advantages(row).values())
        row["advantage"], row["ci95"] = mean_ci(adv)
        merged.append(row | {"won": sum(x > 0 for x in adv) / len(adv), "tied": sum(x == 0 for x in adv) / len(adv)})
    return merged


def paired(merged: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """For two levels A and A' each played against the same B on the same deals (strong and strong-no-inference
    against easy, say): A's advantage minus A''s, deal by deal, with its 95 % interval (the deals' luck and B's
    play cancel, so an ingredient is measured against the opponent it was made for). The table's level `strong`
    comes first: its gain over the level without an ingredient."""
    out = []
    for i, first in enumerate(merged):
        for second in merged[i + 1:]:
            if (first["game"] != second["game"] or first["levels"][1] != second["levels"][1]
                    or "oracle" in (first["levels"][0], second["levels"][0])):
                continue
            r, q = (second, first) if second["levels"][0] == "strong" else (first, second)
            a, b = advantages(r), advantages(q)
            diffs = [a[d] - b[d] for d in sorted(a.keys() & b.keys())]
            if len(diffs) < 2:
                continue
            mean, ci = mean_ci(diffs)
            out.append({"game": r["game"], "levels": [r["levels"][0], q["levels"][0]], "against": r["levels"][1],
                        "pairs": len(diffs), "difference": mean, "ci95": ci})
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--seed", type=int, default=1, help="seed of the share's bootstrap")
    args = parser.parse_args(argv)
    merged = merge([row for path in args.files for row in rows_of(path)])
    print(f"{'game':14s} {'levels':>28s} {'pairs':>6s}   advantage of A [95% CI]    won   tied  unit")
    for r in merged:
        lo, hi = r["ci95"]
        print(f"{r['game']:14s} {' vs '.join(r['levels']):>28s} {r['pairs']:6d} {r['advantage']:+10.2f} "
              f"[{lo:+7.2f}, {hi:+7.2f}] {100 * r['won']:5.1f}% {100 * r['tied']:5.1f}%  {r['unit']}")
    shares = [oracle_share(r, o, args.seed) for o in merged if o["levels"][0] == "oracle" for r in merged
              if r["game"] == o["game"] and r["levels"][1] == o["levels"][1] and r["levels"][0] != "oracle"]
    if shares:
        print()
        print_shares(shares)
    differences = paired(merged)
    if differences:
        print(f"\n{'game':14s} {'pairs':>6s}   A minus A' against the same B, paired [95% CI]")
        for d in differences:
            lo, hi = d["ci95"]
            print(f"{d['game']:14s} {d['pairs']:6d} {d['difference']:+10.2f} [{lo:+7.2f}, {hi:+7.2f}]  "
                  f"({d['levels'][0]} minus {d['levels'][1]}, both against {d['against']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
