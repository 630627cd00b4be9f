"""What Discord shows of a suit: ♣ and ♠ asked for as text (their emoji is black on the dark theme)."""

from __future__ import annotations

from bot.games.base import Reason
from bot.games.cards import pretty
from bot.tables import UserError
from bot.ui.errors import explain
from bot.ui.suits import SUIT_TEXT, TEXT_PRESENTATION, text_suits


def test_bare_black_suits_become_text_and_nothing_else_changes():
    assert text_suits("K♣ Q♠ 7♥ 8♦") == "K♣\ufe0e Q♠\ufe0e 7♥ 8♦"
    assert text_suits(text_suits("K♣")) == "K♣\ufe0e"          # once only
    assert text_suits("♠\ufe0f") == "♠\ufe0f"                  # an emoji asked for stays one
    assert [SUIT_TEXT[s] for s in "CSHD"] == [text_suits(x) for x in "♣♠♥♦"]
    assert TEXT_PRESENTATION == "\N{VARIATION SELECTOR-15}"


def test_an_engines_refusal_reaches_the_player_with_text_suits():
    reason = Reason("you took {card} alone from the staircase: you may not discard it this turn", card=pretty("8C"))
    assert "8♣" in str(reason) and "8♣\ufe0e" not in str(reason)  # the engine writes it bare
    for lang in ("en", "de"):
        text, expected = explain(UserError("{r}", r=reason), lang)
        assert expected and "8♣\ufe0e" in text


def test_the_rules_pages_ask_for_text_suits_and_still_fit_a_message():
    from bot.rules_text import MESSAGE_LIMIT, pages, rules_text

    assert "♣" in rules_text("treppenromme") and "♣\ufe0e" not in rules_text("treppenromme")  # the doc is plain
    texts = pages("treppenromme", "en")
    assert all(text_suits(t) == t for t in texts) and any("♣\ufe0e" in t for t in texts)
    assert all(len(t) < MESSAGE_LIMIT for t in texts)


def test_a_command_or_value_from_before_an_update_is_explained_not_apologised_for():
    """An old client's choice value (TransformerError) and a command that changed (signature mismatch, not found):
    the person is told what to do, and it is expected (no error logged)."""
    import discord
    from discord import app_commands

    from bot.ui.errors import explain

    value = app_commands.TransformerError("french5", discord.AppCommandOptionType.string,
                                          app_commands.transformers.IdentityTransformer(
                                              discord.AppCommandOptionType.string))
    stale = app_commands.CommandNotFound("schieberamsch", ["old"])
    for error, words in ((value, "Wert kenne ich nicht"), (stale, "Lade Discord neu")):
        text, expected = explain(error, "de")
        assert expected and words in text, text
