"""Head-to-head comparisons fixed in advance and read only at their looks.

    python -m benchmarks.ai_design NAME FILE [FILE ...]

A design names the comparison (game, levels, seed, search size), the pairs it plays (from `first_pair`, a
fixed count), the looks (after how many of those pairs) and each look's boundary, all written and committed
before its first pair is played. Its pairs may be played in pieces, on any machine, by `benchmarks.ai
--blind`; this command joins the files (a pair counts once), says how many of the design's pairs are played
and which are not, and gives a figure only for a look whose pairs are all there: the advantage, its 95 %
interval and z over exactly those pairs, and whether z crossed the look's boundary. Nothing is told about a
look before that, so a run's interim figures cannot steer the design.

The boundaries are O'Brien and Fleming's for equally spaced looks at an overall two-sided 5 % (Jennison and
Turnbull, *Group Sequential Methods*, table 2.3: C = 2.004 for three looks, the k-th boundary C·√(K/k)); a
design is met at the first look whose z is at or above its boundary, and fails to show a gain if its last look
is below it.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.ai import advantages, mean_ci, player
from benchmarks.ai_merge import merge, rows_of


@dataclass(frozen=True)
class Design:
    game: str
    levels: tuple[str, str]
    seed: int
    first_pair: int
    looks: tuple[int, ...]  # the pairs read at each look, counted from first_pair
    boundaries: tuple[float, ...]  # z at or above which a look is met
    iterations: int | None = None  # the player's own search size
    budget_s: float | None = None  # no deadline: the player is a pure function of the seed
    written: str = ""  # when the design was fixed, before any of its pairs was played
    player: str = ""  # the commit whose player it measures

    @property
    def pairs(self) -> int:
        return self.looks[-1]


DESIGNS = {
    # Stop 62. Sized on stops 57-61 (+0.10 points a pair, sd 8.81): 60,000 pairs give 79 % power at a tenth of
    # a point (78.8 % in a simulation of the three looks, 5.0 % two-sided type I error). Fresh pairs only.
    "schieberamsch-inference-3": Design(
        game="schieberamsch", levels=("strong", "strong-no-inference"), seed=1, first_pair=100_000,
        looks=(20_000, 40_000, 60_000), boundaries=(3.471, 2.454, 2.004),
        written="2026-12-01 05:19 UTC, commit 22ffc67", player="f33a702"),
}
RESULTS = Path(__file__).with_name("results")


def unplayed(design: Design, played: set[int]) -> list[tuple[int, int]]:
    """The design's pairs not yet in `played`, as inclusive ranges."""
    ranges: list[tuple[int, int]] = []
    for d in range(design.first_pair, design.first_pair + design.pairs):
        if d in played:
            continue
        if ranges and ranges[-1][1] == d - 1:
            ranges[-1] = (ranges[-1][0], d)
        else:
            ranges.append((d, d))
    return ranges


def search_size(design: Design) -> int:
    return design.iterations if design.iterations is not None else player(design.game).ITERATIONS


def pairs_of(design: Design, rows: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """The design's pairs among these result rows, each once, by pair number; rows of other comparisons or
    seeds are left out, and a row played at another search size or budget is refused."""
    ours = [row for row in rows if (row["game"], tuple(row["levels"])) == (design.game, design.levels)
            and row.get("seed") == design.seed]
    for row in ours:
        if row.get("budget_s") != design.budget_s or row.get("iterations") != search_size(design):
            raise SystemExit(f"{design.game}: a run at another search size or budget than the design's")
    if not ours:
        return {}
    (joined,) = merge(ours)
    return {p["deal"][1]: p for p in joined["per_pair"]
            if design.first_pair <= p["deal"][1] < design.first_pair + design.pairs}


def kept(name: str) -> Path:
    """Where the repository keeps a design's pairs: a machine's disk does not outlive a session (stop 62's
    7,913 pairs went with its machine), the repository does."""
    return RESULTS / f"{name}.json.gz"


def keep(name: str, rows: list[dict[str, Any]]) -> int:
    """Write the design's pairs among `rows` to its kept file, one row without figures: only each pair's number
    and the two sides' scores, which is all a look reads. Returns how many pairs it holds."""
    design = DESIGNS[name]
    pairs = pairs_of(design, rows)
    row = {"game": design.game, "levels": list(design.levels), "seed": design.seed,
           "iterations": search_size(design), "budget_s": design.budget_s, "pairs": len(pairs),
           "per_pair": [{"deal": d, "strong": pairs[d]["strong"], "easy": pairs[d]["easy"]} for d in sorted(pairs)]}
    text = json.dumps([row], separators=(",", ":")).replace('},{"deal"', '},\n{"deal"')
    path = kept(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(gzip.compress(text.encode(), mtime=0))  # no time stamp: the same pairs, the same bytes
    os.replace(tmp, path)
    return len(pairs)


def read(design: Design, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """What the design may tell of these result rows: its played pairs, what is left, and the complete looks."""
    pairs = pairs_of(design, rows)
    by_pair = advantages({"game": design.game, "per_pair": list(pairs.values())}) if pairs else {}
    by_pair = {deal[1]: adv for deal, adv in by_pair.items()}
    out: dict[str, Any] = {"played": len(by_pair), "pairs": design.pairs,
                           "unplayed": unplayed(design, set(by_pair)), "looks": []}
    for k, (size, bound) in enumerate(zip(design.looks, design.boundaries, strict=True), 1):
        xs = [by_pair.get(d) for d in range(design.first_pair, design.first_pair + size)]
        if any(x is None for x in xs):
            break
        mean, ci = mean_ci(xs)  # type: ignore[arg-type]
        se = (ci[1] - mean) / 1.96
        z = mean / se if se > 0 else math.inf * (1 if mean > 0 else -1)
        out["looks"].append({"look": k, "pairs": size, "advantage": mean, "ci95": ci, "z": z,
                             "boundary": bound, "met": z >= bound})
        if abs(z) >= bound:
            break
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("design", choices=sorted(DESIGNS))
    parser.add_argument("files", nargs="*", type=Path,
                        help="result files of `benchmarks.ai --blind`, joined with the pairs the repository keeps")
    parser.add_argument("--keep", action="store_true",
                        help="write the design's pairs from all these files to benchmarks/results/DESIGN.json.gz, "
                             "without figures, to be committed")
    args = parser.parse_args(argv)
    design = DESIGNS[args.design]
    files = ([kept(args.design)] if kept(args.design).exists() else []) + args.files
    rows = [row for path in files for row in rows_of(path)]
    if args.keep:
        print(f"kept {keep(args.design, rows):,} pairs in {kept(args.design)}")
    r = read(design, rows)
    print(f"{args.design}: {design.game} {' vs '.join(design.levels)}, seed {design.seed}, pairs "
          f"{design.first_pair:,}-{design.first_pair + design.pairs - 1:,}, looks at {design.looks}, "
          f"boundaries z >= {design.boundaries}; fixed {design.written}, player {design.player}")
    print(f"played {r['played']:,} of {r['pairs']:,} pairs")
    for look in r["looks"]:
        lo, hi = look["ci95"]
        verdict = "met" if look["met"] else ("crossed below" if look["z"] <= -look["boundary"] else "not crossed")
        print(f"look {look['look']} ({look['pairs']:,} pairs): {look['advantage']:+.3f} [{lo:+.3f}, {hi:+.3f}], "
              f"z = {look['z']:.2f} against {look['boundary']}: {verdict}")
    decided = r["looks"] and (r["looks"][-1]["met"] or abs(r["looks"][-1]["z"]) >= r["looks"][-1]["boundary"]
                              or r["looks"][-1]["look"] == len(design.looks))
    if not decided:
        k = len(r["looks"])
        end = design.first_pair + design.looks[k]
        missing = [(a, min(b, end - 1)) for a, b in r["unplayed"] if a < end]
        left = sum(b - a + 1 for a, b in missing)
        print(f"look {k + 1} needs {left:,} more pairs; the first unplayed: "
              + ", ".join(f"{a:,}-{b:,}" for a, b in missing[:5]))
        a = missing[0][0]
        print(f"next: python -m benchmarks.ai --games {design.game} --levels {','.join(design.levels)} "
              f"--seed {design.seed} --first-pair {a} --deals {end - a} "
              f"--blind --json FILE")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
