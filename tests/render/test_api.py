"""The functions the Discord layer calls, the score sheets and the offline demo."""

from __future__ import annotations

import subprocess
import sys

import pytest
from PIL import Image

from bot import demo
from bot.games import GAMES
from bot.render import default_deck, hand_image, score_sheet, table_image
from bot.render.theme import IMAGES

from .helpers import NAMES, check_png


def test_default_decks():
    assert {k for k in GAMES if default_deck(k) == "german"} == {"schroeoem", "schieberamsch", "rufmariasch"} & set(GAMES)
    assert default_deck("treppenromme") == "french"


@pytest.mark.parametrize("key", list(GAMES))
def test_deck_options_change_the_table(key):
    E = GAMES[key]
    e = E.new(E.min_seats, seed=3)
    v = e.view(None)
    names = NAMES[: E.min_seats]
    default = table_image(key, v, names)
    assert table_image(key, v, names, deck=default_deck(key)) == default
    check_png(table_image(key, v, names, deck="french", four_colour=True, lang="de"))
    check_png(table_image(key, v, names, deck="german"))
    with pytest.raises(ValueError):
        table_image(key, v, names, deck="tarot")


def test_long_and_odd_names_are_shortened_not_dropped():
    e = GAMES["rufmariasch"].new(4, seed=1)
    names = ["Maximilian-Alexander von Hohenzollern", "", "🙂 Zoë", "李小龍"]
    check_png(table_image("rufmariasch", e.view(None), names))


def test_hand_image_highlights_playable_cards():
    cards = ["JC", "7H", "AH", "10S", "KD"]
    none = hand_image("schieberamsch", cards, set())
    some = hand_image("schieberamsch", cards, {"7H", "AH"})
    assert none != some
    im = check_png(some)
    assert im.width < 1000 and im.height < 300
    assert check_png(hand_image("schieberamsch", [], [])).width > 0
    many = check_png(hand_image("treppenromme", [c + s for s in "CSHD" for c in ("2", "5", "9", "J", "K", "A")], []))
    assert many.width < 1000 and many.height > 300  # wrapped onto two rows


def test_score_sheet_folds_early_rows_of_a_long_match():
    hands = [{"deltas": [1, -1, 0], "hand_no": i + 1, "mode": "ramsch", "outcome": "jungfrau"} for i in range(45)]
    im = check_png(score_sheet("schieberamsch", NAMES[:3], hands, [45, -45, 0], title="Skat list"))
    assert im.height < 1300


def test_example_image_is_committed():
    p = IMAGES / "example_table.png"
    assert p.is_file() and p.stat().st_size < 300 * 1024


def test_example_image_is_written_the_same_bytes_each_time():
    from bot.render.canvas import encode
    from bot.render.example import LEVEL, example_image, same_picture

    first, second = encode(example_image(), LEVEL), encode(example_image(), LEVEL)
    assert first == second  # no time stamps or other varying chunks
    with Image.open(IMAGES / "example_table.png") as committed:
        assert same_picture(committed, example_image())


def test_render_package_does_not_import_the_card_module():
    """`python -m bot.render.cards` runs the module once; runpy warns when the package imported it already."""
    code = "import sys, bot, bot.render; print('bot.render.cards' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
    run = subprocess.run([sys.executable, "-W", "error::RuntimeWarning", "-c",
                          "import runpy; runpy.run_module('bot.render.cards', run_name='not_main')"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


@pytest.mark.parametrize("key", ["schrum", "schroeoem"])
def test_demo_writes_images_sheets_and_a_log(tmp_path, key):
    out = tmp_path / key
    assert demo.main([key, "--seats", "2", "--seed", "5", "--out", str(out)]) == 0
    assert (out / "log.txt").read_text(encoding="utf-8").count("\n") > 5
    assert (out / "sheet.png").is_file()
    assert list(out.glob("table_*.png")) and list(out.glob("sheet_hand_*.png"))
    if key == "schroeoem":
        assert list(out.glob("hand_*.png"))


def test_demo_files_carry_the_log_action_numbers_and_counts_read_right(tmp_path, capsys):
    out = tmp_path / "every"
    assert demo.main(["schroeoem", "--seats", "2", "--seed", "5", "--every", "3", "--out", str(out)]) == 0
    log = (out / "log.txt").read_text(encoding="utf-8").splitlines()
    actions = [int(line.split()[0]) for line in log if line[:5].strip().isdigit()]
    numbers = sorted(int(p.stem.split("_")[1]) for p in out.glob("table_*.png"))
    assert numbers[0] == 0 and all(k % 3 == 0 or k == actions[-1] for k in numbers[1:])
    assert set(numbers[1:]) <= set(actions)
    printed = capsys.readouterr().out
    assert f"table images {len(numbers)}," in printed and "A table image every 3 actions" in printed


def demo_actions(out):
    return [line for line in (out / "log.txt").read_text(encoding="utf-8").splitlines() if line[:5].strip().isdigit()]


def test_demo_refuses_a_folder_with_files_unless_told_to_overwrite(tmp_path, capsys, monkeypatch):
    """Two demos into one folder mixed their pictures: a folder with files in it is refused, --overwrite
    first removes the earlier demo's files (and only those), and the default folder is demo/GAME."""
    monkeypatch.chdir(tmp_path)
    assert demo.main(["rufmariasch", "--seed", "2", "--every", "50"]) == 0
    out = tmp_path / "demo" / "rufmariasch"
    assert (out / "log.txt").is_file() and len(list(out.glob("table_*.png"))) == 4  # 0, 50, 100, the last
    with pytest.raises(SystemExit) as refused:
        demo.main(["schroeoem", "--seats", "2", "--out", str(out)])
    assert refused.value.code == 2 and "--overwrite" in capsys.readouterr().err
    (out / "notes.txt").write_text("mine")
    capsys.readouterr()
    assert demo.main(["schroeoem", "--seats", "2", "--seed", "5", "--every", "200", "--out", str(out),
                      "--overwrite"]) == 0
    assert (out / "log.txt").read_text(encoding="utf-8").startswith("Schrööm")
    assert "table images 2," in capsys.readouterr().out
    assert sorted(p.name for p in out.glob("*.png") if not p.name.startswith("sheet")) == [
        "table_0000.png", f"table_{len(demo_actions(out)):04d}.png"]
    assert (out / "notes.txt").read_text() == "mine"
    assert not (tmp_path / "demo-out").exists()


def test_demo_says_when_its_match_is_shorter_than_a_tables(tmp_path, capsys):
    assert demo.main(["schroeoem", "--seats", "2", "--seed", "5", "--out", str(tmp_path / "short")]) == 0
    printed = capsys.readouterr().out
    header = (tmp_path / "short" / "log.txt").read_text(encoding="utf-8").splitlines()[0]
    assert "Short match: from 3 points instead of 7" in printed and "from 3 points instead of 7" in header
    assert demo.main(["schroeoem", "--seats", "2", "--seed", "5", "--full", "--lang", "de",
                      "--out", str(tmp_path / "full")]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("Schrööm: ") and "Aktionen" in printed and "Sieger" in printed, printed
    assert "Kurze Partie" not in printed and "Short match" not in printed
    assert "Short match" not in (tmp_path / "full" / "log.txt").read_text(encoding="utf-8")
    assert demo.short_note("rufmariasch", "de", {"deals": 4}) == (
        "Kurze Partie: 4 Spiele statt 8 (--full spielt eine ganze Partie wie am Tisch)")


def test_the_example_is_not_rewritten_when_its_pixels_are_the_same(tmp_path):
    from bot.render import example

    path = tmp_path / "ex.png"
    assert example.write(path) is True
    first = path.read_bytes()
    assert example.write(path) is False and path.read_bytes() == first


@pytest.mark.parametrize("players", ["easy", "strong", "mixed"])
def test_demo_with_the_bots_computer_players(tmp_path, monkeypatch, players):
    asked = []
    real = demo.ai_choose

    def recording(engine, seat, **kw):
        asked.append((seat, kw["level"]))
        return real(engine, seat, level=kw["level"], seed=kw["seed"], iterations=4)

    monkeypatch.setattr(demo, "ai_choose", recording)
    out = tmp_path / players
    assert demo.main(["treppenromme", "--seats", "2", "--seed", "3", "--players", players, "--out", str(out)]) == 0
    assert f"2 players ({players})" in (out / "log.txt").read_text(encoding="utf-8").splitlines()[0]
    levels = {lv for _, lv in asked}
    assert levels == ({"strong", "easy"} if players == "mixed" else {players})
    if players == "mixed":
        assert all(lv == ("strong" if s % 2 == 0 else "easy") for s, lv in asked)
