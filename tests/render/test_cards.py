"""Card art: every card of both decks and styles is drawn, distinct, from the shipped fonts only."""

from __future__ import annotations

from bot.games.cards import DECK_52
from bot.render import fonts, theme
from bot.render.cards import card_art, card_sprite, overview


def test_every_card_is_drawn_and_distinct_in_each_style():
    for style, four in (("french", False), ("french", True), ("german", False)):
        seen = {}
        for code in list(DECK_52) + ["back"]:
            rgb, mask = card_art(code, style, four, 40)
            assert rgb.size == mask.size == (40, 57)
            seen.setdefault(rgb.tobytes(), code)
        assert len(seen) == 53, f"{style}: two cards look the same"


def test_styles_differ_and_four_colour_only_changes_clubs_and_diamonds():
    assert card_art("AC", "french", False, 40)[0].tobytes() != card_art("AC", "german", False, 40)[0].tobytes()
    for code in ("7C", "QD"):
        assert card_art(code, "french", True, 40)[0].tobytes() != card_art(code, "french", False, 40)[0].tobytes()
    for code in ("7S", "QH"):
        assert card_art(code, "french", True, 40)[0].tobytes() == card_art(code, "french", False, 40)[0].tobytes()


def test_second_deck_ids_use_the_same_art():
    assert card_sprite("10H#2", "french").rgb.tobytes() == card_sprite("10H", "french").rgb.tobytes()


def test_sprites_are_cached():
    assert card_sprite("KS", "german", False, 70) is card_sprite("KS", "german", False, 70)


def test_fonts_come_from_the_repository_with_their_licence():
    assert fonts.FONTS == theme.ROOT / "images" / "fonts"
    for name in fonts.FACES.values():
        assert (fonts.FONTS / name).is_file()
    assert (fonts.FONTS / "LICENSE-DejaVu.txt").is_file()
    f = fonts.font("bold", 20)
    assert str(fonts.FONTS) in f.path


def test_palette_holds_every_flat_colour_exactly():
    cols = theme.palette_colours()
    assert len(cols) <= 256
    for c in theme.FLAT:
        assert theme.palette_colours()[theme.index(c)] == c


def test_overview_sheet():
    sheet = overview("german", width=30)
    assert sheet.size[0] > 14 * 30
