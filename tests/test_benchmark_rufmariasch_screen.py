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
