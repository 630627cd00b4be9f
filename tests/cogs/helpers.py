"""What the cog tests share: finding a table's messages and their components in SimCord, and opening tables."""

from __future__ import annotations

import json
import re

from tests.conftest import World


class _Component:
    """A component of an ephemeral reply, which SimCord records as a dict."""

    def __init__(self, data):
        self.custom_id = data.get("custom_id")
        self.label = data.get("label")
        self.disabled = bool(data.get("disabled"))
        self.options = data.get("options")
        self.min_values = data.get("min_values", 1)


def components(message):
    """Buttons and selects of a message (a discord.Message, or SimCord's record of an ephemeral reply)."""
    out = []
    for row in message.components:
        children = row.children if hasattr(row, "children") else row.get("components", [])
        out.extend(_Component(c) if isinstance(c, dict) else c for c in children)
    return out


def buttons(message):
    return components(message)


def button(message, label=None, custom_id_prefix=None):
    for b in buttons(message):
        if (label and getattr(b, "label", None) == label) or (
                custom_id_prefix and (b.custom_id or "").startswith(custom_id_prefix)):
            return b
    raise AssertionError(f"no button {label or custom_id_prefix!r} in {[getattr(b, 'label', None) for b in buttons(message)]}")


def lobby_message(world: World):
    table = world.table()
    return next(m for m in world.channel.history() if m.id == table.lobby_message_id)


def table_message(world: World, table=None):
    table = table or world.table()
    return next(m for m in world.channel.threads[0].history() if m.id == table.table_message_id)


def dm_last(user):
    """A user's (SimCord actor's) latest DM from the bot, or None."""
    return user.user.dm_channel.last_message


def dm(world: World, seat: int):
    return dm_last(world.users[seat])


async def start_fixed(world: World, command: str, title: str, n: int, *, seed: int, dealer: int, **options):
    """`/<game> new`, n players join, the seed and first dealer fixed (and stored, so a restart replays the
    same deal), then the host starts."""
    alice = world.users[0]
    result = await alice.slash(world.channel, command, **options)
    assert not result.ephemeral, result.response.content
    lobby = lobby_message(world)
    assert title in lobby.content
    for user in world.users[1:n]:
        await user.click(lobby, custom_id=button(lobby, "Join").custom_id)
        lobby = lobby_message(world)
    table = world.table()
    table.seed = seed
    table.options["dealer"] = dealer
    await world.bot.db.execute("UPDATE tables SET seed = ?, options = ? WHERE table_id = ?",
                               (seed, json.dumps(table.options), table.id))
    await alice.click(lobby, custom_id=button(lobby, "Start").custom_id)
    assert table.status == "running"
    return table


EPHEMERAL = 1 << 6


def client_locale(monkeypatch, locale: str) -> None:
    """Every interaction from now on comes from a Discord client set to `locale`."""
    import simcord.interactions

    original = simcord.interactions.base_payload

    def base_payload(*args, **kwargs):
        record, payload = original(*args, **kwargs)
        payload["locale"] = locale
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", base_payload)


def ephemeral_flags_ignored(world: World) -> list[str]:
    """Follow-ups the bot asked to be ephemeral that the real Discord would show to everyone: the first follow-up
    after a public "thinking" answer (callback type 5 without the flag) replaces the loading message and keeps
    its visibility, whatever its own flags say (Receiving and Responding, "Followup Messages"; discord-api-docs
    #2742). SimCord sends them as asked. The interaction tokens of such follow-ups."""
    public_thinking: set[str] = set()  # tokens whose loading message is public and not yet replaced
    out = []
    for r in world.env.http_requests:
        body = r.json if isinstance(r.json, dict) else {}
        if m := re.search(r"/interactions/[^/]+/([^/]+)/callback$", r.path):
            if body.get("type") == 5 and not (body.get("data") or {}).get("flags", 0) & EPHEMERAL:
                public_thinking.add(m[1])
        elif m := re.search(r"/webhooks/\d+/([^/]+)(/messages/@original)?$", r.path):
            token = m[1]
            if token in public_thinking and r.method in ("POST", "PATCH"):
                public_thinking.discard(token)
                if r.method == "POST" and body.get("flags", 0) & EPHEMERAL:
                    out.append(token[:12])
    return out


def discord_refusals(world: World) -> list[tuple[str, str, dict]]:
    """The requests the bot made in this SimCord world that the real Discord would refuse as an invalid form
    (400 / 50035: message, component, mention, command, modal and autocomplete limits), checked with the fake
    Discord's rules (tests/fakediscord/validation.py), since SimCord checks few of them. (method, path, errors)."""
    from tests.fakediscord.validation import (
        DiscordError,
        validate_autocomplete,
        validate_commands,
        validate_message,
        validate_modal,
    )

    out = []
    for r in world.env.http_requests:
        body = r.json
        try:
            if re.search(r"/interactions/[^/]+/[^/]+/callback$", r.path) and isinstance(body, dict):
                check = {4: validate_message, 7: validate_message, 9: validate_modal, 8: validate_autocomplete}
                if body.get("type") in check:
                    check[body["type"]](body.get("data") or {})
            elif r.method == "PUT" and r.path.endswith("/commands") and isinstance(body, list):
                validate_commands(body)
            elif r.method in ("POST", "PATCH") and isinstance(body, dict) and (
                    re.search(r"/channels/\d+/messages(/\d+)?$", r.path)
                    or re.search(r"/webhooks/\d+/[^/]+(/messages/[^/]+)?$", r.path)):
                validate_message(body)
        except DiscordError as exc:
            out.append((r.method, r.path, exc.errors or {}))
    return out
