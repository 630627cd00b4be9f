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


def test_an_engine_reason_is_said_in_the_players_language():
    """The rule engines stay free of translation; their `Reason` carries its msgid, and `tr` translates it
    inside the bot's own sentence."""
    import random

    import pytest

    from bot.games import GAMES, IllegalAction

    engine = GAMES["schieberamsch"].new(3, seed=5, options={"deals": 3})
    rng = random.Random(1)
    for _ in range(200):
        seat = min(engine.to_act())
        view = engine.view(seat)
        legal = engine.legal_actions(seat)
        wrong = [c for c in view.get("hand", ()) if f"play {c}" not in legal]
        if view["phase"] == "play" and view["trick"] and wrong:
            break
        engine.apply(seat, rng.choice(legal))
    else:
        raise AssertionError("no follower who could not play every card")
    with pytest.raises(IllegalAction) as err:
        engine.apply(seat, f"play {wrong[0]}")
    reason = err.value.reason
    assert reason.startswith("you must follow")  # English as the engine says it
    german = tr("de", "Not allowed: {reason}", reason=reason)
    assert german.startswith("Nicht erlaubt: du musst ") and "bedienen" in german, german
    assert tr("en", "Not allowed: {reason}", reason=reason) == f"Not allowed: {reason}"
