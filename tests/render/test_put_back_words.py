"""Schieberamsch's put-back is one act with one word in every language: the picture's header and the table's
line say what the DM and its "Put back" menu say. English said "lays two cards away" in the picture, Romanian said "pune deoparte" (puts aside) on the table and
in the picture beside "pune înapoi" and the menu "Pune înapoi"; Croatian's refusals still said "odloži"."""

from __future__ import annotations

import pytest

from bot.i18n import tr

from .test_words import first_view, said


@pytest.mark.parametrize(("lang", "word"), [("en", "two cards back"), ("de", "drückt zwei Karten"),
                                            ("hr", "vraća dvije karte"), ("ro", "două cărți înapoi")])
def test_the_put_back_is_said_with_the_menus_word(lang, word):
    view = first_view("schieberamsch", 3, 1, lambda v: v.get("phase") == "discard")
    assert any(word in text for text in said("schieberamsch", view, 3, lang)), said("schieberamsch", view, 3, lang)
    assert word in tr(lang, "{who} is putting two cards back.", who="x")
    menu = tr(lang, "Put back").lower()
    dm = tr(lang, "You took {cards} from the skat: put two cards back with the Put back menu.", cards="x")
    assert menu in dm.lower()
    for reason in ("discard two different cards",
                   "'take' the skat (you will then discard two cards) or 'push' it on unseen"):
        text = tr(lang, reason)
        assert "deoparte" not in text and "odlo" not in text, text
