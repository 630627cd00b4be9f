"""The bot against Discord's real rules, in SimCord with the failures the real service gives: a lost answer
(10062 past the 3 s deadline), an archived thread (50083), a missing thread permission, closed DMs, Markdown in
names. What players see must follow what is stored, whatever happens to one call."""

from __future__ import annotations

import random

import discord
import pytest

from bot.ui.components import sent_json
from tests.cogs.helpers import button, components, dm_last, lobby_message, table_message
from tests.cogs.test_catch_up import play_until
from tests.cogs.test_schieberamsch_flow import open_table, play_one, start_table
from tests.conftest import World

UNKNOWN_INTERACTION = {"status": 404, "code": 10062, "message": "Unknown interaction"}


def requests(world: World, method: str, path_part: str, since: int = 0) -> list:
    return [r for r in world.env.http_requests[since:] if r.method == method and path_part in r.path]


def shows_version(world: World, table) -> bool:
    return table_message(world, table).attachments[0].filename == f"table-{table.id}-{table.version}.png"


async def dm_card_move(world: World, table, rng):
    """Play moves until the next one is a card from a DM (not a decision on the table message)."""
    for _ in range(100):
        seat = min(table.engine.waiting_for())
        if any(a.startswith("play ") for a in table.engine.legal_actions(seat)):
            return seat
        await play_one(world, table, rng)
    raise AssertionError("no card play reached")


async def click_a_card(world: World, table, seat: int):
    """The seat clicks a playable card in its hand DM."""
    user = world.users[seat].user
    message = user.dm_channel.last_message
    card = next(c for c in message.components[0].children if c.custom_id.split(":", 4)[4] in
                table.engine.legal_actions(seat))
    return await user.click(message, custom_id=card.custom_id)


async def test_a_lost_answer_to_a_card_still_updates_the_table_and_the_hand(world: World):
    table = await start_table(world, deals=3)
    rng = random.Random(4)
    seat = await dm_card_move(world, table, rng)
    before = table.version
    world.env.inject_error("POST", "/interactions/*/callback", **UNKNOWN_INTERACTION)
    await click_a_card(world, table, seat)
    assert table.version == before + 1, "the move was stored although its answer was lost"
    assert shows_version(world, table), "the table message shows the stored move"
    # the mover's DM was edited by delivery, since the answer that would have shown it never arrived
    assert dm_last(world.users[seat]).attachments[0].filename == f"hand-{table.id}-{table.version}.png"
    assert table.shown_version == table.version


async def test_an_answer_lost_to_a_dropped_connection_still_delivers_the_move(world: World, monkeypatch):
    """Not every lost answer is an HTTP error: a connection reset on the way (aiohttp raises its own errors) or a
    picture that failed. The move is stored all the same, so the table and the others still see it."""
    table = await start_table(world, deals=3)
    seat = await dm_card_move(world, table, random.Random(4))
    before = table.version
    ui = world.bot.table_ui
    original = ui.render_hand

    async def dropped(*args, **kwargs):
        if kwargs.get("reply"):  # the click's own answer
            raise ConnectionResetError("Connection reset by peer")
        return await original(*args, **kwargs)

    monkeypatch.setattr(ui, "render_hand", dropped)
    await click_a_card(world, table, seat)
    assert table.version == before + 1
    assert shows_version(world, table), "the table message shows the stored move"
    assert table.shown_version == table.version


async def test_a_lost_answer_to_start_still_posts_the_table_and_deals(world: World):
    _, lobby = await open_table(world)
    world.env.inject_error("POST", "/interactions/*/callback", **UNKNOWN_INTERACTION)
    await world.users[0].click(lobby, custom_id=button(lobby, "Start").custom_id)
    table = world.table()
    assert table.status == "running"
    assert table.table_message_id is not None and shows_version(world, table)
    assert all(dm_last(u) is not None for u in world.users[:3])
    # the lobby, whose answer was lost, was edited instead: no Join/Start left on a running table
    assert "The game has started." in lobby_message(world).content


async def test_a_lost_answer_to_new_leaves_no_table_without_a_lobby(world: World):
    """The answer to `/schieberamsch new` is lost (10062): there is no lobby message, so no table may stay open with
    its host seated (who could then open no other); the next `/new` works."""
    world.env.inject_error("POST", "/interactions/*/callback", **UNKNOWN_INTERACTION)
    await world.users[0].slash(world.channel, "schieberamsch new")
    assert all(t.status == "cancelled" for t in world.bot.tables.tables.values())
    assert not world.bot.table_ui.opening
    again = await world.users[0].slash(world.channel, "schieberamsch new")
    assert not again.ephemeral and world.table().status == "lobby"


async def test_a_table_message_refused_at_start_is_explained_to_whoever_started(world: World):
    """Start passed its checks, but Discord refuses the table message (a moderator locked the thread meanwhile):
    the game has started, and the host is told why the table does not show, not left to wonder."""
    _, lobby = await open_table(world)
    table = world.table()
    world.env.inject_error("POST", f"/channels/{table.thread_id}/messages", status=403, code=160005,
                           message="Thread is locked", times=None)
    result = await world.users[0].click(lobby, custom_id=button(lobby, "Start").custom_id)
    assert table.status == "running" and table.table_message_id is None
    told = [f.content for f in result.followups if f.ephemeral]
    assert any("locked this table's thread" in t for t in told), told


def edit_route(world: World, table, lent: bool) -> str:
    """The route the next table edit takes: the interaction webhook of a token an earlier decision on the table
    message lent (bot/ui/message_tokens.py), or, with that token dropped, the channel's message route."""
    if lent:
        assert world.bot.table_ui.delivery.tokens.kept(table.table_message_id) is not None
        return "/webhooks/*/messages/@original"
    world.bot.table_ui.delivery.tokens.drop(table.table_message_id)
    return f"/channels/{table.thread_id}/messages/*"


@pytest.mark.parametrize("lent", [False, True], ids=["channel route", "lent token"])
async def test_an_archived_thread_is_unarchived_and_the_edit_goes_out(world: World, lent: bool):
    table = await start_table(world, deals=3)
    rng = random.Random(4)
    seat = await dm_card_move(world, table, rng)
    thread_id = table.thread_id
    world.env.inject_error("PATCH", edit_route(world, table, lent), status=400, code=50083,
                           message="Operation cannot be performed on an archived thread")
    start = len(world.env.http_requests)
    await click_a_card(world, table, seat)
    unarchive = [r for r in requests(world, "PATCH", f"/channels/{thread_id}", start)
                 if r.path.rstrip("/").endswith(str(thread_id))]
    assert unarchive and unarchive[0].json["archived"] is False
    assert shows_version(world, table) and table.shown_version == table.version


@pytest.mark.parametrize("lent", [False, True], ids=["channel route", "lent token"])
async def test_a_table_message_too_old_to_edit_moves_to_a_new_message(world: World, lent: bool):
    table = await start_table(world, deals=3)
    rng = random.Random(4)
    seat = await dm_card_move(world, table, rng)
    old_id = table.table_message_id
    route = edit_route(world, table, lent)
    world.env.inject_error("PATCH", route if lent else f"/channels/{table.thread_id}/messages/{old_id}", status=400,
                           code=30046, message="Maximum number of edits to messages older than 1 hour reached.")
    await click_a_card(world, table, seat)
    assert table.table_message_id != old_id and shows_version(world, table)
    assert old_id not in [m.id for m in world.channel.threads[0].history()], "the old table message is gone"
    assert table.shown_version == table.version
    # each table message carries its own nonce (a lost answer is not posted twice, and the new one is new)
    posts = requests(world, "POST", f"/channels/{table.thread_id}/messages")
    tables = [r.json.get("nonce") for r in posts if "table-" in str(r.json)]
    assert len(tables) == 2 and all(tables) and tables[0] != tables[1], tables


async def test_threads_last_a_week_and_a_finished_tables_thread_archives_within_the_hour(world: World):
    table = await start_table(world, deals=3)
    create = requests(world, "POST", "/threads")[0]
    assert create.json["auto_archive_duration"] == 10080
    await world.bot.table_ui.delivery.retire_thread(table)
    patch = requests(world, "PATCH", f"/channels/{table.thread_id}")[-1]
    assert patch.json["auto_archive_duration"] == 60


async def test_without_send_messages_in_threads_the_table_plays_in_the_channel(world: World):
    me = world.guild.me
    plain = world.guild.create_text_channel(
        "nothreads", overwrites={me: discord.PermissionOverwrite(send_messages_in_threads=False)})
    result = await world.users[0].slash(plain, "schieberamsch new")
    assert any("Send Messages in Threads" in f.content for f in result.followups)
    table = world.table()
    assert table.thread_id is None
    assert not requests(world, "POST", "/threads")


async def test_a_table_opened_in_a_voice_channels_chat_plays_there_without_a_refused_thread(world: World):
    voice = world.guild.create_voice_channel("Stammtisch-Ecke")
    result = await world.users[0].slash(voice, "schieberamsch new")
    assert any("has no threads" in f.content for f in result.followups), result.followups
    table = world.table()
    assert table.thread_id is None and table.channel_id == voice.id
    assert not requests(world, "POST", "/threads"), "no thread tried where Discord refuses one (50024)"


async def test_start_is_refused_with_the_reason_where_the_table_cannot_be_posted(world: World):
    _, lobby = await open_table(world)
    table = world.table()
    assert table.thread_id is not None
    # after the lobby opened, a moderator took Send Messages in Threads from the bot (a CHANNEL_UPDATE); the click
    # carries the bot's permissions as Discord computes them (app_permissions), whatever the cache knows
    from simcord.backend.models import Overwrite
    from simcord.enums import OverwriteType

    world.env.backend.set_overwrite(world.channel.id, Overwrite(
        target_id=world.bot.user.id, type=OverwriteType.MEMBER, allow=0,
        deny=discord.Permissions(send_messages_in_threads=True).value))
    result = await world.users[0].click(lobby, custom_id=button(lobby, "Start").custom_id)
    assert result.ephemeral and "Send Messages in Threads" in result.response.content
    assert table.status == "lobby" and table.table_message_id is None


def nonce_echoes(world: World, monkeypatch, lose: str) -> list[str]:
    """Discord's enforce_nonce, which SimCord lacks: a send whose nonce made a message a short while ago gets that
    message back, as it is now (developer docs, Create Message). The first send whose nonce starts with `lose` is
    made but its answer is lost (a connection reset on the way back). Returns the nonces echoed."""
    http = world.bot.http
    real_send = http.send_message
    made: dict[str, tuple[int, int]] = {}
    echoed: list[str] = []
    lost: list[str] = []

    async def send_message(channel_id, *, params):
        key = sent_json(params).get("nonce")
        if key in made:
            echoed.append(key)
            return await http.get_message(*made[key])
        data = await real_send(channel_id, params=params)
        if key:
            made[key] = (int(channel_id), int(data["id"]))
            if key.startswith(lose) and not lost:
                lost.append(key)
                raise ConnectionResetError("the answer was lost on the way back")
        return data

    monkeypatch.setattr(http, "send_message", send_message)
    return echoed


async def test_a_passing_unknown_channel_does_not_end_the_table(world: World):
    """The table's edit and post answer 404 / 10003 once (Discord has answered "unknown" where it meant "cannot see
    it now"): ending a table cannot be undone, so the bot asks Get Channel first; the thread is there, the table
    plays on and its message is caught up."""
    table = await start_table(world, deals=3)
    seat = await dm_card_move(world, table, random.Random(4))
    unknown = {"status": 404, "code": 10003, "message": "Unknown Channel"}
    world.env.inject_error("PATCH", f"/channels/{table.thread_id}/messages/{table.table_message_id}", **unknown)
    world.env.inject_error("POST", f"/channels/{table.thread_id}/messages", **unknown)
    world.bot.table_ui.delivery.tokens.drop(table.table_message_id)  # edited by the channel's route
    await click_a_card(world, table, seat)
    assert requests(world, "GET", f"/channels/{table.thread_id}"), "asked whether the thread is there"
    assert table.status == "running"
    await world.env.advance_time(10)  # the catch-up posts the table message again
    assert shows_version(world, table)


async def test_a_table_message_made_by_a_lost_send_is_brought_up_to_date(world: World, monkeypatch):
    """The table's first message was made, but its answer lost: the next post gets it back by its nonce, showing
    the table as it was then; it is edited to the table as it is, not recorded as showing that."""
    echoed = nonce_echoes(world, monkeypatch, lose="t")
    table = await start_table(world, deals=3)
    assert table.table_message_id is None  # the post failed: it is caught up later
    seat = min(table.engine.waiting_for())
    outcome = await world.bot.tables.act(table.id, table.seats[seat].user_id, table.engine.default_action(seat))
    await world.bot.table_ui.delivery.after_move(table, outcome)
    assert echoed and table.table_message_id is not None
    tables = [m for m in world.channel.threads[0].history() if any("table-" in a.filename for a in m.attachments)]
    assert len(tables) == 1, "one table message"
    assert shows_version(world, table) and table.shown_version == table.version == 1


async def test_a_message_a_nonce_brought_back_is_kept_even_when_its_update_fails(world: World, monkeypatch):
    """The echoed table message is stored as the table's before it is brought up to date: when that edit fails, the
    catch-up edits the same message, and no second table message is posted."""
    echoed = nonce_echoes(world, monkeypatch, lose="t")
    table = await start_table(world, deals=3)
    seat = min(table.engine.waiting_for())
    outcome = await world.bot.tables.act(table.id, table.seats[seat].user_id, table.engine.default_action(seat))
    world.env.inject_error("PATCH", f"/channels/{table.thread_id}/messages/*", status=503, code=0,
                           message="upstream connect error")
    await world.bot.table_ui.delivery.after_move(table, outcome)
    assert echoed and table.table_message_id is not None
    kept = table.table_message_id
    await world.env.advance_time(40)  # the catch-up's tries
    tables = [m for m in world.channel.threads[0].history() if any("table-" in a.filename for a in m.attachments)]
    assert [m.id for m in tables] == [kept], "the echoed message stays the table's only one"
    assert shows_version(world, table) and table.shown_version == table.version


async def test_a_hand_sent_again_at_the_same_moment_keeps_its_buttons(world: World, monkeypatch):
    """A new-hand send at the moment an earlier one already showed (Start's first hands, and a computer's first move
    that sent them first): closing the old message takes its buttons, and the nonce brings that same message back.
    It is drawn again with its buttons, not left bare for the player."""
    echoed = nonce_echoes(world, monkeypatch, lose="-")
    table = await start_table(world, deals=3)
    seat = next(s for s in range(3) if not table.seats[s].computer)
    user = world.users[seat]
    before = len([m for m in user.user.dm_channel.history()])
    await world.bot.table_ui.delivery.send_hand(table, seat, new_hand=True)
    assert echoed, "the same nonce"
    history = user.user.dm_channel.history()
    assert len(history) == before, "no second hand message"
    assert components(dm_last(user)), "the hand lost its buttons"


@pytest.mark.parametrize(("code", "notice"), [
    (50007, "I cannot send you direct messages"),  # DMs closed
    (50278, "is no longer in this server"),  # no mutual guild: the player left or was kicked
])
async def test_closed_dms_are_remembered_across_deals_and_tables(world: World, code: int, notice: str):
    bob = world.users[1]
    world.env.inject_error("POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403, code=code,
                           message="Cannot send messages to this user", times=None)
    table = await start_table(world, deals=3)
    tries = len(requests(world, "POST", f"/channels/{bob.user.dm_channel.id}/messages"))
    assert tries == 1
    said = [m.content for m in world.channel.threads[0].history() if m.content and str(bob.id) in m.content]
    assert len(said) == 1 and notice in said[0], said
    rng = random.Random(2)
    for _ in range(300):  # into the second deal
        if table.engine.view(None)["hand_no"] > 1:
            break
        seat = min(table.engine.waiting_for())
        if seat == 1:  # bob plays through My hand (its answer shows him his hand); the others see the move
            outcome = await world.bot.tables.act(table.id, bob.id, rng.choice(sorted(table.engine.legal_actions(1))))
            await world.bot.table_ui.delivery.after_move(table, outcome, responded_seat=1)
            continue
        await play_one(world, table, rng)
    assert table.engine.view(None)["hand_no"] == 2, table.engine.view(None)
    assert len(requests(world, "POST", f"/channels/{bob.user.dm_channel.id}/messages")) == tries, \
        "a refused DM is not tried again at the next deal"


async def test_my_hand_tries_dms_again_for_a_player_who_opened_them(world: World):
    """Bob's DMs refused his first hand; he opens them and presses "My hand": beside the ephemeral answer his hand
    comes by DM again, with its buttons, and from then on as anyone's. A player whose DMs stay closed is tried at most
    once every ten minutes, however often he presses it."""
    bob = world.users[1]
    dm_path = f"/channels/{bob.user.dm_channel.id}/messages"
    world.env.inject_error("POST", dm_path, status=403, code=50007, message="Cannot send messages to this user")
    table = await start_table(world, deals=3)
    assert table.seats[1].dm_closed and not bob.user.dm_channel.history()
    message = table_message(world, table)
    world.env.inject_error("POST", dm_path, status=403, code=50007, message="Cannot send messages to this user")
    await bob.click(message, custom_id=button(message, "My hand").custom_id)  # still closed: one try
    await bob.click(message, custom_id=button(message, "My hand").custom_id)  # not again so soon
    assert len(requests(world, "POST", dm_path)) == 2 and table.seats[1].dm_closed
    await world.env.advance_time(601)  # (the turn timer is off: nothing else moves)
    result = await bob.click(message, custom_id=button(message, "My hand").custom_id)
    assert result.ephemeral
    assert not table.seats[1].dm_closed
    assert components(dm_last(bob)), "his hand by DM, with its buttons"
    stored = await world.bot.db.fetchone("SELECT dm_closed FROM seats WHERE table_id = ? AND seat = 1", (table.id,))
    assert stored["dm_closed"] == 0


async def test_a_dm_channel_is_opened_once_per_player(world: World):
    await start_table(world, deals=3)
    opened = requests(world, "POST", "/users/@me/channels")
    assert len(opened) == 3
    world.table().status = "finished"  # free the players for a second table
    _, lobby = await open_table(world)
    await world.users[0].click(lobby, custom_id=button(lobby, "Start").custom_id)
    assert len(requests(world, "POST", "/users/@me/channels")) == 3, "the DM channels were kept"
    rows = await world.bot.db.fetchall("SELECT user_id, channel_id FROM dm_channels")
    assert len(rows) == 3


async def test_markdown_in_a_name_is_shown_as_typed(world: World):
    world.users[1] = world.guild.add_member(world.env.create_user("**x**_y_"))
    table = await start_table(world, deals=3)
    text = table_message(world, table).content + "\n" + lobby_message(world).content
    assert "**x**_y_" not in table_message(world, table).content
    assert table.seats[1].name == "**x**_y_"  # stored as typed; pictures show it as typed too
    rng = random.Random(1)
    while 1 not in table.engine.waiting_for() and not table.engine.over:
        await play_one(world, table, rng)
    assert r"\*\*x\*\*\_y\_" in table_message(world, table).content, text


async def test_opening_dms_too_fast_is_waited_out(world: World):
    world.env.inject_error("POST", "/users/@me/channels", status=403, code=40003,
                           message="You are opening direct messages too fast.", times=2)
    table = await start_table(world, deals=3)
    assert all(dm_last(u) is not None for u in world.users[:3]), "every player got their hand"
    assert not any(s.dm_closed for s in table.seats), "a refusal to open a DM this fast is not closed DMs"
    assert len(requests(world, "POST", "/users/@me/channels")) == 5


def an_hour_on(world: World, monkeypatch) -> None:
    """Discord's clock, as the bot reads it, an hour on: the table message is an hour old (30046's limit near)."""
    born = discord.utils.snowflake_time(world.table().table_message_id).timestamp()
    monkeypatch.setattr(world.bot.table_ui.delivery, "clock", lambda: born + 3600)


async def test_a_table_message_nearly_an_hour_old_moves_before_its_next_edit(world: World, monkeypatch):
    """Discord limits the edits of messages older than an hour (30046) and answers 429, which discord.py sleeps
    out and retries under the table's lock: the table moves to a fresh message instead of editing the old one."""
    table = await start_table(world, deals=3)
    rng = random.Random(4)
    seat = await dm_card_move(world, table, rng)
    old_id = table.table_message_id
    an_hour_on(world, monkeypatch)
    start = len(world.env.http_requests)
    await click_a_card(world, table, seat)
    assert table.table_message_id != old_id and shows_version(world, table)
    assert table.shown_version == table.version
    assert not requests(world, "PATCH", f"/messages/{old_id}", start), "the old message was not edited"
    assert not requests(world, "PATCH", "/messages/@original", start), "... nor through a click's token"
    assert requests(world, "DELETE", f"/messages/{old_id}", start), "the old message went"
    old_table = table.table_message_id
    monkeypatch.setattr(world.bot.table_ui.delivery, "clock", lambda: world.env.now().timestamp())  # SimCord's again
    await play_one(world, table, rng)  # the fresh message is edited as usual
    assert table.table_message_id == old_table and shows_version(world, table)


async def test_a_click_on_a_table_message_nearly_an_hour_old_is_deferred_and_the_table_moves(world: World,
                                                                                            monkeypatch):
    from tests.cogs.test_schieberamsch_flow import decisions

    table = await start_table(world, deals=3)
    asked = decisions(world, table)
    assert asked, "the first decision (Grand Hand?) is asked on the table message"
    seat = min(table.engine.waiting_for())
    old_id = table.table_message_id
    an_hour_on(world, monkeypatch)
    start = len(world.env.http_requests)
    await world.users[seat].click(table_message(world, table), custom_id=asked[0].custom_id)
    answers = [r.json.get("type") for r in requests(world, "POST", "/callback", start)]
    assert answers == [discord.InteractionResponseType.deferred_message_update.value], answers
    assert table.table_message_id != old_id and shows_version(world, table)
    assert not requests(world, "PATCH", f"/messages/{old_id}", start)


async def test_a_click_on_the_moved_away_table_message_is_not_an_edit(world: World, monkeypatch):
    """A table message the table moved away from (its delete failed) is an hour old: a decision clicked there
    counts, and is answered by a deferral (an edit would meet 30046), and the delete is tried again."""
    table = await start_table(world, deals=3)
    seat = min(table.engine.waiting_for())
    old = table_message(world, table)
    old_id = old.id
    decision = next(c.custom_id for c in components(old) if (c.custom_id or "").endswith(":pass"))
    born = discord.utils.snowflake_time(old_id).timestamp()
    monkeypatch.setattr(world.bot.table_ui.delivery, "clock", lambda: born + 3600)
    world.env.inject_error("DELETE", f"/channels/*/messages/{old_id}", status=500)  # the old one stays a while
    await world.bot.table_ui.delivery.show_table(table)  # e.g. the absent vote: the table moves
    assert table.table_message_id != old_id
    start = len(world.env.http_requests)
    await world.users[seat].click(old, custom_id=decision)
    answers = [r.json.get("type") for r in world.env.http_requests[start:]
               if r.method == "POST" and "/callback" in r.path]
    assert answers == [discord.InteractionResponseType.deferred_message_update.value], answers
    assert requests(world, "DELETE", f"/messages/{old_id}", start), "the old message's delete is tried again"


async def test_dms_opened_too_fast_past_the_pauses_are_a_wait_not_a_missing_permission(world: World):
    """Discord refuses to open DM channels this fast (40003, a 403) for longer than the bot's pauses last: the host
    is told the hands follow in a moment (not to ask a moderator for a permission), and the catch-up sends them."""
    world.env.inject_error("POST", "/users/@me/channels", status=403, code=40003,
                           message="You are opening direct messages too fast.", times=15)
    _, lobby = await open_table(world)
    result = await world.users[0].click(lobby, custom_id=button(lobby, "Start").custom_id)
    await world.env.advance_time(20)
    told = [f.content or "" for f in result.followups]
    assert any("open direct messages more slowly" in text for text in told), told
    assert not any("permission" in text for text in told), told
    await world.env.advance_time(40)
    assert all(dm_last(u) is not None for u in world.users[:3]), "the hands came once Discord let the DMs open"


def live_cards(message) -> list:
    return [c for c in components(message) if (c.custom_id or "").startswith("st:") and not getattr(c, "disabled", False)]


def dms_an_hour_on(world: World, monkeypatch, table) -> None:
    born = max(discord.utils.snowflake_time(s.dm_message_id).timestamp() for s in table.seats if s.dm_message_id)
    monkeypatch.setattr(world.bot.table_ui.delivery, "clock", lambda: born + 3600)


async def test_the_deals_last_card_on_an_hour_old_dm_leaves_no_live_buttons_behind(world: World, monkeypatch):
    table = await start_table(world, deals=3)
    rng = random.Random(11)
    await play_until(world, table, rng, lambda: sum(table.engine.view(None)["counts"]) == 1)
    seat = min(table.engine.waiting_for())
    user = world.users[seat].user
    old = user.dm_channel.last_message
    dms_an_hour_on(world, monkeypatch, table)
    await play_one(world, table, rng)  # the deal's last card, clicked on an hour-old DM
    assert table.engine.view(None)["hand_no"] == 2
    new = user.dm_channel.last_message
    assert new.id != old.id
    old_now = next((m for m in user.dm_channel.history() if m.id == old.id), None)
    # the normal path answers "Hand finished." and takes the buttons; an hour-old one, which is not edited, goes
    assert old_now is None or not live_cards(old_now), (old_now.content, [c.custom_id for c in live_cards(old_now)])


async def test_a_cancelled_table_closes_its_hour_old_hand_dms(world: World, monkeypatch):
    table = await start_table(world, deals=3)
    rng = random.Random(4)
    for _ in range(4):
        await play_one(world, table, rng)
    dms_an_hour_on(world, monkeypatch, table)
    await world.users[0].slash(world.channel, "table cancel")
    assert table.status == "cancelled"
    for seat in range(3):
        user = world.users[seat].user
        last = user.dm_channel.last_message
        assert not live_cards(last), (seat, last.content, [c.custom_id for c in live_cards(last)])


async def test_dms_opened_too_fast_are_a_pause_for_the_catch_up_not_a_lasting_refusal():
    from types import SimpleNamespace

    from bot.ui.catch_up import Attempts

    def refused(code: int) -> discord.Forbidden:
        return discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), {"code": code, "message": "no"})

    async def fail(code: int) -> None:
        raise refused(code)

    pause, refusal = Attempts(1), Attempts(1)
    await pause(fail(40003))
    await refusal(fail(50013))
    assert pause.failed and not pause.lasting  # tried again until the DMs open
    assert refusal.failed and refusal.lasting


async def test_clicks_on_a_lobby_open_an_hour_are_acknowledged_at_once_and_the_lobby_follows(world: World,
                                                                                           monkeypatch):
    """A lobby nobody started for an hour: Join, Add computer and Start answered by editing it (type 7) would meet
    Discord's limit on edits of old messages (30046, a 429 slept out past the click's 3 s: "This interaction
    failed"). Each click is deferred at once, and the lobby is edited after it through the channel."""
    result = await world.users[0].slash(world.channel, "schieberamsch new")
    lobby = lobby_message(world)
    born = discord.utils.snowflake_time(lobby.id).timestamp()
    monkeypatch.setattr(world.bot.table_ui.delivery, "clock", lambda: born + 3600)
    assert not result.ephemeral
    for user in world.users[1:3]:
        start = len(world.env.http_requests)
        await user.click(lobby, custom_id=button(lobby, "Join").custom_id)
        answers = [r.json.get("type") for r in requests(world, "POST", "/callback", start)]
        assert answers == [discord.InteractionResponseType.deferred_message_update.value], answers
        assert not requests(world, "PATCH", "/messages/@original", start), "no edit through the click's token"
        assert requests(world, "PATCH", f"/messages/{lobby.id}", start), "the lobby is edited after the click"
        lobby = lobby_message(world)
        assert f"<@{user.id}>" in lobby.content
    start = len(world.env.http_requests)
    await world.users[0].click(lobby, custom_id=button(lobby, "Start").custom_id)
    answers = [r.json.get("type") for r in requests(world, "POST", "/callback", start)]
    assert answers == [discord.InteractionResponseType.deferred_message_update.value], answers
    table = world.table()
    assert table.status == "running" and table_message(world, table) is not None
    assert all(dm_last(u) is not None for u in world.users[:3]), "every player got their hand"
    assert not [c for c in components(lobby_message(world)) if not getattr(c, "disabled", False)
                and getattr(c, "label", None) == "Join"], "the lobby says the game has started"
