"""The table framework through the real bot in SimCord, with Schieberamsch as the game: lobby rules,
wrong users, stale and simultaneous clicks, closed DMs, permissions, turn timer, cancel, commands."""

from __future__ import annotations

import asyncio
import random

import discord
import pytest

from bot.tables.model import UserError
from bot.ui.suits import SUIT_TEXT, suit_text, unjoined
from tests.cogs.helpers import button, components, dm_last, lobby_message, table_message
from tests.cogs.test_schieberamsch_flow import open_table, play_one, start_table
from tests.conftest import World


async def test_join_rules_and_host_only_start(world: World):
    _, lobby = await open_table(world, n=2)
    alice, bob, carol, dave = world.users
    again = await bob.click(lobby, custom_id=button(lobby, "Join").custom_id)
    assert again.ephemeral and "already seated" in again.response.content
    assert button(lobby, "Start").disabled  # Schieberamsch needs exactly three
    await carol.click(lobby, custom_id=button(lobby, "Join").custom_id)
    lobby = lobby_message(world)
    assert button(lobby, "Join").disabled  # full at three
    not_host = await bob.click(lobby, custom_id=button(lobby, "Start").custom_id)
    assert not_host.ephemeral and "Only the host" in not_host.response.content
    stranger = await dave.click(lobby, custom_id=button(lobby, "Cancel").custom_id)
    assert stranger.ephemeral and "host or a moderator" in stranger.response.content
    assert world.table().status == "lobby"
    # a Join that reaches a cancelled table (clicked as it was cancelled) says so, not "already started"
    table = world.table()
    await world.bot.tables.cancel(table.id, alice.id)
    with pytest.raises(UserError, match="not open any more"):
        await world.bot.tables.join(table.id, dave.id, "dave")


async def test_the_lobby_names_the_host_and_who_takes_over_when_the_host_leaves(world: World):
    _, lobby = await open_table(world, n=2)
    alice, bob = world.users[:2]
    assert f"1. <@{alice.user.id}> · host" in lobby.content and f"<@{bob.user.id}> · host" not in lobby.content
    await alice.slash(world.channel, "table leave")
    lobby = lobby_message(world)
    assert f"<@{bob.user.id}> · host" in lobby.content and f"<@{alice.user.id}>" not in lobby.content


async def test_lobby_seat_count_and_hand_title_match_the_table(world: World):
    _, lobby = await open_table(world, n=2)
    assert "Seats: 2 of 3." in lobby.content and "2–3" not in lobby.content  # Schieberamsch: exactly three
    # apart from the numbered seats: a line right under them reads as part of the last seat's item
    assert "\n\nNew to Schieberamsch? /rules shows its rules, page by page." in lobby.content
    await world.users[2].click(lobby, custom_id=button(lobby, "Join").custom_id)
    lobby = lobby_message(world)  # full: Join is greyed out, and the text does not ask anyone to join
    assert "All 3 seats are taken. The host starts." in lobby.content and "Join" not in lobby.content
    await world.users[0].click(lobby, custom_id=button(lobby, "Start").custom_id)
    table = world.table()
    assert dm_last(world.users[0]).content.startswith(f"**Schieberamsch table #{table.id}** · ")
    assert table_message(world, table).content.startswith(f"**Schieberamsch table #{table.id}** · ")


def test_lobby_seat_count_in_german():
    from bot.i18n import tr
    assert tr("de", "Seats: {n} of {hi}. Join, then the host starts.", n=2, hi=3).startswith("Plätze: 2 von 3.")


def test_card_labels_name_ranks_as_the_pictures_do():
    from bot.ui.game_ui import card_label as joined
    from bot.ui.game_ui import card_style

    def card_label(*args: str | None) -> str:  # the ranks and suits; the word joiner has its own test
        return unjoined(joined(*args))

    assert [card_label(c) for c in ("JD", "QC", "10H", "AS")] == ["J♦", "Q♣\ufe0e", "10♥", "A♠\ufe0e"]
    assert [card_label(c, "german") for c in ("JD", "QC", "KH", "7S")] == ["U🔔", "O🌰", "K♥", "7🍃"]
    assert [card_label(c, "german", "de") for c in ("JD", "QC")] == ["U🔔", "O🌰"]
    assert [card_label(c, "french", "de") for c in ("JD", "QC", "KH")] == ["B♦", "D♣\ufe0e", "K♥"]
    assert [card_label(c, "french", "en") for c in ("JD", "QC")] == ["J♦", "Q♣\ufe0e"]
    with card_style("german", "en"):
        assert card_label("JD") == "U🔔" and card_label("JD", "french") == "J♦"
    assert card_label("JD") == "J♦"


def test_black_suits_are_text_and_red_suits_emoji_in_what_discord_shows():
    """Discord draws a bare ♣ or ♠ as its emoji, a black shape nearly invisible on the dark theme; U+FE0E asks
    for the text glyph in the text's colour. ♥ and ♦ stay emoji: red on both themes."""
    from bot.ui.game_ui import card_label

    assert [card_label(c)[-2:] for c in ("7C", "7S")] == ["♣\ufe0e", "♠\ufe0e"]
    assert [card_label(c) for c in ("7H", "7D")] == ["7\u2060♥", "7\u2060♦"]  # (a word joiner: on one line)
    assert all(len(SUIT_TEXT[s].rstrip("\ufe0e")) == 1 for s in "CSHD")


async def test_hand_buttons_follow_the_deck_of_the_pictures(world: World):
    table = await start_table(world)  # Schieberamsch: German cards unless the table says otherwise
    labels = {c.label for c in components(dm_last(world.users[0])) if (c.custom_id or "").startswith("st:")}
    hand = table.engine.view(0)["hand"]
    german = {"J": "U", "Q": "O"}
    for card in hand:
        rank = german.get(card[:-1], card[:-1])
        assert any(label.startswith(rank) and label.endswith(suit_text(card[-1], "german")) for label in labels)
    assert not any(label[0] in "JQ" for label in labels)


async def test_leave_hands_the_table_to_the_next_player(world: World):
    _, lobby = await open_table(world, n=2)
    alice, bob = world.users[:2]
    await alice.click(lobby, custom_id=button(lobby, "Leave").custom_id)
    table = world.table()
    assert table.host_id == bob.id and [s.name for s in table.seats] == ["bob"]
    await bob.click(lobby_message(world), custom_id=button(lobby_message(world), "Leave").custom_id)
    assert table.status == "cancelled"


async def test_one_person_cannot_sit_at_two_tables_of_a_channel(world: World):
    await open_table(world, n=1)
    second = await world.users[0].slash(world.channel, "schieberamsch new")
    assert second.ephemeral and "already sit at table #1" in second.response.content


async def test_not_seated_player_asking_for_a_hand(world: World):
    table = await start_table(world)
    dave = world.users[3]
    thread = world.channel.threads[0]
    table_msg = next(m for m in thread.history() if m.id == table.table_message_id)
    result = await dave.click(table_msg, custom_id=button(table_msg, "My hand").custom_id)
    assert result.ephemeral and "not seated" in result.response.content


async def test_my_hand_is_ephemeral_and_stale_clicks_change_nothing(world: World):
    table = await start_table(world, deals=3)
    rng = random.Random(5)
    while table.engine.view(None)["phase"] != "play":
        await play_one(world, table, rng)
    seat = min(table.engine.to_act())
    member = world.users[seat]
    table_msg = table_message(world, table)
    mine = await member.click(table_msg, custom_id=button(table_msg, "My hand").custom_id)
    assert mine.ephemeral and mine.response.attachments  # the hand image, only for them
    ephemeral_hand = mine.response
    # play a card from the DM, then click another card on the older ephemeral hand
    dm = dm_last(member)
    legal = table.engine.legal_actions(seat)
    played = next(b for b in components(dm) if b.custom_id.split(":", 4)[4] in legal)
    assert not (await member.user.click(dm, custom_id=played.custom_id)).ephemeral
    version, hand = table.version, list(table.engine.view(seat)["hand"])
    other = next(b for b in components(ephemeral_hand) if b.custom_id.split(":", 4)[4].startswith("play ")
                 and b.custom_id.split(":", 4)[4] != played.custom_id.split(":", 4)[4])
    stale = await member.click(ephemeral_hand, custom_id=other.custom_id)
    assert stale.ephemeral and "Your last move counted already" in stale.response.content  # drawn before it
    assert table.version == version and table.engine.view(seat)["hand"] == hand


async def test_two_clicks_at_once_apply_exactly_one(world: World):
    table = await start_table(world, deals=3)
    fh = min(table.engine.to_act())
    member = world.users[fh]
    thread = world.channel.threads[0]
    table_msg = next(m for m in thread.history() if m.id == table.table_message_id)
    eph = (await member.click(table_msg, custom_id=button(table_msg, "My hand").custom_id)).response
    dm = dm_last(member)
    service = world.bot.tables
    results = await asyncio.gather(
        service.act(table.id, member.id, "pass", version=table.version),
        service.act(table.id, member.id, "grand", version=table.version),
        return_exceptions=True)
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert table.version == 1
    rows = await world.bot.db.fetchall("SELECT action FROM actions WHERE table_id = ?", (table.id,))
    assert len(rows) == 1
    assert dm and eph  # both hand views existed; only one move was taken


async def test_closed_dms_fall_back_to_my_hand(world: World):
    bob = world.users[1]
    dm = bob.user.dm_channel
    world.env.inject_error("POST", f"/channels/{dm.id}/messages", status=403, code=50007,
                           message="Cannot send messages to this user", times=None)
    table = await start_table(world)
    thread = world.channel.threads[0]
    notices = [m for m in thread.history() if "cannot send you direct messages" in m.content]
    assert len(notices) == 1 and f"<@{bob.id}>" in notices[0].content
    assert table.seats[1].dm_closed
    table_msg = next(m for m in thread.history() if m.id == table.table_message_id)
    mine = await bob.click(table_msg, custom_id=button(table_msg, "My hand").custom_id)
    assert mine.ephemeral and mine.response.attachments


async def test_missing_permissions_are_told_to_the_person_who_asked(world: World):
    me = world.guild.me
    locked = world.guild.create_text_channel(
        "locked", overwrites={me: discord.PermissionOverwrite(attach_files=False)})
    result = await world.users[0].slash(locked, "schieberamsch new")
    assert result.ephemeral and "Attach Files" in result.response.content
    assert not world.bot.tables.tables


async def test_a_table_needs_no_embed_links(world: World):
    """The bot sends no embeds (its table is an attachment, Attach Files), so a server that keeps Embed Links from
    it still plays: a missing permission the bot never uses refuses nothing."""
    me = world.guild.me
    plain = world.guild.create_text_channel("no-embeds", overwrites={me: discord.PermissionOverwrite(embed_links=False)})
    result = await world.users[0].slash(plain, "schieberamsch new")
    assert not result.ephemeral and "Embed Links" not in result.response.content
    assert world.table().status == "lobby"


async def test_without_thread_permission_the_table_plays_in_the_channel(world: World):
    me = world.guild.me
    plain = world.guild.create_text_channel(
        "plain", overwrites={me: discord.PermissionOverwrite(create_public_threads=False)})
    result = await world.users[0].slash(plain, "schieberamsch new")
    assert any("Create Public Threads" in f.content for f in result.followups)
    table = world.table()
    assert table.thread_id is None


async def test_turn_timer_reminds_then_plays_and_marks_absent(world: World):
    table = await start_table(world, deals=3, turn_timer=60)
    thread = world.channel.threads[0]
    first = min(table.engine.waiting_for())
    await world.env.advance_time(41)
    assert any("turn timer plays for you" in m.content for m in thread.history())
    await world.env.advance_time(20)
    rows = await world.bot.db.fetchall("SELECT seat, action, auto FROM actions WHERE table_id = ?", (table.id,))
    assert rows and rows[0]["seat"] == first and rows[0]["auto"] == 1
    table_msg = next(m for m in thread.history() if m.id == table.table_message_id)
    assert f"⏱ The turn timer moved for {table.names[first]}." in table_msg.content, "the table says who did not move"
    # nobody plays: after three timeouts in a row, a seat is absent and the others are asked
    for _ in range(12):
        if table.vote:
            break
        await world.env.advance_time(61)
    assert table.vote is not None
    table_msg = next(m for m in thread.history() if m.id == table.table_message_id)
    labels = [b.label for b in components(table_msg)]
    assert "Keep playing" in labels and "End the table" in labels
    # the message asking the vote still says the move before it was the timer's, not the absent player's own
    assert f"⏱ The turn timer moved for {table.names[table.vote['seat']]}." in table_msg.content, table_msg.content
    others = [u for i, u in enumerate(world.users[:3]) if i != table.vote["seat"]]
    since = len(world.env.http_requests)
    await others[0].click(table_msg, custom_id=button(table_msg, "End the table").custom_id)
    assert table.status == "abandoned"
    calls = [(r.method, r.path) for r in world.env.http_requests[since:]]
    assert calls[0][0] == "POST" and calls[0][1].endswith("/callback"), \
        f"the click is answered before the table's messages are edited: {calls}"
    status = await world.bot.db.fetchone("SELECT status FROM tables WHERE table_id = ?", (table.id,))
    assert status["status"] == "abandoned"
    assert "This table was abandoned" in lobby_message(world).content, "the lobby says it too, not 'has started'"


async def test_a_long_turn_timer_pings_the_player_after_a_minute_with_its_deadline(world: World):
    """A newcomer waiting in their DMs hears of their turn after a minute, not after two thirds of five minutes
    (an edited message notifies nobody); the ping says when the timer will play for them."""
    table = await start_table(world, deals=3, turn_timer=300)
    thread = world.channel.threads[0]
    await world.env.advance_time(59)
    assert not any("turn timer plays for you" in m.content for m in thread.history())
    await world.env.advance_time(2)
    pings = [m.content for m in thread.history() if "turn timer plays for you" in m.content]
    first = min(table.engine.waiting_for())
    assert len(pings) == 1 and f"<@{table.seats[first].user_id}>" in pings[0] and "<t:" in pings[0], pings
    assert not await world.bot.db.fetchall("SELECT seq FROM actions WHERE table_id = ?", (table.id,))


async def test_vote_to_continue_puts_the_absent_seat_on_autopilot(world: World):
    table = await start_table(world, deals=3, turn_timer=60)
    for _ in range(12):
        if table.vote:
            break
        await world.env.advance_time(61)
    absent = table.vote["seat"]
    thread = world.channel.threads[0]
    table_msg = next(m for m in thread.history() if m.id == table.table_message_id)
    for i, user in enumerate(world.users[:3]):
        if i != absent:
            await user.click(table_msg, custom_id=button(table_msg, "Keep playing").custom_id)
    assert table.vote is None and table.seats[absent].autopilot
    assert absent not in table.engine.waiting_for() or table.engine.over


async def _open_vote(world: World, table) -> int:
    for _ in range(12):
        if table.vote:
            break
        await world.env.advance_time(61)
    assert table.vote is not None
    return table.vote["seat"]


async def test_moves_while_a_vote_is_open_keep_its_deadline(world: World):
    """The others go on playing while the absent player is voted on: their moves arm the turn timer, which is not
    the vote's deadline; a vote nobody answers still ends the table when its time is up."""
    table = await start_table(world, deals=3, turn_timer=60)
    absent = await _open_vote(world, table)
    movers = [s for s in table.engine.waiting_for() if s != absent]
    if movers:  # (the absent seat itself may be next: then the vote's deadline is all that runs anyway)
        seat = movers[0]
        await world.bot.tables.act(table.id, world.users[seat].user.id, table.engine.legal_actions(seat)[0],
                                   version=table.version)
        assert table.vote is not None
    await world.env.advance_time(61)
    assert table.status == "abandoned"


async def test_the_absent_player_playing_again_closes_the_vote(world: World):
    table = await start_table(world, deals=3, turn_timer=60)
    absent = await _open_vote(world, table)
    for _ in range(6):  # the others play until the absent player's turn comes round
        if absent in table.engine.waiting_for():
            break
        seat = min(table.engine.waiting_for())
        await world.bot.tables.act(table.id, world.users[seat].user.id, table.engine.legal_actions(seat)[0],
                                   version=table.version)
    assert absent in table.engine.waiting_for()
    await world.bot.tables.act(table.id, world.users[absent].user.id, table.engine.legal_actions(absent)[0],
                               version=table.version)
    assert table.vote is None and table.vote_timer is None and table.seats[absent].timeouts == 0
    row = await world.bot.db.fetchone("SELECT timeouts FROM seats WHERE table_id = ? AND seat = ?",
                                      (table.id, absent))
    assert row["timeouts"] == 0
    await world.env.advance_time(61)
    assert table.status == "running"


async def test_a_vote_and_the_votes_cast_survive_a_restart(world: World):
    """The bot restarts while a vote is open: the vote is there again (its buttons on the table message work), with
    the votes already cast, and a fresh time to answer it."""
    from bot.tables import TableService

    table = await start_table(world, deals=3, turn_timer=60)
    absent = await _open_vote(world, table)
    voters = [i for i in range(3) if i != absent]
    assert await world.bot.tables.vote(table.id, world.users[voters[0]].user.id, True) == "waiting"
    fresh = TableService(world.bot.db)
    await fresh.restore()
    again = fresh.tables[table.id]
    assert again.vote == {"seat": absent, "yes": [world.users[voters[0]].user.id]}
    assert again.vote_timer is not None
    assert table.timer is None and again.timer is None, "the turn timer waits while the vote is open, as before"
    assert await fresh.vote(table.id, world.users[voters[1]].user.id, True) == "continue"
    assert again.vote is None and again.seats[absent].autopilot
    row = await world.bot.db.fetchone("SELECT vote FROM tables WHERE table_id = ?", (table.id,))
    assert row["vote"] is None
    await fresh.close()


async def test_cancel_a_running_table_by_the_host(world: World):
    table = await start_table(world)
    result = await world.users[0].slash(world.channel, "table cancel")
    assert result.ephemeral and "cancelled" in result.response.content
    assert table.status == "cancelled"
    later = await world.users[1].slash(world.channel, "table status")
    assert later.ephemeral and "not seated at any open table" in later.response.content


async def test_table_list_status_and_rules(world: World):
    await start_table(world)
    listing = await world.users[3].slash(world.channel, "table list")
    assert listing.ephemeral and "#1" in listing.response.content and "Schieberamsch" in listing.response.content
    status = await world.users[0].slash(world.channel, "table status")
    assert "Deal 1 of 12" in status.response.content
    rules = await world.users[3].slash(world.channel, "rules", game="schieberamsch")
    assert rules.ephemeral and "Jacks" in rules.response.content


async def test_leaving_a_table_you_do_not_sit_at(world: World):
    _, lobby = await open_table(world, n=1)
    bob = world.users[1]
    result = await bob.click(lobby, custom_id=button(lobby, "Leave").custom_id)
    assert result.ephemeral and result.response.content == "You are not seated at this table."


@pytest.mark.parametrize("deals", [3])
async def test_restart_resumes_with_buttons_sent_before(world: World, make_bot, deals):
    import random

    from tests.cogs.test_schieberamsch_flow import play_one

    table = await start_table(world, deals=deals)
    rng = random.Random(3)
    for _ in range(15):
        await play_one(world, table, rng)
    before = table.version
    seat = min(table.engine.waiting_for())
    old_dm = dm_last(world.users[seat])
    await world.env.restart_bot(make_bot())
    restored = world.bot.tables.tables[table.id]
    assert restored is not table and restored.version == before
    assert restored.engine.view(None) == table.engine.view(None)
    # a legal card from the hand the old process sent (every card of a live hand is enabled)
    legal = set(restored.engine.legal_actions(seat))
    card = next(c for c in components(old_dm) if not c.disabled and c.custom_id.split(":", 4)[4] in legal)
    result = await world.users[seat].user.click(old_dm, custom_id=card.custom_id)
    assert not result.ephemeral
    assert restored.version > before
    for _ in range(400):
        if restored.engine.over:
            break
        await play_one(world, restored, rng)
    assert restored.engine.over and restored.status == "finished"
    winners = await world.bot.db.fetchall("SELECT seat FROM match_results WHERE table_id = ? AND winner = 1",
                                          (table.id,))
    assert winners


async def test_a_stopping_bot_lets_the_last_moves_messages_go_out(world: World, monkeypatch):
    """The bot is stopped while a card's table edit is still on its way (a slow Discord): the edit goes out
    before the HTTP session and the database close (close() waits for moves' messages under way)."""
    table = await start_table(world, deals=3)
    rng = random.Random(3)
    while table.engine.view(None)["phase"] != "play":
        await play_one(world, table, rng)
    ui = world.bot.table_ui
    original, started = ui.delivery.update_table, asyncio.Event()

    async def slow_update(table_, events=None, **kw):
        started.set()
        await asyncio.sleep(0.5)
        return await original(table_, events, **kw)

    monkeypatch.setattr(ui.delivery, "update_table", slow_update)
    move = asyncio.create_task(play_one(world, table, rng))  # a card, answered on the player's hand
    await asyncio.wait_for(started.wait(), 5)
    version = table.version
    assert table_message(world, table).attachments[0].filename != f"table-{table.id}-{version}.png"
    await world.bot.close()
    assert table_message(world, table).attachments[0].filename == f"table-{table.id}-{version}.png"
    await move


async def test_a_failed_write_in_the_turn_timers_moves_leaves_the_table_timed(world: World, monkeypatch):
    """The database refuses a write while the timer plays for someone (the disk full for a moment): what was stored
    stands, timeouts are stored with the moves they count, and the table keeps its turn timer instead of waiting
    for ever."""
    table = await start_table(world, deals=3, turn_timer=60)
    db = world.bot.db
    real_write = db.write
    refused = []

    async def write(statements):
        if any("vote" in sql and "UPDATE tables" in sql for sql, _ in statements) and not refused:
            refused.append(statements)
            raise OSError("disk I/O error")
        return await real_write(statements)

    monkeypatch.setattr(db, "write", write)
    for _ in range(12):
        if refused:
            break
        await world.env.advance_time(61)
    assert refused and table.vote is None, "the vote's write was refused"
    assert table.timer is not None and not table.timer.done(), "the table still has its turn timer"
    stored = await db.fetchall("SELECT seat, timeouts FROM seats WHERE table_id = ?", (table.id,))
    assert {r["seat"]: r["timeouts"] for r in stored} == {s: table.seats[s].timeouts for s in range(3)}
    version = table.version
    await world.env.advance_time(61)
    assert table.version > version or table.vote is not None, "the timer went on"


async def test_a_returning_players_move_is_stored_whole_or_not_at_all(world: World, monkeypatch):
    """The move of a player the timer had played for, and their count of timeouts starting anew, are one write: a
    refused write leaves neither (the player is told and may click again), never a stored move reported failed."""
    table = await start_table(world, deals=3, turn_timer=60)
    await world.env.advance_time(61)  # the timer plays once for whoever was first
    seat = min(table.engine.waiting_for())
    table.seats[seat].timeouts = 1
    await world.bot.db.write([("UPDATE seats SET timeouts = 1 WHERE table_id = ? AND seat = ?", (table.id, seat))])
    db = world.bot.db
    real_write = db.write

    async def write(statements):
        if any("SET timeouts" in sql and params[0] == 0 for sql, params in statements):
            raise OSError("disk I/O error")
        return await real_write(statements)

    monkeypatch.setattr(db, "write", write)
    version = table.version
    with pytest.raises(OSError):
        await world.bot.tables.act(table.id, world.users[seat].user.id, table.engine.legal_actions(seat)[0],
                                   version=version)
    stored = await db.fetchone("SELECT MAX(seq) AS n FROM actions WHERE table_id = ?", (table.id,))
    assert table.version == version == stored["n"], "neither in memory nor stored"
    monkeypatch.setattr(db, "write", real_write)
    await world.bot.tables.act(table.id, world.users[seat].user.id, table.engine.legal_actions(seat)[0],
                               version=version)
    assert table.version == version + 1 and table.seats[seat].timeouts == 0


async def test_a_cancelled_tables_hand_dms_lose_their_controls_and_say_so(world: World):
    """Cancelled mid-game: every hand DM says so and keeps no buttons (they were left live, each click answered
    'Table #1 is not running')."""
    table = await start_table(world, deals=3)
    result = await world.users[0].slash(world.channel, "table cancel")
    assert result.ephemeral and table.status == "cancelled"
    for user in world.users[:3]:
        message = user.user.dm_channel.last_message
        assert "This table was cancelled." in message.content and not components(message), message.content


async def test_every_hand_dm_says_when_the_match_is_over(world: World):
    """Live cards (a Schieberamsch default): only the last card's player had their DM redrawn at the end; every
    player's DM says the game is over and keeps no buttons."""
    from tests.cogs.test_schieberamsch_flow import play_match

    table = await start_table(world, deals=3)
    await play_match(world, table, 7)
    for user in world.users[:3]:
        message = user.user.dm_channel.last_message
        assert "The game is over." in message.content and not components(message), message.content


async def test_a_click_from_before_the_timer_moved_for_someone_is_not_called_their_own(world: World):
    """The timer played alice's turn; she then clicks Draw on her hand message as she saw it before: she is not
    told that "your last move counted already" (she made none), but that the game moved on."""
    from tests.cogs.test_schrum import as_seen, click_as_seen
    from tests.cogs.test_treppenromme import start

    table = await start(world, n=2, turn_timer=60)
    seen = as_seen(world.env, dm_last(world.users[0]))
    draw = next(c["custom_id"] for row in seen["components"] for c in row["components"]
                if (c.get("label") or "").startswith("Draw"))
    await world.env.advance_time(61)
    assert table.seats[0].timeouts == 1 and table.engine.view(None)["turn"] == 1
    (answer,) = await click_as_seen(world.env, [(world.users[0].user, seen, draw)])
    assert answer.ephemeral and "Your last move counted already" not in answer.response.content


async def test_with_live_cards_a_hand_says_where_decisions_are_and_a_card_click_says_where(world: World):
    """The default hand (every card clickable, not redrawn as the turn passes) says that the other decisions are
    asked on the table message: it said only "click a card when it is your turn" while Grand Hand was asked (a
    line that follows the bid would cost two DM edits a bid, or go stale). A card clicked then is told where the
    move is, in the second person (it said "alice: Grand Hand?" of herself)."""
    table = await start_table(world, deals=3)
    asked = min(table.engine.waiting_for())
    message = dm_last(world.users[asked])
    line = ("Click a card to play it when it is your turn; any other decision is asked on the table message, "
            "which shows whose turn it is.")
    assert all(line in dm_last(world.users[s]).content for s in range(3)), message.content
    card = next(c for c in components(message) if (c.custom_id or "").count(":") >= 4)
    result = await world.users[asked].user.click(message, custom_id=card.custom_id)
    assert result.ephemeral
    assert result.response.content == ("You cannot play a card now: your move is on the table message, "
                                       "with its buttons."), result.response.content
    # while putting two cards back (a menu of the hand message) a card click points to that menu
    for _ in range(4):  # everybody passes Grand Hand, then the first takes the skat
        if table.engine.view(None)["phase"] == "discard":
            break
        verb = "take" if table.engine.view(None)["phase"] == "schieben" else "pass"
        msg = table_message(world, table)
        await world.users[min(table.engine.waiting_for())].click(
            msg, custom_id=next(c.custom_id for c in components(msg) if (c.custom_id or "").endswith(f":{verb}")))
    assert table.engine.view(None)["phase"] == "discard"
    seat = min(table.engine.waiting_for())
    message = dm_last(world.users[seat])
    card = next(c for c in components(message) if (c.custom_id or "").count(":") >= 4 and not getattr(c, "options",
                                                                                                     None))
    result = await world.users[seat].user.click(message, custom_id=card.custom_id)
    assert result.response.content == "You cannot play a card now: choose in your hand message's menu first."
    # that menu says what it does in Skat's words, and lists the cards in the order of the hand's buttons
    menu = next(c for c in components(message) if getattr(c, "options", None))
    assert menu.placeholder == "Put back …"
    buttons_order = [c.custom_id.split(":", 4)[4].split()[-1] for c in components(message)
                     if (c.custom_id or "").count(":") >= 4 and not getattr(c, "options", None)]
    assert [o.value for o in menu.options] == [v for v in buttons_order if v in {o.value for o in menu.options}]


async def test_a_bid_asked_on_the_table_message_is_pointed_to_from_the_hand(world: World):
    """Lit cards: a bid is asked on the table message, so the asked player's hand has nothing to click; its DM says
    where the move is, not that it is somebody else's turn."""
    table = await start_table(world, deals=3, lit_cards=True)
    asked = min(table.engine.waiting_for())
    content = dm_last(world.users[asked]).content
    assert "Your move, on the table message." in content and "Not your turn" not in content, content
    # the pointer follows the bid round (the phase stays "grand", and a bid changes no hand)
    msg = table_message(world, table)
    await world.users[asked].click(msg, custom_id=button(msg, "Pass").custom_id)
    assert table.engine.view(None)["phase"] == "grand"
    second = min(table.engine.waiting_for())
    assert second != asked
    assert "Your move, on the table message." not in dm_last(world.users[asked]).content
    assert "Your move, on the table message." in dm_last(world.users[second]).content


@pytest.mark.parametrize(("locale", "option"), [("en-US", "`table_id:`"), ("de", "`tisch:`")])
async def test_a_table_number_typed_is_answered_as_typed(world: World, monkeypatch, locale, option):
    """/table status with a number that was never a table here says there is none (not "no longer open"), and a
    player at two tables is told the option's name as their client shows it."""
    from tests.cogs.helpers import client_locale

    client_locale(monkeypatch, locale)
    alice = world.users[0]
    none = await alice.slash(world.channel, "table status", table_id=999)
    assert none.ephemeral and "#999" in none.response.content
    assert ("no open table #999" if locale == "en-US" else "keinen offenen Tisch #999") in none.response.content
    await alice.slash(world.channel, "schieberamsch new")
    other = world.guild.create_text_channel("more-cards")
    await alice.slash(other, "schroeoem new")
    elsewhere = world.guild.create_text_channel("lounge")  # seated at neither here: both are candidates
    two = await alice.slash(elsewhere, "table status")
    assert two.ephemeral and option in two.response.content and "#1" in two.response.content, two.response.content


async def test_a_table_opened_in_another_tables_thread_is_refused_with_where_to_open_it(world: World):
    """Two tables in one thread would interleave their messages and buttons: the second is refused, privately,
    naming the channel to open it in."""
    _, lobby = await open_table(world, n=2)
    thread = world.channel.threads[0]
    refused = await world.users[2].slash(thread, "schroeoem new")
    assert refused.ephemeral and "#1" in refused.response.content and f"<#{world.channel.id}>" in refused.response.content
    assert len(world.bot.tables.tables) == 1
    fine = await world.users[2].slash(world.channel, "schroeoem new")
    assert not fine.ephemeral and len(world.bot.tables.tables) == 2
