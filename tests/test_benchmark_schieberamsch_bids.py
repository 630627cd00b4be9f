"""benchmarks.schieberamsch_bids: the bids it records are those the bot's model reads (the ten cards held when
asked, the place in the asking order), and the command fits every bid it saw and prints weights in the form
`BID_WEIGHTS` takes."""

from __future__ import annotations

from benchmarks import schieberamsch_bids as tool
from bot.ai.schieberamsch_bids import BID_FEATURES


def test_each_bid_is_recorded_with_the_ten_cards_and_the_place_it_was_asked_in():
    recs = tool.play((3, 0, 4))
    bids = [r for r in recs if r["kind"] != "discard"]
    assert bids and all(r["hand"].bit_count() == 10 and r["position"] in (0, 1, 2) for r in bids)
    for deal in {r["deal"] for r in recs}:
        grand = [r for r in bids if r["deal"] == deal and r["kind"] == "grand"]
        assert [r["position"] for r in grand] == list(range(len(grand)))  # forehand first, in turn
        assert all(not r["yes"] for r in grand[:-1])  # the first Grand Hand ends the asking
    discards = [r for r in recs if r["kind"] == "discard"]
    assert all(r["hand"].bit_count() == 12 and r["put"].bit_count() == 2 and r["put"] & r["hand"] == r["put"]
               for r in discards)


def test_the_command_records_fits_and_prints_weights(tmp_path, capsys):
    records = tmp_path / "bids.jsonl"
    assert tool.main(["--deals", "3", "--jobs", "1", "--records", str(records)]) == 0
    first = capsys.readouterr().out
    assert records.exists() and "bids and discards, 3 deals" in first
    assert "BID_WEIGHTS: dict[str, tuple[float, ...]] = {" in first and '"grand": (' in first
    assert "DISCARD_RANKS = (" in first and ", ".join(BID_FEATURES) in first
    assert tool.main(["--records", str(records)]) == 0  # read back, not played again: the same fit
    assert capsys.readouterr().out == first
