"""The bundled fonts draw every letter of every language the bot speaks, in every picture.

Pillow draws a letter the font lacks as an empty box and says nothing, so this test renders each game's
table pictures, hands and score sheets, and the leaderboards, in each language, records every string drawn
and fails on a character the font draws as its .notdef box. Romanian writes ș and ț with the comma below
(U+0219, U+021B); the cedilla forms ş and ţ are a different, wrong letter, so the catalogs and rules must not
use them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from PIL import ImageDraw

from bot.demo import play, playable
from bot.games import GAMES
from bot.i18n import LOCALES_DIR, SUPPORTED, tr
from bot.render import canvas, fonts, hand_image, leaderboard, score_sheet, table_image
from bot.rules_text import rules_dir
from bot.stats.boards import Aggregate, cells, spec

LETTERS = {"hr": "čćđšžČĆĐŠŽ", "ro": "ăâîșțĂÂÎȘȚ", "de": "äöüßÄÖÜ"}
NAMES = ["Đurđa Šimić", "Ștefan Țurcanu", "Žana Čačić", "Ion Ăsăndei", "Mirza", "Björn", "Ana", "Ilinca"]
CEDILLA = re.compile("[\u015e\u015f\u0162\u0163]")  # Ş ş Ţ ţ


@pytest.mark.parametrize("face", sorted(fonts.FACES))
def test_every_face_draws_the_letters_of_every_language(face):
    missing = [ch for letters in LETTERS.values() for ch in letters if not fonts.has_glyph(ch, face)]
    assert not missing, f"{fonts.FACES[face]} lacks {missing}"


def test_the_notdef_check_sees_a_missing_letter():
    assert not fonts.has_glyph("\u4e00")  # a CJK letter DejaVu does not have


@pytest.fixture
def drawn(monkeypatch) -> list[tuple[str, str]]:
    """Every (text, font file) drawn from now on: each label a Canvas or a leaderboard draws (before its
    caches), and whatever else reaches Pillow's ImageDraw.text."""
    seen: list[tuple[str, str]] = []
    draw_text, canvas_text, board_text = ImageDraw.ImageDraw.text, canvas.Canvas.text, leaderboard._text

    def on_draw(self, xy, text, fill=None, font=None, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003
        seen.append((str(text), Path(getattr(font, "path", "") or "").name))
        return draw_text(self, xy, text, fill, font, *args, **kwargs)

    def on_canvas(self, x, y, text, face, size, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003
        seen.append((str(text), fonts.FACES[face]))
        return canvas_text(self, x, y, text, face, size, *args, **kwargs)

    def on_board(d, xy, text, face, size, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003
        seen.append((str(text), fonts.FACES[face]))
        return board_text(d, xy, text, face, size, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", on_draw)
    monkeypatch.setattr(canvas.Canvas, "text", on_canvas)
    monkeypatch.setattr(leaderboard, "_text", on_board)
    return seen


def _faces_by_file() -> dict[str, str]:
    return {file: face for face, file in fonts.FACES.items()}


def _undrawable(seen: list[tuple[str, str]]) -> set[str]:
    by_file = _faces_by_file()
    return {f"{ch!r} ({file}) in {text!r}" for text, file in seen if file in by_file
            for ch in text if not fonts.has_glyph(ch, by_file[file])}


@pytest.mark.parametrize("lang", SUPPORTED)
@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_picture_of_a_game_draws_every_letter(drawn, key, lang):
    seats = max(GAMES[key].min_seats, min(4, GAMES[key].max_seats))
    names = NAMES[:seats]
    hands: list[dict[str, Any]] = []
    count = {"n": 0}

    def on_step(e: Any, seat: int, action: str, events: list[dict[str, Any]]) -> None:
        count["n"] += 1
        scored = [ev for ev in events if ev.get("type") == "hand_scored"]
        if count["n"] % 7 and not scored:
            return
        for deck in ("french", "german"):
            table_image(key, e.view(None), names, deck=deck, lang=lang)
        v0 = e.view(0)
        if v0.get("hand"):
            hand_image(key, v0["hand"], playable(e, key, 0), view=v0, lang=lang)
        for ev in scored:
            hands.append(ev)
            score_sheet(key, names, hands, ev["totals"], title=GAMES[key].title, lang=lang)

    e = play(key, seats, 3, on_step=on_step)
    table_image(key, e.view(None), names, lang=lang)
    res = e.result()
    for deck in ("french", "german"):
        table_image(key, e.view(None), names, deck=deck, lang=lang)
    score_sheet(key, names, res["hands"], res["totals"], title=GAMES[key].title, lang=lang, winners=res.get("winners"))
    assert drawn, "nothing was drawn"
    bad = _undrawable(drawn)
    assert not bad, "\n".join(sorted(bad))


@pytest.mark.parametrize("lang", SUPPORTED)
def test_leaderboards_and_stats_cards_draw_every_letter(drawn, lang):
    players = [Aggregate(user_id=i, matches=12, wins=5 - i, total=-123 * i, hands=40, hands_won=11, place_sum=20,
                         money=-12345 * i, currency="KM", rating=1500, name=name) for i, name in enumerate(NAMES[:4])]
    for key in sorted(GAMES):
        headers = [tr(lang, c.title) for c in spec(key).columns]
        rows = [(a.user_id + 1, a.name, cells(key, a, lang)) for a in players]
        leaderboard.leaderboard_png(tr(lang, GAMES[key].title), tr(lang, spec(key).measure), headers, rows,
                        name_header=tr(lang, "Player"))
    leaderboard.stats_card_png(NAMES[0], tr(lang, "Rating"), [tr(lang, "Game"), tr(lang, "Matches"), tr(lang, "Wins")],
                   [[GAMES[k].title, "3", "1"] for k in sorted(GAMES)], {"tac": [1500, 1510, 1490]},
                   chart_title=tr(lang, "Rating"))
    bad = _undrawable(drawn)
    assert not bad, "\n".join(sorted(bad))


def test_romanian_writes_s_and_t_with_the_comma_below():
    files = sorted((LOCALES_DIR / "ro").rglob("*.po")) + sorted((rules_dir() / "ro").glob("*.md"))
    bad = [f"{path.name}:{n}: {line.strip()}" for path in files
           for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if CEDILLA.search(line)]
    assert not bad, "ş/ţ with a cedilla instead of ș/ț:\n" + "\n".join(bad[:20])


def test_a_letter_the_font_lacks_is_caught(drawn):
    """The check itself: a word the font cannot draw (here a title in a CJK letter) is named."""
    leaderboard.leaderboard_png("Tač \u4e00", "", ["x"], [(1, "Ana", ["1"])])
    bad = _undrawable(drawn)
    assert bad and all("\u4e00" in b for b in bad), bad


def test_names_are_drawn_without_what_would_show_as_boxes_or_dotted_circles():
    """Accents are composed (e + U+0301 is é); zero-width and direction characters, and combining marks the font
    cannot put on a letter (Devanagari's vowel signs, "Zalgo" stacks), go; a name left empty is replaced."""
    assert fonts.printable("Ana-Marija e\u0301") == "Ana-Marija é"
    zalgo = fonts.printable("Zalgo z\u0338\u0321\u031b\u0300\u0301a\u0337l")
    assert zalgo.startswith("Zalgo z") and zalgo.endswith("l") and len(zalgo) <= len("Zalgo zal") + 3  # two a letter
    assert fonts.printable("\u200b\u200d\u2068") == "" and fonts.printable("राहुल") == ""
    assert fonts.printable("Ştefănescu Đurđević Straße") == "Ştefănescu Đurđević Straße"
    assert fonts.printable("Adéṣọ̀lá") == "Adéṣọ̀lá", "a mark with no precomposed letter stays on its letter"
    from bot.render.layout import display_names

    assert display_names(["\u200b", "Ana"], 2) == ["Seat 1", "Ana"]


def test_a_long_name_in_the_header_keeps_what_the_status_asks():
    """A status too long for the header shortens the name (and, were that not enough, is cut at its front),
    never at its end (what it asks)."""
    from bot.render.tables import table_canvas

    engine = GAMES["schieberamsch"].new(3, seed=9)
    for _ in range(3):
        engine.apply(min(engine.to_act()), "pass")
    names = ["Maximilian-Alexander von Hohenzo", "Bartholomäus Friedrich Wilhelm S", "Anna-Katharina Müller-Lüdensch"]
    drawn = table_canvas("schieberamsch", engine.view(None), names, "french", False, "en").c.written
    status = [text for text, box in drawn if box[1] < 52 and box[0] > 400]
    assert status and status[0].endswith("take or push the skat"), drawn[:3]
    assert status[0].strip("\u2068").startswith("Anna-Katharina"), drawn[:3]


@pytest.mark.skipif(not fonts.BIDI, reason="without libraqm Pillow draws every line left to right as written")
def test_a_right_to_left_name_keeps_its_place_among_the_numbers_beside_it():
    """A Hebrew or Arabic name drawn in one line with a score is laid out as the name, then the score: exactly as
    if each were drawn on its own, side by side. Without its isolate the bidirectional algorithm drew "+48" as
    "48+", and a header "שרה: Grand Hand?" right to left with the "?" in front."""
    from PIL import Image, ImageChops

    from bot.render.layout import display_names

    def drawn(*parts: str) -> Image.Image:
        im, x, f = Image.new("L", (420, 40)), 5.0, fonts.font("condbold", 22)
        for part in parts:
            ImageDraw.Draw(im).text((x, 5), part, font=f, fill=255)
            x += f.getlength(part)
        return im

    for name in ("علي حسن", "שרה כהן"):
        shown = display_names([name, "Bernd"], 2)
        assert shown[1] == "Bernd" and shown[0].strip(fonts.FSI + fonts.PDI) == name
        side_by_side = drawn(name, " +48  ·  Bernd −2")
        assert ImageChops.difference(drawn(shown[0] + " +48  ·  Bernd −2"), side_by_side).getbbox() is None
        assert ImageChops.difference(drawn(name + " +48  ·  Bernd −2"), side_by_side).getbbox() is not None
        # cut at its end (a plate) or its front (the header), the isolate is closed again
        cut = fonts.fit(shown[0] + " and more words to cut", "condbold", 22, 60)
        assert cut.count(fonts.FSI) == cut.count(fonts.PDI) == 1 and cut.index(fonts.FSI) < cut.index(fonts.PDI)
        front = fonts.balanced("…" + shown[0][3:] + ": Grand Hand?")
        assert front.startswith(fonts.FSI) and front.count(fonts.PDI) == 1


def test_the_money_strip_draws_the_public_view_whichever_view_it_is_given():
    """Rufmariasch's money strip, given the partner's own view before the reveal, draws what everybody sees."""
    from bot.render.money import table_png
    from tests.render.helpers import play_until

    def hidden_partner(engine) -> bool:
        v = engine.view(None)
        return v["phase"] == "play" and not v["revealed"] and v["trick_no"] >= 2 and engine.partner_seat != engine.fh

    engine = play_until(GAMES["rufmariasch"].new(4, seed=1, options={"stake": 10}), "rufmariasch", 1, hidden_partner)
    partner = engine.partner_seat
    assert engine.view(partner)["sides"] is not None and engine.view(None)["sides"] is None
    names = ["Anna", "Bernd", "Claudia", "Dragan"]
    assert table_png("rufmariasch", engine.view(partner), names, None, False, "EUR", "en") == \
        table_png("rufmariasch", engine.view(None), names, None, False, "EUR", "en")
