"""Load benchmark: one bot process (`python -m bot`) against the fake Discord (tests/fakediscord).

    python -m benchmarks.load --tables 10 100 500          # load runs, then the restore run
    python -m benchmarks.load --tables 10 --restore 0       # a quick look, no restore run
    python -m benchmarks.load --tables 500 --interval 20 --duration 90 --json out.json
    python -m benchmarks.load --tables 500 --computers 0.25 --restore 0   # one seat in four a strong computer

Load run (per N): N Schieberamsch tables (3 scripted players each, all different users) are opened through
`/schieberamsch new`, Join and Start, then played for `--duration` seconds at a steady rate: at every table the
player the table message names clicks a legal control (a decision button on the table message, a card in their
DM hand, the discard menu), one move every `--interval` seconds per table (each table with its own phase; if
the bot is late, the move follows as soon as the table shows the last one). Reported:

- latency: from the INTERACTION_CREATE written to the bot's socket to the bot's interaction callback arriving at
  the fake (p50 / p99 / max, moves after `--warmup`), and "next turn": from that dispatch until the table
  message shows the move and the next player can act (table image, DM edits and all);
- REST calls per move, by kind: interaction responses, table-message edits, DMs (new and edited), other;
- bot CPU per move (its child processes included: the drawing process, the computers' pool), peak RSS (VmHWM)
  of the bot process, RSS per table (growth from the idle bot to N open tables, and to the end of the run);
- steal: the share of CPU time the hypervisor withheld while measuring (/proc/stat);
- machine stalls: while measuring, `benchmarks.stallprobe` (a process that only sleeps 1 ms at a time) notes
  when it woke up more than 20 ms late; moves slower than 100 ms that overlap such a stall are counted apart,
  since on a shared virtual machine both the bot and the fake stop then; and the p99 of the moves with no stall
  during them or in the second before (the bot's own tail). `--json` also gets every measured move's dispatch
  time and latency, and the stalls.

The fake enforces Discord's rules by default (tests/fakediscord/README.md, "Discord's rules the fake
enforces"): per-route buckets, 5 messages per 5 s per channel, 50 requests/s globally (interaction responses
exempt), the 3 s deadline, auto-archiving threads, 1000 active threads per guild. So the tables sit in guilds of
at most 250 (benchmarks.strict.TABLES_PER_GUILD) and the players have had a DM with the bot before (opening new DM
channels is limited; `--new-players` opens them all fresh). Also reported, from the start of play to its end
(warm-up included), by benchmarks.strict:

- the table picture's lag behind the stored state: from the callback of a stored move (the bot stores before it
  answers) until the table message in the thread shows that move or a later one (p50 / p99, measured moves);
- 429s the bot received, by scope (user / global / shared); invalid requests (401, 403, 429) in the played
  stretch, scaled to 10 minutes (count × 600 s / seconds played), and the worst 10-minute window of the whole
  run (opening the tables included);
- rate-limited calls (every REST call but the interaction endpoints) per move and per second over the play (where
  the budget is the limit, as at 2,000 tables, that is the budget's pace: the edits still owed at the end go out
  after it, and the REST calls per move, counted until the fake is quiet, say what a move costs in all);
- nothing lost: after the last move, up to `--grace` seconds for every table message to show its table's newest
  stored version (the last action's seq in the database); the tables still behind are counted.

With `--computers SHARE` (e.g. 0.25), round(SHARE × 3N) seats are strong computers, spread evenly over the
tables (at most two a table, never the host's): the host seats them with the lobby's "Add computer (strong)"
button before the guests join, and `computer_pause` stays at its default. The latencies are then the people's
moves only (the scripted players never click for a computer); "next turn" is taken at the tables without a
computer; the tables with one do not spread (their moves wait for the process pool). Also reported: the
computers' moves stored while playing (actions.auto = 2) and a computer's turn as the table message shows it
(from naming the computer to the next version: pause, queue for the pool, decision, messages).

Restore run (per K in `--restore`): K running tables with half-played action logs (uniformly 1..~11 of the 12
deals' moves) are written straight into a fresh database, then (a) `TableService.restore()` is timed in this
process and (b) `python -m bot` is started on it and timed from process start to its "restored K open tables"
line (and, from the bot's own log timestamps, from "logging in" to that line), against an empty database as
the baseline.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import math
import os
import random
import signal
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from benchmarks.load_driver import Driver
from benchmarks.load_report import print_load, print_restore
from benchmarks.looplag import (
    ANSWERS,
    LOOP_LAG,
    MOVES,
    REPLY_DRAWINGS,
    REPLY_WORK,
    UPDATE_DRAWINGS,
    Probe,
    bot_buckets,
    bucket_quantile,
)
from benchmarks.procstats import (
    classify,
    cpu_times,
    pct,
    proc_cpu,
    proc_status,
    steal_share,
    tree_cpu,
)
from benchmarks.restore import restore_run
from benchmarks.strict import (
    TABLES_PER_GUILD,
    LimitSnapshot,
    PictureLag,
    print_strict,
    settle,
    spread_over_guilds,
    strict_figures,
)
from tests.e2e.players import OpenTable, open_table
from tests.fakediscord import FakeDiscord, RecordedRequest
from tests.fakediscord.process import bot_process, free_port
from tests.fakediscord.rules import GLOBAL_LIMIT

# -- load run --------------------------------------------------------------------------------------------------
SLOW_MOVE = 0.100  # seconds: the p99 target
STALL_AFTERMATH = 1.0  # seconds after a machine stall in which moves still wait for the backlog it left


def machine_stalls(path: Path, start: float, stop: float) -> list[tuple[float, float]]:
    """The stretches (time.monotonic) in which benchmarks.stallprobe, a process with nothing to do but wake up
    every millisecond, was not run: the machine, not the bot, was slow then."""
    out = []
    with contextlib.suppress(OSError), open(path) as f:
        for line in f:
            a, b = map(float, line.split())
            if b > start and a < stop:
                out.append((a, b))
    return out


async def snapshot_at(fake: FakeDiscord, when: float) -> LimitSnapshot:
    await asyncio.sleep(max(0.0, when - time.perf_counter()))
    return LimitSnapshot.take(fake)


async def quiet(fake: FakeDiscord, seconds: float = 1.0, limit: float = 120.0) -> None:
    """Until no REST request arrived for `seconds`."""
    end = time.perf_counter() + limit
    while time.perf_counter() < end:
        n = len(fake.requests)
        await asyncio.sleep(seconds)
        if len(fake.requests) == n:
            return


async def load_run(n: int, *, interval: float, duration: float, warmup: float, spread: int, seed: int,
                   workdir: Path, echo: bool = False, profile: Path | None = None,
                   lit_cards: bool = False, computers: float = 0.0, grace: float = 60.0,
                   new_players: bool = False, py_spy: Path | None = None,
                   global_limit: int = GLOBAL_LIMIT) -> dict[str, Any]:
    # computer seats: round(share * 3N), spread evenly over the tables, never the host's seat
    n_computers = round(computers * 3 * n)
    per_table = [min(2, (i + 1) * n_computers // n - i * n_computers // n) for i in range(n)]
    users = [(f"p{i:04d}", "de") for i in range(3 * n)]
    db_path = workdir / f"load-{n}.sqlite3"
    args = ("-m", "cProfile", "-o", str(profile), "-m", "bot") if profile else ("-m", "bot")
    # Discord's rules are on (tests/fakediscord/rules.py): the tables sit in guilds of at most TABLES_PER_GUILD
    # (a guild holds 1000 active threads), and the players have DMed the bot before (opening new DM channels is
    # limited; --new-players makes every DM channel new)
    # --global-limit: a token whose global limit Discord raised, in the fake and in the bot (DISCORD_GLOBAL_LIMIT)
    fake = FakeDiscord(users=users, channels=(), store_file_bytes=False, command_wait=60, global_limit=global_limit)
    channels = spread_over_guilds(fake, n)
    if not new_players:
        for name, _ in users:
            fake.dm_channel(name)
    metrics_port = free_port()  # the bot's event-loop lag, read before and after measuring (benchmarks.looplag)
    async with fake, bot_process(fake, args=args, env={"DATABASE_PATH": str(db_path),
                                                       "METRICS_PORT": f"127.0.0.1:{metrics_port}",
                                                       "DISCORD_GLOBAL_LIMIT": str(global_limit)}, echo=echo,
                                 dev_guild=n <= TABLES_PER_GUILD) as bp:
        await bp.wait_ready("schieberamsch", timeout=60)
        pid = bp.proc.pid
        await asyncio.sleep(0.5)
        rss_idle = proc_status(pid).get("VmRSS", 0)

        # open the tables, a few at a time
        t_open = time.perf_counter()
        gate = asyncio.Semaphore(8)
        names = [u for u, _ in users]

        async def open_one(i: int) -> OpenTable:
            async with gate:
                host, *guests = names[3 * i:3 * i + 3]
                guests = guests[:len(guests) - per_table[i]]
                return await open_table(fake, host, guests, channels[i],
                                        # opening 500 tables takes minutes
                                        {"deals": 12, "turn_timer": 3600, **({"lit_cards": True} if lit_cards else {})},
                                        rng=random.Random(seed * 100_003 + i), timeout=300,
                                        computers=["strong"] * per_table[i])

        tables = await asyncio.gather(*(open_one(i) for i in range(n)))
        open_seconds = time.perf_counter() - t_open
        await quiet(fake)
        rss_open = proc_status(pid).get("VmRSS", 0)

        drivers = [Driver(t, computers=c, lag=PictureLag(t.players), turn_wait=grace)
                   for t, c in zip(tables, per_table, strict=True)]
        by_channel = {fake.dm_channel(u).id: d for d in drivers for u in d.table.players.users}
        by_channel.update({d.table.thread_id: d for d in drivers})

        def wake(rec: RecordedRequest) -> None:
            d = by_channel.get(rec.channel_id or 0)
            if d is not None:
                d.event.set()
                if d.lag is not None and rec.channel_id == d.table.thread_id:
                    d.lag.look()

        fake.request_listeners.append(wake)
        t_spread = time.perf_counter()
        gate = asyncio.Semaphore(16)
        spread_rng = random.Random(seed)
        # tables with a computer do not spread: its moves wait for the process pool, at most a few per second
        await asyncio.gather(*(d.spread(spread_rng.randrange(spread + 1) if not d.computers else 0, gate)
                               for d in drivers))
        spread_seconds = time.perf_counter() - t_spread
        for d in drivers:
            d.table.players.interactions.clear()
        await quiet(fake)
        peak = {"rss": 0}

        async def sample() -> None:
            while True:
                peak["rss"] = max(peak["rss"], proc_status(pid).get("VmRSS", 0))
                await asyncio.sleep(0.25)

        sampler = asyncio.create_task(sample())
        stall_log = workdir / f"stalls-{n}.txt"
        probe = await asyncio.create_subprocess_exec(sys.executable, "-m", "benchmarks.stallprobe", str(stall_log))
        # The fake keeps every request and message revision: a full collection in this process could stall it
        # for a second and show up as bot latency. No collections while measuring.
        gc.collect()
        gc.freeze()
        gc.disable()
        mark = fake.mark()
        limits0 = LimitSnapshot.take(fake)
        cpu0, main_cpu0, bench_cpu0, machine0 = tree_cpu(pid), proc_cpu(pid), time.process_time(), cpu_times()
        computer_moves0 = computer_moves(db_path)
        start = time.perf_counter()
        measure_from = start + warmup
        stop = start + warmup + duration
        bot_lag0 = await bot_buckets(metrics_port)
        own_lag = Probe(measure_from)
        own_lag.start()
        spy = None
        if py_spy:  # sample the bot's stacks while measuring (py-spy's collapsed format: flamegraph.pl, speedscope)
            spy = await asyncio.create_subprocess_exec(
                "py-spy", "record", "-p", str(pid), "-r", "200", "-d", str(int(warmup + duration)), "-f", "raw",
                "-o", str(py_spy), stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
        # the limits as the play ends: calls per move and per second over the play, as the moves are counted; the
        # edits a lagging table still owes then are counted as the play's start counted those owed by the spread
        at_stop = asyncio.create_task(snapshot_at(fake, stop))
        await asyncio.gather(*(d.run(start, stop, interval, random.Random(seed + i), measure_from)
                               for i, d in enumerate(drivers)))
        # the moves are made until `stop`; past it the drivers only wait for the turns a lagging table still owes
        # them (until 2026-11-27 the rates counted that wait: at 2,000 tables 85 s for 55 s of play)
        played = min(time.perf_counter(), stop) - start
        own_lags = own_lag.stop()
        bot_lag1 = await bot_buckets(metrics_port)
        if spy is not None:
            await spy.wait()
        limits1 = await at_stop
        computer_moves1 = computer_moves(db_path)
        gc.enable()
        gc.unfreeze()
        await quiet(fake)
        cpu1, main_cpu1, bench_cpu1, machine1 = tree_cpu(pid), proc_cpu(pid), time.process_time(), cpu_times()
        cpu_wall = time.perf_counter() - start  # the CPU above is spent from `start` to now: the moves and their catch-up
        sampler.cancel()
        probe.kill()
        await probe.wait()
        status = proc_status(pid)
        settled = await settle(fake, [(d.table.table_id, d.table.players) for d in drivers], db_path, grace)
        fake.request_listeners.remove(wake)
        if profile:  # KeyboardInterrupt ends bot.run() normally, so cProfile writes its file
            bp.proc.send_signal(signal.SIGINT)
            await asyncio.wait_for(bp.proc.wait(), 60)

        moves = sum(d.moves for d in drivers)
        ixs = [ix for d in drivers for ix in d.table.players.interactions
               if ix.dispatched_at is not None and ix.dispatched_at >= measure_from and ix.latency is not None]
        lat = [ix.latency for ix in ixs]
        d_ixs = [ix for d in drivers for ix in d.table.players.interactions
                 if ix.dispatched_at is not None and ix.dispatched_at >= measure_from]
        next_turn = [x for d in drivers for x in d.next_turn]
        reqs = [r for r in fake.requests[mark:] if r.fault is None]
        kinds = Counter(classify(fake, r) for r in reqs)
        detail = Counter(r.kind if r.kind != "message_edit" else f"message_edit:{classify(fake, r)}" for r in reqs)
        errors = [e for d in drivers for e in d.errors]
        computer_turns = [x for d in drivers for x in d.computer_turns]
        bad = [r for r in reqs if not r.ok]
        stalls = machine_stalls(stall_log, measure_from, stop)
        slow = [ix for ix in ixs if ix.latency > SLOW_MOVE]
        in_stall = [ix for ix in slow if any(ix.dispatched_at < b and a < ix.dispatched_at + ix.latency
                                             for a, b in stalls)]
        # the bot's own tail: moves with no stall during them or in the second before (a backlog drains then)
        clear = [ix.latency for ix in ixs if not any(ix.dispatched_at < b + STALL_AFTERMATH
                                                     and a < ix.dispatched_at + ix.latency for a, b in stalls)]
        strict = {**strict_figures(fake, limits0, limits1, moves,
                                   [x for d in drivers if d.lag is not None for x in d.lag.lags]), **settled}
        return {
            "tables": n,
            "guilds": len(fake.guild_names),
            "cards": "lit" if lit_cards else "live",
            "load_avg_1min": round(os.getloadavg()[0], 2),
            "interval_s": interval,
            "open_s": round(open_seconds, 1),
        "spread_s": round(spread_seconds, 1),
            "moves": moves,
            "moves_per_s": round(moves / played, 2),
            "computer_seats": n_computers,
            "computer_tables": sum(1 for c in per_table if c),
            "measured_moves": len(lat),
            "lost_answers": sum(1 for ix in d_ixs if ix.callback_at is None and ix.late_callbacks),
            "p50_ms": round(pct(lat, 50) * 1000, 1),
            "p99_ms": round(pct(lat, 99) * 1000, 1),
            "max_ms": round(max(lat, default=math.nan) * 1000, 1),
            "next_turn_p50_ms": round(pct(next_turn, 50) * 1000, 1),
            "next_turn_p99_ms": round(pct(next_turn, 99) * 1000, 1),
            "computer_moves": computer_moves1 - computer_moves0,
            "computer_moves_per_s": round((computer_moves1 - computer_moves0) / played, 2),
            "computer_turn_p50_s": round(pct(computer_turns, 50), 2),
            "computer_turn_p99_s": round(pct(computer_turns, 99), 2),
            "computer_turn_max_s": round(max(computer_turns, default=math.nan), 2),
            "rest_per_move": round(len(reqs) / max(moves, 1), 2),
            "rest_by_kind_per_move": {k: round(kinds[k] / max(moves, 1), 2)
                                      for k in ("interaction", "table_edit", "dm", "other")},
            "rest_detail": dict(detail.most_common()),
            "bot_cpu_ms_per_move": round((cpu1 - cpu0) * 1000 / max(moves, 1), 1),
            "bot_cpu_share": round((cpu1 - cpu0) / cpu_wall, 2),
            # the main process alone (the rest: drawing processes and the computers' pool)
            "bot_main_cpu_ms_per_move": round((main_cpu1 - main_cpu0) * 1000 / max(moves, 1), 1),
            "bench_cpu_share": round((bench_cpu1 - bench_cpu0) / cpu_wall, 2),
            "rss_idle_mb": round(rss_idle / 1024, 1),
            "rss_open_mb": round(rss_open / 1024, 1),
            "rss_peak_mb": round(max(status.get("VmHWM", 0), peak["rss"]) / 1024, 1),
            "rss_per_table_kb": round((rss_open - rss_idle) / n, 1),
            "rss_per_table_end_kb": round((peak["rss"] - rss_idle) / n, 1),
            "steal_pct": round(100 * steal_share(machine0, machine1), 1),
            "machine_stalls": len(stalls),
            "machine_stall_ms": round(sum(b - a for a, b in stalls) * 1000),
            "machine_stall_max_ms": round(max((b - a for a, b in stalls), default=0) * 1000),
            "slow_moves": len(slow),
            "slow_moves_during_stalls": len(in_stall),
            "clear_moves": len(clear),
            "clear_p99_ms": round(pct(clear, 99) * 1000, 1),
            # whose loop was late: this process's (the fake and the players: a late callback counts as the bot's)
            # and the bot's (its metrics' histogram: the upper bound of the bucket holding the quantile)
            "bench_loop_lag_p50_ms": round(pct(own_lags, 50) * 1000, 1),
            "bench_loop_lag_p99_ms": round(pct(own_lags, 99) * 1000, 1),
            "bot_loop_lag_p50_ms_at_most": bucket_quantile(bot_lag0[LOOP_LAG], bot_lag1[LOOP_LAG], 0.5) * 1000,
            "bot_loop_lag_p99_ms_at_most": bucket_quantile(bot_lag0[LOOP_LAG], bot_lag1[LOOP_LAG], 0.99) * 1000,
            # the answers as the bot times them: from the interaction's id to the answer going out (whole run)
            "bot_answer_p50_ms_at_most": bucket_quantile(bot_lag0[ANSWERS], bot_lag1[ANSWERS], 0.5) * 1000,
            "bot_answer_p99_ms_at_most": bucket_quantile(bot_lag0[ANSWERS], bot_lag1[ANSWERS], 0.99) * 1000,
            # ... and the two parts of their wait: a move's storing (the table's turn, the rules, the write) and the
            # reply's picture (asked to drawn); the table and hand updates' pictures beside them
            **{f"bot_{key}_p{q}_ms_at_most": bucket_quantile(bot_lag0[series], bot_lag1[series], q / 100) * 1000
               for key, series in (("move", MOVES), ("reply_drawing", REPLY_DRAWINGS),
                                   ("update_drawing", UPDATE_DRAWINGS), ("reply_work", REPLY_WORK))
               for q in (50, 99)},
            "samples": [[round(ix.dispatched_at - measure_from, 4), round(ix.latency * 1000, 2)] for ix in ixs],
            "stalls": [[round(a - measure_from, 4), round(b - measure_from, 4)] for a, b in stalls],
            "errors": errors[:5],
            "error_count": len(errors),
            "failed_requests": [repr(r) for r in bad[:5]],
            "strict": strict,
        }


def computer_moves(db_path: Path) -> int:
    """The computers' moves stored so far (actions.auto = 2, bot.tables.model.AUTO_COMPUTER)."""
    with contextlib.closing(sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=10)) as conn:
        return conn.execute("SELECT count(*) FROM actions WHERE auto = 2").fetchone()[0]


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {"load": [], "restore": [], "args": vars(args), "cpus": os.cpu_count()}
    with tempfile.TemporaryDirectory(prefix="stammtisch-bench-") as tmp:
        workdir = Path(tmp)
        for n in args.tables:
            row = await load_run(n, interval=args.interval, duration=args.duration, warmup=args.warmup,
                                 spread=args.spread,
                                 seed=args.seed, workdir=workdir, echo=args.echo,
                                 profile=args.profile and args.profile.with_suffix(f".{n}.prof"),
                                 lit_cards=args.lit_cards, computers=args.computers, grace=args.grace,
                                 new_players=args.new_players,
                                 py_spy=args.py_spy and args.py_spy.with_suffix(f".{n}.txt"),
                                 global_limit=args.global_limit)
            print(json.dumps({k: v for k, v in row.items() if k not in ("samples", "stalls")}), flush=True)
            out["load"].append(row)
        for k in args.restore:
            row = await restore_run(k, seed=args.seed, workdir=workdir)
            print(json.dumps(row), flush=True)
            out["restore"].append(row)
    if out["load"]:
        print_load(out["load"])
        print_strict(out["load"])
    if out["restore"]:
        print_restore(out["restore"])
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.load", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="*", default=[10, 100, 500], help="N for each load run")
    parser.add_argument("--interval", type=float, default=20.0,
                        help="seconds between two moves at one table (default 20: N=500 makes 25 moves/s)")
    parser.add_argument("--duration", type=float, default=60.0, help="measured seconds of play per load run")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds of play before measuring")
    parser.add_argument("--spread", type=int, default=34,
                        help="before measuring, each table plays 0..SPREAD moves as fast as it can (default 34,"
                             " about one deal), so the measured moves fall anywhere in a deal")
    parser.add_argument("--restore", type=int, nargs="*", default=[2000], help="K for each restore run (0: none)")
    parser.add_argument("--lit-cards", action="store_true",
                        help="open the tables with lit_cards (only playable cards clickable, hand redrawn per turn)")
    parser.add_argument("--computers", type=float, default=0.0,
                        help="share of the seats a strong computer takes (e.g. 0.25), seated by the host through"
                             " the lobby button; latencies are then the people's moves only")
    parser.add_argument("--grace", type=float, default=60.0,
                        help="seconds after the last move for every table message to show its newest stored version")
    parser.add_argument("--new-players", action="store_true",
                        help="players who never had a DM with the bot (opening DM channels is rate limited)")
    parser.add_argument("--global-limit", type=int, default=GLOBAL_LIMIT,
                        help="the token's global limit (requests/s) in the fake Discord and the bot "
                             "(DISCORD_GLOBAL_LIMIT): Discord's is 50, and it raises it for large bots")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--echo", action="store_true", help="mirror the bot's output to stderr")
    parser.add_argument("--profile", type=Path, help="run the bot under cProfile, writing PROFILE.<N>.prof")
    parser.add_argument("--py-spy", type=Path,
                        help="sample the bot with py-spy (installed apart) while playing, writing PY_SPY.<N>.txt")
    args = parser.parse_args(argv)
    args.restore = [k for k in args.restore if k > 0]
    out = asyncio.run(main_async(args))
    if args.json:
        args.json.write_text(json.dumps(out, indent=2, default=str))
    return 0 if not any(r["error_count"] for r in out["load"]) else 1


if __name__ == "__main__":
    sys.exit(main())
