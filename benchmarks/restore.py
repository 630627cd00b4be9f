"""The restore run of `python -m benchmarks.load`: a database of K open tables part-way through their deals, then
the time a fresh bot takes to restore them (in process, and as `python -m bot`)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import random
import shutil
import sqlite3
import statistics
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from benchmarks.procstats import proc_status
from bot.db import Database
from bot.games import GAMES
from bot.tables import TableService, snapshots
from tests.fakediscord import FakeDiscord
from tests.fakediscord.process import bot_process


def build_restore_db(path: Path, k: int, *, seed: int, deals: int = 12) -> dict[str, Any]:
    """K running Schieberamsch tables, each stopped at a random point of its match (never the end)."""
    asyncio.run(_migrate(path))
    rng = random.Random(seed)
    cls = GAMES["schieberamsch"]
    options = {"deals": deals, "jacks_in_skat": True}
    settings = json.dumps({"turn_timer": 300, "lang": "de"})
    tables, seats, players, actions, results, saved = [], [], [], [], [], []
    uid = 10**17
    for t in range(1, k + 1):
        table_seed = rng.randrange(2**63)
        engine = cls.new(3, seed=table_seed, options=options)
        target = rng.randrange(1, deals * 30)  # every deal takes at least 33 moves: the match never ends
        last = [0, 0, 0]
        for seq in range(1, target + 1):
            seat = min(engine.to_act())
            action = rng.choice(engine.legal_actions(seat))
            engine.apply(seat, action)
            actions.append((t, seq, seat, action))
            last[seat] = seq
            if snapshots.due(seq, engine):  # as TableService._apply does
                saved.append(snapshots.save_statement(t, seq, engine)[1])
        for s in engine.to_act():
            last[s] = target
        running = [0, 0, 0]
        for hand_no, hand in enumerate(engine.result()["hands"], start=1):
            for s, d in enumerate(hand["deltas"]):
                running[s] += d
                results.append((t, hand_no, s, d, running[s]))
        base = 10**18 + t * 1000
        tables.append((t, 4242, 777, base + 1, base + 1, base + 2, json.dumps(options), settings, table_seed,
                       uid + 3 * t, "running"))
        for s in range(3):
            user = uid + 3 * t + s
            players.append((user, f"p{user % 100000}", "de"))
            seats.append((t, s, user, base + 10 + s, base + 20 + s, engine.view(None)["hand_no"], last[s]))
    conn = sqlite3.connect(path)
    with conn:
        conn.executemany("INSERT INTO players (user_id, name, locale) VALUES (?, ?, ?)", players)
        conn.executemany("INSERT INTO tables (table_id, guild_id, channel_id, thread_id, lobby_message_id,"
                         " table_message_id, game, options, settings, seed, host_id, status)"
                         " VALUES (?, ?, ?, ?, ?, ?, 'schieberamsch', ?, ?, ?, ?, ?)", tables)
        conn.executemany("INSERT INTO seats (table_id, seat, user_id, dm_channel_id, dm_message_id, dm_hand_no,"
                         " last_change) VALUES (?, ?, ?, ?, ?, ?, ?)", seats)
        conn.executemany("INSERT INTO actions (table_id, seq, seat, action) VALUES (?, ?, ?, ?)", actions)
        conn.executemany(snapshots.SAVE_SQL, saved)
        conn.executemany("INSERT INTO hand_results (table_id, hand_no, seat, delta, total) VALUES (?, ?, ?, ?, ?)",
                         results)
    conn.close()
    return {"tables": k, "actions": len(actions), "actions_per_table": round(len(actions) / k, 1),
            "db_mb": round(path.stat().st_size / 2**20, 1)}


async def _migrate(path: Path) -> None:
    db = await Database.open(path)
    await db.close()


async def restore_in_process(path: Path) -> float:
    db = await Database.open(path)
    service = TableService(db)
    try:
        t0 = time.perf_counter()
        restored = await service.restore()
        seconds = time.perf_counter() - t0
        assert all(t.engine is not None for t in restored)
    finally:
        await service.close()
        await db.close()
    return seconds


def _log_time(line: str) -> float:
    stamp = " ".join(line.split()[:2])
    return datetime.strptime(stamp, "%Y-%m-%d %H:%M:%S,%f").timestamp()


async def restore_process(path: Path, expect: int) -> dict[str, float]:
    async with FakeDiscord() as fake, bot_process(fake, env={"DATABASE_PATH": str(path)}) as bp:
        line = await bp.wait_line(f"restored {expect} open tables", timeout=600)
        index, _ = bp.find_line(line)  # type: ignore[misc]
        total = bp.line_times[index] - bp.started_at
        login = bp.find_line("logging in using static token")
        in_bot = _log_time(line) - _log_time(login[1]) if login else math.nan
        await bp.wait_ready(timeout=120)
        rss = proc_status(bp.proc.pid).get("VmRSS", 0)
    return {"start_to_restored_s": total, "login_to_restored_s": in_bot, "rss_mb": rss / 1024}


async def restore_run(k: int, *, seed: int, workdir: Path, repeat: int = 3) -> dict[str, Any]:
    """Medians of `repeat` measurements (other processes on the machine make single runs noisy)."""
    empty = workdir / "empty.sqlite3"
    if not empty.exists():
        await _migrate(empty)
    path = workdir / f"restore-{k}.sqlite3"
    t0 = time.perf_counter()
    built = await asyncio.to_thread(build_restore_db, path, k, seed=seed)
    build_s = time.perf_counter() - t0
    inproc = statistics.median([await restore_in_process(path) for _ in range(repeat)])
    log_only = workdir / f"restore-{k}-log-only.sqlite3"
    shutil.copyfile(path, log_only)
    with contextlib.closing(sqlite3.connect(log_only)) as conn, conn:
        conn.execute("DELETE FROM snapshots")
    inproc_log_only = statistics.median([await restore_in_process(log_only) for _ in range(repeat)])
    base_runs = [await restore_process(empty, 0) for _ in range(repeat)]
    proc_runs = [await restore_process(path, k) for _ in range(repeat)]
    base = {key: statistics.median(r[key] for r in base_runs) for key in base_runs[0]}
    proc = {key: statistics.median(r[key] for r in proc_runs) for key in proc_runs[0]}
    net = proc["login_to_restored_s"] - base["login_to_restored_s"]
    return {
        **built,
        "build_s": round(build_s, 1),
        "in_process_s": round(inproc, 3),
        "in_process_tables_per_s": round(k / inproc),
        "in_process_log_only_s": round(inproc_log_only, 3),
        "in_process_log_only_tables_per_s": round(k / inproc_log_only),
        "process_start_to_restored_s": round(proc["start_to_restored_s"], 2),
        "empty_db_start_to_restored_s": round(base["start_to_restored_s"], 2),
        "process_login_to_restored_s": round(proc["login_to_restored_s"], 3),
        "empty_db_login_to_restored_s": round(base["login_to_restored_s"], 3),
        "process_tables_per_s": round(k / net) if net > 0 else None,
        "actions_per_s_in_process": round(built["actions"] / inproc),
        "rss_after_restore_mb": round(proc["rss_mb"], 1),
        "rss_empty_mb": round(base["rss_mb"], 1),
    }
