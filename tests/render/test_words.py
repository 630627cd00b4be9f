"""What the pictures say: the words of the catalogs, in the places a newcomer looks (issue 26)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.demo import new_match, step
from bot.render import theme as T
from bot.render.layout import boxes_meet
from bot.render.race import repezita_fan
from bot.render.shapes import suit_ink
from bot.render.tables import table_canvas

from .helpers import NAMES


def said(key: str, view: dict[str, Any], seats: int, lang: str = "en", deck: str = "french") -> list[str]:
    return [text for text, _ in table_canvas(key, view, NAMES[:seats], deck, False, lang).c.written]


def first_view(key: str, seats: int, seed: int, want: Any) -> dict[str, Any]:
    e = new_match(key, seats, seed)
    rng = random.Random(seed)
    for _ in range(3000):
        v = e.view(None)
        if want(v):
            return v
        step(e, key, rng)
    raise AssertionError("the state never came")


def test_tac_after_a_call_says_on_whom_and_who_still_decides():
    v = first_view("tac", 4, 1, lambda v: v["phase"] == "give")
    penalty = v["tac_penalty"]
    offender, undecided = NAMES[penalty["offender"]], [NAMES[s] for s in penalty["undecided"]]
    for lang, head in (("en", f"Tač! on {offender} · to decide: "), ("de", f"Tač! gegen {offender} · am Zug: ")):
        texts = said("tac", v, 4, lang)
        assert head + ", ".join(undecided) in texts, texts
        assert "Tač!" in texts and texts.count("give?" if lang == "en" else "geben?") == len(undecided)
        assert not any("exposed card" in t or "aufgedeckte Karte" in t for t in texts)


def test_repezita_names_who_played_the_top_card_clear_of_every_hand():
    for seats in (2, 4, 6):
        v = first_view("repezita", seats, 1, lambda v: v.get("pile_top_seat") is not None and v["pile_count"] > 2)
        t = table_canvas("repezita", v, NAMES[:seats], "french", False, "en")
        by = [box for text, box in t.c.written if f"by {NAMES[v['pile_top_seat']]}" in text]
        assert len(by) == 1
        x0, y0, x1, y1 = by[0]
        for i, count in enumerate(v["counts"]):
            if count:
                fx0, fy0, fx1, fy1 = repezita_fan(t, i, min(count, 6))
                assert x1 <= fx0 or fx1 <= x0 or y1 <= fy0 or fy1 <= y0, (seats, i, by[0])


def test_treppenromme_says_what_each_number_is():
    meld = {"id": 1, "owner": 0, "cards": ["6D", "7D", "8D", "9D"], "values": [6, 7, 8, 9], "by": [0, 0, 0, 1],
            "points": 30}
    view = {"game": "treppenromme", "seats": 2, "staircase": ["KC"], "talon_count": 20, "melds": [meld],
            "counts": [4, 7], "totals": [19, 41], "hand_points": [21, 9], "to_act": [1], "turn_step": "meld",
            "hand_no": 3, "target": 500}
    assert {"Melds by Anna: 30 pts (9 pts laid off by others)", "+21 pts laid", "+9 pts laid"} <= set(
        said("treppenromme", view, 2))
    assert {"Auslagen von Anna: 30 Pkt (davon 9 Pkt von anderen angelegt)", "+21 Pkt gelegt"} <= set(
        said("treppenromme", view, 2, "de"))
    alone = dict(view, melds=[dict(meld, by=[0, 0, 0, 0])])
    assert "Melds by Anna: 30 pts" in said("treppenromme", alone, 2)
    # a card scores as it is laid: the plates show the total with this hand's laid points in it (19 + 21, 41 + 9),
    # and the talon says what it is, as the header's question names it
    texts = said("treppenromme", view, 2)
    assert {"40", "50", "Talon"} <= set(texts) and "19" not in texts and "41" not in texts
    # at the match's end the totals hold the last hand already
    assert {"19", "41"} <= set(said("treppenromme", dict(view, over=True, to_act=[]), 2))


def test_schroeoem_in_german_says_halten_aussteigen_as_the_messages_do():
    view = {"game": "schroeoem", "seats": 3, "phase": "knock", "mover": 1, "to_act": [1], "value": 2,
            "folded": [2], "active": [0, 1], "totals": [5, 4, 3], "counts": [3, 3, 3], "options": {"points": 7},
            "last_knocker": 0, "pending": {"kind": "knock", "answers": [{"seat": 2, "answer": "fold"}]}}
    texts = said("schroeoem", view, 3, "de", "german")
    assert "Wert 2  ·  Bernd: halten oder aussteigen?" in texts
    assert "ausgestiegen" in texts and "gepasst" not in texts
    assert "Value 2  ·  Bernd: hold or fold?" in said("schroeoem", view, 3, "en", "german")


def test_schieberamsch_asks_for_rekontra_in_full():
    view = {"game": "schieberamsch", "seats": 3, "phase": "rekontra", "to_act": [0], "solo": 0, "kontra": 1,
            "mode": "grand", "counts": [10, 10, 10], "totals": [0, 0, 0], "skat_count": 2}
    for lang in ("en", "de"):
        texts = said("schieberamsch", view, 3, lang, "german")
        assert "Anna: Rekontra?" in texts and "Anna: Re?" not in texts


def _luminance(c: T.RGB) -> float:
    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def _contrast(a: T.RGB, b: T.RGB) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_acorns_and_bells_differ_at_a_glance():
    """Brown Acorns and ochre Bells looked alike at card size: their indices and symbols now differ clearly in
    lightness (dark brown against orange, a brown nut against a yellow bell)."""
    assert _contrast(suit_ink("C", "german"), suit_ink("D", "german")) >= 3
    assert _contrast(T.EICHEL_NUT, T.SCHELL) >= 2.5
    assert _contrast(suit_ink("D", "german"), T.CARD) >= 3  # the orange index stays legible on the card


@pytest.mark.parametrize(("seats", "seed"), [(4, 1), (6, 2)])
def test_repezita_over_names_the_one_who_lost(seats, seed):
    """Everybody but the last wins: seven winners do not fit a header, so the picture names the one who lost
    (as the engine's result() says), and the score sheet stars the same winners as the table, not only the
    top scorer."""
    from bot.render.score import leaders

    e = new_match("repezita", seats, seed)
    rng = random.Random(seed)
    while not e.over:
        step(e, "repezita", rng)
    result = e.result()
    winners = result["winners"]
    assert len(winners) == seats - 1
    loser = next(s for s in range(seats) if s not in winners)
    assert f"Match over – {NAMES[loser]} loses" in said("repezita", e.view(None), seats)
    assert f"Partie beendet – {NAMES[loser]} verliert" in said("repezita", e.view(None), seats, "de")
    assert leaders("repezita", result["hands"], result["totals"]) == winners


def test_an_empty_piles_word_is_set_smaller_rather_than_cut_short_in_every_language():
    """Tač's "Closed" is "Verdeckt" in German and "Zatvorena" in Croatian: wider than an empty pile at 13 px."""
    v = first_view("tac", 4, 3, lambda v: 0 in (v.get("talon_counts") or [1]))
    for lang in ("en", "de", "hr", "ro"):
        texts = said("tac", v, 4, lang)
        assert not any(t.endswith("…") for t in texts), (lang, texts)
    assert "Zatvorena" in said("tac", v, 4, "hr") and "Verdeckt" in said("tac", v, 4, "de")


def test_the_picture_title_counts_rounds_with_the_messages_word():
    """The table message said "Schrööm table #1 · Game 1" and its picture "Schrööm · Hand 1" (seen in the
    screenshots): the picture now names the round with the message's word. Romanian writes "Jocul 1" in the
    message and "Joc 1" in the picture (the catalog's articled and bare forms), so it is left out here."""
    from cogs.ui.schroeoem import SchroeoemUI
    from cogs.ui.treppenromme import TreppenrommeUI

    for key, ui in (("schroeoem", SchroeoemUI), ("treppenromme", TreppenrommeUI)):
        v = first_view(key, 3, 2, lambda v: v.get("hand_no") == 1)
        for lang in ("en", "de", "hr"):
            title = said(key, v, 3, lang)[0]
            word = ui.hand_title(ui, v, lang)  # "Game 1", "Spiel 1", "Hand 1", ...
            assert title.split("  ·  ")[1] == word, (key, lang, title, word)


def test_the_race_piles_leave_the_centre_pile_and_the_exposed_card_free():
    """Tač with three players drew the two top seats' piles over the centre pile and under the exposed card,
    which hid a pile's count (seen in the screenshots): no seat's piles may meet the centre, a plate, or
    another seat's piles, on the tables of two to four (seven and eight at a Schrum table come within the
    centre's 4 px margin, as before)."""
    from bot.games import GAMES
    from bot.render.cards import card_height
    from bot.render.race import centre_box, pile_width, pile_zones

    for key in ("tac", "schrum"):
        for seats in range(GAMES[key].min_seats, 5):
            e = new_match(key, seats, 1, {"unequal": True})
            rng = random.Random(1)
            while not e.view(None).get("exposed"):
                step(e, key, rng)
            v = e.view(None)
            t = table_canvas(key, v, NAMES[:seats], "french", False, "en")
            cw = pile_width(t)
            ch = card_height(cw)
            boxes = []
            for x0, y0, side in pile_zones(t):
                w, h = (cw, 2 * ch + 10 + 44) if side else (2 * cw + 10, ch + 24)
                boxes.append((x0, y0, x0 + w, y0 + h))
            for i, box in enumerate(boxes):
                assert not boxes_meet(box, centre_box(t)), (key, seats, i)
                assert box[0] >= 0 and box[2] <= t.width and box[3] <= t.height, (key, seats, i)
                others = [b for j, b in enumerate(boxes) if j != i] + [s.box for s in t.seats]
                assert not any(boxes_meet(box, o) for o in others), (key, seats, i)


def test_schroeoems_value_label_stays_clear_of_the_seats():
    """With three players the dealer chip of the top-left seat covered the "Value" label under the gold disc
    (seen in the screenshots): at every table size the label meets no seat plate or its chip (11 px out)."""
    from bot.render.i18n import words

    for seats in range(2, 9):
        v = new_match("schroeoem", seats, 1).view(None)
        for lang in ("en", "de", "hr", "ro"):
            t = table_canvas("schroeoem", v, NAMES[:seats], "german", False, lang)
            label = words(lang)["knock"]
            boxes = [b for text, b in t.c.written if text == label]
            assert len(boxes) == 1, (seats, lang, label)
            plates = [(s.box[0] - 12, s.box[1] - 12, s.box[2], s.box[3]) for s in t.seats]
            assert not any(boxes_meet(boxes[0], p) for p in plates), (seats, lang, boxes[0])


def test_a_grand_hand_says_what_its_value_was_counted_from():
    """The matadors and Schneider, so that the score can be checked against the rules' formula; the banner wraps
    the long line inside its box rather than running past it."""
    from bot.render.score import describe

    record = {"hand_no": 1, "deltas": [48, 0, 0], "mode": "grand", "solo": 0, "won": False, "solo_points": 29,
              "matadors": 2, "with": False, "schneider": True, "schwarz": False, "kontra": 2, "rekontra": 0}
    assert describe("schieberamsch", record, ["Anna", "Bernd", "Ceca"]) == \
        "Grand Hand · Anna · 29 pts · lost · without 2 · Schneider · Kontra, Rekontra"
    assert "mit 1 · Schneider · Schwarz" in describe("schieberamsch", dict(record, matadors=1, schwarz=True, **{"with": True}),
                                         ["Anna", "Bernd", "Ceca"], "de")
    view = {"game": "schieberamsch", "seats": 3, "phase": "grand", "to_act": [2], "hand_no": 2, "last_hand": record,
            "totals": [48, 0, 0], "counts": [10, 10, 10], "deals": 3}
    t = table_canvas("schieberamsch", view, NAMES[:3], "french", False, "en")
    lines = [(text, box) for text, box in t.c.written if "Schneider" in text or "Rekontra" in text]
    assert lines and all(box[2] - box[0] <= t.width - 200 for _, box in lines), lines  # it ran to the felt's rim


def test_repezita_before_the_go_says_whose_go_it_waits_for():
    """The cards lie face down until the dealer's Go: the picture does not say everybody plays yet."""
    view = first_view("repezita", 3, 1, lambda v: v.get("phase") == "signal")
    dealer = NAMES[view["dealer"]]
    assert f"Waiting for {dealer}'s Go!" in said("repezita", view, 3)
    assert f"Čeka se Kreni! igrača {dealer}" in said("repezita", view, 3, "hr")
    assert "Everybody plays" in said("repezita", first_view("repezita", 3, 1, lambda v: v.get("phase") == "play"), 3)


def test_schrum_after_a_hand_leaves_the_exposed_card_in_sight():
    """A new hand of Schrum Schrum starts with a card exposed and the centre empty: the previous hand's result
    stays off the picture then (it covered the card to be placed, its name and the turn pointer)."""
    e = new_match("schrum", 4, 1, {"hands": 3})
    rng = random.Random(1)
    while not (e.view(None).get("last_hand") and e.view(None).get("exposed")):
        step(e, "schrum", rng)
    v = e.view(None)
    assert not (v.get("centre") or {}).get("count")
    drawn = said("schrum", v, 4)
    assert not any(text.startswith("Hand 1") for text in drawn), drawn


def test_a_hands_result_names_a_long_name_whole_where_the_line_has_room():
    names = ["Ana", "Max", "Friedrich-Wilhelm Schmidt"]  # seat 2 played a Grand Hand in this deal
    e = new_match("schieberamsch", 3, 4, {"deals": 3})
    rng = random.Random(4)
    while not e.view(None).get("last_hand"):
        step(e, "schieberamsch", rng)
    v = e.view(None)
    drawn = [text.strip("\u2068\u2069") for text, _ in table_canvas("schieberamsch", v, names, "french", False,
                                                                     "en").c.written]
    scored = [text for text in drawn if "Friedrich" in text and ("+" in text or "−" in text)]
    assert scored and all("Friedrich-Wilhelm Schmidt" in text for text in scored), drawn


def test_schroeoems_result_counts_games_as_its_title_does():
    """Schrööm's rounds are games of a match: the result in the middle said "Hand 1" under a title "Game 2"."""
    e = new_match("schroeoem", 3, 2, {"points": 7})
    rng = random.Random(2)
    while not (e.view(None).get("last_game") and not e.view(None).get("trick") and not e.view(None).get("last_trick")):
        step(e, "schroeoem", rng)
    drawn = said("schroeoem", e.view(None), 3)
    assert "Schrööm  ·  Game 2" in drawn and any(text.startswith("Game 1  ·  ") for text in drawn), drawn


def test_the_previous_tricks_winner_at_a_big_table_keeps_a_long_name():
    """Eight seats: the previous trick's label had 220 px, which left "Previous trick → Đur…"; before the next
    trick's first card the middle is free, and the name is shown (to Discord's 32 characters, nearly)."""
    e = new_match("schroeoem", 8, 1)
    rng = random.Random(1)
    while not ((e.view(None).get("last_trick") or {}).get("winner") is not None and not e.view(None).get("trick")):
        step(e, "schroeoem", rng)
    v = e.view(None)
    names = [f"P{i}" for i in range(8)]
    names[v["last_trick"]["winner"]] = "Đurđica Šimunović-Kovačević"
    drawn = [text.strip("\u2068\u2069") for text, _ in table_canvas("schroeoem", v, names, "german", False,
                                                                     "en").c.written]
    assert any(text.startswith("Previous trick → Đurđica Šimunović") for text in drawn), drawn


def test_repezitas_last_result_at_a_big_table_keeps_clear_of_the_hands_left():
    """At eight seats the last hand's result sat above the pile over the loser's fan of cards, squeezed between
    the top plates: it goes below the pile there, without the header's "Match over" said twice."""
    from bot.render.race import repezita_fan

    e = new_match("repezita", 8, 3, {"hands": 4})
    rng = random.Random(3)
    while not e.over:
        step(e, "repezita", rng)
    v = e.view(None)
    t = table_canvas("repezita", v, NAMES[:8], "french", False, "en")
    fans = [repezita_fan(t, i, min(k, 6)) for i, k in enumerate(v["counts"]) if k]
    assert fans
    result = [box for text, box in t.c.written if text.startswith("Hand 4")]
    assert result and not any(boxes_meet(result[0], fan) for fan in fans), (result, fans)
    assert sum(text.startswith("Match over") for text, _ in t.c.written) == 1


def test_a_hubschen_game_called_off_says_void_not_a_question():
    from bot.render.score import describe

    record = {"hand_no": 1, "void": True, "reason": "huebschen", "deltas": [0, 0, 0]}
    assert describe("schroeoem", record, NAMES[:3], "en") == "void (hübschen)"
    assert describe("schroeoem", record, NAMES[:3], "de") == "zählt nicht (gehübscht)"


def test_a_big_tables_previous_trick_leaves_the_middle_once_the_next_trick_begins():
    """Eight seats: the previous trick's cards were fanned in the middle among the current trick's."""
    e = new_match("schroeoem", 8, 1)
    rng = random.Random(1)
    while not (e.view(None).get("last_trick") and e.view(None).get("trick")):
        step(e, "schroeoem", rng)
    assert not any(text.startswith("Previous trick") for text in said("schroeoem", e.view(None), 8))


def test_treppenrommes_last_result_lies_under_the_melds_not_over_the_staircase():
    e = new_match("treppenromme", 3, 2)
    rng = random.Random(2)
    while not e.over:
        step(e, "treppenromme", rng)
    t = table_canvas("treppenromme", e.view(None), NAMES[:3], "french", False, "en")
    written = t.c.written
    result = [box for text, box in written if text.startswith("Hand ")]
    above = [box for text, box in written if text.startswith("Melds by") or text.isdigit()]
    assert result and above and result[0][1] > max(box[3] for box in above), (result, above)


def test_treppenromme_numbers_its_melds_as_the_lay_off_menu_and_the_text_call_them():
    """"lays off K♥ onto meld 6": the picture numbers each meld, else nobody finds meld 6 among seven."""
    e = new_match("treppenromme", 3, 1)
    rng = random.Random(1)
    while len(e.view(None).get("melds") or []) < 4:
        step(e, "treppenromme", rng)
    v = e.view(None)
    t = table_canvas("treppenromme", v, NAMES[:3], "french", False, "en")
    from collections import Counter

    first_caption = min(box[1] for text, box in t.c.written if text.startswith("Melds by"))
    digits = Counter(text for text, box in t.c.written if text.isdigit() and box[1] > first_caption)
    ranks = Counter(c[:-1] for m in v["melds"] for c in m["cards"] if c[:-1].isdigit())  # the tiles' own
    assert digits - ranks == Counter(str(m["id"]) for m in v["melds"]), (digits, ranks)


@pytest.mark.parametrize(("key", "seats"), [("schrum", 4), ("schrum", 8), ("tac", 4)])
def test_a_race_games_end_leaves_its_last_cards_in_sight(key, seats):
    """The match's end drew its result over the centre pile and the piles around it (every place there is a pile),
    and still said which rank comes next: the header says who won, the winner's badge the last hand."""
    e = new_match(key, seats, 3, {"hands": 2})
    rng = random.Random(3)
    while not e.over:
        step(e, key, rng)
    drawn = said(key, e.view(None), seats)
    assert any(text.startswith("Match over") for text in drawn[:2]), drawn[:2]
    assert not any(text.startswith(("Hand 2", "next:")) for text in drawn), drawn


def test_a_match_whose_last_hand_is_drawn_says_so_and_names_no_winners():
    """A one-hand Tač match drawn by the stall rule has no winners: the end picture said everybody won."""
    e = new_match("tac", 4, 3, {"hands": 1})
    e.stall_limit = 1
    rng = random.Random(3)
    while not e.over:
        step(e, "tac", rng)
    assert e.result()["winners"] == []
    header = said("tac", e.view(None), 4)[1]
    assert header == "Match over  ·  Hand 1: Drawn", header

