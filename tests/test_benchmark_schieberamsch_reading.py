"""benchmarks.schieberamsch_reading: the ways of drawing a card decision's worlds, scored on the true hands."""

from __future__ import annotations

from benchmarks import schieberamsch_reading as reading


def test_every_way_scores_each_card_of_the_other_hands():
    found = reading.positions("easy", 0, 2, 2, 11)
    assert found and all(e.view(s)["phase"] == "play" for s, e in found)
    r = reading.reading(found, "easy", 6)
    assert set(r) == set(reading.WAYS) and all(0 < x < 1 for x in r.values())
    assert r["plain"] != r["inferred"] != r["fresh"] != r["not told"] != r["inferred"]  # different worlds


def test_the_command_prints_each_way(capsys):
    assert reading.main(["--deals", "1", "--iterations", "2", "--worlds", "4"]) == 0
    out = capsys.readouterr().out
    assert "card decisions of 1 deals against easy" in out
    assert all(f"{w:9} cards of the other hands" in out for w in reading.WAYS)
