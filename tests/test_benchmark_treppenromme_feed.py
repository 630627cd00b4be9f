from __future__ import annotations

import pytest

from benchmarks import treppenromme_feed as feed


def test_the_predictions_are_shares_of_worlds_and_the_truth_is_the_real_hand() -> None:
    rows = feed.candidates(deals=3, worlds=5, seed=1)
    assert len(rows) > 20
    assert all(p * 5 == round(p * 5) and u * 5 == round(u * 5) for p, u, _ in rows)
    r = feed.report(rows)
    assert r["candidates"] == len(rows) == sum(b[2] for b in r["bins"])  # type: ignore[attr-defined]
    rate = r["rate"]
    truth = [y for *_, y in rows]
    assert r["brier_constant"] == pytest.approx(feed.brier([rate] * len(rows), truth))  # type: ignore[list-item]
    assert feed.candidates(deals=3, worlds=5, seed=1) == rows  # a function of the seed


def test_the_command_prints_the_calibration(capsys: pytest.CaptureFixture[str]) -> None:
    assert feed.main(["--deals", "2", "--worlds", "4"]) == 0
    out = capsys.readouterr().out
    assert "candidates" in out and "Brier" in out and "ratio" in out
