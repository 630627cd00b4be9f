"""Render benchmark: `python -m benchmarks.render` (from the repository root).

For each game it plays a match with the demo's automatic players (bot/demo.py) at 4 seats (3 for
Schieberamsch) and, with warm caches as in a running bot, times for every public view of the match:

- render+encode: `bot.render.table_image(...)`, the whole call (compose the table + PNG bytes);
- encode alone:  PNG-encoding the same finished picture (the composed palette image) by itself;
- overhead:      (render+encode - encode alone) / encode alone, on the medians;
- size:          the PNG files' median and largest size.

Targets (the issue): median <= 15 ms for a full 4-player table; overhead <= 50 % of encode alone;
no image over 300 KB. `--check` exits 1 when a target is missed. `--seats max` measures every game
at its largest table instead. Numbers are per process on this machine, single-threaded.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from typing import Any

from bot.demo import NAMES, play
from bot.games import GAMES
from bot.render import default_deck, table_image
from bot.render.canvas import PNG_LEVEL
from bot.render.tables import table_canvas

# longer matches than the demo's, so that every game yields views from several hands
OPTIONS = {"schroeoem": {"points": 7}, "schieberamsch": {"deals": 6}}
TARGET_MEDIAN_MS = 15.0
TARGET_OVERHEAD = 0.50
TARGET_MAX_BYTES = 300 * 1024


def _views(key: str, seats: int, seed: int, limit: int) -> list[dict[str, Any]]:
    views: list[dict[str, Any]] = []

    def on_step(e: Any, *_: Any) -> None:
        views.append(e.view(None))

    e = play(key, seats, seed, options=OPTIONS.get(key), on_step=on_step, max_steps=4000)
    views.append(e.view(None))
    if len(views) > limit:  # an even sample over the whole match, the end included
        step = len(views) / limit
        views = [views[int(i * step)] for i in range(limit - 1)] + [views[-1]]
    return views


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p * (len(xs) - 1))))]


def bench(key: str, seats: int, *, seed: int = 7, limit: int = 150, rounds: int = 3) -> dict[str, Any]:
    views = _views(key, seats, seed, limit)
    names = NAMES[:seats]
    deck = default_deck(key)
    cold0 = time.perf_counter()
    table_image(key, views[0], names)
    cold = time.perf_counter() - cold0
    for v in views:  # warm the caches, as a running bot has them
        table_image(key, v, names)
    total: list[float] = []
    enc: list[float] = []
    sizes: list[int] = []
    for _ in range(rounds):
        for v in views:
            t0 = time.perf_counter()
            png = table_image(key, v, names)
            total.append(time.perf_counter() - t0)
            sizes.append(len(png))
            pic = table_canvas(key, v, names, deck, False, "en").c.im
            t0 = time.perf_counter()
            buf = io.BytesIO()
            pic.save(buf, "PNG", compress_level=PNG_LEVEL)
            enc.append(time.perf_counter() - t0)
    med, encm = statistics.median(total), statistics.median(enc)
    return {
        "game": key, "seats": seats, "views": len(views), "cold_ms": cold * 1000,
        "median_ms": med * 1000, "p99_ms": _pct(total, 0.99) * 1000,
        "encode_median_ms": encm * 1000, "encode_p99_ms": _pct(enc, 0.99) * 1000,
        "overhead": (med - encm) / encm, "size_median_kb": statistics.median(sizes) / 1024,
        "size_max_kb": max(sizes) / 1024,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.render", description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", help="game keys (default: every registered game)")
    ap.add_argument("--seats", default="4", help="'4' (3 for Schieberamsch) or 'max'")
    ap.add_argument("--views", type=int, default=150, help="views sampled per match")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    args = ap.parse_args(argv)
    keys = args.games or list(GAMES)
    print(f"{'game':<14}{'seats':>5}{'views':>6} | {'render+encode ms':>17} | {'encode alone ms':>16} | "
          f"{'overhead':>8} | {'size KB':>13} | {'cold ms':>7}")
    print(f"{'':<25} | {'median':>8}{'p99':>9} | {'median':>8}{'p99':>8} | {'':>8} | {'median':>6}{'max':>7} |")
    ok = True
    for key in keys:
        E = GAMES[key]
        seats = E.max_seats if args.seats == "max" else max(E.min_seats, min(4, E.max_seats))
        r = bench(key, seats, limit=args.views, rounds=args.rounds)
        miss = []
        if r["median_ms"] > TARGET_MEDIAN_MS:
            miss.append("median")
        if r["overhead"] > TARGET_OVERHEAD:
            miss.append("overhead")
        if r["size_max_kb"] * 1024 > TARGET_MAX_BYTES:
            miss.append("size")
        ok = ok and not miss
        print(f"{key:<14}{seats:>5}{r['views']:>6} | {r['median_ms']:>8.2f}{r['p99_ms']:>9.2f} | "
              f"{r['encode_median_ms']:>8.2f}{r['encode_p99_ms']:>8.2f} | {r['overhead'] * 100:>7.0f}% | "
              f"{r['size_median_kb']:>6.1f}{r['size_max_kb']:>7.1f} | {r['cold_ms']:>7.1f}"
              + (f"   MISSED: {', '.join(miss)}" if miss else ""))
    print(f"targets: median <= {TARGET_MEDIAN_MS:.0f} ms (4 players), overhead <= {TARGET_OVERHEAD:.0%} of encode "
          f"alone, every image <= {TARGET_MAX_BYTES // 1024} KB; PNG zlib level {PNG_LEVEL}")
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
