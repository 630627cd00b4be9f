"""`python -m bot` starts the bot; `python -m bot demo GAME ...` plays a match offline into images."""

from __future__ import annotations

import logging
import sys


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


def run() -> int:
    import discord

    from bot.app import StammtischBot
    from bot.config import ConfigError, load_settings

    try:
        settings = load_settings()
    except ConfigError as exc:
        print(f"stammtisch: {exc}", file=sys.stderr)
        return 2
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)-7s %(name)s: %(message)s"))
    handler.addFilter(_RedactToken(settings.token))
    logging.basicConfig(level=settings.log_level, handlers=[handler])
    _point_at(settings.api_base, settings.gateway_url)
    bot = StammtischBot(database_path=settings.database_path, dev_guild_id=settings.dev_guild_id,
                        default_locale=settings.default_locale, tune_gc=True)
    try:
        bot.run(settings.token, log_handler=None)
    except discord.LoginFailure:
        print("stammtisch: Discord rejected DISCORD_TOKEN: check the token in .env (see .env.example).",
              file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print("stammtisch: Discord refused the gateway intents; see README (no privileged intents needed).",
              file=sys.stderr)
        return 2
    return 0


def main(argv: list[str]) -> int:
    if argv and argv[0] == "demo":
        from bot.demo import main as demo

        return demo(argv[1:])
    return run()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
