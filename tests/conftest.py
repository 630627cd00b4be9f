from __future__ import annotations

import pytest

from bot.app import StammtischBot


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "stammtisch.sqlite3"


@pytest.fixture
def make_bot(db_path):
    def make(**kwargs):
        return StammtischBot(database_path=db_path, **kwargs)

    return make


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()


@pytest.fixture
def env(simcord_env):
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
