"""`python -m bot.render.example`: (re)writes images/example_table.png, the table shown in the README.

A Rufmariasch deal played by the demo's automatic players, caught mid-trick once a marriage was
announced: German cards, trump and called card, seat plates, the trick and the last trick.

The file changes only when the picture does: it is encoded at zlib level 9 (not the bot's fast level),
and an existing file with the same pixels is left alone, so re-running the command never makes a diff
from another Pillow or zlib build.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PIL import Image

from .canvas import encode
from .tables import table_canvas
from .theme import IMAGES

NAMES = ["Anna", "Bernd", "Claudia", "Dragan"]
LEVEL = 9


def example_view(max_seed: int = 200) -> dict[str, Any]:
    import random

    from bot.demo import new_match, step

    for seed in range(max_seed):
        e = new_match("rufmariasch", 4, seed)
        rng = random.Random(seed)
        while not e.over and e.view(None)["hand_no"] == 1:
            step(e, "rufmariasch", rng)
            v = e.view(None)
            if len(v["trick"]) == 3 and v["marriages"] and v["last_trick"] and v["trick_no"] >= 3:
                return v
    raise RuntimeError("no suitable moment found")


def example_image() -> Image.Image:
    return table_canvas("rufmariasch", example_view(), NAMES, "german", False, "en").c.im


def same_picture(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and a.convert("RGB").tobytes() == b.convert("RGB").tobytes()


def write(path: Path) -> bool:
    """Write the example to `path` unless a file with the same pixels is there; whether it wrote."""
    im = example_image()
    if path.exists():
        with Image.open(path) as old:
            if same_picture(old, im):
                return False
    path.write_bytes(encode(im, LEVEL))
    return True


def main() -> None:
    path = IMAGES / "example_table.png"
    print("wrote" if write(path) else "unchanged (same pixels):", path)


if __name__ == "__main__":  # pragma: no cover
    main()
