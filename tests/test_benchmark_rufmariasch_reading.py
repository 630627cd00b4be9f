"""benchmarks.rufmariasch_reading: the three ways of drawing worlds, and what telling changes."""

from __future__ import annotations

import pytest

from benchmarks import rufmariasch_reading as reading


def test_telling_changes_nothing_against_easy_players_and_something_against_searchers():
    easy = reading.positions("easy", 0, 4, 2, 11)
    assert easy and all(e.called is not None for _, e in easy)
    r = reading.reading(easy, "easy", 10)
    assert r["told"] == r["not told"]               # an easy seat is read as before
    assert r["plain"]["cards_n"] == r["told"]["cards_n"] > 0
    assert all(0 <= r[w]["cards"] <= 1 and 0 <= r[w]["called"] <= 1 for w in reading.WAYS)
    searching = reading.positions("strong-no-inference", 0, 4, 2, 11)
    r = reading.reading(searching, "strong-no-inference", 10)
    assert r["told"] != r["not told"]               # a searcher's cards are not read


def test_the_command_prints_each_way(capsys):
    assert reading.main(["--opponents", "easy", "--hands", "2", "--iterations", "2", "--worlds", "5"]) == 0
    out = capsys.readouterr().out
    assert "positions of 2 hands against easy" in out
    assert all(f"{w:9} called card" in out for w in reading.WAYS)


def test_noisy_opponents_stand_for_people():
    exact = reading.positions("easy", 0, 2, 2, 11)
    noisy = reading.positions("easy", 0, 2, 2, 11, noise=1.0)
    assert noisy and [str(e.view(None)["tricks"]) for _, e in noisy] != [str(e.view(None)["tricks"]) for _, e in exact]
    r = reading.reading(noisy, None, 5)
    assert r["told"] == r["not told"]               # people are read as rule-of-thumb players
    with pytest.raises(ValueError, match="--opponents easy"):
        reading.positions("strong", 0, 1, 2, 11, noise=0.5)


def test_noise_is_a_probability():
    with pytest.raises(ValueError, match="probability"):
        reading.positions("easy", 0, 1, 2, 11, noise=1.5)
