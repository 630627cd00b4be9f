"""The fake refuses what Discord refuses (README, "Discord's rules the fake enforces"): raw requests against it,
and discord.py's own HTTP client and gateway where its reaction matters."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

import discord
import pytest

from tests.fakediscord import FakeDiscord, pointed_at
from tests.fakediscord.raw import call, call_with_file, dispatched, edit, new_thread, send
from tests.fakediscord.rules import INVALID_LIMIT, Limits


# ---- Receiving and Responding: 3 s for the first answer, 15 minutes for the token --------------------------------
async def test_a_callback_after_three_seconds_is_an_unknown_interaction(fake: FakeDiscord, http) -> None:
    late, on_time = dispatched(fake), dispatched(fake)
    assert (await call(http, fake, "POST", f"/interactions/{on_time.id}/{on_time.token}/callback",
                       {"type": 6}))[0] == 204
    fake.advance(seconds=3.1)
    status, data, _ = await call(http, fake, "POST", f"/interactions/{late.id}/{late.token}/callback", {"type": 6})
    assert (status, data["code"]) == (404, 10062)
    assert late.callback_type is None and late.late_callbacks == 1
    assert await late.settle(1) is False and await on_time.settle(1) is True


async def test_a_lost_answer_can_be_injected(fake: FakeDiscord, http) -> None:
    ix = dispatched(fake)
    fake.fail_next("interaction_callback", 404)
    status, data, _ = await call(http, fake, "POST", f"/interactions/{ix.id}/{ix.token}/callback", {"type": 6})
    assert (status, data["code"]) == (404, 10062)
    assert ix.callback_type is None and ix.failed_callbacks == 1


async def test_the_interaction_token_expires_after_fifteen_minutes(fake: FakeDiscord, http) -> None:
    ix = dispatched(fake)
    path = f"/webhooks/{fake.application_id}/{ix.token}"
    assert (await call(http, fake, "POST", f"/interactions/{ix.id}/{ix.token}/callback",
                       {"type": 4, "data": {"content": "ok"}}))[0] == 204
    fake.advance(minutes=14)
    assert (await call(http, fake, "PATCH", f"{path}/messages/@original", {"content": "still"}))[0] == 200
    fake.advance(minutes=1.5)
    status, data, _ = await call(http, fake, "POST", path, {"content": "too late"})
    assert (status, data["code"]) == (401, 50027)


# ---- Threads: auto-archive, 50083, un-archiving, the cap of active threads ------------------------------------------
async def test_a_thread_takes_the_channels_default_duration(fake: FakeDiscord, http) -> None:
    assert fake.channel(await new_thread(http, fake)).auto_archive_duration == 1440
    fake.channel("general").default_auto_archive_duration = 60
    assert fake.channel(await new_thread(http, fake, "general")).auto_archive_duration == 60
    assert fake.channel(await new_thread(http, fake, auto_archive_duration=4320)).auto_archive_duration == 4320
    status, data, _ = await call(http, fake, "POST", f"/channels/{fake.channel('general').id}/threads",
                                 {"name": "x", "type": 11, "auto_archive_duration": 30})
    assert (status, data["code"]) == (400, 50035)


async def test_edits_are_no_activity_and_an_archived_thread_refuses_them(fake: FakeDiscord, http) -> None:
    thread = await new_thread(http, fake, auto_archive_duration=60)
    _, msg, _ = await send(http, fake, thread, "Tisch")
    fake.advance(minutes=40)
    assert (await edit(http, fake, thread, int(msg["id"]), "Zug 1"))[0] == 200  # an edit: still active
    fake.advance(minutes=21)  # 61 minutes since the last message sent
    assert fake.channel(thread).archived and fake.archived_threads == [thread]
    status, data, _ = await edit(http, fake, thread, int(msg["id"]), "Zug 2")
    assert (status, data["code"]) == (400, 50083)
    put = f"/channels/{thread}/messages/{msg['id']}/reactions/%F0%9F%82%A1/@me"
    assert (await call(http, fake, "PUT", put))[0] == 400
    assert fake.message(int(msg["id"])).content == "Zug 1"


async def test_sending_into_an_archived_thread_unarchives_it_unless_locked(fake: FakeDiscord, http) -> None:
    thread = await new_thread(http, fake)
    fake.archive(thread)
    assert fake.active_threads() == 0
    status, msg, _ = await send(http, fake, thread, "weiter")
    assert status == 200 and not fake.channel(thread).archived and fake.active_threads() == 1
    assert (await edit(http, fake, thread, int(msg["id"]), "ok"))[0] == 200
    fake.archive(thread, locked=True)
    status, data, _ = await send(http, fake, thread, "gesperrt")
    assert (status, data["code"]) == (400, 50083)


async def test_a_locked_thread_refuses_the_bots_messages_without_manage_threads(fake: FakeDiscord, http) -> None:
    """Threads, "Locked Threads": a locked thread stays active, but without MANAGE_THREADS nobody may send or edit
    messages there, by any route, nor edit the thread; with it, everything goes on."""
    thread = await new_thread(http, fake)
    _, msg, _ = await send(http, fake, thread, "Tisch")
    ix = fake._new_interaction(3, fake.user("anna"), fake.channel(thread), {"custom_id": "x", "component_type": 2},
                               message=fake.message(int(msg["id"])))
    ix.dispatched_at, ix.dispatched_clock = time.perf_counter(), fake.now()
    fake.lock(thread)
    assert not fake.channel(thread).archived
    refused = [await send(http, fake, thread, "Zug"), await edit(http, fake, thread, int(msg["id"]), "Zug"),
               await call(http, fake, "PATCH", f"/channels/{thread}", {"name": "Tisch 2"}),
               await call(http, fake, "POST", f"/interactions/{ix.id}/{ix.token}/callback",
                          {"type": 7, "data": {"content": "Zug"}})]
    assert [(status, data["code"]) for status, data, _ in refused] == [(403, 160005)] * 4
    status, _, _ = await call(http, fake, "POST", f"/interactions/{ix.id}/{ix.token}/callback",
                              {"type": 4, "data": {"content": "nur für dich", "flags": 64}})
    assert status == 204  # an ephemeral answer is nobody's message in the thread
    assert fake.message(int(msg["id"])).content == "Tisch"
    fake.lock(thread, locked=False)
    assert (await edit(http, fake, thread, int(msg["id"]), "Zug"))[0] == 200
    fake.lock(thread)
    fake.allow_bot("spieltisch", "manage_threads")  # a bot given Manage Threads may still write there
    assert (await send(http, fake, thread, "Zug 2"))[0] == 200


async def test_without_view_channel_the_bots_own_messages_are_out_of_reach(fake: FakeDiscord, http) -> None:
    """Permissions, Implicit Permissions: VIEW_CHANNEL denied denies everything else there, editing and deleting the
    bot's own messages and editing its threads included (403 / 50001)."""
    channel = fake.channel("spieltisch").id
    thread = await new_thread(http, fake)
    _, msg, _ = await send(http, fake, channel, "Lobby")
    fake.deny_bot("spieltisch", "view_channel")
    answers = [await edit(http, fake, channel, int(msg["id"]), "neu"),
               await call(http, fake, "DELETE", f"/channels/{channel}/messages/{msg['id']}"),
               await call(http, fake, "PATCH", f"/channels/{thread}", {"archived": True})]
    assert [(status, data["code"]) for status, data, _ in answers] == [(403, 50001)] * 3
    assert fake.message(int(msg["id"])).content == "Lobby"


async def test_an_edit_that_adds_a_picture_or_an_embed_needs_what_sending_it_would(fake: FakeDiscord, http) -> None:
    """Message, Edit Message: the files of an edit are uploaded ("appended to the message") as a create's are, so they
    need ATTACH_FILES, and embeds EMBED_LINKS (Permissions, Bitwise Permission Flags); and "Denying SEND_MESSAGES
    implicitly denies ... ATTACH_FILES, and EMBED_LINKS" (Permissions, "Implicit Permissions"; in a thread the
    sending is SEND_MESSAGES_IN_THREADS). An edit that uploads nothing asks for neither; an interaction's webhook
    edit asks for no bot permission (Change Log, June 29 2022)."""
    channel = fake.channel("spieltisch").id
    _, msg, _ = await call_with_file(http, fake, "POST", f"/channels/{channel}/messages", {"content": "Tisch"})
    path = f"/channels/{channel}/messages/{msg['id']}"
    fake.deny_bot("spieltisch", "attach_files", "embed_links", announce=False)
    refused = [await call_with_file(http, fake, "PATCH", path, {"content": "Zug 1"}, filename="table-2.png"),
               await call(http, fake, "PATCH", path, {"embeds": [{"description": "Zug 1"}]})]
    assert [(status, data["code"]) for status, data, _ in refused] == [(403, 50013)] * 2
    assert fake.message(int(msg["id"])).content == "Tisch"
    assert [a.filename for a in fake.message(int(msg["id"])).attachments] == ["table.png"]
    assert (await call(http, fake, "PATCH", path, {"content": "Zug 1", "attachments": []}))[0] == 200  # text
    assert fake.message(int(msg["id"])).attachments == []

    fake.allow_bot("spieltisch", "attach_files")
    fake.deny_bot("spieltisch", "send_messages", announce=False)  # Attach Files is given, but sending is not
    status, data, _ = await call_with_file(http, fake, "PATCH", path, {"content": "Zug 2"})
    assert (status, data["code"]) == (403, 50013)
    assert (await edit(http, fake, channel, int(msg["id"]), "Zug 2"))[0] == 200  # text: the author's own edit
    thread = await new_thread(http, fake)  # in a thread Send Messages has no effect: Send Messages in Threads counts
    _, in_thread, _ = await call_with_file(http, fake, "POST", f"/channels/{thread}/messages", {"content": "Tisch"})
    assert (await call_with_file(http, fake, "PATCH", f"/channels/{thread}/messages/{in_thread['id']}"))[0] == 200
    fake.deny_bot("spieltisch", "send_messages_in_threads", announce=False)
    status, data, _ = await call_with_file(http, fake, "PATCH", f"/channels/{thread}/messages/{in_thread['id']}")
    assert (status, data["code"]) == (403, 50013)

    ix = dispatched(fake)  # an interaction's answer and its webhook edit upload pictures whatever the bot may
    assert (await call(http, fake, "POST", f"/interactions/{ix.id}/{ix.token}/callback",
                       {"type": 4, "data": {"content": "Hand"}}))[0] == 204
    status, data, _ = await call_with_file(http, fake, "PATCH",
                                           f"/webhooks/{fake.application_id}/{ix.token}/messages/@original")
    assert status == 200 and [a["filename"] for a in data["attachments"]] == ["table.png"]


async def test_get_channel_needs_view_channel(fake: FakeDiscord, http) -> None:
    """Without VIEW_CHANNEL a channel is out of the bot's sight (Permissions, "Implicit Permissions"): Get Channel
    answers 403 / 50001 Missing Access (the answer bots meet), a private thread it is no member of too."""
    channel = fake.channel("spieltisch").id
    assert (await call(http, fake, "GET", f"/channels/{channel}"))[0] == 200
    corner = fake.add_thread("Anna's corner", "spieltisch", owner="anna", private=True)
    status, data, _ = await call(http, fake, "GET", f"/channels/{corner.id}")
    assert (status, data["code"]) == (403, 50001)
    fake.deny_bot("spieltisch", "view_channel")
    status, data, _ = await call(http, fake, "GET", f"/channels/{channel}")
    assert (status, data["code"]) == (403, 50001)
    status, data, _ = await call(http, fake, "GET", "/channels/1")
    assert (status, data["code"]) == (404, 10003)


async def test_reading_a_message_needs_view_channel_and_read_message_history(fake: FakeDiscord, http) -> None:
    """Messages, Get Channel Message: VIEW_CHANNEL and READ_MESSAGE_HISTORY on the current user (the bot asks whether
    a table message is still there before a reminder of a decision asked on it)."""
    channel = fake.channel("spieltisch").id
    _, msg, _ = await send(http, fake, channel, "Tisch")
    status, data, _ = await call(http, fake, "GET", f"/channels/{channel}/messages/{msg['id']}")
    assert status == 200 and data["content"] == "Tisch"
    fake.deny_bot("spieltisch", "read_message_history")
    status, data, _ = await call(http, fake, "GET", f"/channels/{channel}/messages/{msg['id']}")
    assert (status, data["code"]) == (403, 50013)
    fake.deny_bot("spieltisch", "view_channel")
    status, data, _ = await call(http, fake, "GET", f"/channels/{channel}/messages/{msg['id']}")
    assert (status, data["code"]) == (403, 50001)


async def test_a_patch_archives_and_unarchives_the_bots_own_thread(fake: FakeDiscord, http) -> None:
    thread = await new_thread(http, fake)
    _, msg, _ = await send(http, fake, thread, "Tisch")
    status, data, _ = await call(http, fake, "PATCH", f"/channels/{thread}", {"archived": True})
    assert status == 200 and data["thread_metadata"]["archived"] and fake.active_threads() == 0
    status, data, _ = await call(http, fake, "PATCH", f"/channels/{thread}", {"name": "neu"})
    assert (status, data["code"]) == (400, 50083)  # only active threads can be manipulated
    status, data, _ = await call(http, fake, "PATCH", f"/channels/{thread}", {"archived": False})
    assert status == 200 and not data["thread_metadata"]["archived"]
    assert (await edit(http, fake, thread, int(msg["id"]), "wieder da"))[0] == 200


async def test_a_users_thread_is_the_users_but_anyone_who_may_post_unarchives_it(fake: FakeDiscord, http) -> None:
    thread = fake.add_thread("Anna's corner", "spieltisch", owner="anna")
    assert (await send(http, fake, thread.id, "Tisch"))[0] == 200  # the bot may post in it
    for change in ({"auto_archive_duration": 60}, {"name": "mine now"}, {"archived": True}):
        status, data, _ = await call(http, fake, "PATCH", f"/channels/{thread.id}", change)
        assert (status, data["code"]) == (403, 50013), change
    assert thread.auto_archive_duration == 1440 and thread.name == "Anna's corner"
    fake.archive(thread)
    status, data, _ = await call(http, fake, "PATCH", f"/channels/{thread.id}", {"archived": False})
    assert status == 200 and not data["thread_metadata"]["archived"]
    fake.allow_bot("spieltisch", "manage_threads")  # a moderator's overwrite: now it may
    assert (await call(http, fake, "PATCH", f"/channels/{thread.id}", {"auto_archive_duration": 60}))[0] == 200


async def test_a_private_thread_is_out_of_the_bots_reach_until_it_is_added(fake: FakeDiscord, http) -> None:
    """Threads, "Permissions": in a private thread "You must be invited to the thread to be able to view or
    participate in it, or be a moderator (MANAGE_THREADS permission)". An interaction's answer there goes through its
    webhook (no bot permission asked); the bot's own channel routes answer 403 / 50001 Missing Access."""
    corner = fake.add_thread("Anna's corner", "spieltisch", owner="anna", private=True, members=["bernd"])
    assert corner.type == 12 and corner.id not in {int(t["id"]) for t in fake.guild_payload()["threads"]}
    status, data, _ = await send(http, fake, corner.id, "Tisch")
    assert (status, data["code"]) == (403, 50001)
    ix = fake._new_interaction(2, fake.user("anna"), corner, {"name": "x"})
    ix.dispatched_at, ix.dispatched_clock = time.perf_counter(), fake.now()
    assert (await call(http, fake, "POST", f"/interactions/{ix.id}/{ix.token}/callback",
                       {"type": 4, "data": {"content": "lobby"}}))[0] == 204
    lobby = ix.response_message
    assert lobby is not None and lobby.channel_id == corner.id
    status, data, _ = await edit(http, fake, corner.id, lobby.id, "the lobby, edited")
    assert (status, data["code"]) == (403, 50001)
    assert (await call(http, fake, "PATCH", f"/webhooks/{fake.application_id}/{ix.token}/messages/@original",
                       {"content": "by the webhook"}))[0] == 200
    fake.add_to_thread(corner, fake.bot)  # anna adds the bot (or mentions it there)
    assert (await send(http, fake, corner.id, "Tisch"))[0] == 200
    assert corner.id in {int(t["id"]) for t in fake.guild_payload()["threads"]}
    other = fake.add_thread("Bernd's corner", "spieltisch", owner="bernd", private=True)
    fake.allow_bot("spieltisch", "manage_threads")  # a moderator sees every private thread
    assert (await send(http, fake, other.id, "Tisch"))[0] == 200


async def test_the_guild_caps_its_active_threads(http) -> None:
    async with FakeDiscord(thread_cap=2) as fake:
        first = await new_thread(http, fake)
        await new_thread(http, fake)
        status, data, _ = await call(http, fake, "POST", f"/channels/{fake.channel('spieltisch').id}/threads",
                                     {"name": "drei", "type": 11})
        assert (status, data["code"]) == (400, 160006)
        await call(http, fake, "PATCH", f"/channels/{first}", {"archived": True})
        assert await new_thread(http, fake)


async def test_an_archived_thread_stays_archived_while_the_guild_is_at_its_cap(http) -> None:
    """Threads, "Active & Archived Threads": the cap is on active threads, so un-archiving one at the cap (a PATCH, or
    a message sent into it) is refused as a new thread is (400 / 160006), until another thread archives."""
    async with FakeDiscord(thread_cap=2) as fake:
        first = await new_thread(http, fake)
        await send(http, fake, first, "Tisch")
        fake.archive(first)
        await new_thread(http, fake)
        second = await new_thread(http, fake)
        refused = [await call(http, fake, "PATCH", f"/channels/{first}", {"archived": False}),
                   await send(http, fake, first, "weiter")]
        assert [(status, data["code"]) for status, data, _ in refused] == [(400, 160006)] * 2
        assert fake.channel(first).archived and [m.content for m in fake.messages_in(first)] == ["Tisch"]
        fake.archive(second)
        assert (await send(http, fake, first, "weiter"))[0] == 200 and not fake.channel(first).archived


async def test_no_send_messages_in_threads_no_message_in_a_thread(fake: FakeDiscord, http) -> None:
    fake.deny_bot("spieltisch", "send_messages_in_threads")
    thread = await new_thread(http, fake)  # Create Public Threads is a different permission
    status, data, _ = await send(http, fake, thread)
    assert (status, data["code"]) == (403, 50013)
    assert (await send(http, fake, fake.channel("spieltisch").id))[0] == 200  # the channel itself is fine


# ---- Rate limits ----------------------------------------------------------------------------------------------
async def test_five_messages_per_five_seconds_per_channel(fake: FakeDiscord, http) -> None:
    table, other = fake.channel("spieltisch").id, fake.channel("general").id
    answers = [await send(http, fake, table, str(i)) for i in range(5)]
    assert [a[0] for a in answers] == [200] * 5
    first = answers[0][2]
    assert (first["X-RateLimit-Limit"], first["X-RateLimit-Remaining"]) == ("5", "4")
    assert float(first["X-RateLimit-Reset-After"]) <= 5 and first["X-RateLimit-Bucket"]
    assert answers[4][2]["X-RateLimit-Remaining"] == "0"
    status, data, headers = await send(http, fake, table, "six")
    assert status == 429 and data["global"] is False and 0 < data["retry_after"] <= 5
    assert headers["Via"] and int(headers["Retry-After"]) >= 1 and headers["X-RateLimit-Scope"] == "user"
    assert (await send(http, fake, other))[0] == 200  # another channel, another bucket
    fake.advance(seconds=5)
    assert (await send(http, fake, table, "later"))[0] == 200
    assert fake.limits.rate_limited["user"] == 1


async def test_message_edits_have_their_own_per_channel_bucket(fake: FakeDiscord, http) -> None:
    table = fake.channel("spieltisch").id
    _, msg, _ = await send(http, fake, table)
    statuses = [(await edit(http, fake, table, int(msg["id"]), f"v{i}"))[0] for i in range(6)]
    assert statuses == [200] * 5 + [429]


async def test_fifty_requests_per_second_globally_but_interactions_are_exempt(http) -> None:
    async with FakeDiscord(route_limits=False) as fake:
        ixs = [dispatched(fake) for _ in range(60)]
        channel = fake.channel("spieltisch").id
        t0 = time.perf_counter()
        answers = [await call(http, fake, "GET", f"/channels/{channel}") for _ in range(55)]
        refused = [a for a in answers if a[0] == 429]
        assert len(refused) == 5 or (refused and time.perf_counter() - t0 > 1)  # (a slow machine: next window)
        status, data, headers = refused[0]
        assert data["global"] is True and headers["X-RateLimit-Global"] == "true"
        assert headers["X-RateLimit-Scope"] == "global" and headers["Via"]
        for ix in ixs:  # the callbacks of 60 interactions in the same second: all answered
            assert (await call(http, fake, "POST", f"/interactions/{ix.id}/{ix.token}/callback",
                               {"type": 6}))[0] == 204
        assert fake.limits.rate_limited["global"] == len(refused)


async def test_edits_of_messages_older_than_an_hour_run_out(fake: FakeDiscord, http) -> None:
    table = fake.channel("spieltisch").id
    _, msg, _ = await send(http, fake, table)
    fake.advance(minutes=61)
    statuses = [await edit(http, fake, table, int(msg["id"]), f"v{i}") for i in range(4)]
    assert [s[0] for s in statuses[:3]] == [200] * 3
    status, data, headers = statuses[3]
    assert (status, data["code"]) == (429, 30046) and data["retry_after"] > 0 and headers["Via"]


async def test_a_click_answered_by_updating_its_message_lends_an_edit_outside_the_global_limit(
        fake: FakeDiscord, http) -> None:
    channel = fake.channel("spieltisch")
    _, sent, _ = await send(http, fake, channel.id, "the table")
    table = fake.messages[int(sent["id"])]
    fake.advance(minutes=61)  # an old table message, clicked now
    ix = fake._new_interaction(3, fake.user("anna"), channel, {"custom_id": "x", "component_type": 2}, message=table)
    ix.dispatched_at, ix.dispatched_clock = time.perf_counter(), fake.now()
    assert (await call(http, fake, "POST", f"/interactions/{ix.id}/{ix.token}/callback", {"type": 6}))[0] == 204
    counted = fake.limits.global_counted
    path = f"/webhooks/{fake.application_id}/{ix.token}/messages/@original"
    answers = [await call(http, fake, "PATCH", path, {"content": f"move {i}"}) for i in range(4)]
    assert [a[0] for a in answers[:3]] == [200] * 3 and table.content == "move 2", "@original is the clicked message"
    assert fake.limits.global_counted == counted, "interaction endpoints do not count against the global limit"
    status, data, _ = answers[3]
    assert (status, data["code"]) == (429, 30046), "an hour-old message's edits run out by this route too"


async def test_an_interactions_webhook_routes_take_five_requests_per_two_seconds(fake: FakeDiscord, http) -> None:
    """Interaction webhooks have webhooks' rate limits (discord/discord-api-docs#2701: 5 per 2 s per interaction),
    shared by its original response's edits and its follow-ups; another interaction has its own."""
    ix, other = dispatched(fake), dispatched(fake)
    for i in (ix, other):
        assert (await call(http, fake, "POST", f"/interactions/{i.id}/{i.token}/callback",
                           {"type": 4, "data": {"content": "ok"}}))[0] == 204
    path = f"/webhooks/{fake.application_id}/{ix.token}"
    answers = [await call(http, fake, "PATCH", f"{path}/messages/@original", {"content": f"v{i}"}) for i in range(3)]
    answers += [await call(http, fake, "POST", path, {"content": f"f{i}"}) for i in range(3)]
    assert [a[0] for a in answers] == [200] * 3 + [204] * 2 + [429]
    assert 0 < answers[5][1]["retry_after"] <= 2 and answers[4][2]["X-RateLimit-Remaining"] == "0"
    assert (await call(http, fake, "POST", f"/webhooks/{fake.application_id}/{other.token}", {"content": "x"}))[0] \
        == 204
    fake.advance(seconds=2)
    assert (await call(http, fake, "PATCH", f"{path}/messages/@original", {"content": "later"}))[0] == 200


async def test_opening_new_dm_channels_too_fast(http) -> None:
    async with FakeDiscord(users=[f"u{i}" for i in range(7)]) as fake:
        answers = [await call(http, fake, "POST", "/users/@me/channels", {"recipient_id": str(u.id)})
                   for u in fake.users.values()]
        assert [a[0] for a in answers] == [200] * 5 + [403] * 2
        assert answers[5][1]["code"] == 40003
        again = await call(http, fake, "POST", "/users/@me/channels", {"recipient_id": answers[0][1]["recipients"][0]["id"]})
        assert again[0] == 200  # an existing DM channel is no new DM


async def test_a_user_who_left_every_shared_server_gets_no_dm_and_cannot_use_the_bot(fake: FakeDiscord,
                                                                                       http) -> None:
    dm = fake.dm_channel("bernd").id
    assert (await send(http, fake, dm))[0] == 200
    fake.remove_member("bernd")
    status, data, _ = await send(http, fake, dm)
    assert (status, data["code"]) == (403, 50278)
    assert "bernd" not in [u.name for u in fake.members]
    with pytest.raises(RuntimeError, match="left the server"):
        fake._new_interaction(2, fake.user("bernd"), fake.channel("spieltisch"), {})


async def test_invalid_requests_are_counted_over_ten_minutes(fake: FakeDiscord, http) -> None:
    fake.close_dms("bernd")
    dm = fake.dm_channel("bernd").id
    for _ in range(3):
        assert (await send(http, fake, dm))[0] == 403
    assert fake.limits.invalid_last_10_minutes() == 3
    fake.advance(minutes=10, seconds=1)
    assert fake.limits.invalid_last_10_minutes() == 0 and fake.limits.invalid_worst == 3
    limits = Limits(fake.now)
    limits.answered(429, "shared")  # "429 errors returned with X-RateLimit-Scope: shared are not counted"
    limits.answered(429, "user")
    limits.answered(404)
    assert limits.invalid_last_10_minutes() == 1 and limits.rate_limited == {"shared": 1, "user": 1}


async def test_ten_thousand_invalid_requests_get_the_ip_banned(fake: FakeDiscord, http) -> None:
    for _ in range(INVALID_LIMIT):
        fake.limits.answered(403)
    status, body, headers = await call(http, fake, "GET", "/users/@me")
    assert status == 429 and "Via" not in headers and isinstance(body, str)


async def test_discord_py_waits_on_the_headers_instead_of_hitting_429s(fake: FakeDiscord) -> None:
    client = discord.Client(intents=discord.Intents.none())
    with pointed_at(fake):
        await client.login("fake-token")
        try:
            channel = fake.channel("spieltisch").id
            t0 = time.perf_counter()
            await asyncio.gather(*(client.http.send_message(channel, params=_params(f"m{i}")) for i in range(7)))
            assert time.perf_counter() - t0 >= 4.5  # the sixth waited for the window to reset
        finally:
            await client.close()
    assert fake.limits.rate_limited["user"] <= 1  # at most the first burst, before discord.py knew the bucket
    assert len(fake.messages_in("spieltisch")) == 7


async def test_a_days_gateway_logins_are_counted_and_one_too_many_resets_the_token(fake: FakeDiscord,
                                                                                  http) -> None:
    """Gateway, Session Start Limit: 1,000 IDENTIFYs in 24 hours, shown by GET /gateway/bot; past them Discord resets
    the token: the login closes with 4004 and every request answers 401."""
    fake.session_starts = [fake.now() - 86400 + 60] + [fake.now()] * 998
    _, data, _ = await call(http, fake, "GET", "/gateway/bot")
    limit = data["session_start_limit"]
    assert limit["total"] == 1000 and limit["remaining"] == 1 and 59_000 <= limit["reset_after"] <= 60_000
    client = discord.AutoShardedClient(intents=discord.Intents.none())
    with pointed_at(fake):
        await client.login("fake-token")
        session = asyncio.create_task(client.connect(reconnect=False))  # the last login of the day: fine
        await fake.wait_for(lambda: fake.gateway.identifies == 1 and fake.live, timeout=5)
        assert not fake.token_reset
        await client.close()
        with contextlib.suppress(Exception):
            await session
    fake.last_identify -= 5  # (the next login comes after the 5 s one IDENTIFY takes: see the test below)
    client = discord.AutoShardedClient(intents=discord.Intents.none())
    with pointed_at(fake):
        await client.login("fake-token")
        with pytest.raises(discord.ConnectionClosed) as closed:
            await asyncio.wait_for(client.connect(reconnect=False), 5)  # one too many
        assert closed.value.code == 4004  # Authentication failed
        await client.close()
    assert fake.token_reset
    assert (await call(http, fake, "GET", "/gateway/bot"))[0] == 401


async def test_identifies_beyond_max_concurrency_in_five_seconds_get_an_invalid_session(fake: FakeDiscord,
                                                                                       http) -> None:
    """Gateway, Rate Limiting: "Apps also have a limit for concurrent Identify requests allowed per 5 seconds. If you
    hit this limit, the Gateway will respond with an Invalid Session (opcode 9)"; GET /gateway/bot says
    `max_concurrency: 1`. discord.py keeps to it within one process (before_identify_hook sleeps 5 s before every
    IDENTIFY but a first one), not across a restart: a bot process restarted within 5 s of its last login meets it."""

    async def identify() -> dict[str, Any]:
        async with http.ws_connect(fake.gateway_url) as ws:
            assert (await ws.receive_json())["op"] == 10
            await ws.send_json({"op": 2, "d": {"token": "fake-token", "intents": 1, "properties": {},
                                               "shard": [0, 1]}})
            return await ws.receive_json(timeout=2)

    assert (await identify())["t"] == "READY"
    assert (await identify())["op"] == 9
    fake.last_identify -= 5  # five seconds later
    assert (await identify())["t"] == "READY"


def _params(text: str) -> Any:
    from discord.http import handle_message_parameters

    return handle_message_parameters(content=text)


# ---- Channels deleted, the bot removed: gateway events and what later requests answer ------------------------------
async def test_deleting_channels_and_removing_the_bot(fake: FakeDiscord, http) -> None:
    seen: list[tuple[str, int]] = []
    client = discord.Client(intents=discord.Intents.default())

    @client.event
    async def on_guild_channel_delete(channel: discord.abc.GuildChannel) -> None:
        seen.append(("channel", channel.id))

    @client.event
    async def on_raw_thread_delete(payload: discord.RawThreadDeleteEvent) -> None:
        seen.append(("thread", payload.thread_id))

    @client.event
    async def on_raw_thread_update(payload: discord.RawThreadUpdateEvent) -> None:
        seen.append(("thread-update", payload.thread_id))

    @client.event
    async def on_guild_remove(guild: discord.Guild) -> None:
        seen.append(("guild", guild.id))

    with pointed_at(fake):
        await client.login("fake-token")
        task = asyncio.create_task(client.connect())
        try:
            await asyncio.wait_for(client.wait_until_ready(), 10)
            thread = await new_thread(http, fake)
            other = await new_thread(http, fake, "general")
            fake.archive(other)
            await fake.wait_for(lambda: ("thread-update", other) in seen)
            fake.delete_channel(thread)
            fake.delete_channel("general")
            await fake.wait_for(lambda: ("thread", thread) in seen and ("channel", fake.channel("general").id) in seen)
            status, data, _ = await send(http, fake, thread)
            assert (status, data["code"]) == (404, 10003)
            assert fake.channel(thread).name == "Tisch 1"  # tests can still look at it
            fake.remove_bot()
            await fake.wait_for(lambda: ("guild", fake.guild_id) in seen)
            status, data, _ = await send(http, fake, fake.channel("spieltisch").id)
            assert (status, data["code"]) == (403, 50001)
            assert client.get_guild(fake.guild_id) is None
            with pytest.raises(RuntimeError):
                dispatched(fake)  # its users can no longer use the bot there
        finally:
            await client.close()
            task.cancel()


async def test_the_bots_servers_are_listed_as_they_are_now_in_pages_of_at_most_200(fake: FakeDiscord, http) -> None:
    # Get Current User Guilds (developer docs, User): limit 1 to 200, ids in order after `after`; a server that
    # removed the bot is gone from it at once, whatever a gateway session was told
    other = fake.add_guild("Nebenzimmer")
    status, body, _ = await call(http, fake, "GET", "/users/@me/guilds")
    assert status == 200 and [g["id"] for g in body] == sorted([str(fake.guild_id), str(other)], key=int)
    first = min(fake.guild_id, other)
    status, body, _ = await call(http, fake, "GET", f"/users/@me/guilds?limit=1&after={first}")
    assert status == 200 and [g["id"] for g in body] == [str(max(fake.guild_id, other))]
    status, body, _ = await call(http, fake, "GET", f"/users/@me/guilds?limit=1&before={max(fake.guild_id, other)}")
    assert status == 200 and [g["id"] for g in body] == [str(first)]  # the page right before `before`
    assert (await call(http, fake, "GET", "/users/@me/guilds?limit=201"))[0] == 400
    fake.remove_bot(other)
    status, body, _ = await call(http, fake, "GET", "/users/@me/guilds")
    assert [g["id"] for g in body] == [str(fake.guild_id)]


async def test_a_privileged_intent_not_enabled_for_the_app_closes_the_login() -> None:
    """Gateway, "Privileged Intents": GUILD_MEMBERS, GUILD_PRESENCES and MESSAGE_CONTENT must be toggled on in the
    Developer Portal first; an IDENTIFY that asks for one that is not closes with 4014 Disallowed intent(s), which
    discord.py raises as PrivilegedIntentsRequired (the bot asks for none: README, "Setting it up on Discord")."""
    members = discord.Intents.none()
    members.guilds = members.members = True
    async with FakeDiscord() as fake:
        client = discord.Client(intents=members)
        with pointed_at(fake):
            await client.login("fake-token")
            with pytest.raises(discord.PrivilegedIntentsRequired):  # (as the bot connects: reconnecting)
                await asyncio.wait_for(client.connect(), 5)
            await client.close()
        assert fake.gateway.identifies == 0
    async with FakeDiscord(privileged_intents=members.value & ~discord.Intents(guilds=True).value) as fake:
        client = discord.Client(intents=members)
        with pointed_at(fake):
            await client.login("fake-token")
            session = asyncio.create_task(client.connect(reconnect=False))
            await fake.wait_for(lambda: fake.live, timeout=5)
            await client.close()
            with contextlib.suppress(Exception):
                await session
