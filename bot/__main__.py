"""`python -m bot` starts the bot; `demo`, `backup` and `check` are its other commands (see `--help`).

Every failure a person starting the bot can fix (a setting, the database file, Discord out of reach) ends
in one line on stderr naming the cause, with no traceback: exit code 2 for a setting or file, 1 when Discord
cannot be reached (a service manager restarts the bot then).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sqlite3
import sys
from pathlib import Path
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from bot.config import Settings

COMMANDS = """\
usage in full:
  python -m bot                   start the bot (settings from the environment or .env, see .env.example)
  python -m bot demo GAME ...     play a match offline into images in demo/GAME (python -m bot demo --help)
  python -m bot backup FILE       write a consistent copy of the database at DATABASE_PATH, also while it runs
  python -m bot check FILE        verify a copy: integrity, migration level, stakes ledgers summing to zero"""


def _point_at(api_base: str | None, gateway_url: str | None) -> None:
    """Use a Discord-compatible server (the end-to-end tests' fake) instead of discord.com."""
    import discord.gateway
    import discord.http
    import yarl

    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


class _RedactToken(logging.Filter):
    def __init__(self, token: str):
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        if self.token and self.token in record.getMessage():
            record.msg, record.args = record.getMessage().replace(self.token, "[token]"), ()
        return True


# discord.py's loggers that write whole payloads at DEBUG: every request's and answer's body (a hand DM's card
# buttons), every gateway event (a click carries the message it was on). Never below INFO, whatever LOG_LEVEL says:
# a log line reveals no card (the bot's host often sits at the table too).
# aiosqlite logs every statement with its parameters at DEBUG: a table's seed, which fixes every hand it deals.
PAYLOAD_LOGGERS = ("discord.http", "discord.gateway", "discord.webhook", "aiosqlite")


def configure_logging(level: str, token: str) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)-7s %(name)s: %(message)s"))
    handler.addFilter(_RedactToken(token))
    logging.basicConfig(handlers=[handler])
    logging.getLogger().setLevel(level)
    floor = max(logging.getLevelName(level), logging.INFO)
    for name in PAYLOAD_LOGGERS:
        logging.getLogger(name).setLevel(floor)


def _fail(message: str, code: int) -> int:
    print(f"stammtisch: {message}", file=sys.stderr)
    return code


async def _serve(settings: Settings) -> int:
    """Open and migrate the database, then connect; SIGTERM and SIGINT close the bot cleanly."""
    import aiohttp
    import discord
    import yarl

    from bot.app import StammtischBot
    from bot.config import ConfigError
    from bot.db import Database, NewerDatabase

    try:
        lock = _single_instance(settings.database_path)
        if lock is None:
            return _fail(f"another bot already runs on DATABASE_PATH {str(settings.database_path)!r}: two would "
                         "play every table twice", 2)
        db = await Database.open(settings.database_path)
    except (OSError, sqlite3.Error, NewerDatabase) as exc:
        return _fail(f"DATABASE_PATH {str(settings.database_path)!r} cannot be used: {_reason(exc)}", 2)
    bot = StammtischBot(database_path=settings.database_path, database=db, dev_guild_id=settings.dev_guild_id,
                        default_locale=settings.default_locale, tune_gc=True, shard_count=settings.shard_count,
                        metrics=settings.metrics, global_limit=settings.global_limit)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
    try:
        async with bot:
            await bot.start(settings.token)
    except discord.LoginFailure:
        return _fail("Discord rejected DISCORD_TOKEN: check the token in .env (see .env.example).", 2)
    except discord.PrivilegedIntentsRequired:
        return _fail("Discord refused the gateway intents; see README (no privileged intents needed).", 2)
    except ConfigError as exc:  # a setting that only fails when used (METRICS_PORT in use)
        return _fail(str(exc), 2)
    except aiohttp.InvalidURL as exc:
        return _fail(f"DISCORD_API_BASE or DISCORD_GATEWAY_URL is not a URL Discord answers at: {_reason(exc)}", 2)
    except aiohttp.ClientError as exc:
        host = yarl.URL(discord.http.Route.BASE).host
        return _fail(f"cannot reach Discord at {host}: {_reason(exc)}", 1)
    except discord.NotFound:
        return _fail(f"Discord has no API at {discord.http.Route.BASE}: check DISCORD_API_BASE (it ends in /api/v10)", 2)
    except discord.HTTPException as exc:  # a 5xx after discord.py's own retries: try again later
        return _fail(f"Discord answered the login with {exc.status}: {_reason(exc)}; try again later", 1)
    finally:
        # discord.py's `async with` closes only a client not closed yet, and ours counts as closed once its gateway
        # is, while its shutdown (the database last) goes on: wait for all of it, or the loop ends under it
        await bot.close()
        lock.close()
    return 0


def _single_instance(database_path: Path) -> IO[bytes] | None:
    """An exclusive lock beside the database, held while the bot runs (None: another bot holds it). Two bots on
    one database would both restore every table and move for its computers and timers."""
    try:
        import fcntl
    except ImportError:  # (not POSIX: no lock)
        return open(os.devnull, "rb")  # noqa: SIM115
    database_path.parent.mkdir(parents=True, exist_ok=True)
    handle = open(database_path.with_name(database_path.name + ".lock"), "ab")  # noqa: SIM115
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return None
    return handle


def _reason(exc: BaseException) -> str:
    return str(exc) or type(exc).__name__


def run() -> int:
    from bot.config import ConfigError, load_settings

    try:
        settings = load_settings()
    except ConfigError as exc:
        return _fail(str(exc), 2)
    configure_logging(settings.log_level, settings.token)
    _point_at(settings.api_base, settings.gateway_url)
    return asyncio.run(_serve(settings))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", usage="python -m bot [COMMAND ...]",
                                     description="Stammtisch, a Discord bot for card games.", epilog=COMMANDS,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    # prog: each command's usage line reads "python -m bot backup [-h] FILE", not the parser's whole usage first
    commands = parser.add_subparsers(dest="command", title="commands", metavar="COMMAND", prog="python -m bot")
    commands.add_parser("demo", help="play a match offline into images", add_help=False)
    for name, text in (("backup", "copy the database at DATABASE_PATH into FILE"),
                       ("check", "verify the database copy FILE")):
        command = commands.add_parser(name, help=text)
        command.add_argument("file", metavar="FILE", type=Path)
    return parser


def main(argv: list[str]) -> int:
    if argv and argv[0] == "demo":
        from bot.demo import main as demo

        return demo(argv[1:])
    args = _parser().parse_args(argv)
    if args.command == "backup":
        from bot.config import database_path
        from bot.db.backup import backup_command

        return backup_command(database_path(), args.file)
    if args.command == "check":
        from bot.db.backup import check_command

        return check_command(args.file)
    return run()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
