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


def load_settings(env_file: str | os.PathLike[str] | None = ".env") -> Settings:
    """Read settings; raise `ConfigError` naming the variable when one is missing or wrong."""
    if env_file is not None and Path(env_file).is_file():
        load_dotenv(env_file, override=False)
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ConfigError(
            "DISCORD_TOKEN is not set: put your bot token in .env (see .env.example) or the environment."
        )
    guild = os.environ.get("DEV_GUILD_ID", "").strip()
    if guild and not guild.isdigit():
        raise ConfigError("DEV_GUILD_ID must be a server id (digits only); see .env.example.")
    level = os.environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
        raise ConfigError("LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL; see .env.example.")
    locale = os.environ.get("DEFAULT_LOCALE", "en").strip() or "en"
    return Settings(
        token=token,
        database_path=Path(os.environ.get("DATABASE_PATH", "").strip() or "data/stammtisch.sqlite3"),
        dev_guild_id=int(guild) if guild else None,
        log_level=level,
        api_base=os.environ.get("DISCORD_API_BASE", "").strip() or None,
        gateway_url=os.environ.get("DISCORD_GATEWAY_URL", "").strip() or None,
        default_locale=locale,
    )
