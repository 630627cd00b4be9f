"""Starting and stopping `python -m bot` as a process: one clear line and an exit code for every problem a
person can fix (no traceback), the database opened and migrated before Discord is contacted, a clean stop."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.process import REPO_ROOT, bot_process

pytestmark = pytest.mark.e2e


def start(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """`python -m bot ARGS` in an empty folder (no .env) with only the given settings."""
    clean = {k: v for k, v in os.environ.items()
             if not k.startswith(("DISCORD_", "DATABASE_", "DEV_GUILD", "DEFAULT_LOCALE", "SHARD_", "LOG_LEVEL"))}
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=tmp_path, capture_output=True, text=True,
                          env={**clean, "PYTHONPATH": str(REPO_ROOT), **env}, timeout=60)


def one_line(run: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in run.stderr + run.stdout, run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    return lines[0]


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_help_prints_usage_and_exits(tmp_path: Path) -> None:
    run = start(tmp_path, "--help")
    assert run.returncode == 0 and run.stderr == ""
    assert run.stdout.startswith("usage: python -m bot") and "backup FILE" in run.stdout


@pytest.mark.parametrize("key,value", [("DEFAULT_LOCALE", "fr"), ("SHARD_COUNT", "0"), ("DEV_GUILD_ID", "x"),
                                       ("DISCORD_GLOBAL_LIMIT", "5")])
def test_a_bad_setting_is_one_line_naming_it(tmp_path: Path, key: str, value: str) -> None:
    run = start(tmp_path, DISCORD_TOKEN="not-a-real-token", LOG_LEVEL="WARNING", **{key: value})
    assert run.returncode == 2 and key in one_line(run)


def unusable_paths(tmp_path: Path) -> dict[str, Path]:
    (tmp_path / "a-folder").mkdir()
    (tmp_path / "a-file").write_text("")
    return {"a directory": tmp_path / "a-folder",
            "a path under a file": tmp_path / "a-file" / "db.sqlite3",
            "no permission (procfs)": Path("/proc/stammtisch/db.sqlite3")}


@pytest.mark.parametrize("kind", ["a directory", "a path under a file", "no permission (procfs)"])
async def test_an_unusable_database_path_stops_before_discord(tmp_path: Path, fake: FakeDiscord,
                                                              kind: str) -> None:
    path = unusable_paths(tmp_path)[kind]
    run = await asyncio.to_thread(start, tmp_path, DATABASE_PATH=str(path), **fake.env())
    assert run.returncode == 2, run.stderr
    line = one_line(run)
    assert "DATABASE_PATH" in line and str(path) in line
    assert fake.requests == [], "the database is opened before Discord is contacted"


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_a_read_only_folder_is_an_unusable_database_path(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir(mode=0o500)
    run = start(tmp_path, DISCORD_TOKEN="not-a-real-token", LOG_LEVEL="WARNING", DATABASE_PATH=str(folder / "db.sqlite3"))
    assert run.returncode == 2 and "DATABASE_PATH" in one_line(run)


@pytest.mark.parametrize("base", [f"http://127.0.0.1:{closed_port()}/api/v10", "http://stammtisch.invalid/api/v10"],
                         ids=["connection refused", "no such host"])
def test_discord_out_of_reach_is_one_line_and_a_failure(tmp_path: Path, base: str) -> None:
    run = start(tmp_path, DISCORD_TOKEN="not-a-real-token", LOG_LEVEL="WARNING", DATABASE_PATH=str(tmp_path / "db.sqlite3"), DISCORD_API_BASE=base)
    assert run.returncode == 1
    line = one_line(run)
    assert "cannot reach Discord" in line and base.split("/")[2].split(":")[0] in line
    assert (tmp_path / "db.sqlite3").is_file(), "the database was opened first"


async def test_a_clean_start_and_stop(tmp_path: Path, fake: FakeDiscord) -> None:
    """Migrations run before the first request to Discord; SIGTERM closes the bot with exit code 0; a bot
    that never uses voice says nothing about the voice libraries."""
    async with bot_process(fake, env={"DATABASE_PATH": str(tmp_path / "db.sqlite3")}, cwd=tmp_path) as bp:
        await bp.wait_ready("schieberamsch")
        migrated = bp.find_line("database migrated to version 1")
        logging_in = bp.find_line("logging in")
        assert migrated and logging_in and migrated[0] < logging_in[0], bp.log
        assert await bp.stop() == 0, bp.log
    assert "Traceback" not in bp.log
    assert not [line for line in bp.log.splitlines() if "PyNaCl" in line or "davey" in line], bp.log


def test_a_database_from_a_newer_bot_is_one_line_and_no_restart_loop(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "db.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 999")
    run = start(tmp_path, DISCORD_TOKEN="not-a-real-token", LOG_LEVEL="WARNING", DATABASE_PATH=str(path))
    assert run.returncode == 2, run.stderr  # 2: a service manager's restart would not help
    assert "newer than this bot" in one_line(run)


async def test_an_api_base_without_the_api_version_is_one_line(tmp_path: Path, fake: FakeDiscord) -> None:
    env = {**fake.env(), "DISCORD_API_BASE": fake.env()["DISCORD_API_BASE"].removesuffix("/api/v10")}
    run = await asyncio.to_thread(start, tmp_path, DATABASE_PATH=str(tmp_path / "db.sqlite3"), LOG_LEVEL="WARNING",
                                  **env)
    assert run.returncode == 2 and "DISCORD_API_BASE" in one_line(run)


async def test_a_second_bot_on_the_same_database_stops_at_once(tmp_path: Path, fake: FakeDiscord) -> None:
    """Two bots on one database would both restore every table and play its computers and timers."""
    path = tmp_path / "db.sqlite3"
    async with bot_process(fake, env={"DATABASE_PATH": str(path)}, cwd=tmp_path) as bp:
        await bp.wait_ready("schieberamsch")
        run = await asyncio.to_thread(start, tmp_path, DATABASE_PATH=str(path), LOG_LEVEL="WARNING", **fake.env())
        assert run.returncode == 2 and "another bot already runs" in one_line(run)
        assert len([r for r in fake.requests if r.kind == "login"]) == 1, "it stopped before logging in"
        assert await bp.stop() == 0


@pytest.mark.skipif(not Path("/proc/self/cwd").exists(), reason="reads the process's folder from /proc")
async def test_a_bot_under_test_runs_apart_from_the_checkouts_env(tmp_path: Path, fake: FakeDiscord) -> None:
    """The README has people put DEV_GUILD_ID and METRICS_PORT into the checkout's .env: a bot the tests start must
    not read it (it runs in a folder of its own)."""
    async with bot_process(fake, env={"DATABASE_PATH": str(tmp_path / "db.sqlite3")}) as bp:
        await bp.wait_ready("schieberamsch")
        where = Path(os.readlink(f"/proc/{bp.proc.pid}/cwd"))
        assert where != REPO_ROOT and not (where / ".env").exists()
        assert await bp.stop() == 0


async def test_a_start_without_dev_guild_id_clears_the_copies_a_dev_run_left(tmp_path: Path, fake: FakeDiscord) -> None:
    """DEV_GUILD_ID syncs the commands to that server alone and clears the global ones; a later start without it
    syncs them globally and clears the server's copies, which would otherwise show twice there."""
    env = {"DATABASE_PATH": str(tmp_path / "db.sqlite3")}
    async with bot_process(fake, env=env, dev_guild=True) as bp:
        await bp.wait_ready("schieberamsch")
        await fake.wait_for(lambda: bp.find_line("slash commands synced"), timeout=30, what="the sync")
        assert fake.commands.get(fake.guild_id) and not fake.commands.get(None)
        assert await bp.stop() == 0
    async with bot_process(fake, env=env, dev_guild=False) as bp:
        await fake.wait_for(lambda: bp.find_line("cleared the commands a development run left"), timeout=30,
                            what="the dev server's copies cleared")
        assert not fake.commands.get(fake.guild_id) and fake.commands.get(None)
        assert await bp.stop() == 0


async def test_a_dev_guild_the_bot_is_not_in_is_named_in_one_line(tmp_path: Path, fake: FakeDiscord) -> None:
    env = {"DATABASE_PATH": str(tmp_path / "db.sqlite3"), "DEV_GUILD_ID": "123456789012345678"}
    async with bot_process(fake, env=env, dev_guild=False) as bp:
        await fake.wait_for(lambda: bp.find_line("DEV_GUILD_ID 123456789012345678"), timeout=30, what="the hint")
        assert bp.find_line("Traceback") is None
        assert await bp.stop() == 0
