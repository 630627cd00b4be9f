"""Leaderboard benchmark: `python -m benchmarks.leaderboard` (from the repository root).

Builds a server with 10,000 finished matches and 1,000 players in a temporary SQLite file (the real
migrations; stat_results rows, seats, match and hand results, seasons, and openskill ratings computed
match by match as the bot would), then times what `/leaderboard` does apart from talking to Discord:
the aggregate query, the ratings of the stream, the names, the ranking with ties, and drawing the page
(PNG and the plain-text list) — `StatsStore.leaderboard` + `cogs.stats.board_page`.

It reports the median and 95th percentile over `--runs` runs for all time, this season, this month and
the last page, plus each query plan (index ranges, not table scans). Target (the issue): median <= 200 ms
for all time; `--check` exits 1 when a median misses it. All matches are of one game (`--game`), the
worst case for one board. Numbers are per process on this machine, single-threaded.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.db import Database
from bot.games import GAMES
from bot.stats import StatsStore
from bot.stats import games as G
from bot.stats.ratings import rate
from cogs.stats import board_page

GUILD = 424242
TARGET_MS = 200.0
STAMP = "%Y-%m-%dT%H:%M:%S.000Z"


def _hands(game: str, seats: int, rng: random.Random) -> list[dict]:
    """A plausible match: deltas per hand in the game's spirit (details only where ratings read them)."""
    out = []
    for _ in range(rng.randint(3, 12)):
        d = [0] * seats
        if game == "rufmariasch":
            callers = rng.sample(range(seats), 2)
            win = rng.random() < 0.5
            pay = rng.randint(0, 60) * 10
            for s in range(seats):
                d[s] = pay if (s in callers) == win else -pay
            out.append({"deltas": d, "callers": sorted(callers),
                        "defenders": [s for s in range(seats) if s not in callers], "callers_win": win})
        elif game == "schieberamsch" and rng.random() < 0.2:
            solo, won = rng.randrange(seats), rng.random() < 0.6
            d[solo] = -rng.randint(5, 20) if won else rng.randint(5, 20)
            out.append({"deltas": d, "mode": "grand", "solo": solo, "won": won})
        else:
            d[rng.randrange(seats)] = rng.randint(1, 30)
            out.append({"deltas": d, "winner": rng.randrange(seats), "mode": "ramsch"})
    return out


def build(path: Path, game: str, matches: int, players: int, seed: int) -> None:
    asyncio.run(_migrate(path))
    rng = random.Random(seed)
    cls = GAMES[game]
    now = datetime.now(UTC)
    season2 = now - timedelta(days=180)
    con = sqlite3.connect(path)
    con.execute("PRAGMA synchronous = OFF")
    con.executemany("INSERT INTO players (user_id, name) VALUES (?, ?)",
                    [(1000 + u, f"Player {u:04d}") for u in range(players)])
    con.execute("INSERT INTO seasons (guild_id, number, name, started_at) VALUES (?, 2, 'Spring', ?)",
                (GUILD, season2.strftime(STAMP)))
    weights = [1 / (i + 1) ** 0.5 for i in range(players)]  # some people play far more than others
    streams: dict[int, dict[int, tuple[float, float]]] = {0: {}, 1: {}, 2: {}}
    tables, seats_rows, results, hand_rows, stats, history = [], [], [], [], [], []
    for t in range(1, matches + 1):
        n = rng.randint(cls.min_seats, min(cls.max_seats, 4))
        users: list[int] = []
        while len(users) < n:
            u = 1000 + rng.choices(range(players), weights)[0]
            if u not in users:
                users.append(u)
        ended = now - timedelta(seconds=(matches - t) * 365 * 86400 / matches)
        stamp = ended.strftime(STAMP)
        season = 2 if ended >= season2 else 1
        hands = _hands(game, n, rng)
        totals = [sum(h["deltas"][s] for h in hands) for s in range(n)]
        best = (min if game in G.LOWER_IS_BETTER else max)(totals)
        result = {"totals": totals, "hands": hands, "winners": [s for s in range(n) if totals[s] == best]}
        tables.append((t, GUILD, 1, game, 0, users[0], "finished", stamp))
        for s, row in enumerate(G.match_rows(game, result, n)):
            seats_rows.append((t, s, users[s]))
            results.append((t, s, users[s], row["total"], row["winner"]))
            money = row["total"] if game == "rufmariasch" else None
            stats.append((t, s, GUILD, game, season, stamp, users[s], f"Player {users[s] - 1000:04d}", n, row["total"],
                          row["winner"], row["place"], row["hands"], row["hands_won"], money,
                          "€" if money is not None else None))
        for no, h in enumerate(hands, start=1):
            for s, d in enumerate(h["deltas"]):
                hand_rows.append((t, no, s, d, 0))
        games_ = G.rating_games(game, result, n, [r["place"] for r in G.match_rows(game, result, n)])
        mapped = [([[users[s] for s in team] for team in teams], ranks) for teams, ranks in games_]
        for stream in (0, season):
            new = rate(streams[stream], mapped)
            streams[stream].update(new)
            history += [(GUILD, game, stream, u, t, mu, sg, stamp) for u, (mu, sg) in new.items()]
    con.executemany("INSERT INTO tables (table_id, guild_id, channel_id, game, seed, host_id, status, ended_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", tables)
    con.executemany("INSERT INTO seats (table_id, seat, user_id) VALUES (?, ?, ?)", seats_rows)
    con.executemany("INSERT INTO match_results (table_id, seat, user_id, total, winner) VALUES (?, ?, ?, ?, ?)",
                    results)
    con.executemany("INSERT INTO hand_results (table_id, hand_no, seat, delta, total) VALUES (?, ?, ?, ?, ?)",
                    hand_rows)
    con.executemany("INSERT INTO stat_results (table_id, seat, guild_id, game, season, ended_at, user_id, name, seats,"
                    " total, winner, place, hands, hands_won, money, currency)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", stats)
    con.executemany("INSERT INTO rating_history (guild_id, game, season, user_id, table_id, mu, sigma, at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", history)
    con.executemany("INSERT INTO ratings (guild_id, game, season, user_id, mu, sigma, matches) VALUES (?, ?, ?, ?, ?, ?, 0)",
                    [(GUILD, game, stream, u, mu, sg) for stream, rs in streams.items() for u, (mu, sg) in rs.items()])
    con.executemany("INSERT INTO rated_tables (table_id) VALUES (?)", [(t[0],) for t in tables])
    con.commit()
    con.close()


async def _migrate(path: Path) -> None:
    db = await Database.open(path)
    await db.close()


async def measure(path: Path, game: str, runs: int) -> list[tuple[str, list[float], int, str]]:
    db = await Database.open(path)
    store = StatsStore(db)
    out = []
    cases = [("all time, page 1", "all", None, 0), ("this season, page 1", "season", None, 0),
             ("this month, page 1", "month", None, 0), ("all time, last page", "all", None, 10**6)]
    for label, period, season, page in cases:
        times: list[float] = []
        size = 0
        for _ in range(runs):
            t0 = time.perf_counter()
            board = await store.leaderboard(GUILD, game, period, season=season)
            _, _, drawing, text, _ = board_page(board, page, "en", period, lambda a: a.name or "?")
            png = drawing()  # (the bot draws it in its drawing process; here, in this one)
            times.append((time.perf_counter() - t0) * 1000)
            size = len(board.rows)
            assert png and text
        sql, params, _ = store.board_query(GUILD, game, period, await store.current_season(GUILD)
                                           if period == "season" else None)
        plan = " | ".join(r["detail"] for r in await db.fetchall("EXPLAIN QUERY PLAN " + sql, params))
        out.append((label, times, size, plan))
    await db.close()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.leaderboard", description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=10_000)
    ap.add_argument("--players", type=int, default=1_000)
    ap.add_argument("--game", default="schieberamsch", choices=sorted(GAMES))
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check", action="store_true", help=f"exit 1 if a median is over {TARGET_MS:.0f} ms")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.sqlite3"
        t0 = time.perf_counter()
        build(path, args.game, args.matches, args.players, args.seed)
        print(f"built {args.matches} {args.game} matches, {args.players} players, in "
              f"{time.perf_counter() - t0:.1f} s ({path.stat().st_size / 1e6:.1f} MB)")
        results = asyncio.run(measure(path, args.game, args.runs))
    ok = True
    print(f"{'case':<22} {'players':>7} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    for label, times, size, plan in results:
        med = statistics.median(times)
        p95 = sorted(times)[max(0, int(len(times) * 0.95) - 1)]
        ok &= med <= TARGET_MS
        print(f"{label:<22} {size:>7} {med:>10.1f} {p95:>8.1f} {max(times):>8.1f}")
        print(f"  plan: {plan}")
    print(f"target: median <= {TARGET_MS:.0f} ms: {'met' if ok else 'MISSED'}")
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
