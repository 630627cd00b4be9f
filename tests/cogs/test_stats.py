"""Leaderboards, stats, history, replays, seasons and forget-me through the real bot in SimCord."""

from __future__ import annotations

import random

import discord
import pytest

from bot.ui.table_ui import TableUI
from tests.bot.test_stats import craft
from tests.cogs.helpers import client_locale, components
from tests.cogs.test_schieberamsch_flow import play_one, start_table
from tests.conftest import World


def png_bytes(env, attachment) -> bytes:
    data = env.backend.cdn.get(attachment.url)
    assert data is not None and data[:8] == b"\x89PNG\r\n\x1a\n"
    return data


def button(message, label):
    for b in components(message):
        if b.label == label:
            return b
    raise AssertionError(f"no button {label!r} in {[b.label for b in components(message)]}")


def stats(world: World):
    return world.bot.get_cog("Stats").store


async def name_players(world: World):
    """The names the framework stores when members sit down (crafted histories skip the lobby)."""
    for member in world.users:
        await stats(world).db.execute("UPDATE players SET name = ? WHERE user_id = ?", (member.user.name, member.id))


@pytest.fixture
def live_images(monkeypatch):
    """Every table image the live game sent, by table version."""
    seen: dict[int, bytes] = {}
    original = TableUI.table_message

    def recording(self, table, events=None):
        payload, job = original(self, table, events)
        version = table.version

        def draw():
            seen[version] = png = job()
            return png

        return payload, draw

    monkeypatch.setattr(TableUI, "table_message", recording)
    return seen


async def finish_match(world: World, **options):
    table = await start_table(world, **options)
    rng = random.Random(11)
    for _ in range(3000):
        if table.engine.over:
            break
        result = await play_one(world, table, rng)
        assert not result.ephemeral, result.response.content if result.response else result
    assert table.status == "finished"
    return table


async def test_a_played_match_reaches_the_leaderboard_and_its_replay_shows_the_live_images(world: World, live_images):
    table = await finish_match(world, deals=3)
    live = dict(live_images)  # the replay draws through the same code: keep what the live game sent
    alice = world.users[0]
    # the leaderboard: an image (every column in its alt text) and a short list as text, with the players' names
    result = await alice.slash(world.channel, "leaderboard", game="schieberamsch")
    assert not result.ephemeral
    text = result.response.content
    assert "Leaderboard · Schieberamsch" in text and "All time" in text
    for name in ("alice", "bob", "carol"):
        assert name in text
    assert "Per deal" in text and "Rating" in text
    png_bytes(world.env, result.response.attachments[0])
    # the replay: step k is byte for byte the image the live table showed at version k
    assert len(live) > 20
    replay = await alice.slash(world.channel, "replay", table=table.id)
    assert replay.ephemeral
    message = replay.response
    assert "move 0 of" in message.content
    assert png_bytes(world.env, message.attachments[0]) == live[0]
    assert len(message.attachments) == 2  # the table and every hand (the match is over)
    checked = 1
    for k in range(1, 12):
        step = await alice.click(message, custom_id=button(message, "▶").custom_id)
        message = step.response
        assert f"move {k} of" in message.content
        moved = message.content.split("\n")[1]  # "bob: K♥" for a card, "alice: Pass" for a bid ("bob: play K♥")
        assert ": " in moved and " play " not in moved, message.content
        if k in live:
            assert png_bytes(world.env, message.attachments[0]) == live[k]
            checked += 1
    assert checked >= 10
    # jump to the last move: the final table image, as the live table ended
    end = await alice.click(message, custom_id=button(message, "⏭").custom_id)
    assert png_bytes(world.env, end.response.attachments[0]) == live[table.version]
    assert button(end.response, "▶").disabled
    # a later hand: the hand buttons jump to the next deal
    start = await alice.slash(world.channel, "replay", table=table.id, step=1)
    nxt = await alice.click(start.response, custom_id=button(start.response, "Hand ▶").custom_id)
    assert "Deal 2" in nxt.response.content
    # history lists the table with its totals
    history = await alice.slash(world.channel, "history")
    assert history.ephemeral and f"#{table.id} · Schieberamsch" in history.response.content
    # personal stats: a card image and the figures as text
    mine = await world.users[1].slash(world.channel, "stats")
    assert "Stats of bob" in mine.response.content and "Schieberamsch" in mine.response.content
    png_bytes(world.env, mine.response.attachments[0])


async def test_leaderboard_pages_with_buttons(world: World):
    store = stats(world)
    gid = world.guild.id
    for i in range(25):  # 26 players; user 100 beats everyone once
        await craft(store.db, store, "schrum", [100, 200 + i], [1, 0], guild=gid)
    alice = world.users[0]
    first = await alice.slash(world.channel, "leaderboard", game="schrum")
    assert "Page 1 of 3" in first.response.content and "Players: 26" in first.response.content
    # the text names the measure ranked by and the rating; the picture's alt text has every column
    assert "1. user100: Wins 25, Rating " in first.response.content
    assert "Avg. place" not in first.response.content
    assert "1. user100: Wins 25, Avg. place 1.00, Matches 25" in first.response.attachments[0].description
    assert button(first.response, "◀ Previous").disabled
    second = await alice.click(first.response, custom_id=button(first.response, "Next ▶").custom_id)
    message = world.channel.last_message
    assert "Page 2 of 3" in message.content, second
    assert "2. user209" in message.content or "2. user2" in message.content
    # the page option jumps straight there; a page past the end shows the last one
    last = await alice.slash(world.channel, "leaderboard", game="schrum", page=9)
    assert "Page 3 of 3" in last.response.content


async def test_a_late_leaderboard_that_discord_refuses_is_explained_to_the_asker_alone(world: World, monkeypatch):
    """The picture came late ("thinking" for everyone), then Discord refused the follow-up that carries it: the
    asker reads why, privately, and the channel keeps nothing of it."""
    import asyncio

    import bot.ui.in_time as in_time

    store = stats(world)
    await craft(store.db, store, "schrum", [100, 200], [1, 0], guild=world.guild.id)
    monkeypatch.setattr(in_time, "ANSWER_BY_S", 0.2)
    original = store.leaderboard

    async def late(*args, **kwargs):
        await asyncio.sleep(0.6)
        return await original(*args, **kwargs)

    monkeypatch.setattr(store, "leaderboard", late)
    world.env.inject_error("POST", "/webhooks/*", status=400, code=50035, message="Invalid Form Body")
    since = len(world.env.http_requests)
    await world.users[0].slash(world.channel, "leaderboard", game="schrum")
    await world.env.advance_time(2.0)
    calls = [(r.method, r.path.rsplit("/", 1)[-1]) for r in world.env.http_requests[since:]]
    assert [m for m, _ in calls] == ["POST", "POST", "PATCH", "POST", "DELETE"], calls
    private = world.env.http_requests[since:][3].json
    assert private["flags"] & 64 and "Sorry, something went wrong" in private["content"]


async def test_anyone_may_page_a_public_leaderboard_which_keeps_its_language(world: World, monkeypatch):
    """The board is public: a German client's click on its Next shows the next page in the language it was asked
    in, not the clicker's; a page button from before the language was kept in it pages in the clicker's."""
    store = stats(world)
    for i in range(25):
        await craft(store.db, store, "schrum", [100, 200 + i], [1, 0], guild=world.guild.id)
    alice, bob = world.users[:2]
    first = await alice.slash(world.channel, "leaderboard", game="schrum")
    client_locale(monkeypatch, "de")
    next_id = button(first.response, "Next ▶").custom_id
    assert next_id.endswith(f":en:{alice.id}")
    await bob.click(first.response, custom_id=next_id)
    assert "Page 2 of 3" in world.channel.last_message.content
    assert button(world.channel.last_message, "Next ▶").custom_id.endswith(f":en:{alice.id}")
    old = discord.ui.View(timeout=None)  # a board drawn before the language was kept in its buttons
    old.add_item(discord.ui.Button(label="Next ▶", custom_id=next_id.rsplit(":", 2)[0].replace(":1:n", ":2:n")))
    await world.bot.get_partial_messageable(world.channel.id).send("Page 2 of 3", view=old)
    await bob.click(world.channel.last_message, custom_id=old.children[0].custom_id)
    assert "Seite 3 von 3" in world.channel.last_message.content


async def test_friendly_answers_when_there_is_nothing_to_show(world: World):
    alice, bob = world.users[:2]
    empty = await alice.slash(world.channel, "leaderboard", game="tac")
    assert empty.ephemeral and "Nobody has finished a game in this server yet" in empty.response.content
    no_stats = await alice.slash(world.channel, "stats", user=bob)
    assert no_stats.ephemeral and "bob has not finished a game in this server yet" in no_stats.response.content
    me = await alice.slash(world.channel, "stats")
    assert me.ephemeral and "You have not finished a game" in me.response.content
    # a player who just finished a practice match wonders where it is: the answers say practice is not counted
    for answer in (empty, no_stats, me):
        assert "Practice tables (with a computer or hints) are not counted." in answer.response.content
    robot = world.guild.add_member(world.env.create_user("robo", bot=True))
    not_a_player = await alice.slash(world.channel, "stats", user=robot)
    assert not_a_player.ephemeral and "robo is a bot and plays no cards" in not_a_player.response.content
    history = await alice.slash(world.channel, "history")
    assert history.ephemeral and "No finished tables" in history.response.content
    missing = await alice.slash(world.channel, "replay", table=77)
    assert missing.ephemeral and "no table #77" in missing.response.content
    store = stats(world)
    await craft(store.db, store, "schrum", [alice.id, bob.id], [1, 0], guild=world.guild.id,
                ended_at="2020-01-05T00:00:00.000Z")
    month = await alice.slash(world.channel, "leaderboard", game="schrum", period="month")
    assert month.ephemeral and "No finished Schrum Schrum matches here for Month" in month.response.content
    other_game = await alice.slash(world.channel, "leaderboard", game="tac")
    # not "here for All time yet", a heading read in the middle of a sentence; a practice match is not among them
    assert other_game.ephemeral and other_game.response.content == (
        "No finished Tač matches here yet. Practice tables (with a computer or hints) are not counted.")
    no_season = await alice.slash(world.channel, "leaderboard", game="schrum", period="season", season=5)
    assert no_season.ephemeral and "no season 5" in no_season.response.content


async def test_a_running_table_has_no_replay_yet(world: World):
    table = await start_table(world, deals=3)
    early = await world.users[3].slash(world.channel, "replay", table=table.id)
    assert early.ephemeral and "still being played" in early.response.content
    assert not early.response.attachments


async def test_seasons_are_started_by_moderators_and_earlier_ones_stay_viewable(world: World):
    store = stats(world)
    alice, bob = world.users[:2]
    await craft(store.db, store, "repezita", [alice.id, bob.id], [1, 0], guild=world.guild.id)
    await name_players(world)
    refused = await alice.slash(world.channel, "season start")
    assert refused.ephemeral and "Only a moderator" in refused.response.content
    role = world.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    mod = world.guild.add_member(world.env.create_user("mod"), roles=[role])
    started = await mod.slash(world.channel, "season start", title="Spring")
    assert "Season 2 (Spring) has begun" in started.response.content
    now = await alice.slash(world.channel, "leaderboard", game="repezita", period="season")
    assert now.ephemeral and "Season 2" in now.response.content
    before = await alice.slash(world.channel, "leaderboard", game="repezita", season=1)
    assert "Season 1" in before.response.content and "1. alice" in before.response.content
    seasons = await alice.slash(world.channel, "season history")
    assert "Season 2, since" in seasons.response.content and "Spring" in seasons.response.content


async def test_forget_me_removes_the_name_and_stats_after_a_confirmation(world: World):
    store = stats(world)
    alice, bob, carol = world.users[:3]
    await craft(store.db, store, "schrum", [alice.id, bob.id, carol.id], [2, 1, 0], guild=world.guild.id)
    await name_players(world)
    before = await bob.slash(world.channel, "leaderboard", game="schrum")
    assert "1. alice" in before.response.content
    asked = await alice.slash(world.channel, "privacy forget-me")
    assert asked.ephemeral and "cannot be undone" in asked.response.content
    done = await alice.click(asked.response, custom_id=button(asked.response, "Forget me").custom_id)
    assert "Done" in done.response.content
    board = await bob.slash(world.channel, "leaderboard", game="schrum")
    assert "alice" not in board.response.content and "1. bob" in board.response.content
    history = await bob.slash(world.channel, "history")
    assert "a former player 2 ★" in history.response.content
    gone = await bob.slash(world.channel, "stats", user=alice)
    assert gone.ephemeral and "has not finished a game" in gone.response.content
    again = await alice.slash(world.channel, "privacy forget-me")
    assert "nothing to forget" in again.response.content


async def test_forget_me_waits_until_the_person_left_their_tables(world: World):
    await start_table(world, deals=3)
    alice = world.users[0]
    asked = await alice.slash(world.channel, "privacy forget-me")
    refused = await alice.click(asked.response, custom_id=button(asked.response, "Forget me").custom_id)
    assert refused.ephemeral and "You sit at table #1" in refused.response.content


async def test_a_refusal_after_a_public_thinking_answer_stays_private(world: World, monkeypatch):
    """A /leaderboard whose lookup is late is answered "thinking" for everyone; the refusal found afterwards goes
    to the asker alone, and nothing of it stays in the channel (bot/ui/in_time.py `_answer_privately`; the
    autouse guard checks that the ephemeral follow-up is not the one that replaces the public loading message)."""
    import asyncio

    import bot.ui.in_time as in_time

    monkeypatch.setattr(in_time, "ANSWER_BY_S", 0.2)
    store = stats(world)
    original = store.leaderboard

    async def late(*args, **kwargs):
        await asyncio.sleep(0.6)
        return await original(*args, **kwargs)

    monkeypatch.setattr(store, "leaderboard", late)
    alice = world.users[0]
    since = len(world.env.http_requests)
    await alice.slash(world.channel, "leaderboard", game="tac")
    await world.env.advance_time(2.0)
    calls = [(r.method, r.path.rsplit("/", 2)[-1], r.json) for r in world.env.http_requests[since:]]
    assert [c[0] for c in calls] == ["POST", "PATCH", "POST", "DELETE"], calls
    assert calls[0][2]["type"] == 5 and not (calls[0][2].get("data") or {}).get("flags"), "thinking, for everyone"
    assert calls[2][2]["flags"] & 64 and "Nobody has finished a game" in calls[2][2]["content"]
    assert calls[3][1] == "@original", "the public remnant of the thinking message is deleted"


async def test_a_month_board_pages_within_its_own_month_after_the_month_turned(world: World, monkeypatch):
    """A month's board paged on the first of the next month still shows that month (its buttons keep it)."""
    from datetime import UTC, datetime

    import bot.stats.store as store_module

    store = stats(world)
    october = "2026-10-20T12:00:00.000Z"
    for i in range(25):
        await craft(store.db, store, "schrum", [100, 200 + i], [1, 0], guild=world.guild.id, ended_at=october)

    class Clock(datetime):
        at = datetime(2026, 10, 31, 23, 0, tzinfo=UTC)

        @classmethod
        def now(cls, tz=None):
            return cls.at

    monkeypatch.setattr(store_module, "datetime", Clock)
    first = await world.users[0].slash(world.channel, "leaderboard", game="schrum", period="month")
    assert "Page 1 of 3" in first.response.content and "Players: 26" in first.response.content
    Clock.at = datetime(2026, 11, 1, 0, 30, tzinfo=UTC)  # the month turned
    await world.users[0].click(first.response, custom_id=button(first.response, "Next ▶").custom_id)
    page = world.channel.last_message.content
    assert "Page 2 of 3" in page and "Players: 26" in page, page
