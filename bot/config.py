"""Settings from the environment or `.env` (python-dotenv). The token is never logged or printed."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import load_dotenv


class ConfigError(Exception):
    """A setting is missing or invalid; the message is one line meant for the person starting the bot."""


@dataclass(frozen=True)
class Settings:
    token: str = field(repr=False)
    database_path: Path = Path("data/stammtisch.sqlite3")
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    api_base: str | None = None
    gateway_url: str | None = None
    default_locale: str = "en"
    shard_count: int | None = None  # None: as many shards as Discord recommends
    metrics: tuple[str, int] | None = None  # (host, port) serving Prometheus metrics; None: off
    global_limit: int = 50  # the token's global rate limit, requests a second (Discord raises it for large bots)


DEFAULT_DATABASE_PATH = Path("data/stammtisch.sqlite3")


def _load_env(env_file: str | os.PathLike[str] | None) -> None:
    if env_file is not None and Path(env_file).is_file():
        load_dotenv(env_file, override=False)


def database_path(env_file: str | os.PathLike[str] | None = ".env") -> Path:
    """DATABASE_PATH alone: `backup` and `check` need no token."""
    _load_env(env_file)
    return Path(os.environ.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE_PATH).expanduser()


def _positive_int(name: str, meaning: str) -> int | None:
    value = os.environ.get(name, "").strip()
    if not value:
        return None
    if not value.isdigit() or int(value) < 1:
        raise ConfigError(f"{name} must be {meaning} (digits only); see .env.example.")
    return int(value)


def load_settings(env_file: str | os.PathLike[str] | None = ".env") -> Settings:
    """Read settings; raise `ConfigError` naming the variable when one is missing or wrong."""
    from bot.i18n import SUPPORTED

    _load_env(env_file)
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ConfigError(
            "DISCORD_TOKEN is not set: put your bot token in .env (see .env.example) or the environment."
        )
    guild = _positive_int("DEV_GUILD_ID", "a server id")
    level = os.environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
        raise ConfigError("LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL; see .env.example.")
    locale = os.environ.get("DEFAULT_LOCALE", "en").strip() or "en"
    if locale not in SUPPORTED:
        raise ConfigError(f"DEFAULT_LOCALE must be one of {', '.join(SUPPORTED)}; see .env.example.")
    shards = _positive_int("SHARD_COUNT", "a number of shards, 1 or more")
    metrics = _metrics_listen()
    global_limit = _positive_int("DISCORD_GLOBAL_LIMIT", "requests a second, 10 or more") or 50
    if global_limit < 10:
        raise ConfigError("DISCORD_GLOBAL_LIMIT must be requests a second, 10 or more (Discord's default is 50); "
                          "see .env.example.")
    db_path = database_path(None)
    if db_path.is_dir():
        raise ConfigError(f"DATABASE_PATH {str(db_path)!r} is a folder: name the database file in it, e.g. "
                          f"{str(db_path / DEFAULT_DATABASE_PATH.name)!r}; see .env.example.")
    return Settings(
        token=token,
        database_path=db_path,
        dev_guild_id=guild,
        log_level=level,
        api_base=os.environ.get("DISCORD_API_BASE", "").strip() or None,
        gateway_url=os.environ.get("DISCORD_GATEWAY_URL", "").strip() or None,
        default_locale=locale,
        shard_count=shards,
        metrics=metrics,
        global_limit=global_limit,
    )


def _metrics_listen() -> tuple[str, int] | None:
    from bot.metrics import parse_listen

    value = os.environ.get("METRICS_PORT", "").strip()
    if not value:
        return None
    try:
        return parse_listen(value)
    except ValueError:
        raise ConfigError("METRICS_PORT must be a port (1-65535) or address:port; see .env.example.") from None
