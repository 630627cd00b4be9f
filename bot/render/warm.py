"""Imported by a drawing process before it says it is ready (`bot/ui/drawing.py`, `bot/workers.py`): the drawing
modules, the fonts and the card art of both deck styles load here, not in the first picture's time. The package
imports its drawing modules only when first used, and on this machine a first table picture took 67 ms and a first
hand 37 ms more than the next ones (more under load), while a reply has Discord's 3 s."""

from __future__ import annotations

import contextlib

from bot.games import GAMES

from . import hand_image, money, table_image  # noqa: F401  money: Rufmariasch's strip


def warm() -> None:
    for game in ("schieberamsch", "treppenromme"):  # a German deck and a French one
        cls = GAMES[game]
        engine = cls.new(cls.min_seats, seed=0, options={})
        table_image(game, engine.view(None), [str(i) for i in range(cls.min_seats)])
        hand_image(game, list(engine.view(0).get("hand") or []), [])


with contextlib.suppress(Exception):  # a picture that fails here fails in its own job too, with its reason
    warm()
