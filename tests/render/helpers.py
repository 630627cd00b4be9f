"""Shared bits of the render tests: names, PNG checks, and deals with two hidden cards swapped."""

from __future__ import annotations

import io
import random
from typing import Any

from PIL import Image

from bot.games import GAMES
from bot.games.cards import DECK_32, DECK_52

NAMES = ["Anna", "Bernd", "Claudia", "Dragan", "Elif", "Franz", "Gordana", "Hubert"]
MAX_BYTES = 300 * 1024


def check_png(data: bytes, *, max_bytes: int = MAX_BYTES) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) <= max_bytes, f"{len(data)} bytes"
    im = Image.open(io.BytesIO(data))
    im.load()
    return im


def seat_counts(key: str) -> list[int]:
    E = GAMES[key]
    return sorted({E.min_seats, E.max_seats})


def fresh_deal(key: str, seats: int, rng: random.Random) -> dict[str, Any] | None:
    """A random first deal in the engine's `deal=` format, or None for a game this test does not know."""
    E = GAMES[key]
    probe = E.new(seats, seed=rng.randrange(1 << 30))
    counts = list(probe.view(None)["counts"])
    if key == "schieberamsch":
        deck = list(DECK_32)
        rng.shuffle(deck)
        return {"hands": [deck[0:10], deck[10:20], deck[20:30]], "skat": deck[30:32]}
    if key == "rufmariasch":
        sizes = [8] * seats
        deck = list(DECK_32)
    elif key == "schroeoem":
        sizes = [4] * seats
        deck = list(DECK_32)
    elif key == "treppenromme":
        sizes = [7] * seats
        deck = list(DECK_52)
    elif key in ("schrum", "tac"):
        sizes = counts
        deck = list(DECK_32 if key == "schrum" else DECK_52)
        if key == "tac" and seats == 3:
            deck.remove("AS")
    elif key == "repezita":
        sizes = counts
        deck = list(DECK_52) + ([c + "#2" for c in DECK_52] if sum(counts) > 52 else [])
    else:
        return None
    rng.shuffle(deck)
    hands, k = [], 0
    for n in sizes:
        hands.append(deck[k:k + n])
        k += n
    return {"hands": hands}


def swapped(deal: dict[str, Any]) -> tuple[dict[str, Any], tuple[str, str]]:
    """The same deal with the last card of seat 0's and seat 1's hands exchanged (hidden from the
    others; for Schrum Schrum and Tač the bottom cards of the talons, hidden from everybody)."""
    other = {k: [list(h) for h in v] if k == "hands" else list(v) for k, v in deal.items()}
    a, b = other["hands"][0][-1], other["hands"][1][-1]
    other["hands"][0][-1], other["hands"][1][-1] = b, a
    return other, (a, b)


def play_until(engine: Any, key: str, seed: int, done: Any, *, limit: int = 3000) -> Any:
    """Play `engine` with the demo's players (`bot.demo.choose`) until `done(engine)`; returns the engine."""
    from bot.demo import choose
    from bot.games import IllegalAction

    rng = random.Random(seed)
    for _ in range(limit):
        if done(engine) or engine.over:
            break
        seat, tries = choose(engine, key, rng)
        for action in [*tries, engine.default_action(seat)]:
            try:
                engine.apply(seat, action)
                break
            except IllegalAction:
                pass
    return engine
