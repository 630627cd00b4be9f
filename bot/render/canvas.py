"""A drawing surface with the few operations the renderers need, all backed by caches.

Compose in RGB (pastes of cached card sprites and text masks), then `png()` maps the picture onto
the fixed palette (theme.palette_image) and encodes it. Nothing here draws a glyph or a card from
scratch per image, which keeps composing a table to a few milliseconds.
"""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageDraw

from . import theme as T
from .cards import Sprite, card_height, card_sprite, shadow_mask
from .fonts import fit, font, text_mask

PNG_LEVEL = 6  # zlib level: 6 is ~2x faster than 9 for ~10% larger files


@lru_cache(maxsize=64)
def _cap_centre(face: str, size: int) -> float:
    """Distance from a label's origin (ascender line) down to the middle of its capital letters."""
    f = font(face, size)
    _, top, _, bottom = f.getbbox("H")
    return (top + bottom) / 2


class Canvas:
    def __init__(self, width: int, height: int, bg: T.RGB | Image.Image = T.BG):
        if isinstance(bg, Image.Image):
            self.im = bg.copy()
        else:
            self.im = Image.new("RGB", (width, height), bg)
        self.draw = ImageDraw.Draw(self.im)

    @property
    def size(self) -> tuple[int, int]:
        return self.im.size

    # -- sprites -----------------------------------------------------------------------------------
    def sprite(self, sp: Sprite, x: int, y: int, *, shadow: bool = True) -> None:
        if shadow:
            w, h = sp.size
            self.im.paste(T.SHADOW, (x + 2, y + 3), shadow_mask(w, h))
        self.im.paste(sp.rgb, (x, y), sp.mask)

    def card(self, code: str, x: float, y: float, width: int, style: str, four: bool = False, *,
             dimmed: bool = False, shadow: bool = True) -> None:
        """A face-up card (or "back") with its top-left corner at (x, y)."""
        self.sprite(card_sprite(code, style, four, width, dimmed), round(x), round(y), shadow=shadow)

    def card_c(self, code: str, cx: float, cy: float, width: int, style: str, four: bool = False, **kw) -> None:
        """A card centred on (cx, cy)."""
        self.card(code, cx - width / 2, cy - card_height(width) / 2, width, style, four, **kw)

    def stack(self, code: str, x: float, y: float, width: int, style: str, four: bool, count: int) -> None:
        """A pile seen from the side: up to 4 edges under the top card, more edges for more cards."""
        layers = 0 if count <= 1 else 1 if count <= 4 else 2 if count <= 12 else 3
        for i in range(layers, 0, -1):
            self.card("back", x + i * 2, y + i * 2, width, style, four, shadow=i == layers)
        self.card(code, x, y, width, style, four, shadow=layers == 0)

    def slot(self, x: float, y: float, width: int, label: str = "") -> None:
        """An empty pile's outline on the felt."""
        h = card_height(width)
        self.draw.rounded_rectangle((x, y, x + width, y + h), radius=round(width * 0.09), outline=T.FELT_LINE,
                                    width=2)
        if label:
            self.text(x + width / 2, y + h / 2, label, "condbold", 13, T.FELT_LINE, anchor="mm", max_w=width - 6)

    # -- text ----------------------------------------------------------------------------------------
    def text(self, x: float, y: float, text: str, face: str, size: int, fill: T.RGB, *, anchor: str = "lt",
             max_w: int | None = None) -> int:
        """Draw a label; anchor = horizontal l/m/r + vertical t (top of ascender), m (middle of capitals)
        or b (baseline). Returns the width drawn. `max_w` shortens it with an ellipsis."""
        if not text:
            return 0
        if max_w is not None:
            text = fit(text, face, size, max_w)
        mask, left, top, adv = text_mask(text, face, size)
        ox = x - {"l": 0, "m": adv / 2, "r": adv}[anchor[0]]
        f = font(face, size)
        oy = y - {"t": 0, "m": _cap_centre(face, size), "b": f.getmetrics()[0]}[anchor[1]]
        self.im.paste(fill, (round(ox + left), round(oy + top)), mask)
        return adv

    def text_w(self, text: str, size: int, face: str = "condbold") -> int:
        return int(font(face, size).getlength(text))

    def pill(self, x: float, y: float, text: str, fill: T.RGB, ink: T.RGB = T.WHITE, *, size: int = 14,
             anchor: str = "l") -> int:
        """A small rounded badge with a label; (x, y) is its left (or right / centre) middle.
        Returns its width."""
        tw = int(font("condbold", size).getlength(text))
        w, h = tw + size, round(size * 1.45)
        x0 = x - {"l": 0, "m": w / 2, "r": w}[anchor]
        self.draw.rounded_rectangle((x0, y - h / 2, x0 + w, y + h / 2), radius=h // 2, fill=fill)
        self.text(x0 + w / 2, y, text, "condbold", size, ink, anchor="mm")
        return w

    def chip(self, cx: float, cy: float, r: int, label: str, fill: T.RGB, ink: T.RGB) -> None:
        """A round token (the dealer button)."""
        self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=T.BLACK, width=1)
        self.text(cx, cy, label, "bold", round(r * 1.2), ink, anchor="mm")

    # -- output --------------------------------------------------------------------------------------
    def png(self, level: int = PNG_LEVEL) -> bytes:
        return encode(self.im, level)


def to_palette(im: Image.Image) -> Image.Image:
    return im.quantize(palette=T.palette_image(), dither=Image.Dither.NONE)


def encode(im: Image.Image, level: int = PNG_LEVEL) -> bytes:
    """RGB picture -> palette PNG bytes."""
    p = to_palette(im) if im.mode != "P" else im
    buf = io.BytesIO()
    p.save(buf, "PNG", compress_level=level)
    return buf.getvalue()
