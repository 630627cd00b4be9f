"""The bot object: the collector tuning that only `python -m bot` asks for."""

from __future__ import annotations

import gc

import discord
import pytest

from bot.app import GC_THRESHOLDS, StammtischBot


@pytest.fixture
def restore_gc():
    before = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*before)


async def test_the_bot_process_freezes_its_start_up_heap_and_widens_the_nursery(tmp_path, restore_gc):
    gc.unfreeze()
    bot = StammtischBot(database_path=tmp_path / "db.sqlite3", tune_gc=True)
    await bot.on_ready()
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == GC_THRESHOLDS
    await bot.close()


async def test_a_bot_in_a_shared_process_leaves_the_collector_alone(tmp_path, restore_gc):
    gc.unfreeze()
    before = gc.get_threshold()
    bot = StammtischBot(database_path=tmp_path / "db.sqlite3")  # tests make many bots in one process
    await bot.on_ready()
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == before
    await bot.close()


async def test_closing_twice_is_harmless_and_voice_stays_quiet(tmp_path):
    bot = StammtischBot(database_path=tmp_path / "db.sqlite3")
    assert not discord.VoiceClient.warn_nacl and not discord.VoiceClient.warn_dave
    await bot.close()
    await bot.close()
    assert bot.is_closed()
