"""benchmarks.rufmariasch_screen: a tiny run, and the harness is fair: played by the rules of thumb like the three
others, the screened seat's money over every seat of every deal is zero (a deal's stakes sum to zero)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_rules_of_thumb_against_themselves_win_nothing_and_own_is_paired_with_itself():
    run = subprocess.run([sys.executable, "-m", "benchmarks.rufmariasch_screen", "--deals", "40", "--variants",
                          "own,thumb,peek_follow"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    rows = {line.split()[0]: line for line in run.stdout.splitlines()[1:] if line.strip()}
    assert set(rows) == {"own", "thumb", "peek_follow"}
    assert re.search(r"all\s+[+-]0\.00 ", rows["thumb"]), rows["thumb"]
    assert "all" in rows["own"] and "(+0.00 [+0.00, +0.00])" in rows["own"]  # paired with itself


def test_the_call_screen_pairs_every_call_with_the_rule_and_the_best_call_is_never_worse():
    run = subprocess.run([sys.executable, "-m", "benchmarks.rufmariasch_screen", "--calls", "--deals", "30"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    rows = [re.fullmatch(r"(.+?)\s+(\d) trumps\s+(\d+)\s+([+-]\d+\.\d+) \[.*\]", line)
            for line in run.stdout.splitlines()[1:]]
    assert all(rows)
    kinds = {m[1] for m in rows}
    assert {"rule", "alone", "best of the deal", "side ace"} <= kinds
    rule = [m for m in rows if m[1] == "rule"]
    best = [m for m in rows if m[1] == "best of the deal"]
    assert all(m[4] == "+0.00" for m in rule)  # the rule's call paired with itself
    assert all(float(m[4]) >= 0 for m in best)  # the best call of a deal includes the rule's
    # every deal is counted once in a group of the rule's call and once for the best call
    assert sum(int(m[3]) for m in rule) == sum(int(m[3]) for m in best) == 30
