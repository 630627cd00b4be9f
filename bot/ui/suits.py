"""Suit symbols in the text Discord shows.

French cards are written ♣ ♠ ♥ ♦. German-suited cards (the `deck:` option, and the German games' default) are
written as their pictures show them, Acorns 🌰, Leaves 🍃, Hearts ♥ and Bells 🔔 (brown, green, red and yellow,
as the pictures paint them): a player who sees an acorn on a card should not have to read ♣ on its button and
look up in the rules page's legend that ♣ means Acorns. The rules pages keep writing ♣ ♠ ♥ ♦.

Discord draws a bare ♣ or ♠ as its emoji picture, a black shape that all but vanishes on the dark theme most
people use; followed by U+FE0E (VARIATION SELECTOR-15, text presentation) it is left to the font and drawn in
the text's own colour, on either theme. ♥ and ♦ stay emoji: red on both themes.

A card is its rank and its suit with nothing between them ("U🔔", "10♥"), and Discord's client may break a line
before a suit it draws as an emoji picture (Unicode's line breaking allows a break before an emoji, and the picture
is an image in the line): a phone showed "U" at one line's end and "🔔" at the next's start. U+2060 WORD JOINER,
invisible, goes between the rank and such a suit (`card_text`), so a card stays whole on its line; a suit written
as text (♣ and ♠ with U+FE0E) cannot be broken from its rank and goes without it.
"""

from __future__ import annotations

import re

from bot.games.cards import SUIT_SYMBOLS

TEXT_PRESENTATION = "\ufe0e"
WORD_JOINER = "\u2060"  # no line break on either side; invisible
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


def card_text(rank: str, suit: str) -> str:
    """A card written as `rank` and its `suit` as shown ("U" and "🔔" -> "U\u2060🔔"): the word joiner before a suit
    drawn as a picture keeps the card on one line; a text-presentation suit needs none ("J♣\ufe0e")."""
    return rank + ("" if suit.endswith(TEXT_PRESENTATION) else WORD_JOINER) + suit


def unjoined(text: str) -> str:
    """`text` without the word joiners `card_text` writes ("U\u2060🔔" -> "U🔔"): for reading cards back."""
    return text.replace(WORD_JOINER, "")
