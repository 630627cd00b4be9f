"""Suit symbols in the text Discord shows.

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
