"""benchmarks.schieberamsch_choice: the conditional logit fit recovers known weights, and the command fits every
situation it saw and prints weights in the form `WEIGHTS` takes."""

from __future__ import annotations

import math
import random

import pytest

from benchmarks import schieberamsch_choice as tool


def test_the_fit_recovers_the_weights_choices_were_drawn_with():
    rng = random.Random(5)
    truth = [1.5, -0.8]
    data = []
    for deal in range(3000):
        rows = [[float(rng.random() < 0.5), rng.random()] for _ in range(rng.randint(2, 5))]
        p = tool.probabilities(truth, rows)
        data.append((rows, rng.choices(range(len(rows)), weights=p)[0], deal))
    w = tool.fit(data, ridge=0.0)
    assert w == pytest.approx(truth, abs=0.2)
    assert tool.log_likelihood(w, data) >= tool.log_likelihood(truth, data)  # the maximum, not near it
    assert tool.log_likelihood([0.0, 0.0], data) == pytest.approx(-sum(math.log(len(r)) for r, _, _ in data))


def test_solve():
    assert tool.solve([[2.0, 1.0], [1.0, 3.0]], [3.0, 5.0]) == pytest.approx([0.8, 1.4])


def test_the_command_records_fits_and_prints_weights(tmp_path, capsys):
    records = tmp_path / "records.jsonl"
    assert tool.main(["--deals", "3", "--jobs", "1", "--records", str(records)]) == 0
    first = capsys.readouterr().out
    assert records.exists() and "card decisions with a choice, 3 deals" in first
    assert "WEIGHTS: dict[str, tuple[float, ...]] = {" in first and '"ramsch/follow": (' in first
    assert tool.main(["--records", str(records)]) == 0  # read back, not played again: the same fit
    assert capsys.readouterr().out == first
