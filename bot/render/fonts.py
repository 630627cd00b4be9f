"""The shipped fonts (images/fonts/, DejaVu, Bitstream Vera licence) and cached text masks.

Drawing text with FreeType costs ~0.1 ms a string; a table image has dozens of labels that repeat from
one image to the next (names, counts, headings), so each (text, face, size) is rasterised once into an
"L" mask and pasted with a solid colour afterwards.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

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
    first (NFC: "e" + U+0301 is "é"); format characters (zero-width spaces and joiners, direction marks) and the
    combining marks left after that go (alone, or after a letter the font lacks, the shaper draws them on a
    dotted circle: Devanagari's vowel signs, Thai's, "Zalgo" stacks)."""
    kept = "".join(ch for ch in unicodedata.normalize("NFC", text)
                   if unicodedata.category(ch)[0] != "M" and unicodedata.category(ch) != "Cf" and has_glyph(ch, face))
    return " ".join(kept.split())


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
    return text.rstrip() + "…"
