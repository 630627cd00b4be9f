"""`python -m bot` against the fake Discord with Discord's rules (issue 24): a lost answer, an archived thread, no
permission to send in threads, a deleted thread or channel, the bot removed from its server. Every table stays
visible where it can be, and ends where nobody can see it any more."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from tests.e2e.conftest import read_db
from tests.e2e.players import (
    CB_DEFERRED_UPDATE,
    MOVE_ANSWERS,
    OpenTable,
    Turn,
    action_of,
    dm_hand,
    led_card,
    move_controls,
    open_table,
    playable,
    table_button,
    table_version,
    version_of,
    waiting_for,
)
from tests.fakediscord import FakeDiscord, FakeMessage
from tests.fakediscord.process import bot_process
from tests.fakediscord.rules import INTERACTION_ROUTES

pytestmark = pytest.mark.e2e


def status(db_file: Path, table_id: int) -> str:
    return read_db(db_file, "SELECT status FROM tables WHERE table_id = ?", (table_id,))[0]["status"]


def table_version_stored(db_file: Path, table_id: int) -> int:
    """The table's version as stored: its number of actions."""
    return read_db(db_file, "SELECT MAX(seq) AS version FROM actions WHERE table_id = ?", (table_id,))[0]["version"]


def shown(fake: FakeDiscord, table: OpenTable) -> int:
    msg = table.table_message(fake)
    return table_version(msg) if msg is not None else -1


async def dm_turn(fake: FakeDiscord, table: OpenTable) -> Turn:
    """Play on until someone is to play a card from their DM hand (the table message is then edited apart)."""
    for _ in range(12):
        turn = await table.players.wait_turn()
        if fake.channel(turn.message.channel_id).is_dm:
            return turn
        ix = await table.players.click(turn, table.players.choose(turn))
        await ix.wait()
    raise AssertionError("no card played from a DM in 12 moves")


async def test_a_lost_answer_still_shows_the_move(fake: FakeDiscord, db_file: Path) -> None:
    """The answer to a click on the table message fails (10062: the 3 s passed on the way); the move is stored,
    and the table message shows it anyway, not only at the next move."""
    async with bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        table = await open_table(fake, "anna", ["bernd", "ceca"], options={"deals": 3})
        turn = await table.players.wait_turn()
        assert turn.message.id == table.table_message(fake).id  # the first decision is on the table message
        fake.fail_next("interaction_callback", 404)
        ix = await table.players.click(turn, table.players.choose(turn))
        await fake.wait_for(lambda: ix.failed_callbacks == 1, what="the lost answer")
        await fake.wait_for(lambda: shown(fake, table) > turn.version, timeout=10, what="the move on the table")
        nxt = await table.players.move()
        assert nxt.callback_type in MOVE_ANSWERS


async def test_a_decision_on_the_table_message_lends_the_table_edits_outside_the_global_limit(
        fake: FakeDiscord, db_file: Path) -> None:
    """A Schieberamsch deal opens with decisions clicked on the table message, answered by updating it: the table's
    later edits, after cards played from the DMs, go through that click's token (`PATCH .../@original`), which
    Discord does not count against the global limit, and the table message shows every move."""
    async with bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        table = await open_table(fake, "anna", ["bernd", "ceca"], options={"deals": 3})
        turn = await dm_turn(fake, table)  # the decisions were clicked on the table message
        mark = fake.mark()
        for _ in range(3):
            ix = await table.players.click(turn, table.players.choose(turn))
            await ix.wait()
            await fake.wait_for(lambda moved=turn.version: shown(fake, table) > moved, timeout=10,
                                what="the move on the table")
            turn = await dm_turn(fake, table)
        table_id = table.table_message(fake).id
        edits = [r.kind for r in fake.requests[mark:] if r.ok and r.message_id == table_id]
        # through the token, or as the answer to a decision clicked on it meanwhile; never the channel's route
        assert "original_edit" in edits and set(edits) <= {"original_edit", "interaction_callback"}, edits
        # the interaction endpoints, outside the global count (a hand DM edited before its owner clicked in it
        # still counts)
        assert all(r.route in INTERACTION_ROUTES for r in fake.requests[mark:] if r.message_id == table_id)


async def test_an_archived_thread_is_unarchived_and_shows_the_move(fake: FakeDiscord, db_file: Path) -> None:
    """A day without a message sent into the thread (the table only edited): Discord archives it and refuses
    edits with 50083. The next move un-archives it and the table message shows the move."""
    async with bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        table = await open_table(fake, "anna", ["bernd", "ceca"], options={"deals": 3})
        turn = await dm_turn(fake, table)
        thread = fake.channel(table.thread_id)
        fake.advance(minutes=thread.auto_archive_duration + 1)
        assert thread.archived
        mark = fake.mark()
        ix = await table.players.click(turn, table.players.choose(turn))
        await ix.wait()
        await fake.wait_for(lambda: shown(fake, table) > turn.version, timeout=15, what="the move on the table")
        assert not thread.archived
        assert any(r.ok and r.channel_id == thread.id and r.kind in ("channel_edit", "message_create")
                   for r in fake.requests[mark:]), "neither un-archived nor sent into"
        nxt = await table.players.move(timeout=15)
        assert nxt.callback_type in MOVE_ANSWERS


async def test_an_archived_thread_at_the_guilds_cap_of_active_threads_shows_the_move_once_there_is_room(
        db_file: Path) -> None:
    """The table's thread archived while the server filled up with threads: Discord refuses to un-archive it at the
    cap of active threads (400 / 160006). The game goes on from the hands, and the table shows the move once a
    thread archives elsewhere (the catch-up's next try), without a request loop meanwhile. The mover is told why,
    privately (in the mover's language: German, or Croatian for ceca); once the table shows again, a move tells nobody."""
    async with FakeDiscord(thread_cap=3) as fake, bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        table = await open_table(fake, "anna", ["bernd", "ceca"], options={"deals": 3})
        turn = await dm_turn(fake, table)
        fake.archive(table.thread_id)
        others = [fake.add_thread(f"Plauderecke {i}", "spieltisch", owner="bernd") for i in range(3)]
        mark = fake.mark()
        ix = await table.players.click(turn, table.players.choose(turn))
        await ix.wait()
        assert ix.callback_type in MOVE_ANSWERS
        await fake.wait_for(lambda: any(r.error_code == 160006 for r in fake.requests[mark:]), timeout=10,
                            what="the un-archiving refused")
        await asyncio.sleep(1.0)
        assert shown(fake, table) <= turn.version and fake.channel(table.thread_id).archived
        assert sum(r.error_code == 160006 for r in fake.requests[mark:]) == 1, "no loop"
        [told] = await ix.wait_followups(1)
        words = {"de": "aktive Threads", "hr": "aktivnih niti"}[turn.user.locale]  # the mover's language
        assert told.ephemeral and words in told.content and f"<#{table.thread_id}>" in told.content, told
        fake.archive(others[0])  # room again
        await fake.wait_for(lambda: shown(fake, table) > turn.version, timeout=15, what="the move on the table")
        assert not fake.channel(table.thread_id).archived
        turn = await dm_turn(fake, table)
        moved = await table.players.click(turn, table.players.choose(turn))
        await moved.wait()
        await fake.wait_for(lambda: shown(fake, table) > turn.version, timeout=10, what="the next move on the table")
        await asyncio.sleep(0.5)  # (a note follows the move's batch)
        assert not moved.followups, moved.followups


async def test_a_decision_on_the_table_message_in_an_archived_thread_is_answered(fake: FakeDiscord,
                                                                               db_file: Path) -> None:
    """Answering a click by updating its message (type 7) edits it: in an archived thread Discord refuses that as
    it refuses any edit there (50083). The bot answers the click anyway (a deferral) and un-archives the thread."""
    async with bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        table = await open_table(fake, "anna", ["bernd", "ceca"], options={"deals": 3})
        turn = await table.players.wait_turn()
        assert turn.message.id == table.table_message(fake).id, "the first decision is on the table message"
        thread = fake.channel(table.thread_id)
        fake.advance(minutes=thread.auto_archive_duration + 1)
        assert thread.archived
        ix = await table.players.click(turn, table.players.choose(turn))
        await fake.wait_for(lambda: ix.callback_type is not None, timeout=15, what="the click's answer")
        assert ix.callback_type in MOVE_ANSWERS
        await fake.wait_for(lambda: shown(fake, table) > turn.version, timeout=30, what="the move on the table")
        assert not thread.archived
        nxt = await table.players.move(timeout=15)
        assert nxt.callback_type in MOVE_ANSWERS


async def test_a_decision_on_an_hour_old_table_message_is_answered_and_the_table_moves(fake: FakeDiscord,
                                                                                    db_file: Path) -> None:
    """Edits of messages older than an hour are limited per channel (30046, answered 429, which discord.py sleeps
    out and retries: past the click's 3 s). Three such edits in the thread a moment ago, then a click on the
    hour-old table message: the bot answers it by a deferral, not an edit, and moves the table to a new message."""
    from tests.fakediscord.rules import OLD_EDIT_RULE

    async with bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        table = await open_table(fake, "anna", ["bernd", "ceca"], options={"deals": 3})
        turn = await table.players.wait_turn()
        old_id = table.table_message(fake).id
        assert turn.message.id == old_id, "the first decision is on the table message"
        fake.advance(minutes=61)
        for _ in range(OLD_EDIT_RULE.limit):  # the thread's old-message edits are spent
            fake.limits.take(OLD_EDIT_RULE, str(table.thread_id))
        mark = fake.mark()
        ix = await table.players.click(turn, table.players.choose(turn))
        await fake.wait_for(lambda: ix.callback_type is not None, timeout=15, what="the click's answer")
        assert ix.callback_type in MOVE_ANSWERS, "answered in time (no 'This interaction failed')"
        await fake.wait_for(lambda: (table.table_message(fake) or turn.message).id != old_id
                            and shown(fake, table) > turn.version, timeout=15, what="the move on a new table message")
        assert not [r for r in fake.requests[mark:] if r.error_code == 30046], "no old-message edit was tried"
        nxt = await table.players.move(timeout=15)
        assert nxt.callback_type in MOVE_ANSWERS


async def test_clicks_on_a_lobby_open_an_hour_are_answered_and_the_lobby_follows(fake: FakeDiscord,
                                                                                  db_file: Path) -> None:
    """A lobby left open an hour, its channel's old-message edits spent (30046, answered 429, which discord.py
    sleeps out past the click's 3 s): Join and Start are each answered at once by a deferral, the lobby follows
    them (held by the limit a while), and the table starts."""
    from tests.fakediscord.rules import OLD_EDIT_RULE

    async with bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        ix = await (await fake.slash("anna", "spieltisch", "schieberamsch new", {"deals": 3})).wait(10)
        lobby = ix.response_message
        assert lobby is not None, ix
        await fake.wait_for(lambda: lobby.id in fake.channels, timeout=10, what="the lobby's thread")  # (opened)
        fake.advance(minutes=61)
        for _ in range(OLD_EDIT_RULE.limit):  # the channel's old-message edits are spent
            fake.limits.take(OLD_EDIT_RULE, str(lobby.channel_id))
        mark = fake.mark()
        for who, button in (("bernd", "join"), ("ceca", "join"), ("anna", "start")):
            if button == "start":  # greyed out until the lobby, its edit held by the limit, shows three seated
                await fake.wait_for(lambda: not next(b for b in fake.message(lobby.id).buttons if str(
                    b.get("custom_id", "")).startswith("st:t:start:")).get("disabled"), timeout=60,
                    what="the lobby showing the players who joined")
            click = await (await fake.click(who, lobby, table_button(lobby, button))).wait(10)
            assert click.callback_type == CB_DEFERRED_UPDATE, (who, button, click.callback_type, click.callback_data)
        users = [fake.user(u) for u in ("anna", "bernd", "ceca")]
        await fake.wait_for(lambda: lobby.id in fake.channels and all(dm_hand(fake, u) is not None for u in users),
                            timeout=30, what="the table started: its thread and every hand")
        await fake.wait_for(lambda: not any(str(b.get("custom_id", "")).startswith("st:t:join:")
                                            for b in fake.message(lobby.id).buttons),
                            timeout=60, what="the lobby saying the game has started (held by the limit a while)")
        edits = [r for r in fake.requests[mark:] if r.kind == "message_edit" and r.error_code == 30046]
        assert len(edits) <= 5, "the lobby's edits wait out the limit; none is lost, no storm of them"


async def test_quick_moves_an_hour_into_a_deal_are_answered_and_edit_no_hour_old_message(fake: FakeDiscord,
                                                                                      db_file: Path):
    """A deal an hour long (a slow table, players away on the turn timer): its hand DMs and the table message are
    an hour old, and Discord limits edits of such messages (30046, per channel, a DM too, a click's type 7 answer
    too; answered 429, which discord.py sleeps out past the click's 3 s). Quick card moves are each answered in
    time, the hands come as fresh DMs and the table as a fresh message, and no edit of an hour-old one is tried."""
    async with bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        # lit cards: every turn redraws the DMs of the one who moved and the next, so every move meets an hour-old
        # DM (with live cards the players' script, reading the table message while the bot moves it, clicked a
        # stale turn and waited on itself in the full run: not kept)
        table = await open_table(fake, "anna", ["bernd", "ceca"], options={"deals": 3, "lit_cards": True})
        await dm_turn(fake, table)  # the bids are made: cards are played from the DMs now
        fake.advance(minutes=61)
        mark = fake.mark()
        from tests.e2e.players import TABLE_PICTURE

        def one_table_message() -> bool:  # the old one deleted once the table moved (the players read the first)
            return sum(1 for m in fake.messages_in(table.thread_id) if m.author.bot
                       and any(TABLE_PICTURE.fullmatch(a.filename) for a in m.attachments)) == 1

        for _ in range(8):
            await fake.wait_for(one_table_message, timeout=20, what="the table on one message")
            ix = await table.players.move(timeout=20)
            # answered: by the move (6, 7), or privately (4) where a loaded machine let the players' script click
            # an old DM the bot was replacing; whether each answer beat the 3 s is the load's as much as the bot's
            assert ix.callback_type in (*MOVE_ANSWERS, 4), ix
        assert not [r for r in fake.requests[mark:] if r.error_code == 30046], "an hour-old message was edited"


async def test_a_table_in_a_users_thread_leaves_the_threads_settings_alone(fake: FakeDiscord, db_file: Path) -> None:
    """A table opened inside a thread a user made plays there. The bot may un-archive it (anyone who may post may),
    but it is not the bot's to re-time: at the end the bot's own threads archive within the hour, this one keeps
    its owner's setting (without Manage Threads the change would be refused; with it, a user's thread cut short)."""
    fake.allow_bot("spieltisch", "manage_threads")  # even a bot that may: the thread is not its own
    corner = fake.add_thread("Anna's corner", "spieltisch", owner="anna", auto_archive_duration=1440)
    async with bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        table = await open_table(fake, "anna", ["bernd", "ceca"], channel=corner, options={"deals": 3})
        assert table.table_message(fake).channel_id == corner.id and not fake.threads[1:]
        turn = await dm_turn(fake, table)
        fake.advance(minutes=1441)
        assert corner.archived
        ix = await table.players.click(turn, table.players.choose(turn))
        await ix.wait()
        await fake.wait_for(lambda: shown(fake, table) > turn.version, timeout=15, what="the move on the table")
        assert not corner.archived
        await (await fake.slash("anna", corner, "table cancel", {})).wait()
        await fake.wait_for(lambda: status(db_file, table.table_id) == "cancelled", what="the cancel")
        await asyncio.sleep(1)  # the end's messages and the thread's retirement go out after the answer
        edits = [r.json for r in fake.requests if r.kind == "channel_edit" and r.channel_id == corner.id]
        assert all(set(body) == {"archived"} for body in edits), edits
        assert corner.auto_archive_duration == 1440
        assert not [r for r in fake.requests if r.status == 403]


async def test_a_private_thread_the_bot_is_not_in_gets_no_table_nobody_sees(fake: FakeDiscord, db_file: Path) -> None:
    """A private thread is seen only by its members and moderators (developer docs, Threads, "Permissions"): the
    bot, not added to anna's, may answer the slash command there (the interaction's webhook asks for no permission),
    but every message of its own there answers 403 / 50001. So `/schieberamsch new` there opens no table that would
    play on unseen: it says why and how (add the bot, or open the table in the channel). Once anna adds the bot, the
    table plays in her thread."""
    corner = fake.add_thread("Anna's corner", "spieltisch", owner="anna", private=True, members=["bernd", "ceca"])
    async with bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        ix = await (await fake.slash("anna", corner, "schieberamsch new", {"deals": 3})).wait()
        answer = ix.response_message
        assert answer is not None and answer.ephemeral and not answer.buttons, answer.text
        assert "<#" in answer.text, answer.text  # where to open it instead
        assert not read_db(db_file, "SELECT table_id FROM tables"), "a table opened where the bot cannot post"
        assert not [r for r in fake.requests if r.status == 403]
        fake.add_to_thread(corner, fake.bot)
        await fake.wait_for(lambda: any(f[3] == "THREAD_CREATE" for f in fake.gateway.log if f[1] == "out"
                                        and f[0] > ix.dispatched_at), what="the bot told of the thread")
        table = await open_table(fake, "anna", ["bernd", "ceca"], channel=corner, options={"deals": 3})
        assert table.table_message(fake).channel_id == corner.id
        assert not [r for r in fake.requests if r.status == 403]


async def test_without_send_messages_in_threads_no_table_plays_unseen(fake: FakeDiscord, db_file: Path) -> None:
    """Send Messages in Threads is not inherited from Send Messages: without it either the table plays where the
    bot may post, or Start is refused with the reason and nothing starts. Never a thread nobody can play in."""
    fake.deny_bot("spieltisch", "send_messages_in_threads")
    async with bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        ix = await (await fake.slash("anna", "spieltisch", "schieberamsch new", {"deals": 3})).wait()
        lobby = ix.response_message
        assert lobby is not None
        for guest in ("bernd", "ceca"):
            await (await fake.click(guest, lobby, table_button(lobby, "join"))).wait()
        table_id = int(table_button(lobby, "join").rsplit(":", 1)[1])
        start = await (await fake.click("anna", lobby, table_button(lobby, "start"))).wait()
        if status(db_file, table_id) == "running":
            def table_shown() -> bool:
                return any(a.filename.startswith("table-") for ch in ("spieltisch", *(t.id for t in fake.threads))
                           for m in fake.messages_in(ch) for a in m.attachments)
            await fake.wait_for(table_shown, timeout=10, what="the table message where the bot may post")
            await fake.wait_for(lambda: all(fake.dms(u) for u in ("anna", "bernd", "ceca")), what="the hands")
        else:
            assert status(db_file, table_id) == "lobby"
            answers = [start.callback_data or {}, *({"content": m.content} for m in start.followups)]
            assert any(a.get("content") for a in answers), "Start refused without a reason"
            assert not any(fake.dms(u) for u in ("bernd", "ceca")), "hands sent for a table that did not start"
        refused = [r for r in fake.requests if r.status == 403]
        assert len(refused) <= 1, refused  # no 403 repeated


def shown_stored(db_file: Path, table_id: int) -> int:
    """The table version the bot stored as shown on the table message."""
    return read_db(db_file, "SELECT shown_version FROM tables WHERE table_id = ?", (table_id,))[0]["shown_version"]


async def text_turn(fake: FakeDiscord, table: OpenTable, message: FakeMessage, db_file: Path) -> Turn:
    """Who is to act and what they may click, on a table message that may show no picture (its version is then read
    from the database): a decision asked on the table message, a menu in the DM, or a card they may play."""
    def ready() -> Turn | None:
        stored = table_version_stored(db_file, table.table_id)
        user = waiting_for(message, table.players.users)
        if shown_stored(db_file, table.table_id) != stored or user is None:
            return None
        asked = [c for c in move_controls(message) if version_of(c["custom_id"]) == stored]
        if asked:
            return Turn(user, message, asked, stored)
        hand = dm_hand(fake, user)
        menus = [c for c in move_controls(hand) if c.get("type") != 2 and version_of(c["custom_id"]) == stored]
        if hand is None or menus:
            return Turn(user, hand, menus, stored) if menus else None
        cards = {action_of(c).split()[1]: c for c in move_controls(hand) if action_of(c).startswith("play ")}
        may = [cards[c] for c in playable(list(cards), led_card(message))]
        return Turn(user, hand, may, stored) if may else None

    return await fake.wait_for(ready, timeout=10, what="a player's turn on the table message")


async def test_a_table_whose_picture_is_refused_mid_game_goes_on_as_text(fake: FakeDiscord, db_file: Path) -> None:
    """A moderator takes Attach Files from the bot in the table's channel mid-game (an overwrite: CHANNEL_UPDATE).
    Discord refuses the table message's edit with its picture by the channel's route (an edit's files are uploaded:
    Message, Edit Message; Permissions), while an edit of text needs no permission. The table goes on as text: each
    move shown, a line on the table message saying what a moderator can grant, the mover told once; the picture is
    not asked for again at every move (each 403 counts against the invalid-request limit). Given back, the picture
    returns at once."""
    async with bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        table = await open_table(fake, "anna", ["bernd", "ceca"], options={"deals": 3})
        message = table.table_message(fake)
        assert message is not None
        turn = await dm_turn(fake, table)
        # the decisions' tokens, which edit the table outside any permission (an interaction's webhook), run out:
        # the table's next edits take the channel's route
        fake.advance(minutes=15)
        fake.deny_bot("spieltisch", "attach_files")
        mark = fake.mark()
        ix = await table.players.click(turn, table.players.choose(turn))
        await ix.wait()
        channel = f"<#{fake.channel('spieltisch').id}>"
        await fake.wait_for(lambda: shown_stored(db_file, table.table_id) > turn.version, timeout=10,
                            what="the move on the table")
        assert not message.attachments and channel in message.content, message.content
        [told] = await ix.wait_followups(1)
        assert told.ephemeral and channel in told.content
        texts = len(message.edits)
        on_the_table = 0
        # the next moves, on the table message and in the DMs: shown as text, not asked again. At least three, and on
        # until a decision asked on the table message was clicked: the deal (its seed, and the players' random
        # choices) may have left none for this one (a Grand Hand played, or the skat pushed on already), and the next
        # deal opens with them
        for moves in range(60):
            if moves >= 3 and on_the_table:
                break
            turn = await text_turn(fake, table, message, db_file)
            on_the_table += turn.message is message
            moved = await table.players.click(turn, table.players.choose(turn))
            await moved.wait()
            assert moved.callback_type in MOVE_ANSWERS and not moved.followups, (moved, moved.followups)
            await fake.wait_for(lambda moved=turn.version: shown_stored(db_file, table.table_id) > moved,
                                timeout=10, what="the move shown")
        assert on_the_table, "a decision asked on the table message shown as text was clicked"
        assert len(message.edits) >= texts + 3 and not message.attachments
        refused = [(r.kind, r.status, r.error_code) for r in fake.requests[mark:] if r.status == 403]
        assert refused == [("message_edit", 403, 50013)], refused
        assert all(dm_hand(fake, u).attachments for u in table.players.users), "the hands' pictures go by DM"
        fake.allow_bot("spieltisch", "attach_files")  # given back: CHANNEL_UPDATE
        stored = table_version_stored(db_file, table.table_id)
        await fake.wait_for(lambda: table_version(message) == stored, timeout=10, what="the table's picture again")
        assert channel not in message.content


async def test_a_locked_thread_holds_the_table_back_and_unlocking_shows_what_it_missed(
        fake: FakeDiscord, db_file: Path) -> None:
    """A moderator locks the table's thread (it stays active; the bot has no Manage Threads): Discord refuses the
    bot's messages there (403 / 160005). The game goes on from the DM hands, every move stored, and the refusals
    are not retried in a loop; once the thread is unlocked, the table message shows the moves it missed without
    waiting for the next one."""
    async with bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        table = await open_table(fake, "anna", ["bernd", "ceca"], options={"deals": 3})
        turn = await dm_turn(fake, table)
        fake.lock(table.thread_id)
        mark = fake.mark()
        ix = await table.players.click(turn, table.players.choose(turn))
        await ix.wait()
        assert ix.callback_type in MOVE_ANSWERS  # the player's own hand is answered as always
        await fake.wait_for(lambda: any(r.status == 403 for r in fake.requests[mark:]), timeout=10,
                            what="the table's edit refused")
        await asyncio.sleep(1.0)  # the same edit is not tried again by another route
        stored = table_version_stored(db_file, table.table_id)
        assert stored > turn.version and shown(fake, table) <= turn.version
        refused = [r for r in fake.requests[mark:] if r.status == 403]
        assert [r.error_code for r in refused] == [160005], refused
        fake.lock(table.thread_id, locked=False)
        await fake.wait_for(lambda: shown(fake, table) >= stored, timeout=3, what="the missed move on the table")


@pytest.mark.parametrize("restart", [False, True], ids=["running", "restarted"])
async def test_removed_from_a_private_threads_table_the_bot_says_to_add_it_back(fake: FakeDiscord, db_file: Path,
                                                                                restart: bool) -> None:
    """A table in anna's private thread, the bot a member; mid-deal someone removes the bot from the thread
    (Threads, "Permissions": only members and moderators see a private thread), so its posts there answer 403 /
    50001. The cards are played on from the DM hands; the movers are told privately to add the bot back (not to
    ask a moderator for permissions, which would change nothing), and once it is added back the table shows what
    it missed. `restarted`: the bot restarts after the removal; READY and GUILD_CREATE bring only the threads it may
    see, so its cache no longer holds the private thread, and the movers must still be told the same."""
    from contextlib import AsyncExitStack

    from tests.e2e.test_crash_catch_up import Table  # (its players read whose turn it is from the stored log)

    corner = fake.add_thread("Anna's corner", "spieltisch", owner="anna", private=True,
                             members=["bernd", "ceca", fake.bot])
    env = {"DATABASE_PATH": str(db_file)}
    async with AsyncExitStack() as stack:
        bp = await stack.enter_async_context(bot_process(fake, env=env))
        await bp.wait_ready("schieberamsch", timeout=30)
        table = await open_table(fake, "anna", ["bernd", "ceca"], channel=corner, options={"deals": 3})
        players = Table(fake, db_file, table.table_id, corner.id, [fake.user(n) for n in ("anna", "bernd", "ceca")])
        while players.engine().view(None)["phase"] != "play":  # the bids, asked on the table message
            await players.move()
        fake.remove_from_thread(corner, fake.bot)
        fake.advance(minutes=16)  # the tokens of clicks on the table message, which edit it for 15 min, ran out
        if restart:
            await bp.stop()
            bp = await stack.enter_async_context(bot_process(fake, env=env))
            await bp.wait_ready("schieberamsch", timeout=30)
        mark = fake.mark()
        clicks = []
        for _ in range(3):  # the cards, from the DMs; told once the refusal is known
            clicks.append(await (await players.click(*await players.choose())).wait())
            await fake.wait_for(lambda: any(r.status == 403 for r in fake.requests[mark:]), timeout=10,
                                what="the table's edit refused")
            if any(f"<#{corner.id}>" in m.content for c in clicks for m in c.followups):
                break
        told = [m.content for c in clicks for m in c.followups if f"<#{corner.id}>" in m.content]
        assert told and "oderator" not in told[0], [m.content for c in clicks for m in c.followups]  # (de: Moderator)
        stored = table_version_stored(db_file, table.table_id)
        assert shown(fake, table) < stored
        fake.add_to_thread(corner, fake.bot)
        await fake.wait_for(lambda: shown(fake, table) >= stored, timeout=10, what="the missed moves on the table")


@pytest.mark.parametrize("what", ["thread", "channel", "server"])
async def test_a_table_whose_place_is_gone_is_abandoned(fake: FakeDiscord, db_file: Path, what: str) -> None:
    """The table's thread or channel is deleted, or the bot is removed from the server: the running table ends
    as abandoned, and the bot stops calling Discord about it."""
    async with bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        table = await open_table(fake, "anna", ["bernd", "ceca"], options={"deals": 3})
        await table.players.move()
        if what == "thread":
            fake.delete_channel(table.thread_id)
        elif what == "channel":
            fake.delete_channel("spieltisch")
        else:
            fake.remove_bot()
        await fake.wait_for(lambda: status(db_file, table.table_id) == "abandoned", timeout=10,
                            what=f"the table abandoned after its {what} went")
        mark = fake.mark()
        if what != "server":  # a player still holding a hand clicks a card in their DM
            turn = table.players.turn()
            if turn is not None and fake.channel(turn.message.channel_id).is_dm:
                await (await table.players.click(turn, table.players.choose(turn))).wait()
        later = [r for r in fake.requests[mark:] if r.channel_id == table.thread_id and r.kind != "interaction_callback"]
        assert not later, later


@pytest.mark.parametrize("what", ["thread", "server"])
async def test_a_table_whose_place_went_while_the_bot_was_away_is_abandoned(fake: FakeDiscord, db_file: Path,
                                                                           what: str) -> None:
    """The same while the bot is down: a new session is not told what it missed (Gateway, Resuming), so no delete
    event comes. A server that removed the bot is missing from READY; a deleted thread answers 404 / 10003 at the
    table's next message. Either way the table ends as abandoned and the bot stops calling Discord about it."""
    async with bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        table = await open_table(fake, "anna", ["bernd", "ceca"], options={"deals": 3})
        turn = await dm_turn(fake, table)
        await bp.kill()
    if what == "thread":
        fake.delete_channel(table.thread_id)
    else:
        fake.remove_bot()
    async with bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        if what == "thread":  # the player whose turn it was plays from their DM, which still works
            await (await table.players.click(turn, table.players.choose(turn))).wait()
        await fake.wait_for(lambda: status(db_file, table.table_id) == "abandoned", timeout=10,
                            what=f"the table abandoned after its {what} went")
        mark = fake.mark()
        await asyncio.sleep(1.0)
        later = [r for r in fake.requests[mark:] if r.channel_id == table.thread_id]
        assert not later, later
        gone = [r for r in fake.requests if r.status == 404 and r.channel_id == table.thread_id]
        assert len(gone) <= 3, gone  # the edit that found it gone, the post that tried anew, Get Channel to be sure


async def test_a_server_that_removed_the_bot_during_a_gateway_outage_has_its_table_abandoned(
        fake: FakeDiscord, db_file: Path) -> None:
    """The gateway connection drops, the session cannot be resumed, and meanwhile the server removes the bot. The new
    session is not told (Gateway, Resuming) and discord.py's cache still lists the server; nobody plays, so no
    message of the table finds out either. The bot asks Discord which servers it is in after the new session,
    and the table ends as abandoned."""
    async with bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        table = await open_table(fake, "anna", ["bernd", "ceca"], options={"deals": 3})
        identified = fake.gateway.identifies
        fake.gateway.invalidate_next_resume = True
        await fake.gateway.drop()
        fake.remove_bot()  # before the bot is back: the GUILD_DELETE waits for a session that never resumes
        await fake.wait_for(lambda: fake.gateway.identifies > identified, timeout=20, what="a new gateway session")
        await fake.wait_for(lambda: status(db_file, table.table_id) == "abandoned", timeout=15,
                            what="the table abandoned after its server went")
        assert any(r.kind == "my_guilds" and r.status == 200 for r in fake.requests)
        assert any(r.kind == "guild_get" and r.status == 403 for r in fake.requests)  # confirmed before ending it
        assert bp.find_line("Traceback") is None


async def test_a_command_sync_held_back_for_hours_does_not_hold_the_tables(fake: FakeDiscord, db_file: Path) -> None:
    """A new version adds a command on a day the server already had 200 command creates: Discord answers the sync
    429 / 30034 with a retry_after of hours, which discord.py waits out. The bot connects beside it, and the running
    table plays on."""
    async with bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        table = await open_table(fake, "anna", ["bernd", "ceca"], options={"deals": 3})
        await bp.kill()
    scope = fake.guild_id
    commands = fake.commands[scope]
    commands.pop(next(key for key in commands if key[1] == "stats"))  # as if this version brought /stats
    fake.command_creates[scope] = [fake.now()] * 200
    mark = fake.mark()
    async with bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await fake.wait_for(lambda: any(r.error_code == 30034 for r in fake.requests[mark:]), timeout=30,
                            what="the sync refused")
        await fake.wait_for(lambda: fake.live, timeout=30, what="the bot connected all the same")
        ix = await table.players.move(timeout=15)
        assert ix.callback_type in MOVE_ANSWERS
        assert bp.find_line("Traceback") is None


async def test_a_start_with_the_days_gateway_logins_spent_waits_instead_of_losing_the_token(
        fake: FakeDiscord, db_file: Path) -> None:
    """A day of restarts spent Discord's 1,000 gateway logins: one more would reset the bot's token (Gateway, Session
    Start Limit). The bot reads the limit before logging in and waits for the window to free logins (here the oldest
    leaves it in 3 s), then logs in."""
    fake.session_starts = [fake.now() - 86400 + 3.0] * 1000
    async with bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        line = await bp.wait_line("more gateway logins today", timeout=30)
        assert re.search(r"allows 0 more .* waiting [0-3] s", line), line
        # it waits before opening any gateway socket (one open would time out on its heartbeats in a minute) and
        # before restoring tables (whose timers would play for players who cannot click)
        assert fake.gateway.connections == 0 and bp.find_line("restored") is None
        await bp.wait_ready("schieberamsch", timeout=30)
        assert not fake.token_reset and fake.gateway.identifies == 1
        ix = await (await fake.slash("anna", "spieltisch", "schieberamsch new", {"deals": 3})).wait()
        assert ix.response_message is not None


async def test_a_slow_gateway_still_gets_every_click_answered_in_time(db_file: Path) -> None:
    """Each click reaches the bot 1.2 s after Discord created it (a lagging gateway): Discord's 3 s count from the
    creation, so the bot has 1.8 s left, not 3. Every click of a deal's opening is answered in time."""
    fake = FakeDiscord(gateway_delay=1.2)
    async with fake, bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        table = await open_table(fake, "anna", ["bernd", "ceca"], options={"deals": 3}, timeout=30)
        for _ in range(6):
            ix = await table.players.move(timeout=15)
            assert ix.callback_type in MOVE_ANSWERS
        clicks = [ix for ix in fake.interactions.values() if ix.callback_at is not None]
        assert clicks and not any(ix.late_callbacks for ix in fake.interactions.values())
        assert all(ix.callback_at - ix.dispatched_at < 3.0 for ix in clicks)  # counted from the creation


async def test_a_tight_global_limit_delays_pictures_but_loses_no_move(db_file: Path) -> None:
    """With the global limit at 8 requests/s (a bot far past its ceiling), clicks are still answered at once
    (interaction responses are exempt) and every stored move reaches the table message in the end."""
    users = [f"spieler{i}" for i in range(9)]
    fake = FakeDiscord(users=users, global_limit=8)
    for user in users:
        fake.dm_channel(user)
    async with fake, bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        tables = [await open_table(fake, users[3 * i], users[3 * i + 1:3 * i + 3], options={"deals": 3},
                                   timeout=30) for i in range(3)]
        for _ in range(8):
            for table in tables:
                ix = await table.players.move(timeout=30)
                assert ix.callback_type in MOVE_ANSWERS
        stored = {r["table_id"]: r["v"] for r in read_db(db_file, "SELECT table_id, MAX(seq) AS v FROM actions"
                                                                  " GROUP BY table_id")}
        await fake.wait_for(lambda: all(shown(fake, t) >= stored[t.table_id] for t in tables), timeout=30,
                            what="every stored move on its table message")
        assert fake.limits.invalid_worst < 100, fake.limits.rate_limited
