"""`python -m bot` as a person starts it: clear messages, exit code 2, no token in any output."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, load_settings

ROOT = Path(__file__).resolve().parents[2]


def run_bot(tmp_path, **env):
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "DEV_GUILD"))}
    clean.update(env)
    return subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env={**clean, "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True, timeout=60)


def test_no_token_is_one_clear_line_and_exit_code_2(tmp_path):
    run = run_bot(tmp_path)
    assert run.returncode == 2
    assert run.stdout == ""
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0] and ".env.example" in lines[0]
    assert "Traceback" not in run.stderr


def test_settings_from_dotenv(tmp_path, monkeypatch):
    for key in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL"):
        monkeypatch.setenv(key, "")  # recorded, so what load_dotenv sets below is removed again after the test
        monkeypatch.delenv(key)
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=abc.def\nDEV_GUILD_ID=123\nLOG_LEVEL=debug\n")
    settings = load_settings(env)
    assert settings.dev_guild_id == 123 and settings.log_level == "DEBUG"
    assert str(settings.database_path) == "data/stammtisch.sqlite3"
    assert "abc.def" not in repr(settings)


@pytest.mark.parametrize("key,value", [("DEV_GUILD_ID", "my-server"), ("LOG_LEVEL", "LOUD")])
def test_bad_settings_name_the_variable(monkeypatch, key, value):
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv(key, value)
    with pytest.raises(ConfigError, match=key):
        load_settings(None)


def test_a_database_path_that_is_a_folder_is_called_one(tmp_path):
    run = run_bot(tmp_path, DISCORD_TOKEN="x", DATABASE_PATH=str(tmp_path))
    assert run.returncode == 2 and "Traceback" not in run.stderr
    line, = run.stderr.strip().splitlines()
    assert "DATABASE_PATH" in line and "is a folder" in line and "stammtisch.sqlite3" in line, line


def test_debug_logging_never_writes_discord_payloads(monkeypatch):
    """LOG_LEVEL=DEBUG shows the bot's own debug lines, but discord.py's payload loggers (request bodies with a
    hand's card buttons, gateway events with the clicked hand) stay at INFO: a log line reveals no card."""
    import logging

    from bot.__main__ import PAYLOAD_LOGGERS, configure_logging

    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", list(root.handlers))
    monkeypatch.setattr(root, "level", root.level)
    for name in PAYLOAD_LOGGERS:
        monkeypatch.setattr(logging.getLogger(name), "level", logging.getLogger(name).level)
    configure_logging("DEBUG", "t0ken")
    assert logging.getLogger("bot.ui.delivery").isEnabledFor(logging.DEBUG)
    assert not logging.getLogger("discord.http").isEnabledFor(logging.DEBUG)
    assert not logging.getLogger("discord.gateway").isEnabledFor(logging.DEBUG)
    assert not logging.getLogger("discord.webhook.async_").isEnabledFor(logging.DEBUG)
    assert logging.getLogger("discord.client").isEnabledFor(logging.DEBUG)
    configure_logging("WARNING", "t0ken")
    assert not logging.getLogger("discord.http").isEnabledFor(logging.INFO)
