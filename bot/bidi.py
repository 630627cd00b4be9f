"""Names in right-to-left scripts among left-to-right words (Unicode's bidirectional algorithm, UAX #9).

A Hebrew or Arabic name takes the numbers and punctuation beside it into its right-to-left run: "محمد −7," is
shown as "7− محمد". Isolating the name (FSI ... PDI) keeps it one unit in its place, in Discord's clients (which
lay text out as browsers do) and in the pictures (Pillow with libraqm).
"""

from __future__ import annotations

import unicodedata

FSI, PDI = "\u2068", "\u2069"


def right_to_left(text: str) -> bool:
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)


def isolate(text: str) -> str:
    """`text` as one unit in a line of other words, when it has right-to-left letters."""
    return FSI + text + PDI if right_to_left(text) else text
