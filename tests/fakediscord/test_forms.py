"""The fake refuses the requests Discord refuses for what they carry (README, "What the fake enforces like
Discord"): components by type, allowed mentions and who is pinged, attachments' alt text, command sync,
modals, autocomplete, and which answer fits which interaction."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.models import APPLICATION_COMMAND, AUTOCOMPLETE, MESSAGE_COMPONENT, MODAL_SUBMIT
from tests.fakediscord.raw import Answer, call, dispatched, edit


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
    # INTEGER options hold -2^53+1 .. 2^53-1 (Application Command Option Type), bounds included
    _command(options=[{"type": 4, "name": "tisch", "description": "d", "min_value": 1, "max_value": 2**62}]),
    _command(options=[{"type": 4, "name": "tisch", "description": "d", "min_value": 5, "max_value": 1}]),
    _command(options=[{"type": 3, "name": "text", "description": "d", "max_length": 6001}]),
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


async def test_a_scope_creates_at_most_200_commands_a_day(fake: FakeDiscord, http) -> None:
    path = f"/applications/{fake.application_id}/commands"
    first = [_command(name=f"spiel{i}") for i in range(100)]
    second = [_command(name=f"karte{i}") for i in range(100)]
    assert (await call(http, fake, "PUT", path, first))[0] == 200  # 100 created
    assert (await call(http, fake, "PUT", path, first))[0] == 200  # the same again: none created
    assert (await call(http, fake, "PUT", path, second))[0] == 200  # 100 more: 200 today
    status, data, _ = await call(http, fake, "PUT", path, first)
    assert (status, data["code"]) == (429, 30034) and data["retry_after"] > 80000
    guild = f"/applications/{fake.application_id}/guilds/{fake.guild_id}/commands"
    assert (await call(http, fake, "PUT", guild, first))[0] == 200  # each guild counts for itself
    fake.advance(hours=24, seconds=1)
    assert (await call(http, fake, "PUT", path, first))[0] == 200


async def test_a_nonce_enforced_returns_the_message_it_made_first(fake: FakeDiscord, http) -> None:
    """Message, Create Message: a nonce (up to 25 characters) with enforce_nonce returns the message already made
    with it a short while ago instead of making another; after the window, or without enforce_nonce, a new one."""
    channel = fake.channel("spieltisch").id
    body = {"content": "Hand", "nonce": "h1.2.3", "enforce_nonce": True}
    first = await call(http, fake, "POST", f"/channels/{channel}/messages", body)
    again = await call(http, fake, "POST", f"/channels/{channel}/messages", body)
    assert first[0] == again[0] == 200 and first[1]["id"] == again[1]["id"]
    assert len(fake.messages_in("spieltisch")) == 1
    plain = await call(http, fake, "POST", f"/channels/{channel}/messages", {**body, "enforce_nonce": False})
    assert plain[1]["id"] != first[1]["id"]
    fake.advance(minutes=3)
    later = await call(http, fake, "POST", f"/channels/{channel}/messages", body)
    assert later[1]["id"] != first[1]["id"]
    status, data, _ = await call(http, fake, "POST", f"/channels/{channel}/messages", {**body, "nonce": "x" * 26})
    assert (status, data["code"]) == (400, 50035)


async def test_a_command_is_offered_only_where_its_scope_and_contexts_allow(fake: FakeDiscord, http) -> None:
    """Application Commands, "Interaction Contexts": `contexts` are where a command "can be used", and "Guild
    commands don't support the BOT_DM interaction context"; a guild's commands exist in that guild alone. The
    Discord client offers a user no other, so `slash` refuses (LookupError) rather than make an interaction
    Discord never sends."""
    app = f"/applications/{fake.application_id}"
    other = fake.add_guild("Zweite Runde")
    fake.add_channel("zweiter-tisch", guild=other)
    assert (await call(http, fake, "PUT", f"{app}/guilds/{fake.guild_id}/commands", [_command()]))[0] == 200
    assert (await call(http, fake, "PUT", f"{app}/commands",
                       [_command(name="tisch", contexts=[0]), _command(name="regeln", dm_permission=False),
                        _command(name="hilfe", contexts=[0, 1])]))[0] == 200
    assert (await fake.slash("anna", "spieltisch", "spiel")).data["guild_id"] == str(fake.guild_id)
    with pytest.raises(LookupError, match="DM"):
        await fake.slash("anna", None, "spiel")  # a guild command in a DM
    with pytest.raises(LookupError, match="another scope"):
        await fake.slash("anna", "zweiter-tisch", "spiel")  # ... or in another guild
    await fake.slash("anna", "spieltisch", "tisch")
    await fake.slash("anna", "zweiter-tisch", "tisch")  # a global command: in every guild
    for guild_only in ("tisch", "regeln"):  # contexts [GUILD], or the deprecated dm_permission false
        with pytest.raises(LookupError, match="DM"):
            await fake.slash("anna", None, guild_only)
    ix = await fake.slash("anna", None, "hilfe")
    assert ix.channel.is_dm


async def test_a_callbacks_answer_carries_the_message_only_of_types_4_and_7(fake: FakeDiscord, http) -> None:
    """Receiving and Responding, Interaction Callback Resource Object: `with_response` answers with the interaction
    callback, whose resource's message is "Only present if type is either CHANNEL_MESSAGE_WITH_SOURCE or
    UPDATE_MESSAGE": not for a deferral (5), nor for a deferred update (6) of the clicked message."""
    status, sent, _ = await call(http, fake, "POST", f"/channels/{fake.channel('spieltisch').id}/messages",
                                 {"content": "Tisch", "components": [_row({"type": 2, "style": 1, "custom_id": "go",
                                                                           "label": "Go"})]})
    assert status == 200
    shown = {}
    for cb_type, itype in ((4, APPLICATION_COMMAND), (5, APPLICATION_COMMAND), (6, MESSAGE_COMPONENT),
                           (7, MESSAGE_COMPONENT)):
        ix = dispatched(fake, itype=itype)
        ix.message = fake.message(int(sent["id"]))
        body = {"type": cb_type, **({"data": {"content": "Antwort"}} if cb_type in (4, 7) else {})}
        status, data, _ = await call(http, fake, "POST",
                                     f"/interactions/{ix.id}/{ix.token}/callback?with_response=true", body)
        assert status == 200, data
        assert data["resource"]["type"] == cb_type
        shown[cb_type] = "message" in data["resource"]
    assert shown == {4: True, 5: False, 6: False, 7: True}


TEXT = {"type": 4, "custom_id": "t", "style": 1}


@pytest.mark.parametrize("components", [
    [TEXT],  # a text input "must be placed inside a Label" (or the deprecated action row)
    [_row(TEXT, {**TEXT, "custom_id": "u"})],  # an action row in a modal holds a single text input
    [_row(_select(2))],  # selects in modals "must be placed inside ... a Label"
    [{"type": 18, "label": "Name", "component": {**TEXT, "style": 3}}],  # Short (1) or Paragraph (2)
    [{"type": 18, "label": "Name", "component": {"type": 2, "style": 1, "custom_id": "b", "label": "B"}}],
    [{"type": 18, "label": "Farbe", "component": _select(2, min_values=0)}],  # required (default) needs 1 or more
])
async def test_a_modal_holds_labels_around_its_inputs(fake: FakeDiscord, http, components: list[Any]) -> None:
    """Component Reference: the Component Types' "Usage" (a button is for messages, a text input for modals), a
    modal's text inputs and selects inside Labels (text inputs also in the deprecated single-input action row),
    a text input's style, and a required select's min_values."""
    async def answer(parts: list[Any]) -> Answer:
        ix = dispatched(fake, itype=APPLICATION_COMMAND)
        body = {"type": 9, "data": {"custom_id": "m", "title": "Tisch", "components": parts}}
        return await call(http, fake, "POST", f"/interactions/{ix.id}/{ix.token}/callback", body)

    assert _invalid(await answer(components), "data", "components")
    assert (await answer([{"type": 18, "label": "Name", "component": TEXT}, _row({**TEXT, "custom_id": "u"}),
                          {"type": 10, "content": "Wie heißt der Tisch?"},
                          {"type": 18, "label": "Farbe", "component": _select(2, required=False, min_values=0)}]
                         ))[0] == 204


async def test_a_message_holds_no_modal_components(fake: FakeDiscord, http) -> None:
    """Component Reference, Component Types: "Text Inputs can only be used within modals"; an Action Row holds
    buttons or a single select."""
    channel = fake.channel("spieltisch").id
    for components in ([_row({**TEXT, "label": "Name"})], [{"type": 18, "label": "Name", "component": TEXT}]):
        answer = await call(http, fake, "POST", f"/channels/{channel}/messages", {"content": "x",
                                                                                  "components": components})
        assert _invalid(answer, "components"), answer


async def test_a_modal_is_submitted_only_within_its_inputs_lengths(fake: FakeDiscord, http) -> None:
    """Text Input Structure: required, min_length and max_length bound what the client submits; an optional input
    may stay empty."""
    ix = dispatched(fake, itype=APPLICATION_COMMAND)
    inputs = [{"type": 18, "label": "Name", "component": {**TEXT, "min_length": 3, "max_length": 5}},
              {"type": 18, "label": "Notiz", "component": {**TEXT, "custom_id": "n", "required": False,
                                                            "min_length": 2}}]
    body = {"type": 9, "data": {"custom_id": "m", "title": "Tisch", "components": inputs}}
    assert (await call(http, fake, "POST", f"/interactions/{ix.id}/{ix.token}/callback", body))[0] == 204
    for values in ({"t": "ab"}, {"t": "abcdef"}, {"t": ""}, {"t": "abc", "n": "x"}):
        with pytest.raises(ValueError):
            await fake.submit_modal("anna", ix, values)
    sub = await fake.submit_modal("anna", ix, {"t": "abc"})
    assert [c["component"]["value"] for c in sub.data["components"]] == ["abc", ""]
