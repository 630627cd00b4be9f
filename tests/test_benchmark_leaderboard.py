"""`python -m benchmarks.leaderboard` stays runnable (the README's command): a tiny history, one run each."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_leaderboard_benchmark_runs(tmp_path):
    run = subprocess.run([sys.executable, "-m", "benchmarks.leaderboard", "--matches", "60", "--players", "12",
                          "--runs", "1"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "all time, page 1" in run.stdout and "target: median" in run.stdout, run.stdout[-1000:]
