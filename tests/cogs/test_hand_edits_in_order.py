"""Two edits of one hand DM on their way at once land in either order. The answer to a card click is never held
by a rate limit; a delivery edit can be (a per-route bucket, the bot's global budget), and then land after the
answer to the next click: the DM would show an older moment of the game, its card buttons stale. The end-to-end
test of several tables at once met this now and then (a current-looking card answered "from an earlier
moment"). Here it is made to happen on purpose."""

from __future__ import annotations

import asyncio
import random

from tests.cogs.helpers import components
from tests.cogs.test_catch_up import play_until
from tests.cogs.test_schieberamsch_flow import start_table
from tests.conftest import World


def versions(message) -> set[int]:
    """The table versions the move buttons of a message were drawn at."""
    return {int(c.custom_id.split(":")[3]) for c in components(message) if (c.custom_id or "").startswith("st:a:")}


def enabled_cards(message) -> list[str]:
    return [c.custom_id for c in components(message)
            if (c.custom_id or "").startswith("st:a:") and " " in c.custom_id and not c.disabled]


async def to_a_card_from_a_dm(world: World, table) -> int:
    """Play on until a person is to play a card from their DM hand; returns that seat."""
    await play_until(world, table, random.Random(5), lambda: table.engine.view(None).get("phase") == "play")
    return min(table.engine.waiting_for())


async def test_a_redundant_delivery_edit_is_not_sent(world: World):
    """A batch that would draw a hand DM as it already shows it (another batch drew it since this batch's move)
    sends nothing: that edit could be held by a rate limit and land after the answer to the player's click."""
    table = await start_table(world, deals=3, lit_cards=True)
    seat = await to_a_card_from_a_dm(world, table)
    delivery = world.bot.table_ui.delivery
    dm = world.users[seat].user.dm_channel
    before = len(world.env.http_requests)
    assert await delivery.send_hand(table, seat) is not None
    assert not [c for c in world.env.http_requests[before:] if c.method == "PATCH" and str(dm.id) in c.path]
    await delivery.send_hand(table, seat, force=True)
    assert [c for c in world.env.http_requests[before:] if c.method == "PATCH" and str(dm.id) in c.path]


async def test_an_older_drawing_that_lands_after_the_answer_is_drawn_again(world: World, monkeypatch):
    """A delivery edit drawn while the player was to play is held on its way; the player clicks a card (the
    answer shows the hand after it); then the held edit lands. The DM must end up showing the hand after the
    card, not the moment before with its stale buttons lit."""
    table = await start_table(world, deals=3, lit_cards=True)
    seat = await to_a_card_from_a_dm(world, table)
    delivery = world.bot.table_ui.delivery
    user = world.users[seat].user
    hand = user.dm_channel.last_message
    assert enabled_cards(hand), hand.content
    drawn_at = table.version

    held = asyncio.Event()
    release = asyncio.Event()
    http = world.bot.http
    request = http.request

    async def held_request(route, **kwargs):  # a rate limit holds the first edit of this DM
        if route.method == "PATCH" and route.url.endswith(f"/messages/{hand.id}") and not held.is_set():
            held.set()
            await release.wait()
        return await request(route, **kwargs)

    monkeypatch.setattr(http, "request", held_request)
    late = asyncio.create_task(delivery.send_hand(table, seat, force=True))
    await asyncio.wait_for(held.wait(), 5)

    card = random.Random(1).choice(enabled_cards(hand))
    await user.click(user.dm_channel.last_message, custom_id=card)
    assert table.version > drawn_at  # stored and answered
    release.set()
    await asyncio.wait_for(late, 10)

    shown = user.dm_channel.last_message
    assert min(versions(shown)) >= table.seats[seat].last_change, (
        f"the DM shows buttons drawn at {sorted(versions(shown))}, the seat's choices changed at "
        f"{table.seats[seat].last_change}")
    if seat not in table.engine.waiting_for():
        assert not enabled_cards(shown)
