"""Review: a settlement names a player who left the server by the name stored when they last sat down, not by a
mention Discord shows as "@unknown-user"; members stay mentions, and a forgotten player stays "a former player"."""

from __future__ import annotations

import sys

import discord
import pytest

from tests.cogs.helpers import client_locale
from tests.cogs.test_rufmariasch import book
from tests.conftest import World


async def store_names(world: World, names: dict[int, str]) -> None:
    """The names the framework stores when people sit down (booked entries skip the lobby)."""
    for user_id, name in names.items():
        await world.bot.db.execute("INSERT INTO players (user_id, name) VALUES (?, ?)", (user_id, name))


async def test_a_player_who_left_the_server_is_named_by_the_stored_name(world: World):
    alice, bob, carol, dave = world.users
    ids = [u.id for u in world.users]
    await store_names(world, {alice.id: "alice", bob.id: "bob", carol.id: "carol", dave.id: "Dave the_Bold"})
    await book(world, [[300, -100, -100, -100]], ids)  # bob, carol and dave pay alice
    world.guild.remove_member(dave)
    proposal = await bob.slash(world.channel, "rufmariasch settle")
    text = proposal.response.content
    assert f"<@{dave.id}>" not in text, text
    assert r"Dave the\_Bold pays " in text, text
    assert f"<@{bob.id}> pays <@{alice.id}>" in text and f"<@{carol.id}> pays <@{alice.id}>" in text, text


async def test_a_forgotten_player_who_left_is_still_a_former_player(world: World):
    alice, bob, carol, dave = world.users
    ids = [u.id for u in world.users]
    await store_names(world, {alice.id: "alice", bob.id: "bob", carol.id: "Carola", dave.id: "dave"})
    await book(world, [[-300, 100, 100, 100]], ids)  # alice pays the others
    await world.bot.get_cog("Stats").store.forget(alice.id)
    world.guild.remove_member(alice)
    world.guild.remove_member(carol)
    text = (await bob.slash(world.channel, "rufmariasch settle")).response.content
    assert text.count("A former player pays ") == 3 and "alice" not in text, text
    assert "pays Carola " in text and f"<@{carol.id}>" not in text and f"<@{bob.id}>" in text, text


# the one paid is in the dative: "a former player" put into "{payer} pays {payee}" read "zahlt ein ehemaliger Spieler"
PAID = {"en": "{who} pays a former player {amount}", "de": "{who} zahlt einem ehemaligen Spieler {amount}",
        "hr": "{who} plaća bivšem igraču {amount}", "ro": "{who} îi plătește unui fost jucător {amount}"}
PAYING = {"en": "A former player pays {who} {amount}", "de": "Ein ehemaliger Spieler zahlt {who} {amount}",
          "hr": "Bivši igrač plaća igraču {who} {amount}", "ro": "Un fost jucător îi plătește lui {who} {amount}"}
ONE = {"en": "1.00 €", "de": "1,00 €", "hr": "1,00 €", "ro": "1,00 €"}


def payments(text: str) -> list[str]:
    return sorted(line.removeprefix("• ") for line in text.splitlines() if line.startswith("• "))


@pytest.mark.parametrize("lang", ["en", "de", "hr", "ro"])
async def test_a_former_player_who_is_paid_is_named_in_the_dative(world: World, monkeypatch, lang):
    """Two forgotten players are one party: both are paid, and nobody reads as paying themselves."""
    client_locale(monkeypatch, lang)
    alice, bob, carol, dave = world.users
    ids = [u.id for u in world.users]
    await store_names(world, {alice.id: "alice", bob.id: "bob", carol.id: "Carola", dave.id: "dave"})
    await book(world, [[300, -100, -100, -100]], ids)  # bob, carol and dave pay alice
    for gone in (alice, dave):
        await world.bot.get_cog("Stats").store.forget(gone.id)
    world.guild.remove_member(carol)
    text = (await bob.slash(world.channel, "rufmariasch settle")).response.content
    assert payments(text) == sorted(PAID[lang].format(who=who, amount=ONE[lang]) for who in (f"<@{bob.id}>", "Carola")), text


@pytest.mark.parametrize("lang", ["en", "de", "hr", "ro"])
async def test_a_former_player_who_pays_is_named_in_the_nominative(world: World, monkeypatch, lang):
    client_locale(monkeypatch, lang)
    alice, bob, carol, dave = world.users
    ids = [u.id for u in world.users]
    await store_names(world, {alice.id: "alice", bob.id: "bob", carol.id: "Carola", dave.id: "dave"})
    await book(world, [[-300, 100, 100, 100]], ids)  # alice pays the others
    await world.bot.get_cog("Stats").store.forget(alice.id)
    world.guild.remove_member(carol)
    text = (await bob.slash(world.channel, "rufmariasch settle")).response.content
    assert payments(text) == sorted(PAYING[lang].format(who=who, amount=ONE[lang])
                                    for who in (f"<@{bob.id}>", "Carola", f"<@{dave.id}>")), text


async def test_when_discord_does_not_say_who_is_a_member_everyone_is_a_mention(world: World, monkeypatch):
    alice, bob, carol, dave = world.users
    ids = [u.id for u in world.users]
    await store_names(world, {u.id: u.user.name for u in world.users})
    await book(world, [[300, -100, -100, -100]], ids)

    async def unanswered(self, *args, **kwargs):
        raise TimeoutError

    monkeypatch.setattr(discord.Guild, "query_members", unanswered)
    text = (await bob.slash(world.channel, "rufmariasch settle")).response.content
    assert all(f"<@{u}>" in text for u in ids), text


async def test_a_settlement_asked_at_its_deadline_answers_without_asking_who_is_a_member(world: World, monkeypatch):
    """Discord takes the first answer only within 3 s: a command that reached the bot late (a slow gateway, a busy
    loop) does not spend what is left of them waiting for the member lookup; it mentions everyone."""
    alice, bob, carol, dave = world.users
    ids = [u.id for u in world.users]
    await store_names(world, {u.id: u.user.name for u in world.users})
    await book(world, [[300, -100, -100, -100]], ids)
    world.guild.remove_member(dave)
    asked = []

    async def lookup(self, *args, **kwargs):
        asked.append(kwargs)
        return []

    monkeypatch.setattr(discord.Guild, "query_members", lookup)
    # the module the bot loaded its cog from (discord.py's load_extension makes its own module object)
    cog_module = sys.modules[type(world.bot.get_cog("Rufmariasch")).__module__]
    monkeypatch.setattr(cog_module, "answer_wait", lambda interaction, since: 0.0)
    text = (await bob.slash(world.channel, "rufmariasch settle")).response.content
    assert asked == [] and all(f"<@{u}>" in text for u in ids), text
