"""`python -m bot.render.example`: (re)writes images/example_table.png, the table shown in the README.

A Rufmariasch deal played by the demo's automatic players, caught mid-trick once a marriage was
announced: German cards, trump and called card, seat plates, the trick and the last trick.
"""

from __future__ import annotations

from typing import Any

from . import table_image
from .theme import IMAGES

NAMES = ["Anna", "Bernd", "Claudia", "Dragan"]


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


def main() -> None:
    path = IMAGES / "example_table.png"
    path.write_bytes(table_image("rufmariasch", example_view(), NAMES))
    print("wrote", path)


if __name__ == "__main__":  # pragma: no cover
    main()
