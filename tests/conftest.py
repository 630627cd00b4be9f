from __future__ import annotations

import pytest

from bot.app import StammtischBot


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "stammtisch.sqlite3"


@pytest.fixture
async def make_bot(db_path):
    """Bots for SimCord, which detaches a bot at the end of a test but does not close it: their databases are
    closed here, after SimCord's shutdown (`simcord_env` needs `simcord_bot`, which needs this), since an open
    aiosqlite connection keeps a thread that is not a daemon, and pytest then never exits."""
    made: list[StammtischBot] = []

    def make(**kwargs):
        bot = StammtischBot(database_path=db_path, **kwargs)
        made.append(bot)
        return bot

    yield make
    for bot in made:
        if hasattr(bot, "db"):
            await bot.db.close()  # a no-op where the test closed it itself
        await bot.metrics.close()


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()


@pytest.fixture
def env(simcord_env, monkeypatch):
    """SimCord dates its snowflakes by its own clock (from 2026-01-01): its bots (a restarted one too) read Discord's
    time from it, as the bot reads the host's clock in production, so a message is as old as SimCord makes it."""
    from bot.tables.timers import TurnTimers
    from bot.ui.delivery import Delivery

    monkeypatch.setattr(Delivery, "clock", staticmethod(lambda: simcord_env.now().timestamp()))
    # ... and so does the table service's wall clock, which a turn timer's start is stored by (a restart resumes it)
    monkeypatch.setattr(TurnTimers, "wall", staticmethod(lambda: simcord_env.now().timestamp()), raising=False)
    return simcord_env


class World:
    """A server with a #cards channel and a few members."""

    def __init__(self, env, names=("alice", "bob", "carol", "dave")):
        self.env = env
        self.guild = env.create_guild()
        self.channel = self.guild.create_text_channel("cards")
        self.users = [self.guild.add_member(env.create_user(n)) for n in names]

    @property
    def bot(self):
        return self.env.bot

    def table(self, table_id=None):
        tables = self.bot.tables.tables
        return tables[table_id] if table_id else tables[max(tables)]


@pytest.fixture
def world(env):
    return World(env)
