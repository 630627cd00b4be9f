"""Suit symbols in the text Discord shows.

French cards are written ♣ ♠ ♥ ♦. German-suited cards (the `deck:` option, and the German games' default) are
written as their pictures show them, Acorns 🌰, Leaves 🍃, Hearts ♥ and Bells 🔔 (brown, green, red and yellow,
as the pictures paint them): a player who sees an acorn on a card should not have to read ♣ on its button and
look up in the rules page's legend that ♣ means Acorns. The rules pages keep writing ♣ ♠ ♥ ♦.

Discord draws a bare ♣ or ♠ as its emoji picture, a black shape that all but vanishes on the dark theme most
people use; followed by U+FE0E (VARIATION SELECTOR-15, text presentation) it is left to the font and drawn in
the text's own colour, on either theme. ♥ and ♦ stay emoji: red on both themes.
"""

from __future__ import annotations

import re

from bot.games.cards import SUIT_SYMBOLS

TEXT_PRESENTATION = "\ufe0e"
_BARE_BLACK_SUIT = re.compile("([♣♠])(?![\ufe0e\ufe0f])")


def text_suits(text: str) -> str:
    """`text` with every bare ♣ and ♠ asked for as text (the rules engines' messages write them bare)."""
    return _BARE_BLACK_SUIT.sub(r"\1" + TEXT_PRESENTATION, text)


SUIT_TEXT = {suit: text_suits(symbol) for suit, symbol in SUIT_SYMBOLS.items()}  # "C" -> "♣\ufe0e", "H" -> "♥"

GERMAN_SUIT_TEXT = {"C": "\N{CHESTNUT}", "S": "\N{LEAF FLUTTERING IN WIND}", "H": SUIT_TEXT["H"],
                    "D": "\N{BELL}"}  # Eichel, Grün (Laub), Herz, Schellen


def suit_text(suit: str, deck: str | None = None) -> str:
    """A suit ("C") as the text of a table with `deck` writes it: "♣\ufe0e" on French cards, "🌰" on German ones."""
    return (GERMAN_SUIT_TEXT if deck == "german" else SUIT_TEXT).get(suit, suit)
