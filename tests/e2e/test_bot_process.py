"""`python -m bot` as its own process against the fake Discord: a table from `/schieberamsch new` to a move
played on a button, then SIGKILL, a restart, and the next move on a button the killed process had sent."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.e2e.conftest import read_db
from tests.e2e.players import (
    CB_UPDATE_MESSAGE,
    MOVE_ANSWERS,
    OpenTable,
    card_buttons,
    dm_hand,
    move_controls,
    open_table,
    version_of,
)
from tests.fakediscord import FakeDiscord, FakeInteraction, FakeMessage
from tests.fakediscord.process import bot_process

pytestmark = pytest.mark.e2e


def table_image(message: FakeMessage) -> str:
    pngs = [a for a in message.attachments if a.filename.startswith("table-")]
    assert len(pngs) == 1 and pngs[0].is_png, message.attachments
    return pngs[0].filename


async def test_table_survives_sigkill(fake: FakeDiscord, db_file: Path) -> None:
    env = {"DATABASE_PATH": str(db_file)}
    async with bot_process(fake, env=env) as bp:
        await bp.wait_ready("schieberamsch", "table", timeout=30)
        table = await open_table(fake, "anna", ["bernd", "ceca"], options={"deals": 3})

        # the lobby now says the game started, and every player has a hand of 10 cards in a DM
        assert not move_controls(table.lobby)
        for name in ("anna", "bernd", "ceca"):
            hand = dm_hand(fake, name)
            assert hand is not None and "Schieberamsch" in hand.content
            assert len(hand.attachments) == 1 and hand.attachments[0].is_png
            cards = card_buttons(hand)
            assert len(cards) == 10, [b.get("label") for b in cards]
            assert len({b["custom_id"] for b in cards}) == 10
        table_msg = table.table_message(fake)
        assert table_msg is not None
        first_image = table_image(table_msg)
        edits_before = len(table_msg.edits)

        # the start's updates have gone out whole (their last step stores what each hand DM shows): a click while
        # they are on their way is acknowledged at once and the table edited after them, not answered with it
        await fake.wait_for(
            lambda: read_db(db_file, "SELECT COUNT(*) AS n FROM seats WHERE dm_shows IS NOT NULL")[0]["n"] == 3,
            what="the start's updates recorded")

        # forehand's first decision, on a button of the table message: the answer to the click edits the table
        players = table.players
        turn = await players.wait_turn()
        assert turn.message is table_msg
        ix = await players.click(turn, turn.controls[-1])
        await ix.wait()
        assert ix.callback_type == CB_UPDATE_MESSAGE and ix.response_message is table_msg
        await fake.wait_for(lambda: len(table_msg.edits) > edits_before and table_image(table_msg) != first_image,
                            what="the table message edited with a new image")
        after_first = table_image(table_msg)
        # a decision said out loud changes nobody's hand: no DM was edited
        assert all(not dm_hand(fake, name).edits for name in ("anna", "bernd", "ceca"))

        # the next decision is asked on the table message drawn (sent) by this process, before the kill
        next_turn = await players.wait_turn()
        assert next_turn.user.name != turn.user.name
        assert read_db(db_file, "SELECT COUNT(*) AS n FROM actions")[0]["n"] == 1
        assert await bp.kill() == -9

    requests_at_kill = fake.mark()
    async with bot_process(fake, env=env) as bp2:
        await bp2.wait_line("restored 1 open tables", timeout=30)
        await fake.wait_for(lambda: fake.gateway.identifies >= 2 and fake.gateway.live, timeout=30,
                            what="the restarted bot on the gateway")
        # the next player clicks a button on the table message the killed process drew
        assert version_of(next_turn.controls[0]["custom_id"]) >= 1
        ix = await players.click(next_turn, next_turn.controls[-1])
        await ix.wait(10)
        assert ix.callback_type == CB_UPDATE_MESSAGE, (ix.callback_type, ix.callback_data)
        assert ix.response_message is next_turn.message
        await fake.wait_for(lambda: table_image(table_msg) != after_first, timeout=10,
                            what="the table message edited by the restarted process")
        assert read_db(db_file, "SELECT COUNT(*) AS n FROM actions")[0]["n"] == 2

        # and the game goes on: a few more moves, up to the first card played (at most 3 Grand Hand
        # decisions and 3 take/discard-or-push decisions come first), a card button the killed process sent
        played = None
        for _ in range(12):
            ix = await players.move()
            assert ix.callback_type in MOVE_ANSWERS
            action = str(ix.data.get("custom_id", "")).split(":", 4)[-1]
            if action.startswith("play "):
                played = action
                break
        assert played is not None
        card = played.split()[1]
        await fake.wait_for(lambda: card in str(read_db(db_file, "SELECT group_concat(action) AS a FROM actions")[0]["a"]))
        assert players.stale == 0 and players.refused == 0
        assert not fake.failed_requests, fake.failed_requests
        assert not fake.unhandled_requests
        assert all(r.ok for r in fake.requests[requests_at_kill:] if r.fault is None)


async def test_quick_start_while_the_thread_is_being_made(fake: FakeDiscord, db_file: Path) -> None:
    """The players join and the host starts while the bot is still making the table's thread (its first
    try answered 500, discord.py retries after 1 s): the table message still goes into the thread."""
    async with bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        fake.fail_next("thread_create", 500)
        table = await open_table(fake, "anna", ["bernd", "ceca"], options={"deals": 3})
        assert fake.requests_of("thread_create")[0].fault == 500
        table_msg = table.table_message(fake)
        assert table_msg is not None and table_msg.channel_id == table.thread_id
        assert not [m for m in fake.messages_in("spieltisch") if m.attachments], "no table image in the channel"
        ix = await table.players.move()
        assert ix.callback_type in MOVE_ANSWERS
        assert not fake.failed_requests, fake.failed_requests


@pytest.mark.parametrize("lit_cards", [False, True], ids=["live cards", "lit cards"])
async def test_several_tables_move_at_once(db_file: Path, lit_cards: bool) -> None:
    """Twelve tables, each played as fast as its players can click, through the skat round into the tricks:
    the moves must not trip over each other (one database connection, one process), and no button a player is
    shown may be stale already (a hand drawn while the next move was being stored once showed that move under
    the old version; a batch's redundant edit of a hand, held by the rate limits, once landed after the answer
    to the player's click: tests/cogs/test_hand_edits_in_order.py)."""
    users = [f"spieler{i}" for i in range(36)]
    rounds = 16
    fake = FakeDiscord(users=users)
    for user in users:  # players who have had a DM with the bot: 36 new DM channels at once would be refused (40003)
        fake.dm_channel(user)
    async with fake, bot_process(fake, env={"DATABASE_PATH": str(db_file)}) as bp:
        await bp.wait_ready("schieberamsch", timeout=30)
        tables = await asyncio.gather(*(open_table(fake, users[3 * i], users[3 * i + 1:3 * i + 3],
                                                   options={"deals": 3, "lit_cards": lit_cards})
                                        for i in range(12)))
        assert len({t.thread_id for t in tables}) == 12

        async def play(table: OpenTable) -> list[FakeInteraction]:
            return [await table.players.move() for _ in range(rounds)]

        answers = [ix for moves in await asyncio.gather(*(play(t) for t in tables)) for ix in moves]
        assert all(ix.callback_type in MOVE_ANSWERS for ix in answers), [ix.callback_data for ix in answers]
        assert [(t.players.stale, t.players.refused) for t in tables] == [(0, 0)] * 12
        rows = read_db(db_file, "SELECT table_id, COUNT(*) AS n FROM actions GROUP BY table_id")
        assert sorted(r["n"] for r in rows) == [rounds] * 12
        assert "ERROR" not in bp.log, bp.log[-3000:]
        assert not fake.failed_requests, fake.failed_requests
