"""The shipped fonts (images/fonts/, DejaVu, Bitstream Vera licence) and cached text masks.

Drawing text with FreeType costs ~0.1 ms a string; a table image has dozens of labels that repeat from
one image to the next (names, counts, headings), so each (text, face, size) is rasterised once into an
"L" mask and pasted with a solid colour afterwards.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont, features

from bot.bidi import FSI, PDI, isolate

from .theme import FONTS

FACES = {
    "bold": "DejaVuSans-Bold.ttf",
    "cond": "DejaVuSansCondensed.ttf",
    "condbold": "DejaVuSansCondensed-Bold.ttf",
}


@lru_cache(maxsize=64)
def font(face: str, size: int) -> ImageFont.FreeTypeFont:
    path = FONTS / FACES[face]
    if not path.is_file():  # Pillow would quietly look for a font of that name among the system's fonts
        raise FileNotFoundError(f"the shipped font {path} is missing: install the package with its data")
    return ImageFont.truetype(str(path), size)


@lru_cache(maxsize=4096)
def text_mask(text: str, face: str, size: int) -> tuple[Image.Image, int, int, int]:
    """(mask, left, top, advance): an "L" mask tight around the ink, where its top-left corner lies
    relative to the drawing origin (left end of the ascender line), and the advance width."""
    f = font(face, size)
    left, top, right, bottom = f.getbbox(text)
    w, h = max(1, right - left), max(1, bottom - top)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255)
    return mask, left, top, int(f.getlength(text))


# the combining marks that letters the fonts draw take: Latin, Greek and Cyrillic accents, Hebrew points, Arabic
# vowel signs (others come with scripts the fonts lack: `printable`)
MARKS_ON_LETTERS = ((0x0300, 0x036F), (0x0483, 0x0489), (0x0591, 0x05C7), (0x064B, 0x065F), (0x0670, 0x0670),
                    (0x1DC0, 0x1DFF), (0x20D0, 0x20FF))


@lru_cache(maxsize=8)
def _notdef(face: str) -> bytes:
    return bytes(font(face, 20).getmask("\U0010FFFD"))


@lru_cache(maxsize=4096)
def has_glyph(ch: str, face: str = "condbold") -> bool:
    """Whether the shipped font draws `ch` (rather than its empty-box glyph)."""
    if ch.isspace():
        return True
    return bytes(font(face, 20).getmask(ch)) != _notdef(face)


@lru_cache(maxsize=1024)
def printable(text: str, face: str = "condbold") -> str:
    """`text` without the characters the font cannot draw (emoji, CJK, ...), spaces tidied. Accents are composed
    first (NFC: "e" + U+0301 is "é"). A combining mark stays on a letter the font drew when it is one of the
    marks such letters take (Latin, Greek and Cyrillic accents, Hebrew points, Arabic vowel signs) and the font
    has it, two at most ("Zalgo" stacks); alone, or after a letter the font lacks, the shaper would draw it on a
    dotted circle (Devanagari's vowel signs, Thai's). Format characters go (zero-width spaces, direction marks),
    but for the zero-width non-joiner between letters, which Persian writes."""
    kept: list[str] = []
    base, marks = False, 0  # whether the last character kept is a letter; marks kept on it
    for ch in unicodedata.normalize("NFC", text):
        category = unicodedata.category(ch)
        if category[0] == "M":
            if base and marks < 2 and any(lo <= ord(ch) <= hi for lo, hi in MARKS_ON_LETTERS) and has_glyph(ch, face):
                kept.append(ch)
                marks += 1
            continue
        if category == "Cf":
            if ch == "\u200c" and base:
                kept.append(ch)
            continue
        drawn = has_glyph(ch, face)
        if drawn:
            kept.append(ch)
        base, marks = drawn and ch.isalpha(), 0
    return " ".join("".join(kept).strip("\u200c").split())


@lru_cache(maxsize=8192)
def text_width(text: str, face: str, size: int) -> int:
    return int(font(face, size).getlength(text))


def fitting_size(text: str, face: str, width: int, largest: int, smallest: int) -> int:
    """The largest size from `largest` down to `smallest` at which `text` fits `width` pixels (else `smallest`)."""
    return next((s for s in range(largest, smallest, -1) if text_width(text, face, s) <= width), smallest)


@lru_cache(maxsize=4096)
def fit(text: str, face: str, size: int, width: int) -> str:
    """`text`, shortened with an ellipsis until it fits `width` pixels."""
    if text_width(text, face, size) <= width:
        return text
    while text and text_width(text + "…", face, size) > width:
        text = text[:-1]
    return balanced(text.rstrip() + "…")


# A line of the pictures is laid out by Unicode's bidirectional algorithm (Pillow with libraqm and FriBiDi): a
# Hebrew or Arabic name would take the numbers and punctuation beside it into its right-to-left run ("+48" drawn
# "48+", a score moved to the other side of the name, "?" to the front of "שרה: Grand Hand?"), or turn the whole
# line right to left. Isolating the name (FSI ... PDI, UAX #9) keeps it one unit in its place. Without libraqm
# Pillow draws every line left to right as written, and an isolate would be a box: then nothing is added.
BIDI = bool(features.check("raqm"))


def isolated(text: str) -> str:
    """`text` as one unit in a line of other words, when it has right-to-left letters (bot.bidi)."""
    return isolate(text) if BIDI else text


def balanced(text: str) -> str:
    """`text` with the isolates a cut opened or left open closed again (a name cut at its end or its front)."""
    depth, unopened = 0, 0
    for ch in text:
        if ch == FSI:
            depth += 1
        elif ch == PDI:
            depth, unopened = (depth - 1, unopened) if depth else (0, unopened + 1)
    return FSI * unopened + text + PDI * depth
