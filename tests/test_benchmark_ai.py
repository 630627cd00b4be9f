"""benchmarks.ai: the duplicate seating is fair, and a tiny run reports every figure."""

from __future__ import annotations

import json

import pytest

from benchmarks.ai import main, print_shares, strong_seats


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_each_seat_is_played_once_by_strong_and_once_by_easy_in_a_pair(n):
    for deal in range(2 * n):
        a, b = strong_seats(n, deal)
        assert a and b and not a & b and a | b == set(range(n))
        # with partners: one strong seat among easy ones, every seat strong once
        alone = strong_seats(n, deal, partners=True)
        assert sorted(min(s) for s in alone) == list(range(n)) and all(len(s) == 1 for s in alone)
    # over n deals every seat is in the smaller side equally often
    smaller = [min(strong_seats(n, d), key=len) for d in range(n)]
    assert all(sum(s in side for side in smaller) == len(smaller[0]) for s in range(n))


def test_a_tiny_run_reports_the_table(tmp_path, capsys):
    out = tmp_path / "ai.json"
    assert main(["--games", "schieberamsch", "--deals", "3", "--iterations", "2", "--jobs", "1",
                 "--json", str(out)]) == 0
    (row,) = json.loads(out.read_text())
    assert row["pairs"] == 3 and row["decisions"] > 0 and row["steps_per_s"] > 0
    lo, hi = row["ci95"]
    assert lo <= row["advantage"] <= hi
    assert "schieberamsch" in capsys.readouterr().out


@pytest.mark.parametrize("game", ["rufmariasch", "schieberamsch", "schroeoem"])
def test_a_strong_player_that_plays_as_easy_ties_every_pair(game, monkeypatch):
    """The seatings cancel the cards' luck exactly: equal play gives equal scores in every pair."""
    import benchmarks.ai as bench

    for name in ("choose", "volunteer"):
        real = getattr(bench, name)
        monkeypatch.setattr(bench, name, lambda engine, seat, real=real, **kw: real(engine, seat, **kw | {"level": "easy"}))
    for deal in range(4):
        pair = bench.play_pair((game, deal, 1, 2, None))
        assert pair.strong == pytest.approx(pair.easy)


def test_the_schrum_ceiling_runs_and_leaves_the_players_as_they_were(capsys):
    import benchmarks.ai as bench
    from benchmarks import schrum_ceiling
    from bot.ai import schrum

    before = bench.choose, schrum.easy, schrum.volunteer_easy
    assert schrum_ceiling.main(["--pairs", "3"]) == 0
    out = capsys.readouterr().out
    assert "oracle (peeks)" in out and "strong" in out and "3 pairs" in out
    assert (bench.choose, schrum.easy, schrum.volunteer_easy) == before


def test_any_two_levels_play_and_the_oracle_share_is_reported(tmp_path, capsys):
    out = tmp_path / "ai.json"
    assert main(["--games", "schieberamsch", "--deals", "4", "--iterations", "2", "--jobs", "1",
                 "--levels", "strong-no-inference,easy", "--oracle", "--json", str(out)]) == 0
    result = json.loads(out.read_text())
    mine, oracle = result["runs"]
    assert mine["levels"] == ["strong-no-inference", "easy"] and oracle["levels"] == ["oracle", "easy"]
    (share,) = result["oracle_shares"]
    assert share["pairs"] == 4 and share["oracle_advantage"] == oracle["advantage"]
    if oracle["advantage"]:
        assert share["share"] == pytest.approx(mine["advantage"] / oracle["advantage"])
    assert "share of the oracle edge" in capsys.readouterr().out


def test_unknown_levels_are_refused(capsys):
    assert main(["--games", "schieberamsch", "--levels", "strong,genius"]) == 2
    assert "--levels" in capsys.readouterr().err


def test_a_run_stops_on_its_wall_clock_and_reports_the_pairs_finished(tmp_path, capsys):
    out = tmp_path / "ai.json"
    assert main(["--games", "schieberamsch", "--deals", "50", "--iterations", "2", "--jobs", "2",
                 "--max-wall-s", "0", "--json", str(out)]) == 0
    (row,) = json.loads(out.read_text())
    assert 1 <= row["pairs"] < 50
    assert "stopped after 0 s" in capsys.readouterr().err


def test_a_run_killed_from_outside_keeps_the_pairs_it_finished(tmp_path, monkeypatch):
    """With `--json` the file holds the pairs so far while a run plays (every `CHECKPOINT_S`), so a run a lent
    machine's time limit kills keeps them; the file is replaced whole, never left half written."""
    import benchmarks.ai as bench

    real, played = bench.play_pair, []

    def play_then_die(args):
        if len(played) == 3:
            raise KeyboardInterrupt  # the kill, in the middle of the fourth pair
        played.append(args[1])
        return real(args)

    monkeypatch.setattr(bench, "CHECKPOINT_S", 0.0)
    monkeypatch.setattr(bench, "play_pair", play_then_die)
    out = tmp_path / "ai.json"
    with pytest.raises(KeyboardInterrupt):
        main(["--games", "schieberamsch", "--deals", "6", "--iterations", "2", "--jobs", "1",
              "--first-pair", "10", "--json", str(out)])
    (row,) = json.loads(out.read_text())
    assert [p["deal"] for p in row["per_pair"]] == played == [10, 11, 12] and row["pairs"] == 3
    assert list(tmp_path.iterdir()) == [out]


def test_the_suite_runs_comparisons_side_by_side_and_reports_the_oracle_share(tmp_path, capsys):
    from benchmarks import ai_suite

    assert ai_suite.main(["--out", str(tmp_path), "--wall-s", "60", "--iterations", "2", "--budget-s", "0",
                          "schieberamsch:strong,easy:1:3", "schieberamsch:oracle,easy:1:3"]) == 0
    suite = json.loads((tmp_path / "suite.json").read_text())
    assert [r["levels"] for r in suite["runs"]] == [["strong", "easy"], ["oracle", "easy"]]
    (share,) = suite["oracle_shares"]
    assert share["pairs"] == 3 and share["level"] == "strong"
    assert "share of the oracle edge" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        ai_suite.main(["--out", str(tmp_path), "chess:strong,easy:1:3"])


def test_a_run_goes_on_where_another_stopped_and_the_merge_joins_them(tmp_path, capsys):
    """`--first-pair` plays the same deals as a run from 0 would (a pair number is a deal of the seed), and
    `ai_merge` counts a pair played in two files once, adds another seed's pairs, and pairs the oracle's."""
    from benchmarks import ai_merge

    files = {}
    for name, args in {"all": ["--deals", "3"], "tail": ["--deals", "2", "--first-pair", "1"],
                       "other": ["--deals", "2", "--seed", "2"],
                       "oracle": ["--deals", "3", "--levels", "oracle,easy"]}.items():
        files[name] = tmp_path / f"{name}.json"
        assert main(["--games", "schroeoem", "--iterations", "2", "--jobs", "1", *args,
                     "--json", str(files[name])]) == 0
    (whole,), (tail,) = (json.loads(files[n].read_text()) for n in ("all", "tail"))
    assert [p["deal"] for p in tail["per_pair"]] == [1, 2] and tail["seed"] == 1
    def play(pairs):  # what was played, not how long it took
        return [{k: v for k, v in p.items() if k != "search_s"} for p in pairs]

    assert play(tail["per_pair"]) == play(whole["per_pair"][1:])  # deal for deal the same play
    capsys.readouterr()
    assert ai_merge.main([str(f) for f in files.values()]) == 0
    out = capsys.readouterr().out
    rows = {tuple(r["levels"]): r for r in ai_merge.merge(
        [r for f in files.values() for r in ai_merge.rows_of(f)])}
    assert rows["strong", "easy"]["pairs"] == 5  # seed 1's three deals once, seed 2's two
    assert rows["oracle", "easy"]["pairs"] == 3
    assert "share of the oracle edge" in out and "schroeoem" in out


def test_the_merge_refuses_a_file_that_does_not_say_its_seed(tmp_path):
    from benchmarks import ai_merge

    path = tmp_path / "old.json"
    path.write_text(json.dumps([{"game": "schroeoem", "levels": ["strong", "easy"], "per_pair": []}]))
    with pytest.raises(SystemExit, match="seed"):
        ai_merge.main([str(path)])


def test_the_merge_pairs_two_levels_played_against_the_same_opponent_deal_by_deal():
    from benchmarks import ai_merge

    def row(level, scores, seed=1):
        return {"game": "schieberamsch", "levels": [level, "easy"], "seed": seed,
                "per_pair": [{"deal": d, "strong": s, "easy": 5.0} for d, s in enumerate(scores)]}

    merged = ai_merge.merge([row("strong-no-inference", [2.0, 2.0, 5.0, 9.0]), row("strong", [1.0, 2.0, 3.0]),
                             row("oracle", [0.0, 0.0, 0.0])])
    (diff,) = ai_merge.paired(merged)  # the oracle is a yardstick, not a level to pair; strong comes first
    # lower is better in Schieberamsch: strong's advantage over easy is 1, 0 and 2 points more on deals 0-2
    assert diff["levels"] == ["strong", "strong-no-inference"] and diff["pairs"] == 3
    assert diff["difference"] == pytest.approx(1.0)
    lo, hi = diff["ci95"]
    assert lo < 1.0 < hi


def test_the_merge_refuses_to_join_runs_of_different_search_sizes(tmp_path):
    from benchmarks import ai_merge

    def run(iterations):
        return {"game": "schroeoem", "levels": ["strong", "easy"], "seed": 1, "iterations": iterations,
                "budget_s": 0.5, "per_pair": [{"deal": 0, "strong": 1.0, "easy": 0.0}]}

    assert ai_merge.merge([run(120), run(120)])[0]["pairs"] == 1
    with pytest.raises(SystemExit, match="search sizes"):
        ai_merge.merge([run(120), run(24)])


def test_a_share_just_below_a_target_is_not_printed_as_reaching_it(capsys):
    print_shares([{"game": "treppenromme", "pairs": 3000, "advantage": 47.14, "oracle_advantage": 95.13,
                   "share": 0.4962, "share_ci95": [0.4782, 0.5137], "level": "strong", "against": "easy"}])
    out = capsys.readouterr().out
    assert "49.6 % [ 47.8 %,  51.4 %]" in out and "50 %" not in out


def test_every_searching_seat_is_told_who_plays_each_seat_as_at_a_table(monkeypatch):
    """A table tells its computers who plays each seat; the benchmark does the same, seating by seating."""
    import benchmarks.ai as bench

    told: list[tuple[int, str, tuple[str, ...]]] = []
    real = bench.choose

    def choose(engine, seat, **kw):
        if kw["level"] != "easy":
            told.append((seat, kw["level"], kw["players"]))
        return real(engine, seat, **kw)

    monkeypatch.setattr(bench, "choose", choose)
    bench.play_pair(("rufmariasch", 1, 1, 2, None, ("strong", "strong-no-inference")))
    assert {(seat, level) for seat, level, _ in told} == {(s, lv) for s in range(4)
                                                          for lv in ("strong", "strong-no-inference")}
    for seat, level, players in told:
        assert players[seat] == level and sorted(players).count("strong") == 1


def test_a_blind_run_prints_no_figure_and_keeps_its_pairs(tmp_path, capsys):
    path = tmp_path / "blind.json"
    assert main(["--games", "schroeoem", "--iterations", "2", "--jobs", "1", "--deals", "2", "--blind",
                 "--json", str(path)]) == 0
    out = capsys.readouterr()
    assert "2 pairs in" in out.out
    assert "advantage" not in out.out + out.err and "[" not in out.out + out.err and "%" not in out.out + out.err
    (row,) = json.loads(path.read_text())
    assert [p["deal"] for p in row["per_pair"]] == [0, 1]
    assert not {"advantage", "ci95", "won", "strong_mean", "easy_mean"} & set(row)  # the file holds no figure either
    assert main(["--games", "schroeoem", "--deals", "2", "--blind"]) == 2  # the pairs must go somewhere


def _design_rows(advantages_by_pair, *, iterations=None, seed=1):
    """A Schieberamsch result row whose pairs have these advantages (lower is better there: strong 0, easy a)."""
    from benchmarks.ai import player

    return [{"game": "schieberamsch", "levels": ["strong", "strong-no-inference"], "seed": seed,
             "iterations": iterations or player("schieberamsch").ITERATIONS, "budget_s": None,
             "per_pair": [{"deal": d, "strong": 0.0, "easy": a} for d, a in advantages_by_pair.items()]}]


def test_a_design_tells_nothing_before_a_look_is_complete_and_stops_at_the_first_crossing():
    from benchmarks.ai_design import Design, read

    design = Design(game="schieberamsch", levels=("strong", "strong-no-inference"), seed=1, first_pair=100,
                    looks=(4, 8), boundaries=(3.0, 2.0))
    noisy = {100: 1.0, 101: -1.0, 102: 2.0, 104: 1.0, 105: 1.0, 106: 1.0, 107: 1.0, 99: 50.0, 108: 50.0}
    r = read(design, _design_rows(noisy))
    # pair 103 is missing, so the first look is not read; pairs outside the design do not count
    assert r["played"] == 7 and r["unplayed"] == [(103, 103)] and r["looks"] == []
    r = read(design, _design_rows(noisy | {103: 0.0}))
    (first, second) = r["looks"]
    assert first["pairs"] == 4 and first["advantage"] == pytest.approx(0.5) and not first["met"]
    assert second["pairs"] == 8 and second["met"] and second["z"] >= 2.0
    steady = {d: 1.0 + 0.01 * (d % 2) for d in range(100, 108)}
    (only,) = read(design, _design_rows(steady))["looks"]  # crossed at the first look: the second is not read
    assert only["look"] == 1 and only["met"]


def test_a_design_refuses_pairs_played_at_another_search_size():
    from benchmarks.ai_design import DESIGNS, read

    design = DESIGNS["schieberamsch-inference-3"]
    with pytest.raises(SystemExit, match="search size"):
        read(design, _design_rows({100_000: 1.0}, iterations=4))
    assert read(design, _design_rows({100_000: 1.0}, seed=2))["played"] == 0  # another seed's deals are others


def test_the_design_command_says_what_to_play_next(tmp_path, capsys):
    from benchmarks import ai_design

    path = tmp_path / "pairs.json"
    path.write_text(json.dumps(_design_rows({100_000: 1.0, 100_001: 2.0})))
    assert ai_design.main(["schieberamsch-inference-3", str(path)]) == 0
    out = capsys.readouterr().out
    assert "played 2 of 60,000 pairs" in out and "look 1 needs 19,998 more pairs" in out
    assert "--first-pair 100002 --deals 19998 --blind" in out
    assert "+1" not in out and "z =" not in out  # no figure before the look


def test_a_design_keeps_its_pairs_in_the_repository_without_figures_and_reads_them_back(tmp_path, monkeypatch, capsys):
    import gzip

    from benchmarks import ai_design

    monkeypatch.setattr(ai_design, "RESULTS", tmp_path / "results")
    first = tmp_path / "first.json"
    first.write_text(json.dumps([_design_rows({99_999: 7.0, 100_000: 1.0, 100_001: 2.0})[0]
                                 | {"advantage": 1.5, "ci95": [0, 3]}]))
    assert ai_design.main(["schieberamsch-inference-3", str(first), "--keep"]) == 0
    assert "kept 2 pairs" in capsys.readouterr().out
    kept = ai_design.kept("schieberamsch-inference-3")
    (row,) = json.loads(gzip.decompress(kept.read_bytes()))
    assert [p["deal"] for p in row["per_pair"]] == [100_000, 100_001]  # only the design's pairs
    assert "advantage" not in row and "ci95" not in row and set(row["per_pair"][0]) == {"deal", "strong", "easy"}
    before = kept.read_bytes()
    assert ai_design.main(["schieberamsch-inference-3", "--keep"]) == 0
    assert kept.read_bytes() == before  # the same pairs, the same bytes: no noise in the repository
    second = tmp_path / "second.json"
    second.write_text(json.dumps(_design_rows({100_001: 2.0, 100_002: 3.0})))
    assert ai_design.main(["schieberamsch-inference-3", str(second), "--keep"]) == 0
    out = capsys.readouterr().out
    assert "kept 3 pairs" in out and "played 3 of 60,000" in out and "--first-pair 100003" in out
    assert ai_design.main(["schieberamsch-inference-3"]) == 0  # with no file, the kept pairs
    assert "played 3 of 60,000" in capsys.readouterr().out
