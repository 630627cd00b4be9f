"""The fake refuses what Discord refuses (README, "Discord's rules the fake enforces"): raw requests against it,
and discord.py's own HTTP client and gateway where its reaction matters."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest

from tests.fakediscord import FakeDiscord, FakeInteraction, pointed_at
from tests.fakediscord.models import APPLICATION_COMMAND, AUTOCOMPLETE, MESSAGE_COMPONENT, MODAL_SUBMIT
from tests.fakediscord.rules import INVALID_LIMIT, Limits

Answer = tuple[int, Any, "aiohttp.typedefs.LooseHeaders"]


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as f:
        yield f


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(headers={"Authorization": "Bot fake-token"}) as session:
        yield session


async def call(http: aiohttp.ClientSession, fake: FakeDiscord, method: str, path: str,
               body: Any = None) -> Answer:
    async with http.request(method, fake.api_base + path, json=body) as resp:
        data = await resp.json() if resp.content_type == "application/json" else await resp.text()
        return resp.status, data, resp.headers


async def send(http: aiohttp.ClientSession, fake: FakeDiscord, channel_id: int, text: str = "hi") -> Answer:
    return await call(http, fake, "POST", f"/channels/{channel_id}/messages", {"content": text})


async def edit(http: aiohttp.ClientSession, fake: FakeDiscord, channel_id: int, message_id: int,
               text: str) -> Answer:
    return await call(http, fake, "PATCH", f"/channels/{channel_id}/messages/{message_id}", {"content": text})


async def new_thread(http: aiohttp.ClientSession, fake: FakeDiscord, parent: str = "spieltisch",
                     **body: Any) -> int:
    status, data, _ = await call(http, fake, "POST", f"/channels/{fake.channel(parent).id}/threads",
                                 {"name": "Tisch 1", "type": 11, **body})
    assert status == 201, data
    return int(data["id"])


def dispatched(fake: FakeDiscord, user: str = "anna", itype: int = MESSAGE_COMPONENT) -> FakeInteraction:
    """An interaction (a component click unless `itype` says otherwise) as if INTERACTION_CREATE had just gone
    out (no bot needed)."""
    ix = fake._new_interaction(itype, fake.user(user), fake.channel("spieltisch"),
                               {"custom_id": "x", "component_type": 2})
    ix.dispatched_at, ix.dispatched_clock = time.perf_counter(), fake.now()
    return ix


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
    fake.deny_bot("spieltisch", "manage_threads")
    fake.archive(thread, locked=True)
    status, data, _ = await send(http, fake, thread, "gesperrt")
    assert (status, data["code"]) == (400, 50083)


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


async def test_the_guild_caps_its_active_threads(http) -> None:
    async with FakeDiscord(thread_cap=2) as fake:
        first = await new_thread(http, fake)
        await new_thread(http, fake)
        status, data, _ = await call(http, fake, "POST", f"/channels/{fake.channel('spieltisch').id}/threads",
                                     {"name": "drei", "type": 11})
        assert (status, data["code"]) == (400, 160006)
        await call(http, fake, "PATCH", f"/channels/{first}", {"archived": True})
        assert await new_thread(http, fake)


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


async def test_opening_new_dm_channels_too_fast(http) -> None:
    async with FakeDiscord(users=[f"u{i}" for i in range(7)]) as fake:
        answers = [await call(http, fake, "POST", "/users/@me/channels", {"recipient_id": str(u.id)})
                   for u in fake.users.values()]
        assert [a[0] for a in answers] == [200] * 5 + [403] * 2
        assert answers[5][1]["code"] == 40003
        again = await call(http, fake, "POST", "/users/@me/channels", {"recipient_id": answers[0][1]["recipients"][0]["id"]})
        assert again[0] == 200  # an existing DM channel is no new DM


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


# ---- Payload rules: components, allowed mentions, commands, modals, autocomplete -----------------------------------
def _row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def _select(n: int, **fields: Any) -> dict[str, Any]:
    """A string select of `n` options (`options=` replaces them)."""
    return {"type": 3, "custom_id": "s", "options": [{"label": f"o{i}", "value": f"v{i}"} for i in range(n)],
            **fields}


def _invalid(answer: Answer, *path: str) -> bool:
    """Whether Discord's answer is 400 / 50035 with an error at `path` in its errors tree."""
    status, data, _ = answer
    if (status, data.get("code")) != (400, 50035):
        return False
    node = data.get("errors") or {}
    for part in path:
        node = node.get(part) or {}
    return bool(node)


@pytest.mark.parametrize(("select", "where"), [
    (_select(2, max_values=3), "options"),  # more values asked for than there are options
    (_select(2, min_values=3, max_values=2), "min_values"),  # min above max
    (_select(3, min_values=26, max_values=3), "min_values"),
    (_select(3, max_values=0), "max_values"),
    (_select(2, max_values=1, options=[{"label": "a", "value": "a", "default": True},
                                       {"label": "b", "value": "b", "default": True}]), "options"),
    (_select(1, options=[{"label": "", "value": "a"}]), "options"),  # an option needs a label
    ({**_select(1), "custom_id": ""}, "custom_id"),
])
async def test_select_menus_keep_their_values_in_range(fake: FakeDiscord, http, select: dict[str, Any],
                                                       where: str) -> None:
    channel = fake.channel("spieltisch").id
    body = {"content": "x", "components": [_row(select)]}
    assert _invalid(await call(http, fake, "POST", f"/channels/{channel}/messages", body), "components", "1", where)
    ok = {"content": "x", "components": [_row(_select(3, min_values=2, max_values=3))]}
    assert (await call(http, fake, "POST", f"/channels/{channel}/messages", ok))[0] == 200


@pytest.mark.parametrize("button", [
    {"type": 2, "style": 1, "label": "x", "custom_id": "a", "url": "https://example.com"},  # a url on a plain one
    {"type": 2, "style": 5, "label": "x", "url": "https://example.com/" + "a" * 500},  # url over 512
    {"type": 2, "style": 6, "label": "Buy", "sku_id": "1"},  # premium: no label
    {"type": 2, "style": 6, "custom_id": "a", "sku_id": "1"},  # premium: no custom_id
    {"type": 2, "style": 6},  # premium: a sku_id
    {"type": 2, "style": 7, "label": "x", "custom_id": "a"},  # no such style
])
async def test_buttons_follow_their_styles_rules(fake: FakeDiscord, http, button: dict[str, Any]) -> None:
    channel = fake.channel("spieltisch").id
    status, data, _ = await call(http, fake, "POST", f"/channels/{channel}/messages",
                                 {"content": "x", "components": [_row(button)]})
    assert (status, data["code"]) == (400, 50035), data
    premium = {"type": 2, "style": 6, "sku_id": "1"}
    assert (await call(http, fake, "POST", f"/channels/{channel}/messages",
                       {"content": "x", "components": [_row(premium)]}))[0] == 200


async def test_allowed_mentions_parse_and_ids_of_one_type_are_exclusive(fake: FakeDiscord, http) -> None:
    channel = fake.channel("spieltisch").id
    anna = str(fake.user("anna").id)
    for allowed, where in (({"parse": ["users"], "users": [anna]}, ()), ({"parse": ["all"]}, ("parse",)),
                           ({"users": [anna] * 101}, ("users",))):
        body = {"content": f"<@{anna}>", "allowed_mentions": allowed}
        assert _invalid(await call(http, fake, "POST", f"/channels/{channel}/messages", body),
                        "allowed_mentions", *where), allowed


async def test_who_a_message_pings_follows_allowed_mentions(fake: FakeDiscord, http) -> None:
    """Without allowed_mentions a channel message parses everyone (with MENTION_EVERYONE), an interaction answer
    only users; `parse: []` pings nobody; listed ids ping only if they are in the content."""
    fake.grant(fake.bot, "mention_everyone")
    channel = fake.channel("spieltisch").id
    anna, bernd = fake.user("anna"), fake.user("bernd")
    text = f"@everyone <@{anna.id}> hi"

    async def sent(allowed: dict[str, Any] | None) -> Any:
        body = {"content": text, **({"allowed_mentions": allowed} if allowed is not None else {})}
        _, data, _ = await call(http, fake, "POST", f"/channels/{channel}/messages", body)
        return fake.message(int(data["id"]))

    plain = await sent(None)
    assert plain.mention_everyone and plain.mentions == [anna]
    none = await sent({"parse": []})
    assert not none.mention_everyone and none.mentions == []
    listed = await sent({"parse": [], "users": [str(anna.id), str(bernd.id)]})
    assert not listed.mention_everyone and listed.mentions == [anna]  # bernd is not in the content
    ix = dispatched(fake, itype=APPLICATION_COMMAND)
    assert (await call(http, fake, "POST", f"/interactions/{ix.id}/{ix.token}/callback",
                       {"type": 4, "data": {"content": text}}))[0] == 204
    assert ix.response_message is not None and not ix.response_message.mention_everyone
    assert ix.response_message.mentions == [anna]


async def test_alt_text_of_an_attachment_is_at_most_1024_characters(fake: FakeDiscord, http) -> None:
    channel = fake.channel("spieltisch").id
    form = aiohttp.FormData()
    form.add_field("payload_json", '{"attachments": [{"id": 0, "filename": "a.png", "description": "%s"}]}'
                   % ("x" * 1025), content_type="application/json")
    form.add_field("files[0]", b"\x89PNG", filename="a.png", content_type="image/png")
    async with http.post(f"{fake.api_base}/channels/{channel}/messages", data=form) as resp:
        assert (resp.status, (await resp.json())["code"]) == (400, 50035)


def _command(**fields: Any) -> dict[str, Any]:
    return {"name": "spiel", "description": "Ein Spiel", "type": 1, **fields}


@pytest.mark.parametrize("command", [
    _command(name_localizations={"en": "game"}),  # "en" is no Discord locale (en-US, en-GB are)
    _command(name_localizations={"de": "Spiel"}),  # localized names follow the name rules: lower case
    _command(description_localizations={"de": "x" * 101}),
    _command(options=[{"type": 3, "name": "deck", "description": "d", "choices": [{"name": "", "value": "a"}]}]),
    _command(options=[{"type": 3, "name": "deck", "description": "d", "choices": [{"name": "a", "value": "v" * 101}]}]),
    # 8000 characters per command, counting each field's longest localization
    _command(options=[{"type": 1, "name": f"s{i}", "description": "d" * 100,
                       "description_localizations": {"de": "e" * 100, "hr": "f" * 90},
                       "options": [{"type": 3, "name": f"o{j}", "description": "g" * 100} for j in range(3)]}
                      for i in range(20)]),
])
async def test_command_sync_checks_localizations_choices_and_size(fake: FakeDiscord, http,
                                                                  command: dict[str, Any]) -> None:
    path = f"/applications/{fake.application_id}/commands"
    status, data, _ = await call(http, fake, "PUT", path, [command])
    assert (status, data["code"]) == (400, 50035), data
    assert (await call(http, fake, "PUT", path, [_command(name_localizations={"de": "spiel", "en-US": "game"})]))[0] == 200


async def test_modals_keep_to_their_limits_and_never_answer_a_modal(fake: FakeDiscord, http) -> None:
    def modal(**fields: Any) -> dict[str, Any]:
        text = {"type": 4, "custom_id": "t", "style": 1, "label": "Name"}
        return {"type": 9, "data": {"custom_id": "m", "title": "Tisch", "components": [_row(text)], **fields}}

    async def answer(itype: int, body: dict[str, Any]) -> int:
        ix = dispatched(fake, itype=itype)
        return (await call(http, fake, "POST", f"/interactions/{ix.id}/{ix.token}/callback", body))[0]

    text = {"type": 4, "custom_id": "t", "style": 1, "label": "L" * 46}
    assert await answer(APPLICATION_COMMAND, modal(title="T" * 46)) == 400
    assert await answer(APPLICATION_COMMAND, modal(components=[_row(text)])) == 400
    assert await answer(APPLICATION_COMMAND, modal(components=[_row({**text, "label": "x"})] * 6)) == 400
    assert await answer(MODAL_SUBMIT, modal()) == 400  # a modal cannot answer a modal submit
    assert await answer(AUTOCOMPLETE, modal()) == 400
    assert await answer(APPLICATION_COMMAND, modal()) == 204


async def test_autocomplete_answers_are_choices_within_limits(fake: FakeDiscord, http) -> None:
    async def answer(body: dict[str, Any]) -> int:
        ix = dispatched(fake, itype=AUTOCOMPLETE)
        return (await call(http, fake, "POST", f"/interactions/{ix.id}/{ix.token}/callback", body))[0]

    choices = [{"name": f"n{i}", "value": f"v{i}"} for i in range(26)]
    assert await answer({"type": 8, "data": {"choices": choices}}) == 400
    assert await answer({"type": 8, "data": {"choices": [{"name": "n" * 101, "value": "v"}]}}) == 400
    assert await answer({"type": 8, "data": {"choices": [{"name": "n", "value": "v" * 101}]}}) == 400
    assert await answer({"type": 5}) == 400  # no deferring an autocomplete
    assert await answer({"type": 8, "data": {"choices": choices[:25]}}) == 204


async def test_a_deferred_answer_may_only_be_ephemeral(fake: FakeDiscord, http) -> None:
    for flags, status in ((1 << 2, 400), (1 << 12, 400), (1 << 6, 204)):  # suppress embeds / notifications: no
        ix = dispatched(fake, itype=APPLICATION_COMMAND)
        answer = await call(http, fake, "POST", f"/interactions/{ix.id}/{ix.token}/callback",
                            {"type": 5, "data": {"flags": flags}})
        assert answer[0] == status, (flags, answer[1])


async def test_answers_fit_the_interaction_and_ephemeral_messages_live_on_its_webhook(fake: FakeDiscord,
                                                                                    http) -> None:
    """Receiving and Responding: UPDATE_MESSAGE (7) and DEFERRED_UPDATE_MESSAGE (6) only answer components; one
    answer per interaction (40060); no followup before it (10015); an ephemeral reply is reached through the
    interaction's webhook only (the channel's routes answer 404 / 10008)."""
    command = dispatched(fake, itype=APPLICATION_COMMAND)
    callback = f"/interactions/{command.id}/{command.token}/callback"
    webhook = f"/webhooks/{fake.application_id}/{command.token}"
    for update in (6, 7):
        status, data, _ = await call(http, fake, "POST", callback, {"type": update, "data": {"content": "x"}})
        assert (status, data["code"]) == (400, 40043)
    status, data, _ = await call(http, fake, "POST", webhook, {"content": "too early"})
    assert (status, data["code"]) == (404, 10015)
    assert (await call(http, fake, "POST", callback, {"type": 4, "data": {"content": "secret", "flags": 64}}))[0] == 204
    status, data, _ = await call(http, fake, "POST", callback, {"type": 4, "data": {"content": "again"}})
    assert (status, data["code"]) == (400, 40060)
    msg = command.response_message
    assert msg is not None and msg.ephemeral
    status, data, _ = await edit(http, fake, msg.channel_id, msg.id, "via the channel")
    assert (status, data["code"]) == (404, 10008)
    assert (await call(http, fake, "PATCH", f"{webhook}/messages/@original", {"content": "via the webhook"}))[0] == 200
    assert msg.content == "via the webhook"


async def test_a_scope_holds_at_most_100_slash_commands(fake: FakeDiscord, http) -> None:
    path = f"/applications/{fake.application_id}/commands"
    many = [_command(name=f"spiel{i}") for i in range(101)]
    status, data, _ = await call(http, fake, "PUT", path, many)
    assert (status, data["code"]) == (400, 30032)
    assert (await call(http, fake, "PUT", path, many[:100]))[0] == 200
    status, data, _ = await call(http, fake, "POST", path, many[100])
    assert (status, data["code"]) == (400, 30032)
    assert (await call(http, fake, "POST", path, many[0]))[0] == 200  # an update, not a new one
