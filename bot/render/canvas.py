"""A drawing surface with the few operations the renderers need, all backed by caches.

The picture is composed directly in palette mode ("P") on the fixed palette of theme.py: every sprite
(card, text label, rounded box) is drawn once in RGB with anti-aliasing, blended onto the colour it
will sit on, mapped onto the palette and cached together with a binary mask. Composing a table is then
a few dozen pastes of one byte per pixel, and the finished image is PNG-encoded as it is, with no
colour quantisation per image. That keeps composing far cheaper than encoding.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from . import theme as T
from .cards import Sprite, card_height, card_sprite, shadow_mask
from .fonts import fit, fitting_size, font, text_mask, text_width

PNG_LEVEL = 3  # zlib level: 3 encodes ~3x faster than 6 for ~25% larger files (18 vs 14 KB a table image)
SLOT_LABEL_SIZE, SLOT_LABEL_MIN = 13, 9  # an empty pile's word, set smaller down to 9 px before it is cut short


def new_p(width: int, height: int, fill: T.RGB) -> Image.Image:
    im = Image.new("P", (width, height), T.index(fill))
    im.putpalette(T.palette_image().getpalette())
    return im


def to_p(rgb: Image.Image) -> Image.Image:
    """An RGB picture mapped onto the fixed palette (nearest colour, no dithering)."""
    return rgb.convert("RGB").quantize(palette=T.palette_image(), dither=Image.Dither.NONE)


def binary(mask: Image.Image, threshold: int = 0) -> Image.Image:
    """An "L" mask with only 0 and 255: palette pixels cannot be blended, only copied."""
    return mask.point(lambda v: 255 if v > threshold else 0)


@lru_cache(maxsize=64)
def _cap_centre(face: str, size: int) -> float:
    """Distance from a label's origin (ascender line) down to the middle of its capital letters."""
    _, top, _, bottom = font(face, size).getbbox("H")
    return (top + bottom) / 2


@lru_cache(maxsize=64)
def _ascent(face: str, size: int) -> int:
    return font(face, size).getmetrics()[0]


@dataclass(frozen=True)
class Label:
    image: Image.Image   # P
    mask: Image.Image    # binary L
    left: int
    top: int
    advance: int


@lru_cache(maxsize=8192)
def label(text: str, face: str, size: int, fg: T.RGB, bg: T.RGB) -> Label:
    """A text label anti-aliased against the colour it will sit on, as palette pixels + mask."""
    mask, left, top, adv = text_mask(text, face, size)
    rgb = Image.new("RGB", mask.size, bg)
    rgb.paste(fg, (0, 0), mask)
    return Label(to_p(rgb), binary(mask, 10), left, top, adv)


@lru_cache(maxsize=1024)
def box_sprite(w: int, h: int, radius: int, fill: T.RGB | None, outline: T.RGB | None, width: int) -> Sprite:
    """A rounded box (seat plate, badge, frame) as palette pixels + mask."""
    rgb = Image.new("RGB", (w, h), fill or outline or T.BLACK)
    m = Image.new("L", (w, h), 0)
    ImageDraw.Draw(m).rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=255)
    if fill is None:  # an outline only: cut out the inside
        inner = Image.new("L", (w, h), 0)
        ImageDraw.Draw(inner).rounded_rectangle((width, width, w - 1 - width, h - 1 - width),
                                                radius=max(0, radius - width), fill=255)
        m.paste(0, (0, 0), inner)
    elif outline is not None:
        ImageDraw.Draw(rgb).rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=fill, outline=outline,
                                              width=width)
    return Sprite(to_p(rgb), binary(m, 127))


class Canvas:
    def __init__(self, width: int, height: int, bg: T.RGB | Image.Image = T.BG):
        if isinstance(bg, Image.Image):
            self.im = bg.copy() if bg.mode == "P" else to_p(bg)
        else:
            self.im = new_p(width, height, bg)
        self.draw = ImageDraw.Draw(self.im)
        self._rgb = T.palette_colours()
        # every label drawn, as it reads and where (x0, y0, x1, y1): what tests ask a picture to say
        self.written: list[tuple[str, tuple[int, int, int, int]]] = []

    @property
    def size(self) -> tuple[int, int]:
        return self.im.size

    def colour_at(self, x: float, y: float) -> T.RGB:
        w, h = self.im.size
        xi, yi = min(max(0, round(x)), w - 1), min(max(0, round(y)), h - 1)
        i = self.im.getpixel((xi, yi))
        return self._rgb[i] if isinstance(i, int) and i < len(self._rgb) else self._rgb[0]

    # -- sprites -----------------------------------------------------------------------------------
    def sprite(self, sp: Sprite, x: int, y: int, *, shadow: bool = True) -> None:
        if shadow:
            w, h = sp.size
            self.im.paste(T.index(T.SHADOW_SOFT), (x + 2, y + 3), shadow_mask(w, h))
        self.im.paste(sp.rgb, (x, y), sp.mask)

    def card(self, code: str, x: float, y: float, width: int, style: str, four: bool = False, *,
             dimmed: bool = False, shadow: bool = True, ground: T.RGB = T.FELT, lang: str = "en") -> None:
        """A face-up card (or "back") with its top-left corner at (x, y)."""
        self.sprite(card_sprite(code, style, four, width, dimmed, ground, lang), round(x), round(y), shadow=shadow)

    def card_c(self, code: str, cx: float, cy: float, width: int, style: str, four: bool = False, **kw) -> None:
        """A card centred on (cx, cy)."""
        self.card(code, cx - width / 2, cy - card_height(width) / 2, width, style, four, **kw)

    def stack(self, code: str, x: float, y: float, width: int, style: str, four: bool, count: int,
              lang: str = "en") -> None:
        """A pile seen from the side: one to three edges under the top card, more for more cards."""
        layers = 0 if count <= 1 else 1 if count <= 4 else 2 if count <= 12 else 3
        for i in range(layers, 0, -1):
            self.card("back", x + i * 2, y + i * 2, width, style, four, shadow=i == layers)
        self.card(code, x, y, width, style, four, shadow=layers == 0, lang=lang)

    def slot(self, x: float, y: float, width: int, label: str = "") -> None:
        """An empty pile's outline on the felt."""
        h = card_height(width)
        self.rrect((x, y, x + width, y + h), round(width * 0.09), outline=T.FELT_LINE, width=2)
        if label:  # a long word ("Verdeckt", "Zatvorena") is set smaller before it is cut short
            room = width - 4
            size = fitting_size(label, "condbold", room, SLOT_LABEL_SIZE, SLOT_LABEL_MIN)
            self.text(x + width / 2, y + h / 2, label, "condbold", size, T.FELT_LINE, anchor="mm", max_w=room)

    def rrect(self, box: tuple[float, float, float, float], radius: int, *, fill: T.RGB | None = None,
              outline: T.RGB | None = None, width: int = 1) -> None:
        x0, y0, x1, y1 = (round(v) for v in box)
        sp = box_sprite(x1 - x0 + 1, y1 - y0 + 1, radius, fill, outline, width)
        self.im.paste(sp.rgb, (x0, y0), sp.mask)

    # -- text ----------------------------------------------------------------------------------------
    def text(self, x: float, y: float, text: str, face: str, size: int, fill: T.RGB, *, anchor: str = "lt",
             max_w: int | None = None, bg: T.RGB | None = None) -> int:
        """Draw a label; anchor = horizontal l/m/r + vertical t (top of ascender), m (middle of capitals)
        or b (baseline). Returns the width drawn. `max_w` shortens it with an ellipsis. The label is
        anti-aliased against `bg`, by default the colour just left of where it starts."""
        if not text:
            return 0
        if max_w is not None:
            text = fit(text, face, size, max_w)
        adv = text_width(text, face, size)
        ox = x - {"l": 0, "m": adv / 2, "r": adv}[anchor[0]]
        oy = y - {"t": 0, "m": _cap_centre(face, size), "b": _ascent(face, size)}[anchor[1]]
        if bg is None:
            bg = self.colour_at(ox - 2, oy + _cap_centre(face, size))
        lab = label(text, face, size, fill, bg)
        at = (round(ox + lab.left), round(oy + lab.top))
        self.im.paste(lab.image, at, lab.mask)
        self.written.append((text, (*at, at[0] + lab.image.width, at[1] + lab.image.height)))
        return lab.advance

    def text_w(self, text: str, size: int, face: str = "condbold") -> int:
        return text_width(text, face, size)

    def pill(self, x: float, y: float, text: str, fill: T.RGB, ink: T.RGB = T.WHITE, *, size: int = 14,
             anchor: str = "l") -> int:
        """A small rounded badge with a label; (x, y) is its left (or right / centre) middle.
        Returns its width."""
        tw = text_width(text, "condbold", size)
        w, h = tw + size, round(size * 1.45)
        x0 = x - {"l": 0, "m": w / 2, "r": w}[anchor]
        self.rrect((x0, y - h / 2, x0 + w, y + h / 2), h // 2, fill=fill)
        self.text(x0 + w / 2, y, text, "condbold", size, ink, anchor="mm", bg=fill)
        return w

    def chip(self, cx: float, cy: float, r: int, label: str, fill: T.RGB, ink: T.RGB) -> None:
        """A round token (the dealer button)."""
        self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=T.index(fill), outline=T.index(T.BLACK), width=1)
        self.text(cx, cy, label, "bold", round(r * 1.2), ink, anchor="mm", bg=fill)

    # -- output --------------------------------------------------------------------------------------
    def png(self, level: int = PNG_LEVEL) -> bytes:
        return encode(self.im, level)


def encode(im: Image.Image, level: int = PNG_LEVEL) -> bytes:
    """Palette picture -> PNG bytes."""
    p = im if im.mode == "P" else to_p(im)
    buf = io.BytesIO()
    p.save(buf, "PNG", compress_level=level)
    return buf.getvalue()
