"""The load benchmark's figures against Discord's rules (tests/fakediscord/rules.py): how far the table picture lags
behind the stored state, the 429s by scope, invalid requests, rate-limited calls per move, and nothing lost.

Used by benchmarks.load; kept apart so that module stays about driving the tables.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import sqlite3
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.e2e.players import TablePlayers, table_version
from tests.fakediscord import FakeDiscord

TABLES_PER_GUILD = 250  # well under Discord's 1000 active threads per guild, as real servers are many and small
TEN_MINUTES = 600.0


def spread_over_guilds(fake: FakeDiscord, n: int, per_guild: int = TABLES_PER_GUILD,
                       per_channel: int = 100) -> list[str]:
    """Guilds of at most `per_guild` tables, channels of at most `per_channel`; returns each table's channel
    name. Call before the bot connects (a guild's GUILD_CREATE goes out with READY)."""
    guilds = [fake.guild_id] + [fake.add_guild(f"Stammtisch {g + 1}") for g in range(1, math.ceil(n / per_guild))]
    names: list[str] = []
    for g, gid in enumerate(guilds):
        in_guild = min(per_guild, n - g * per_guild)
        chans = [fake.add_channel(f"tisch-{g}-{c}", guild=gid).name for c in range(math.ceil(in_guild / per_channel))]
        names.extend(chans[i % len(chans)] for i in range(in_guild))
    return names


@dataclass
class PictureLag:
    """When the table message first showed each version, and how long each stored move waited for it: from the
    callback of the click (the bot stores a move before it answers) until the table message shows that move or
    a later one."""

    players: TablePlayers
    shown: list[tuple[int, float]] = field(default_factory=list)  # (version, first seen), versions increasing
    pending: list[tuple[int, float, bool]] = field(default_factory=list)  # (version clicked at, callback, measured)
    lags: list[float] = field(default_factory=list)  # seconds, measured moves only

    def look(self) -> None:
        msg = self.players.table_message()
        if msg is None:
            return
        version = table_version(msg)
        if not self.shown or version > self.shown[-1][0]:
            self.shown.append((version, time.perf_counter()))
            self._resolve()

    def moved(self, clicked_at_version: int, callback_at: float, measured: bool) -> None:
        self.pending.append((clicked_at_version, callback_at, measured))
        self._resolve()

    def _resolve(self) -> None:
        if not self.shown:
            return
        left = []
        for version, callback_at, measured in self.pending:
            seen = next((t for v, t in self.shown if v > version), None)
            if seen is None:
                left.append((version, callback_at, measured))
            elif measured:
                self.lags.append(max(0.0, seen - callback_at))
        self.pending = left
        if len(self.shown) > 64:
            self.shown = self.shown[-32:]


def pct(values: list[float], p: float) -> float:
    """Nearest-rank percentile."""
    if not values:
        return math.nan
    values = sorted(values)
    return values[min(len(values) - 1, max(0, math.ceil(p / 100 * len(values)) - 1))]


def stored_versions(db_path: Path) -> dict[int, int]:
    """Each table's newest stored version (its last action's seq)."""
    with contextlib.closing(sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=10)) as conn:
        return dict(conn.execute("SELECT table_id, MAX(seq) FROM actions GROUP BY table_id").fetchall())


async def settle(fake: FakeDiscord, tables: list[tuple[int, TablePlayers]], db_path: Path,
                 grace: float) -> dict[str, Any]:
    """Nothing lost: wait up to `grace` seconds until every table message shows its newest stored version."""
    t0 = time.perf_counter()
    while True:
        stored = stored_versions(db_path)
        behind = []
        for table_id, players in tables:
            msg = players.table_message()
            shown = table_version(msg) if msg is not None else -1
            if shown < stored.get(table_id, 0):
                behind.append(stored.get(table_id, 0) - shown)
        if not behind or time.perf_counter() - t0 >= grace:
            return {"tables_behind": len(behind), "versions_behind_max": max(behind, default=0),
                    "settle_s": round(time.perf_counter() - t0, 1), "nothing_lost": not behind}
        await asyncio.sleep(1.0)


@dataclass
class LimitSnapshot:
    t: float
    rate_limited: Counter[str]
    invalid: int
    counted: int

    @classmethod
    def take(cls, fake: FakeDiscord) -> LimitSnapshot:
        lim = fake.limits
        return cls(time.perf_counter(), Counter(lim.rate_limited), lim.invalid_total, lim.global_counted)


def strict_figures(fake: FakeDiscord, before: LimitSnapshot, after: LimitSnapshot, moves: int,
                   lags: list[float]) -> dict[str, Any]:
    """The figures the issue asks for, over the measured stretch (`before` .. `after`)."""
    seconds = max(after.t - before.t, 1e-9)
    invalid = after.invalid - before.invalid
    limited = after.rate_limited - before.rate_limited
    return {
        "picture_lag_p50_ms": round(pct(lags, 50) * 1000, 1),
        "picture_lag_p99_ms": round(pct(lags, 99) * 1000, 1),
        "picture_lag_max_ms": round(max(lags, default=math.nan) * 1000, 1),
        "picture_lag_moves": len(lags),
        "rate_limited_429": {scope: limited.get(scope, 0) for scope in ("user", "global", "shared")},
        "rate_limited_429_whole_run": dict(fake.limits.rate_limited),
        "invalid_measured": invalid,
        # the measured stretch is shorter than 10 minutes: its rate, held for 10 minutes
        "invalid_per_10_min_scaled": round(invalid * TEN_MINUTES / seconds),
        "invalid_worst_10_min_whole_run": fake.limits.invalid_worst,
        "limited_calls_per_move": round((after.counted - before.counted) / max(moves, 1), 2),
        "limited_calls_per_s": round((after.counted - before.counted) / seconds, 1),
    }


def print_strict(rows: list[dict[str, Any]]) -> None:
    print("\n| N | clicks answered p50 / p99 ms (answers lost past 3 s) | picture lag p50 / p99 ms (moves) | 429s user / global / shared | "
          "invalid / 10 min (scaled; worst window of the run) | limited calls per move (per s) | nothing lost |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        s = r.get("strict")
        if not s:
            continue
        q = s["rate_limited_429"]
        lost = "yes" if s["nothing_lost"] else f"no: {s['tables_behind']} tables behind (max {s['versions_behind_max']})"
        print(f"| {r['tables']} | {r['p50_ms']} / {r['p99_ms']} ({r.get('lost_answers', 0)}) | {s['picture_lag_p50_ms']} / {s['picture_lag_p99_ms']} "
              f"({s['picture_lag_moves']}) | {q['user']} / {q['global']} / {q['shared']} | "
              f"{s['invalid_per_10_min_scaled']} ({s['invalid_worst_10_min_whole_run']}) | "
              f"{s['limited_calls_per_move']} ({s['limited_calls_per_s']}) | {lost} |")
