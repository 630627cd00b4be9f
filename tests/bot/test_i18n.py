"""Every user-facing string has a German translation with the same placeholders."""

from __future__ import annotations

import re

from bot.i18n import normalize, tr
from bot.i18n.extract import missing, msgids, translated

FIELD = re.compile(r"{(\w*)}")


def test_every_string_is_translated_to_german():
    gaps = missing("de")
    assert not gaps, "untranslated (run `python -m bot.i18n.extract de`):\n" + "\n".join(
        f"{where}: {msgid!r}" for msgid, where in gaps.items())


def test_translations_keep_their_placeholders():
    used = msgids()
    for msgid, text in translated("de").items():
        if msgid in used:
            assert sorted(FIELD.findall(msgid)) == sorted(FIELD.findall(text)), msgid


def test_locale_follows_discord_locale():
    assert normalize("de") == "de"
    assert normalize("en-US") == "en"
    assert normalize("hr") == "en"
    assert tr("de", "It is not your turn.") == "Du bist nicht am Zug."
    assert tr("en-GB", "It is not your turn.") == "It is not your turn."
