"""A click on the table message lends its token: the table's later edits go through the interaction's webhook,
outside Discord's global rate limit, for as long as the token is safely young (bot/ui/message_tokens.py)."""

from __future__ import annotations

import asyncio
import random

import pytest

import bot.ui.message_tokens as message_tokens
from tests.cogs.test_schieberamsch_flow import start_table
from tests.cogs.test_strict_discord import click_a_card, dm_card_move, requests, shows_version
from tests.conftest import World


def tokens(world: World) -> message_tokens.MessageTokens:
    """The bot's kept tokens. A test looks at them with `kept`, never `get`: SimCord's virtual clock runs only in
    the bot's callbacks, and `get` judged from the test's own code would read the machine's uptime."""
    return world.bot.table_ui.delivery.tokens


async def until(done, timeout: float = 10.0) -> None:
    """Wait (in real time, on a loaded machine) for something delivery sends after a click has returned."""
    async with asyncio.timeout(timeout):
        while not done():
            await asyncio.sleep(0.01)


def table_edits(world: World, table, since: int) -> tuple[list, list]:
    """The table message's edits since `since`: through a webhook token, through the channel's route."""
    lent = [r for r in requests(world, "PATCH", "/messages/@original", since)
            if "/webhooks/" in r.path and (t := tokens(world).kept(table.table_message_id)) is not None
            and f"/{t.token}/" in r.path]
    direct = requests(world, "PATCH", f"/channels/{table.thread_id}/messages/{table.table_message_id}", since)
    return lent, direct


async def test_a_decision_on_the_table_message_lends_its_token_to_the_next_edits(world: World):
    table = await start_table(world, deals=3)
    seat = await dm_card_move(world, table, random.Random(4))  # the deal's decisions were clicked on the table
    assert tokens(world).kept(table.table_message_id) is not None
    since, limited = len(world.env.http_requests), world.bot.rest.limited_calls
    await click_a_card(world, table, seat)
    lent, direct = table_edits(world, table, since)
    assert len(lent) == 1 and not direct, "the table was edited through the lent token, not the channel's route"
    assert shows_version(world, table) and table.shown_version == table.version
    assert world.bot.rest.limited_calls == limited, "neither the answer nor the table edit counts globally"


async def test_a_token_past_its_safe_age_is_not_used(world: World, monkeypatch: pytest.MonkeyPatch):
    # a lifetime that leaves the token 10 s once the margin is taken off
    monkeypatch.setattr(message_tokens, "TOKEN_LIFETIME_S", message_tokens.TOKEN_MARGIN_S + 10)
    table = await start_table(world, deals=3)
    seat = await dm_card_move(world, table, random.Random(4))
    await world.env.advance_time(11)
    since = len(world.env.http_requests)
    await click_a_card(world, table, seat)
    assert not requests(world, "PATCH", "/messages/@original", since)
    assert len(table_edits(world, table, since)[1]) == 1, "edited through the channel's route instead"
    assert tokens(world).kept(table.table_message_id) is None
    assert shows_version(world, table)


@pytest.mark.parametrize(("status", "code", "message"), [(401, 50027, "Invalid Webhook Token"),
                                                         (404, 10015, "Unknown Webhook"),
                                                         (404, 10008, "Unknown Message")])
async def test_a_token_discord_no_longer_takes_falls_back_to_the_channel_route(world: World, status, code,
                                                                               message, caplog):
    table = await start_table(world, deals=3)
    seat = await dm_card_move(world, table, random.Random(4))
    world.env.inject_error("PATCH", "/webhooks/*/messages/@original", status=status, code=code, message=message)
    since, message_id = len(world.env.http_requests), table.table_message_id
    await click_a_card(world, table, seat)
    assert table.table_message_id == message_id, "the message is there: no second table message is posted"
    assert len(requests(world, "PATCH", "/messages/@original", since)) == 1, "tried once, not in a loop"
    assert len(table_edits(world, table, since)[1]) == 1, "then the same batch edits through the channel"
    assert tokens(world).kept(table.table_message_id) is None, "and the token is forgotten"
    assert shows_version(world, table) and table.shown_version == table.version
    assert "did not go out" not in caplog.text, "nothing was left for a later catch-up"


async def test_a_table_on_a_new_message_does_not_use_the_old_messages_token(world: World):
    table = await start_table(world, deals=3)
    seat = await dm_card_move(world, table, random.Random(4))
    old_id = table.table_message_id
    assert tokens(world).kept(old_id) is not None
    world.env.inject_error("PATCH", "/webhooks/*/messages/@original", status=400, code=30046,
                           message="Maximum number of edits to messages older than 1 hour reached.")
    await click_a_card(world, table, seat)
    assert table.table_message_id != old_id and shows_version(world, table)
    assert tokens(world).kept(table.table_message_id) is None


async def test_a_card_clicked_in_a_dm_lends_its_token_to_that_hands_next_redraw(world: World):
    """With lit cards the next player's hand is redrawn every turn: a player who clicked a card in their DM a
    moment ago has it redrawn through that click's token, not through the channel's route."""
    table = await start_table(world, deals=3, lit_cards=True)
    rng = random.Random(4)
    clicked: set[int] = set()
    for _ in range(40):  # until the seat to act has clicked a card in its DM before
        seat = await dm_card_move(world, table, rng)
        if seat in clicked:
            break
        clicked.add(seat)
        await click_a_card(world, table, seat)
    else:
        raise AssertionError("no seat came round again")
    mover = seat
    await click_a_card(world, table, mover)
    nxt = min(table.engine.waiting_for())
    dm = world.users[nxt].user.dm_channel.last_message
    assert nxt != mover and tokens(world).kept(dm.id) is not None, "the next player clicked this DM before"
    await until(lambda: world.users[nxt].user.dm_channel.last_message.attachments[0].filename
                == f"hand-{table.id}-{table.version}.png")  # lit: delivery's edit may land after the click returned
    since = len(world.env.http_requests)
    await click_a_card(world, table, nxt)  # ... and this click's turn lit the one after: its hand via its token
    after = min(table.engine.waiting_for())
    after_dm = world.users[after].user.dm_channel.last_message
    direct = requests(world, "PATCH", f"/channels/{after_dm.channel.id}/messages/{after_dm.id}", since)
    assert not direct, "the lit hand was redrawn through its owner's token, outside the global limit"
    assert after_dm.attachments[0].filename == f"hand-{table.id}-{table.version}.png"
