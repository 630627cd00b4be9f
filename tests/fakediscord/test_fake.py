"""The fake Discord against a real (minimal) discord.py bot running in the test's event loop."""

from __future__ import annotations

import asyncio
import contextlib
import random
import struct
import zlib
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import FakeDiscord, pointed_at
from tests.fakediscord.process import bot_process


def png(width: int = 2, height: int = 1) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


class Seat(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.button(label="Start", custom_id="table:start", style=discord.ButtonStyle.primary)
    async def start(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content="Started", view=None)
        try:
            await interaction.user.send("Deine Karten", file=discord.File(_bytes(png(4, 4)), "hand.png"))
        except discord.Forbidden:
            await interaction.followup.send("Deine DMs sind zu.", ephemeral=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        try:
            table = await channel.send("Tisch", file=discord.File(_bytes(png(3, 2)), "table.png"))
        except discord.Forbidden:
            await interaction.followup.send("Mir fehlen Rechte.", ephemeral=True)
            return
        await table.edit(content="Tisch (Runde 1)", attachments=[discord.File(_bytes(png(5, 5)), "table-1.png")])
        thread = await channel.create_thread(name="Tisch 1", type=discord.ChannelType.public_thread)
        await thread.send("Willkommen am Tisch")

    @discord.ui.select(custom_id="table:mode", options=[discord.SelectOption(label="Kurz", value="short"),
                                                        discord.SelectOption(label="Lang", value="long")])
    async def mode(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"mode={select.values[0]}", ephemeral=True)


class NameModal(discord.ui.Modal, title="Tischname"):
    name = discord.ui.TextInput(label="Name", custom_id="modal:name", max_length=20)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)  # public; a "geheim" name asks a private follow-up
        await interaction.followup.send(f"Tisch heißt {self.name.value}", ephemeral=self.name.value == "geheim")


def _bytes(data: bytes):
    import io

    return io.BytesIO(data)


seen_permissions: list[discord.Permissions] = []


class MiniBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        pass  # discord.py sleeps 5 s before every re-IDENTIFY (identify rate limit); not needed here

    async def setup_hook(self) -> None:
        game = app_commands.Group(name="game", description="Card tables")

        @game.command(name="new", description="Open a table")
        @app_commands.describe(players="How many", name="Table name")
        async def new(interaction: discord.Interaction, players: app_commands.Range[int, 2, 4],
                      name: str = "Tisch") -> None:
            seen_permissions.append(interaction.permissions)
            await interaction.response.send_message(f"{name} für {players}", view=Seat(), ephemeral=True)

        @game.command(name="rename", description="Rename via a modal")
        async def rename(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(NameModal())

        @game.command(name="invite", description="Invite someone")
        async def invite(interaction: discord.Interaction, who: discord.Member) -> None:
            seen_permissions.append(interaction.permissions)
            await interaction.response.send_message(f"eingeladen: {who.name}")

        self.tree.add_command(game)
        await self.tree.sync()


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as f:
        yield f


@contextlib.asynccontextmanager
async def running(fake: FakeDiscord) -> AsyncIterator[MiniBot]:
    bot = MiniBot()
    with pointed_at(fake):
        await bot.login("fake-token")
        task = asyncio.create_task(bot.connect())
        try:
            await asyncio.wait_for(bot.wait_until_ready(), 10)
            yield bot
        finally:
            await bot.close()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(task, 5)


async def test_answers_are_plain_application_json(fake: FakeDiscord) -> None:
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{fake.api_base}/users/@me") as resp:
            assert resp.headers["Content-Type"] == "application/json"
            assert (await resp.json())["bot"] is True
        async with session.get(f"{fake.api_base}/nope") as resp:
            assert resp.status == 404
    assert fake.unhandled_requests[0].path == "/nope"


async def test_slash_click_dm_attachments_thread(fake: FakeDiscord) -> None:
    seen_permissions.clear()
    async with running(fake) as bot:
        assert fake.counts_by_kind()["login"] == 1
        assert fake.requests_of("command_sync")[0].json[0]["name"] == "game"
        assert bot.guilds[0].id == fake.guild_id
        me = bot.guilds[0].me
        assert bot.get_channel(fake.channel("spieltisch").id).permissions_for(me).attach_files

        ix = await fake.slash("anna", "spieltisch", "game new", {"players": 3})
        await ix.wait()
        assert ix.ephemeral and ix.response_message is not None
        reply = ix.response_message
        assert reply.flags & 64
        assert reply.content == "Tisch für 3"
        assert reply.visible_to(fake.user("anna")) and not reply.visible_to(fake.user("bernd"))
        assert ix.latency is not None and ix.latency > 0
        assert ix.callback_request is not None and ix.callback_request.query["with_response"] == "1"

        with pytest.raises(ValueError):  # bernd cannot see anna's ephemeral reply, let alone click it
            await fake.click("bernd", reply, "table:start")
        with pytest.raises(ValueError):  # Range[int, 2, 4]
            await fake.slash("anna", "spieltisch", "game new", {"players": 7})

        click = await fake.click("anna", reply, label="Start")
        await click.wait()
        assert click.callback_type == 7  # UPDATE_MESSAGE on the message the fake assigned an id to
        assert reply.content == "Started" and reply.components == [] and len(reply.edits) == 1

        thread = await fake.wait_for(lambda: fake.threads and fake.threads[0].messages and fake.threads[0])
        dm = fake.last_dm("anna")
        assert dm is not None and dm.content == "Deine Karten"
        assert dm.attachments[0].filename == "hand.png" and dm.attachments[0].is_png
        assert dm.attachments[0].data is not None and dm.attachments[0].data.startswith(b"\x89PNG")

        table = fake.last_message("spieltisch", author=fake.bot)
        assert table is not None and not table.ephemeral
        assert table.content == "Tisch (Runde 1)"
        assert [a.filename for a in table.attachments] == ["table-1.png"]
        assert table.revisions[0].attachments[0].filename == "table.png"  # what users saw before the edit
        assert thread.name == "Tisch 1" and thread.parent_id == fake.channel("spieltisch").id
        assert thread.messages[0].content == "Willkommen am Tisch"
        assert bot.get_channel(thread.id) is not None  # THREAD_CREATE reached the bot

        kinds = fake.counts_by_kind()
        assert kinds["dm_open"] == 1 and kinds["dm_message_create"] == 1
        assert kinds["message_create"] == 2 and kinds["message_edit"] == 1 and kinds["thread_create"] == 1
        upload = fake.requests_of("dm_message_create")[0]
        assert upload.files[0].field == "files[0]" and upload.json["attachments"][0]["filename"] == "hand.png"

        fake.grant("dario", "manage_messages")
        inv = await fake.slash("dario", "general", "game invite", {"who": fake.user("bernd")})
        await inv.wait()
        assert inv.response_message is not None and inv.response_message.content == "eingeladen: bernd"
        assert not inv.ephemeral
        assert seen_permissions[-1].manage_messages and not seen_permissions[0].manage_messages

    assert not fake.unhandled_requests
    assert not fake.failed_requests


async def test_select_and_modal(fake: FakeDiscord) -> None:
    async with running(fake):
        ix = await (await fake.slash("anna", "spieltisch", "game new", {"players": 2, "name": "Ecke"})).wait()
        sel = await (await fake.select("anna", ix.response_message, "table:mode", ["long"])).wait()
        assert sel.response_message is not None and sel.response_message.content == "mode=long"
        assert sel.ephemeral
        with pytest.raises(ValueError):
            await fake.select("anna", ix.response_message, "table:mode", ["bogus"])

        opened = await (await fake.slash("bernd", "spieltisch", "game rename")).wait()
        assert opened.callback_type == 9 and opened.modal is not None
        sub = await (await fake.submit_modal("bernd", opened, {"modal:name": "Stammtisch"})).wait()
        assert sub.deferred
        [msg] = await sub.wait_followups(1)
        assert msg is sub.response_message and msg.content == "Tisch heißt Stammtisch" and not msg.loading
        assert not fake.ignored_flags

        opened = await (await fake.slash("bernd", "spieltisch", "game rename")).wait()
        sub = await (await fake.submit_modal("bernd", opened, {"modal:name": "geheim"})).wait()
        [msg] = await sub.wait_followups(1)
        assert msg is sub.response_message and not msg.ephemeral, "the thinking message's visibility stays"
        assert fake.ignored_flags == [(sub.id, msg.id)]
    assert not fake.failed_requests


async def test_closed_dms_and_missing_permissions(fake: FakeDiscord) -> None:
    fake.close_dms("bernd")
    fake.deny_bot("spieltisch", "attach_files", announce=False)  # the bot believes it may; REST says no
    async with running(fake):
        ix = await (await fake.slash("bernd", "spieltisch", "game new", {"players": 2})).wait()
        await (await fake.click("bernd", ix.response_message, "table:start")).wait()
        notes = await fake.wait_for(lambda: len(fake.messages_in("spieltisch", visible_to="bernd")) >= 3
                                    and fake.messages_in("spieltisch", visible_to="bernd"))
        assert [m.content for m in notes[1:]] == ["Deine DMs sind zu.", "Mir fehlen Rechte."]
        assert all(m.ephemeral for m in notes)
        errors = {(r.kind, r.status, r.error_code) for r in fake.failed_requests}
        assert errors == {("dm_message_create", 403, 50007), ("message_create", 403, 50013)}
        assert fake.dms("bernd") == []


async def test_faults_and_gateway_drop(fake: FakeDiscord) -> None:
    fake.fail_rate = 0.25
    fake.rng = random.Random(1)  # its first draws fail the login and a few later calls
    fake.fail_statuses = (429, 429, 500)
    fake.gateway.heartbeat_interval = 0.2
    async with running(fake):
        ix = await (await fake.slash("anna", "spieltisch", "game new", {"players": 4})).wait(timeout=10)
        await fake.drop_gateway_once(on_next_dispatch=True)  # the click's dispatch only arrives via RESUME
        fake.fail_next("interaction_callback", 500)  # discord.py retries a 500 after 1 s
        click = await fake.click("anna", ix.response_message, "table:start")
        await click.wait(timeout=10)
        assert click.failed_callbacks == 1 and click.callback_type == 7
        await fake.wait_for(lambda: fake.threads and fake.threads[0].messages, timeout=15)
        dm = fake.last_dm("anna")
        assert dm is not None and dm.attachments[0].is_png
        assert fake.gateway.drops == 1 and fake.gateway.resumes == 1 and fake.gateway.identifies == 1
        assert click.deliveries == 1
        await asyncio.sleep(0.5)
        assert fake.gateway.heartbeats >= 3
    faults = [r for r in fake.requests if r.fault]
    assert faults, "seeded RNG should inject some faults"
    assert {r.fault for r in faults} == {429, 500}
    assert not fake.failed_requests


async def test_a_new_session_after_an_invalid_session_does_not_get_the_missed_interaction(fake: FakeDiscord) -> None:
    """Gateway, Resuming: only a RESUME replays missed events. A new session (IDENTIFY) starts from READY: the select
    made while the connection was down is never delivered; made again, it is answered."""
    async with running(fake) as bot:
        ix = await (await fake.slash("anna", None, "game new", {"players": 2})).wait()  # in anna's DM
        assert ix.response_message is not None and ix.response_message.channel_id == fake.dm_channel("anna").id
        await fake.drop_gateway_once(on_next_dispatch=True, resumable=False)
        lost = await fake.select("anna", ix.response_message, "table:mode", ["short"])
        await fake.wait_for(lambda: fake.gateway.identifies == 2 and fake.gateway.ready.is_set(), timeout=15)
        with pytest.raises(TimeoutError):
            await lost.wait(1)
        assert lost.dispatched_at is None
        sel = await (await fake.select("anna", ix.response_message, "table:mode", ["short"])).wait()
        assert sel.response_message is not None and sel.response_message.content == "mode=short"
        assert fake.gateway.identifies == 2 and fake.gateway.resumes == 1
        assert bot.guilds and bot.guilds[0].id == fake.guild_id


async def test_a_new_session_can_be_told_what_it_missed_where_a_test_needs_it() -> None:
    async with FakeDiscord(replay_to_new_session=True) as fake, running(fake):
        ix = await (await fake.slash("anna", None, "game new", {"players": 2})).wait()
        await fake.drop_gateway_once(on_next_dispatch=True, resumable=False)
        sel = await (await fake.select("anna", ix.response_message, "table:mode", ["short"])).wait(15)
        assert sel.response_message is not None and fake.gateway.identifies == 2


async def test_autocomplete_and_user_messages(fake: FakeDiscord) -> None:
    seen: list[str] = []

    async def on_message(message: discord.Message) -> None:
        seen.append(message.content)

    async def pick(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=n, value=n) for n in ("Eichel", "Grün", "Herz") if n.startswith(current)]

    @app_commands.command(name="trump", description="Pick a suit")
    @app_commands.autocomplete(suit=pick)
    async def trump(interaction: discord.Interaction, suit: str) -> None:
        await interaction.response.send_message(suit)

    async with running(fake) as bot:  # Intents.default(): no MESSAGE_CONTENT
        bot.tree.add_command(trump)
        await bot.tree.sync()
        ac = await (await fake.autocomplete("anna", "general", "trump", {"suit": "He"}, focused="suit")).wait()
        assert ac.choices == [{"name": "Herz", "value": "Herz"}]
        bot.add_listener(on_message)
        await fake.say("anna", "general", "hallo")  # no MESSAGE_CONTENT intent: the bot sees an empty content
        await fake.say("anna", None, "privat")  # DMs always carry content
        await fake.wait_for(lambda: len(seen) >= 2)
        assert seen == ["", "privat"]


BOT_SCRIPT = """
import os, discord, yarl
from discord.ext import commands
discord.http.Route.BASE = os.environ["DISCORD_API_BASE"]
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["DISCORD_GATEWAY_URL"])

class Bot(commands.Bot):
    async def setup_hook(self):
        guild = discord.Object(int(os.environ["DEV_GUILD_ID"]))
        self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)

bot = Bot(command_prefix="!", intents=discord.Intents.none())

@bot.tree.command(name="ping", description="Ping")
async def ping(interaction: discord.Interaction):
    await interaction.response.defer(ephemeral=True, thinking=True)
    await interaction.edit_original_response(content=f"pong {interaction.locale}")

bot.run(os.environ["DISCORD_TOKEN"], log_handler=None)
"""


async def test_bot_as_its_own_process(fake: FakeDiscord, tmp_path: Path) -> None:
    script = tmp_path / "pingbot.py"
    script.write_text(BOT_SCRIPT)
    async with bot_process(fake, args=[str(script)]) as bp:
        await bp.wait_ready("ping", timeout=20)
        assert fake.command("ping")["guild_id"] == str(fake.guild_id)
        ix = await (await fake.slash("ceca", "general", "ping")).wait()
        assert ix.deferred and ix.ephemeral
        await ix.wait_event("edit_original")
        assert ix.response_message is not None and ix.response_message.content == "pong hr"
        assert ix.answer_latency is not None and ix.answer_latency >= ix.latency
    assert bp.proc.returncode is not None
