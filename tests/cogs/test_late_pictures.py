"""A click whose picture is late is still answered within Discord's 3 s (bot/ui/in_time.py): acknowledged with a
deferred update, then its message edited through the interaction's webhook once the picture is there."""

from __future__ import annotations

import asyncio
import random

import pytest

import bot.ui.in_time as in_time
from tests.cogs.helpers import dm_last, table_message
from tests.cogs.test_schieberamsch_flow import decisions, start_table
from tests.cogs.test_strict_discord import click_a_card, dm_card_move, requests
from tests.conftest import World

LATE_S = 0.6  # the picture's delay, past the (shortened) time the bot waits for it


@pytest.fixture
def short_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(in_time, "ANSWER_BY_S", 0.2)


def slow(monkeypatch: pytest.MonkeyPatch, obj: object, name: str) -> None:
    """Make `obj.name` (an async drawing) take LATE_S longer on SimCord's clock, as a busy drawing process would."""
    original = getattr(obj, name)

    async def late(*args, **kwargs):
        await asyncio.sleep(LATE_S)
        return await original(*args, **kwargs)

    monkeypatch.setattr(obj, name, late)


def callbacks(world: World, since: int) -> list[int]:
    return [r.json["type"] for r in requests(world, "POST", "/callback", since)]


def answer_edits(world: World, table, since: int) -> list:
    """The webhook edits of a click's own answer: not those that edit the table message through the token an
    earlier decision on it lent (bot/ui/message_tokens.py)."""
    lent = world.bot.table_ui.delivery.tokens.kept(table.table_message_id)
    return [r for r in requests(world, "PATCH", "/messages/@original", since)
            if lent is None or f"/{lent.token}/" not in r.path]


async def test_a_card_whose_hand_picture_is_late_is_acknowledged_then_shown(world: World, short_wait, monkeypatch):
    table = await start_table(world, deals=3)
    seat = await dm_card_move(world, table, random.Random(4))
    slow(monkeypatch, world.bot.table_ui, "render_hand")
    since = len(world.env.http_requests)
    await click_a_card(world, table, seat)
    await world.env.advance_time(2 * LATE_S)  # SimCord's clock: the bot's wait for the picture, then the picture
    assert callbacks(world, since) == [6], "the click is acknowledged with a deferred update, not left to fail"
    assert len(answer_edits(world, table, since)) == 1, "then the hand message is edited through the interaction's webhook"
    assert dm_last(world.users[seat]).attachments[0].filename == f"hand-{table.id}-{table.version}.png"
    assert table_message(world, table).attachments[0].filename == f"table-{table.id}-{table.version}.png"
    assert table.shown_version == table.version


async def test_a_card_whose_picture_is_in_time_is_answered_with_it(world: World, short_wait):
    table = await start_table(world, deals=3)
    seat = await dm_card_move(world, table, random.Random(4))
    since = len(world.env.http_requests)
    await click_a_card(world, table, seat)
    assert callbacks(world, since) == [7], "the answer is the hand itself (an update of the clicked message)"
    assert not answer_edits(world, table, since)
    assert dm_last(world.users[seat]).attachments[0].filename == f"hand-{table.id}-{table.version}.png"


async def test_a_decision_whose_table_picture_is_late_is_acknowledged_then_shown(world: World, short_wait,
                                                                                monkeypatch):
    table = await start_table(world, deals=3)
    asked = decisions(world, table)
    assert asked, "a Schieberamsch deal opens with a decision on the table message"
    seat = min(table.engine.waiting_for())
    slow(monkeypatch, world.bot.table_ui, "render_table")
    since = len(world.env.http_requests)
    await world.users[seat].click(table_message(world, table), custom_id=asked[0].custom_id)
    await world.env.advance_time(2 * LATE_S)
    assert callbacks(world, since) == [6]
    assert len(requests(world, "PATCH", "/messages/@original", since)) == 1
    assert table_message(world, table).attachments[0].filename == f"table-{table.id}-{table.version}.png"
    assert table.shown_version == table.version


async def test_a_late_decision_whose_edit_then_fails_is_caught_up_without_a_second_answer(
        world: World, short_wait, monkeypatch, caplog):
    table = await start_table(world, deals=3)
    asked = decisions(world, table)
    seat = min(table.engine.waiting_for())
    slow(monkeypatch, world.bot.table_ui, "render_table")
    world.env.inject_error("PATCH", "/webhooks/*/messages/@original", status=404, code=10015,
                           message="Unknown Webhook")
    since = len(world.env.http_requests)
    await world.users[seat].click(table_message(world, table), custom_id=asked[0].custom_id)
    await world.env.advance_time(2 * LATE_S)
    assert callbacks(world, since) == [6], "one answer only: the deferred update"
    assert table_message(world, table).attachments[0].filename == f"table-{table.id}-{table.version}.png"
    assert "unexpected error" not in caplog.text


class _Click:
    """An interaction as `answer_wait` reads it: only its creation time (the snowflake's)."""

    def __init__(self, age_s: float) -> None:
        import datetime as dt

        self.created_at = dt.datetime.now(dt.UTC) - dt.timedelta(seconds=age_s)


@pytest.mark.parametrize(("lag_s", "waited_s", "expected"), [
    (0.1, 0.0, in_time.ANSWER_BY_S),  # a prompt event: ANSWER_BY_S from its arrival
    (1.2, 0.0, in_time.ANSWER_BY_AGE_S - 1.2),  # a late one: the age since Discord created it decides
    (1.2, 0.5, in_time.ANSWER_BY_AGE_S - 1.7),
    (2.8, 0.0, 0.0),  # no time left: acknowledge at once
    (-5.0, 0.0, in_time.ANSWER_BY_S),  # the host's clock behind Discord's: the age says nothing
    (60.0, 0.0, in_time.ANSWER_BY_S),  # ... or far ahead of it
])
def test_a_click_that_reached_the_bot_late_waits_less_for_its_picture(lag_s, waited_s, expected):
    import time

    since = time.monotonic() - waited_s  # it reached the bot `waited_s` ago, `lag_s` after Discord created it
    wait = in_time.answer_wait(_Click(lag_s + waited_s), since)
    assert wait == pytest.approx(max(0.0, min(expected, in_time.ANSWER_BY_S - waited_s)), abs=0.05)


async def test_my_hand_whose_picture_is_late_is_answered_thinking_then_shown(world: World, short_wait, monkeypatch):
    """"My hand" answers with a new ephemeral message: a late picture is answered with "thinking" in time (type 5)
    and follows as the follow-up that replaces it."""
    from tests.cogs.helpers import button

    table = await start_table(world, deals=3)
    slow(monkeypatch, world.bot.table_ui, "render_hand")
    since = len(world.env.http_requests)
    message = table_message(world, table)
    result = await world.users[1].click(message, custom_id=button(message, "My hand").custom_id)
    await world.env.advance_time(2 * LATE_S)
    assert callbacks(world, since) == [5], "acknowledged with 'thinking', not left to fail"
    followups = [r for r in requests(world, "PATCH", "/messages/@original", since)] + \
        [r for r in requests(world, "POST", "/webhooks/", since)]
    assert followups, "then the hand follows"
    assert result.ephemeral


async def test_stats_pictures_that_are_late_are_answered_in_time(world: World, short_wait, monkeypatch):
    """/leaderboard, its page buttons and /stats draw a picture before they answer: a late one (a busy drawing
    process) is acknowledged within the deadline, then shown, as a table's."""
    from tests.bot.test_stats import craft
    from tests.cogs.helpers import button

    store = world.bot.get_cog("Stats").store
    for i in range(25):
        await craft(store.db, store, "schrum", [world.users[0].id, 200 + i], [1, 0], guild=world.guild.id)
    slow(monkeypatch, world.bot.table_ui, "draw")
    alice = world.users[0]
    since = len(world.env.http_requests)
    await alice.slash(world.channel, "leaderboard", game="schrum")
    await world.env.advance_time(2 * LATE_S)
    assert callbacks(world, since) == [5], "the command is acknowledged with 'thinking' in time"
    board = world.channel.last_message
    assert "Page 1 of 3" in board.content and board.attachments and not board.flags.ephemeral
    since = len(world.env.http_requests)
    await alice.click(board, custom_id=button(board, "Next ▶").custom_id)
    await world.env.advance_time(2 * LATE_S)
    assert callbacks(world, since) == [6], "the page click is acknowledged with a deferred update in time"
    assert "Page 2 of 3" in world.channel.last_message.content
    since = len(world.env.http_requests)
    await alice.slash(world.channel, "stats")
    await world.env.advance_time(2 * LATE_S)
    assert callbacks(world, since) == [5]
    assert world.channel.last_message.attachments[0].filename == f"stats-{alice.id}.png"
