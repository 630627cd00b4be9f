"""A table whose picture Discord refuses mid-game: a moderator took Attach Files from the bot in the table's channel
(or the sending it implies). Discord then refuses the table message with its picture by the channel's routes, an
edit's upload as a create's (developer docs, Message, Edit Message; Permissions, "Implicit Permissions"), while an
edit of text needs no permission. The table must go on as text, not stand still with the decision buttons of an
earlier moment (a decision asked on the table message would have nobody to make it but the turn timer): every move
shown, the decisions clickable, a line on the table message saying what a moderator can grant, each mover told once,
the picture not asked for again at every move (each 403 counts against Discord's invalid-request limit), and the
score sheets held back until the pictures may go again."""

from __future__ import annotations

import random
from types import SimpleNamespace

import discord
import pytest

from bot.ui import delivery as delivery_module
from bot.ui.home import PICTURES_RETRY_S
from tests.cogs.helpers import button, table_message
from tests.cogs.test_schieberamsch_flow import decisions, open_table, play_match, play_one, start_table
from tests.conftest import World


def refuse_pictures(monkeypatch, world: World, table) -> list[str]:
    """Discord's answer where the bot may not attach files in the table's thread: a send or an edit by the channel's
    route that uploads a picture there is refused with 403 / 50013 (an interaction's answer is not: it asks for no
    permission). Returns the refused calls."""
    refused: list[str] = []
    send, edit = delivery_module.send_message, delivery_module.edit_message

    def forbidden() -> discord.Forbidden:
        return discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"),  # type: ignore[arg-type]
                                 {"code": 50013, "message": "Missing Permissions"})

    async def refusing_send(client, channel_id, **payload):
        if channel_id == table.thread_id and (payload.get("files") or payload.get("file")):
            refused.append("send")
            raise forbidden()
        return await send(client, channel_id, **payload)

    async def refusing_edit(client, channel_id, message_id, **payload):
        if channel_id == table.thread_id and payload.get("attachments"):
            refused.append("edit")
            raise forbidden()
        return await edit(client, channel_id, message_id, **payload)

    monkeypatch.setattr(delivery_module, "send_message", refusing_send)
    monkeypatch.setattr(delivery_module, "edit_message", refusing_edit)
    return refused


def says_why(world: World, content: str | None) -> bool:
    return f"<#{world.channel.id}>" in (content or "")


async def test_a_refused_picture_leaves_the_table_playing_as_text_with_its_decisions(world: World, monkeypatch):
    table = await start_table(world, deals=3, turn_timer=3600)
    delivery = world.bot.table_ui.delivery
    monkeypatch.setattr(delivery, "catch_up_later", lambda *args, **kwargs: None)  # (each move's own edit, here)
    assert decisions(world, table), "the deal opens with a decision asked on the table message"
    refused = refuse_pictures(monkeypatch, world, table)
    await delivery.show_table(table)  # an edit by the channel's route (a vote, a timer's move): the picture refused
    message = table_message(world, table)
    assert refused == ["edit"] and not message.attachments and says_why(world, message.content)
    assert table.shown_version == table.version and delivery.pictures_refused(table)

    rng = random.Random(4)
    told: set[int] = set()
    on_the_table = 0
    for _ in range(6):
        seat = min(table.engine.waiting_for())
        version = table.version
        asked = [c.custom_id for c in decisions(world, table)]
        assert all(int(custom_id.split(":")[3]) == version for custom_id in asked), "decisions of this moment"
        on_the_table += bool(asked)
        result = await play_one(world, table, rng)
        assert table.version > version, "the move counted"
        message = table_message(world, table)
        assert table.shown_version == table.version and not message.attachments, "shown, as text"
        assert says_why(world, message.content)
        notes = [f for f in result.followups if f.ephemeral and says_why(world, f.content)]
        assert len(notes) == (0 if seat in told else 1), (seat, told, notes)
        told.add(seat)
    assert on_the_table, "a decision was clicked on the table shown as text"
    assert refused == ["edit"], "the picture is not asked for again at every move"


def sheets(world: World) -> int:
    return sum(a.filename.startswith("scores-") for m in world.channel.threads[0].history() for a in m.attachments)


async def test_the_score_sheets_wait_and_the_picture_returns_once_attach_files_is_given_back(world: World,
                                                                                              monkeypatch):
    table = await start_table(world, deals=3, turn_timer=3600)
    delivery = world.bot.table_ui.delivery
    monkeypatch.setattr(delivery, "catch_up_later", lambda *args, **kwargs: None)
    refused = refuse_pictures(monkeypatch, world, table)
    await delivery.show_table(table)
    rng = random.Random(7)
    for _ in range(400):  # the first deal, played to its end as text
        if table.engine.view(None).get("hand_no", 1) > 1:
            break
        await play_one(world, table, rng)
    assert table.sheets_shown == 0 and sheets(world) == 0, "the sheet (a picture) waits"
    assert refused == ["edit"], "neither the sheet nor the table asked with a picture again"
    monkeypatch.undo()  # a moderator gives Attach Files back: an overwrite on the table's channel, CHANNEL_UPDATE
    from simcord.backend.models import Overwrite
    from simcord.enums import OverwriteType

    world.env.backend.set_overwrite(world.channel.id, Overwrite(
        target_id=world.bot.user.id, type=OverwriteType.MEMBER, allow=discord.Permissions(attach_files=True).value,
        deny=0))
    await world.env.settle()
    message = table_message(world, table)
    assert message.attachments and message.attachments[0].filename == f"table-{table.id}-{table.version}.png"
    assert f"<#{world.channel.id}>" not in message.content and not delivery.held_back.get(table.id)
    assert sheets(world) == 1 and table.sheets_shown == 1, "the sheet held back is posted"


@pytest.mark.parametrize("refusal", ["edit", "send"])
async def test_a_picture_refused_again_after_a_while_is_asked_for_once_more(world: World, monkeypatch, refusal: str):
    """A permission can come back unannounced (a new role given to the bot): after PICTURES_RETRY_S the next
    message tries its picture once (an edit, or a table message posted anew), and is shown as text again if it is
    still refused."""
    table = await start_table(world, deals=3, turn_timer=3600)
    delivery = world.bot.table_ui.delivery
    monkeypatch.setattr(delivery, "catch_up_later", lambda *args, **kwargs: None)
    refused = refuse_pictures(monkeypatch, world, table)
    await delivery.show_table(table)
    delivery.held_back[table.id].at -= PICTURES_RETRY_S
    if refusal == "send":
        await delivery.post_table(table)  # a table message posted anew (the old one deleted, or an hour old)
    else:
        await delivery.show_table(table)
    assert refused == ["edit", refusal] and delivery.pictures_refused(table)
    message = table_message(world, table)
    assert not message.attachments and f"<#{world.channel.id}>" in message.content


async def test_a_table_whose_picture_is_refused_at_start_starts_as_text_and_the_host_is_told(world: World,
                                                                                               monkeypatch):
    """Start checks Attach Files from what the click carries, but Discord may refuse the picture all the same (a
    moderator's change racing the click): the table starts as text, and whoever pressed Start is told why."""
    _, lobby = await open_table(world, deals=3)
    table = world.table()
    monkeypatch.setattr(world.bot.table_ui.delivery, "catch_up_later", lambda *args, **kwargs: None)
    refused = refuse_pictures(monkeypatch, world, table)
    result = await world.users[0].click(lobby, custom_id=button(lobby, "Start").custom_id)
    assert table.status == "running" and refused == ["send"]
    message = table_message(world, table)
    assert not message.attachments and says_why(world, message.content) and decisions(world, table)
    assert [f for f in result.followups if f.ephemeral and says_why(world, f.content)], "the host is told"


def give_attach_files_back(world: World) -> None:
    """A moderator gives the bot Attach Files back by an overwrite on the table's channel (CHANNEL_UPDATE)."""
    from simcord.backend.models import Overwrite
    from simcord.enums import OverwriteType

    world.env.backend.set_overwrite(world.channel.id, Overwrite(
        target_id=world.bot.user.id, type=OverwriteType.MEMBER, allow=discord.Permissions(attach_files=True).value,
        deny=0))


async def play_first_deal(world: World, table, rng) -> None:
    for _ in range(400):
        if table.engine.view(None).get("hand_no", 1) > 1:
            return
        await play_one(world, table, rng)
    raise AssertionError("the first deal did not end")


async def test_the_sheets_held_back_come_with_the_picture_tried_again_after_a_while(world: World, monkeypatch):
    """The picture comes back by a change no event tells the bot of (a new role): the first message that tries
    it again after PICTURES_RETRY_S shows it, and the score sheet held back meanwhile goes with it, not one whole
    deal later with the next deal's sheet."""
    table = await start_table(world, deals=3, turn_timer=3600)
    delivery = world.bot.table_ui.delivery
    send, edit = delivery_module.send_message, delivery_module.edit_message
    refused = refuse_pictures(monkeypatch, world, table)
    monkeypatch.setattr(delivery, "catch_up_later", lambda *args, **kwargs: None)
    await delivery.show_table(table)
    rng = random.Random(7)
    await play_first_deal(world, table, rng)
    assert sheets(world) == 0 and refused == ["edit"]
    monkeypatch.setattr(delivery_module, "send_message", send)  # Attach Files given back, and no event says so
    monkeypatch.setattr(delivery_module, "edit_message", edit)
    delivery.held_back[table.id].at = float("-inf")  # refused PICTURES_RETRY_S ago and more, by whichever clock
    for _ in range(5):  # a few moves, none of them scoring a deal
        await play_one(world, table, rng)
        if table_message(world, table).attachments:
            break
    assert table_message(world, table).attachments, "the picture is back"
    assert table.engine.view(None).get("hand_no") == 2
    assert sheets(world) == 1 and table.sheets_shown == 1, "the sheet held back came with it"


async def test_the_last_sheet_of_a_match_played_as_text_is_posted_once_attach_files_is_given_back(
        world: World, monkeypatch):
    """The match ends while its pictures are refused: its last score sheet waits like the others (the table's
    end says who won, the sheet is the record of every deal), and a permission given back brings it, and the
    final table with its picture; it was dropped with the table's note at its end, and a permission event looked
    at running tables only."""
    table = await start_table(world, deals=3, turn_timer=3600)
    delivery = world.bot.table_ui.delivery
    refused = refuse_pictures(monkeypatch, world, table)
    monkeypatch.setattr(delivery, "catch_up_later", lambda *args, **kwargs: None)
    await delivery.show_table(table)
    await play_match(world, table, 11)
    assert table.status == "finished" and sheets(world) == 0 and table.sheets_shown == 0
    assert not table_message(world, table).attachments and refused == ["edit"]
    monkeypatch.undo()
    give_attach_files_back(world)
    await world.env.settle()
    message = table_message(world, table)
    assert message.attachments, "the final table with its picture"
    assert f"<#{world.channel.id}>" not in message.content
    assert sheets(world) == 1 and table.sheets_shown == 3, "the match's score sheet"


async def test_after_a_restart_a_sheet_refused_waits_for_the_pictures_like_one_held_back(world: World, monkeypatch):
    """A restart forgets which tables show as text (`held_back` is in memory): its catch-up tries the score sheet
    that waits, and Discord refuses it. That refusal is the picture's, so the sheet waits for the pictures as
    before the restart, and a permission given back brings it; noted as a refusal of the table itself, it was
    passed over by the permission event (the table message, as text, shows the stored move)."""
    table = await start_table(world, deals=3, turn_timer=3600)
    delivery = world.bot.table_ui.delivery
    refused = refuse_pictures(monkeypatch, world, table)
    monkeypatch.setattr(delivery, "catch_up_later", lambda *args, **kwargs: None)
    await delivery.show_table(table)
    await play_first_deal(world, table, random.Random(7))
    assert sheets(world) == 0 and table.shown_version == table.version
    delivery.held_back.clear()  # as after a restart
    attempt = await delivery.catch_up(table)
    assert refused == ["edit", "send"] and sheets(world) == 0
    assert delivery.pictures_refused(table), "the sheet's refusal is the picture's"
    assert not attempt.failed, "nothing to try again every few minutes: the sheet waits for the pictures"
    monkeypatch.undo()
    give_attach_files_back(world)
    await world.env.settle()
    assert sheets(world) == 1 and table.sheets_shown == 1, "the sheet held back is posted"
    assert table_message(world, table).attachments
