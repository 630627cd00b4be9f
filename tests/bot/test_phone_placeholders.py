"""Menu placeholders that fit a phone: Discord shows a select's placeholder on one line and cuts it with "…",
and on a 400 px phone about 33 characters fit (the screenshots: the English "…or take cards from the staircase"
fits; the German "Eine Karte abwerfen und den Zug beenden" showed as "Eine Karte abwerfen und den Zu…")."""

from __future__ import annotations

import pytest

from bot.i18n import tr

PHONE = 33
PLACEHOLDERS = [  # Treppenrommé's menus (cogs/ui/treppenromme_menus.py), with the widest values they take
    ("…or take cards from the staircase", {}),
    ("Take {lo}–{hi} staircase cards", {"lo": "10", "hi": "19"}),
    ("Meld: pick 3 or more cards", {}),
    ("Discard a card and end your turn", {}),
    ("1. Trump suit …", {}),  # Rufmariasch's call
]


@pytest.mark.parametrize("lang", ["en", "de", "hr", "ro"])
def test_menu_placeholders_fit_a_phone(lang):
    for msgid, fields in PLACEHOLDERS:
        text = tr(lang, msgid, **fields)
        assert text != msgid or lang == "en", (lang, msgid)  # translated
        assert len(text) <= PHONE, (lang, text, len(text))
