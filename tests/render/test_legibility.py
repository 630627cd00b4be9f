"""What a player reads in the pictures: one language per picture, nothing cut off, melds grouped by player."""

from __future__ import annotations

from typing import Any

import pytest

from bot.render import canvas as canvas_module
from bot.render import score_sheet, table_image
from bot.render.cards import card_art, rank_label
from bot.render.rummy import _tr_layout
from bot.render.score import card_name, describe

from .helpers import NAMES, check_png


def test_a_french_deck_in_a_german_picture_says_bube_dame_koenig():
    assert [rank_label(r, "french", "de") for r in ("J", "Q", "K", "A")] == ["B", "D", "K", "A"]
    assert [rank_label(r, "french", "en") for r in ("J", "Q", "K")] == ["J", "Q", "K"]
    assert [rank_label(r, "german", lang) for r in ("J", "Q") for lang in ("en", "de")] == ["U", "U", "O", "O"]
    assert card_art("JC", "french", lang="de")[0].tobytes() != card_art("JC", "french", lang="en")[0].tobytes()
    assert card_art("7C", "french", lang="de")[0].tobytes() == card_art("7C", "french", lang="en")[0].tobytes()


def test_six_and_nine_are_underlined_and_so_differ_from_each_other_turned():
    six = card_art("6S", "french", width=70)[0]
    nine = card_art("9S", "french", width=70)[0]
    assert six.rotate(180).tobytes() != nine.tobytes()


@pytest.mark.parametrize(("lang", "expected"), [("en", "Ace of Acorns"), ("de", "Eichel Daus")])
def test_card_names_on_a_sheet_use_one_language(lang, expected):
    assert card_name("AC", "german", lang) == expected
    assert card_name("QH", "french", lang) == ("Q♥" if lang == "en" else "D♥")


def _drawn_texts(monkeypatch) -> list[tuple[str, str, int]]:
    """Every label a Canvas draws from now on, as (text after shortening, face, size)."""
    seen: list[tuple[str, str, int]] = []
    original = canvas_module.Canvas.text

    def spy(self, x, y, text, face, size, fill, *, anchor="lt", max_w=None, bg=None):  # noqa: ANN001
        shown = canvas_module.fit(text, face, size, max_w) if max_w is not None and text else text
        seen.append((shown, face, size))
        return original(self, x, y, text, face, size, fill, anchor=anchor, max_w=max_w, bg=bg)

    monkeypatch.setattr(canvas_module.Canvas, "text", spy)
    return seen


RUF_HANDS: list[dict[str, Any]] = [
    {"hand_no": 1, "deltas": [30, -10, -10, -10], "caller": 0, "alone": True, "trump": "C", "called": "AS",
     "callers_total": 0, "defenders_total": 90, "callers_win": False},
    {"hand_no": 2, "deltas": [0, 10, -10, 0], "caller": 1, "trump": "H", "called": "KD",
     "callers_total": 70, "defenders_total": 50, "callers_win": True},
]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_game_column_shows_each_note_whole(monkeypatch, lang):
    seen = _drawn_texts(monkeypatch)
    names = ["Anna-Katharina", "Bernd", "Claudia", "Dragan"]
    check_png(score_sheet("rufmariasch", names, RUF_HANDS, [30, 0, -20, -10], lang=lang))
    notes = [describe("rufmariasch", h, names, lang) for h in RUF_HANDS]
    assert all(any(text == note for text, _, _ in seen) for note in notes), "a note was cut off"
    assert not any(text.endswith("…") for text, _, _ in seen)


def test_every_row_shows_each_running_total_even_where_nothing_changed(monkeypatch):
    seen = _drawn_texts(monkeypatch)
    hands = [{"hand_no": 1, "mode": "ramsch", "outcome": "most_points", "multiplier": 1, "deltas": [0, 0, 23]},
             {"hand_no": 2, "mode": "ramsch", "outcome": "most_points", "multiplier": 1, "deltas": [0, 17, 0]}]
    score_sheet("schieberamsch", NAMES[:3], hands, [0, 17, 23])
    totals = [text for text, face, size in seen if face == "bold" and size == 17]
    assert totals == ["0", "0", "23", "0", "17", "23"]


def test_treppenromme_groups_the_melds_by_player_and_grows_with_them():
    def meld(owner: int, cards: list[str]) -> dict[str, Any]:
        return {"id": len(cards), "owner": owner, "cards": cards, "points": 10}

    view: dict[str, Any] = {"game": "treppenromme", "seats": 3, "staircase": ["2C"] * 30, "talon_count": 20,
                            "melds": [meld(2, ["7H", "8H", "9H"]), meld(0, ["5C", "5S", "5D"]),
                                      meld(2, ["QS", "QH", "QD"])], "counts": [5, 6, 7], "totals": [0, 0, 0],
                            "to_act": [1], "turn_step": "draw", "hand_no": 1, "target": 500}
    rows, height, groups = _tr_layout(view)
    assert [seat for seat, _ in groups] == [0, 2]
    assert all(m["owner"] == seat for seat, g in groups for row in g for m in row)
    assert rows == 2
    more = dict(view, melds=view["melds"] + [meld(1, ["AS", "AH", "AD"])])
    assert _tr_layout(more)[1] > height
    im = check_png(table_image("treppenromme", more, NAMES[:3], lang="de"))
    assert im.size == (960, _tr_layout(more)[1])


def test_a_hands_result_keeps_every_score_with_the_longest_names():
    """Discord's longest display names (32 characters) are shortened in a hand's result, so that each player's
    score and the call stay readable instead of being cut off with them."""
    from bot.games import GAMES
    from bot.render.tables import table_canvas
    from tests.render.helpers import play_until

    names = ["Maximilian-Alexander von Hohenzo", "Bartholomäus Friedrich Wilhelm S", "Anna-Katharina Müller-Lüdensch",
             "Wolfgang Amadeus Mozart Theophil"]
    engine = play_until(GAMES["rufmariasch"].new(4, seed=5, options={"stake": 10}), "rufmariasch", 5,
                        lambda e: e.view(None).get("hand_no", 1) > 1)
    deltas = engine.view(None)["last_hand"]["deltas"]
    drawn = [text for text, _ in table_canvas("rufmariasch", engine.view(None), names, "french", False, "en").c.written]
    scores = [text for text in drawn if "…" in text and text.rstrip().endswith(tuple("0123456789"))]
    assert len([d for d in deltas if d]) <= len(scores), drawn


def test_a_long_name_at_a_full_table_is_drawn_smaller_before_it_is_cut():
    """At eight seats the plates are narrow: a long name steps down a size or three (not below 20 px) before it
    is cut, so "Maximiliane" stays whole and "Friedrich Wilhelm" keeps its first word, where at one size they
    were cut to "Maximili…" and "Friedri…"."""
    from bot.games import GAMES
    from bot.render.tables import table_canvas

    names = ["Friedrich Wilhelm", "Maximiliane", "Bo", "Claudia", "Dragan", "Emilija", "Gordana", "Hans"]
    view = GAMES["schroeoem"].new(8, seed=3).view(None)
    drawn = [text.strip("\u2068\u2069") for text, _ in
             table_canvas("schroeoem", view, names, "german", False, "en").c.written]
    assert any(text.startswith("Friedrich W") for text in drawn), drawn
    assert "Maximiliane" in drawn, drawn
    assert "Bo" in drawn


@pytest.mark.parametrize(("lang", "asks"), [("en", ": draw or take stairs"), ("hr", ": vući ili uzeti sa stepenica")])
def test_a_long_name_in_the_header_is_shortened_before_the_line_is_cut_from_the_front(lang, asks):
    """A header too long for the picture shortens the acting player's 32-character name first, so that the
    name's start and what it asks both stay: before, the line was cut from the front ("…tholomäus Sch…")."""
    from bot.games import GAMES
    from bot.render.tables import table_canvas

    view = GAMES["treppenromme"].new(4, seed=3).view(None)
    names = ["Bartholomäus Schwarzenegger-Özil"] * 4
    drawn = [text.strip("\u2068\u2069") for text, _ in
             table_canvas("treppenromme", view, names, "french", False, lang).c.written]
    header = drawn[1]
    assert header.startswith("Bartholomäus S") and header.endswith(asks), header


def test_an_eight_player_sheet_keeps_to_a_width_a_phone_can_read():
    """Eight long names made a sheet 1,800 px wide (a third of its size on a phone): from six players the names
    take two lines of a narrow column and a long note two lines, and every name still starts whole."""
    import random

    from bot.demo import new_match, step
    from bot.render.score import score_canvas

    names = ["Ana", "Đurđica Šimunović-Kovačević", "Max", "Friedrich-Wilhelm Großmüller", "Jo",
             "Krešimir Živković-Pavlović", "Bartholomäus Schwarzenegger-Öz", "Eva"]
    e = new_match("repezita", 8, 3, {"hands": 4})
    rng = random.Random(3)
    while not e.over:
        step(e, "repezita", rng)
    res = e.result()
    c = score_canvas("repezita", names, res["hands"], res["totals"], "t", "en")
    assert c.im.width <= 1300, c.im.size
    drawn = [text for text, _ in c.written]
    assert {"Đurđica", "Friedrich-", "Krešimir"} <= set(drawn), drawn
    assert any("Loser: Friedrich-Wilhelm" in text for text in drawn), drawn  # a note, whole or on two lines
    four = score_canvas("repezita", names[:4], res["hands"][:1], res["totals"][:4], "t", "en")
    assert "Đurđica Šimuno…" in [text for text, _ in four.written]  # four players: one line, as before


def test_a_badge_too_wide_for_a_plate_is_drawn_smaller_or_counted_never_dropped_unsaid():
    """At eight seats "knocked 3" and "1 trick" did not both fit a plate, and the second vanished (the German
    "nicht aufdecken" answer too): a badge steps down a size, and what still does not fit is counted ("+1")."""
    from bot.render import theme as T
    from bot.render.layout import SeatInfo, Table

    cases = [(("klopft 3", T.RED_BADGE), ("1 Stich", T.PANEL_LINE)),
             (("nicht aufdecken", T.BLUE_BADGE), ("1 Stich", T.PANEL_LINE), ("Kölsch!", T.ORANGE)),
             (("hält", T.GREEN_BADGE), ("2 Stiche", T.PANEL_LINE))]
    for badges in cases:
        t = Table({"seats": 8}, [f"P{i}" for i in range(8)], "french", False, "de")
        t.plate(0, SeatInfo(count=3, score="7", badges=badges))
        drawn = [text for text, _ in t.c.written]
        shown = [label for label, _ in badges
                 if label in drawn or any(text.endswith("…") and label.startswith(text[:-1]) for text in drawn)]
        counted = sum(int(text[1:]) for text in drawn if text.startswith("+") and text[1:].isdigit())
        assert shown == [label for label, _ in badges][:len(shown)] and len(shown) + counted == len(badges), drawn
        assert badges[0][0] in shown, drawn
    assert "2 Stiche" in drawn, "a second badge that fits a size smaller is drawn"
