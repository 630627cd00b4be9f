"""Persistent components. Every custom_id carries the table id (and, for moves, the state version), so a
button works after a restart and a click from an earlier moment of the game is recognised as stale.

custom_id layouts (at most 100 characters):
- `st:t:<kind>:<table>`            lobby and table buttons (join, leave, start, cancel, hand, yes, no; the host's
                                   addeasy, addstrong, rmbot, hints; a hand's hint, and "I'm back")
- `st:a:<table>:<version>:<action>` one engine action
- `st:s:<table>:<version>:<verb>`  a select menu whose choices complete the action
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple, TypeVar

import discord
from discord.http import handle_message_parameters
from discord.utils import MISSING

from .game_ui import Button, Controls, Custom, Select

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def _ui(interaction: discord.Interaction) -> Any:
    return interaction.client.table_ui  # type: ignore[attr-defined]


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"st:t:(?P<kind>join|leave|start|cancel|hand|yes|no|addeasy|addstrong|rmbot|hints|hint|back|again)"
                           r":(?P<table>\d+)"):
    def __init__(self, kind: str, table_id: int, *, label: str = "", style: str = "secondary",
                 disabled: bool = False, row: int | None = None):
        super().__init__(discord.ui.Button(label=label or kind, style=STYLES[style], disabled=disabled, row=row,
                                           custom_id=f"st:t:{kind}:{table_id}"))
        self.kind = kind
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> TableButton:
        return cls(match["kind"], int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await _ui(interaction).on_table_button(interaction, self.kind, self.table_id)
        finally:
            release(self.view)


class ActionButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=r"st:a:(?P<table>\d+):(?P<version>\d+):(?P<action>[^\n]+)"):
    def __init__(self, table_id: int, version: int, action: str, *, label: str = "", style: str = "secondary",
                 disabled: bool = False, row: int | None = None):
        super().__init__(discord.ui.Button(label=label or action, style=STYLES[style], disabled=disabled, row=row,
                                           custom_id=f"st:a:{table_id}:{version}:{action}"[:100]))
        self.table_id, self.version, self.action = table_id, version, action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ActionButton:
        return cls(int(match["table"]), int(match["version"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await _ui(interaction).on_action(interaction, self.table_id, self.version, self.action)
        finally:
            release(self.view)  # discord.py rebuilt the clicked message's whole view to find this button


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                   template=r"st:s:(?P<table>\d+):(?P<version>\d+):(?P<verb>[a-z]*)"):
    def __init__(self, table_id: int, version: int, verb: str, *, options: list[tuple[str, str]] | None = None,
                 placeholder: str = "", min_values: int = 1, max_values: int = 1, row: int | None = None):
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"st:s:{table_id}:{version}:{verb}", placeholder=placeholder[:150] or None,
            min_values=min_values, max_values=max_values, row=row,
            options=[discord.SelectOption(label=label[:100], value=value[:100]) for value, label in options or []]
            or [discord.SelectOption(label="-", value="-")])
        super().__init__(select)
        self.table_id, self.version, self.verb = table_id, version, verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ActionSelect:
        return cls(int(match["table"]), int(match["version"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = list((interaction.data or {}).get("values", []))  # type: ignore[union-attr]
        try:
            await _ui(interaction).on_select(interaction, self.table_id, self.version, self.verb, values)
        finally:
            release(self.view)


DYNAMIC_ITEMS = (TableButton, ActionButton, ActionSelect)
_COMPONENT_TYPES = {TableButton: discord.ComponentType.button.value, ActionButton: discord.ComponentType.button.value,
                    ActionSelect: discord.ComponentType.string_select.value}
log = logging.getLogger(__name__)


def dispatch_directly(client: discord.Client) -> None:
    """Run the clicks on the bot's own components without rebuilding the clicked message's view.

    For a DynamicItem, discord.py (`ViewStore.schedule_dynamic_item_call`) builds a whole `View` from the clicked
    message (every button of a hand) only to find the clicked item, swap in the one `from_custom_id` makes and call
    it: 4 % of the bot's CPU at 1,000 tables. Our items need nothing from that view (the custom_id carries the table,
    the version and the action; a select's values are read from the interaction), so they are made from the custom_id
    and called directly. Other items (the cogs' own) go the usual way."""
    store = client._connection._view_store
    usual = store.schedule_dynamic_item_call

    async def schedule(component_type: int, factory: Any, interaction: discord.Interaction, custom_id: str,
                       match: re.Match[str]) -> None:
        if _COMPONENT_TYPES.get(factory) != component_type or interaction.message is None:
            return await usual(component_type, factory, interaction, custom_id, match)
        try:
            item = await factory.from_custom_id(interaction, None, match)
        except Exception:
            log.exception("Ignoring exception in dynamic item creation for %s", factory.__name__)
            return None
        try:
            await item.callback(interaction)
        except Exception:  # (the item's class only: its label and custom_id may name a card of a hand)
            log.exception("Ignoring exception in dynamic item callback for %s", type(item).__name__)
        return None

    store.schedule_dynamic_item_call = schedule

T = TypeVar("T")


def release(view: discord.ui.View | None) -> None:
    """Free a view whose message has gone out. A View and its items point at each other, so without this
    every view waits for the cyclic garbage collector: a move makes about four views of a dozen items, and they
    were most of the bot's garbage (~190 objects per move, 20-30 ms collector pauses at 500 tables). The
    buttons keep working: DynamicItems are dispatched by their custom_id pattern, not through this object."""
    if view is not None:
        view.clear_items()


def bare(payload: dict[str, object]) -> bool:
    """Whether a message payload carries no controls (call before `sending` releases its view)."""
    view = payload.get("view")
    return not isinstance(view, discord.ui.View) or not view.children


async def sending(call: Awaitable[T], view: discord.ui.View | None) -> T:
    """Await a send or edit that carries `view`, then release the view (whether or not the call worked)."""
    try:
        return await call
    finally:
        release(view)


@contextmanager
def edit_parameters(client: discord.Client, *, view: Any = MISSING, content: Any = MISSING,
                    attachments: Any = MISSING, allowed_mentions: Any = MISSING) -> Iterator[Any]:
    """The request parameters of an edit of one of the bot's messages, by whichever route; the view is released
    once the request is done."""
    try:
        with handle_message_parameters(content=content, attachments=attachments, view=view,
                                       allowed_mentions=allowed_mentions,
                                       previous_allowed_mentions=client._connection.allowed_mentions
                                       if content is not MISSING else None) as params:
            yield params
    finally:
        release(view if isinstance(view, discord.ui.View) else None)


async def edit_message(client: discord.Client, channel_id: int, message_id: int, **payload: Any) -> None:
    """`PartialMessage.edit` for a message whose new state nobody reads: the same request, but the answer is not
    parsed into a `discord.Message` (with its components and attachments: about a fifth of the bot's CPU per
    move at 1,000 tables). Nothing of ours is kept in discord.py's view store either way: every component is a
    DynamicItem, dispatched by its custom_id."""
    with edit_parameters(client, **payload) as params:
        await client.http.edit_message(channel_id, message_id, params=params)


def sent_json(params: Any) -> dict[str, Any]:
    """The JSON part of discord.py's message parameters (with files, it travels as the multipart's payload_json)."""
    if params.payload is not None:
        return params.payload
    part = next((p for p in params.multipart or () if p.get("name") == "payload_json"), None)
    return json.loads(part["value"]) if part else {}


class Sent(NamedTuple):
    id: int
    # the nonce brought back an earlier message made with it, which shows something else than this send (another
    # picture, or its buttons since removed): the caller edits it to what it meant to send
    echoed: bool = False


async def send_message(client: discord.Client, channel_id: int, *, view: Any = MISSING, content: Any = MISSING,
                       files: Any = MISSING, file: Any = MISSING, allowed_mentions: Any = MISSING,
                       nonce: str | None = None) -> Sent:
    """`Messageable.send` for a message of which only the id is kept (the table message, a hand DM, a score
    sheet): the answer is not parsed into a `discord.Message`. `nonce` (up to 25 characters) is sent with
    `enforce_nonce`: a second send with it a short while later returns the first message instead of making another
    (developer docs, Create Message); `Sent.echoed` says when that message differs from this send."""
    try:
        with handle_message_parameters(content=content, files=files, file=file, view=view, nonce=nonce,
                                       allowed_mentions=allowed_mentions,
                                       previous_allowed_mentions=client._connection.allowed_mentions) as params:
            data = await client.http.send_message(channel_id, params=params)
            asked = sent_json(params) if nonce is not None else {}  # (read only to tell an echo)
    finally:
        release(view if isinstance(view, discord.ui.View) else None)
    echoed = nonce is not None and (
        [a.get("filename") for a in data.get("attachments") or []]
        != [a.get("filename") for a in asked.get("attachments") or []]
        or custom_ids(data.get("components")) != custom_ids(asked.get("components")))
    return Sent(int(data["id"]), echoed)


def custom_ids(components: Any) -> list[str]:
    """The custom_ids of a message's components (as JSON), rows and all, in order."""
    out: list[str] = []
    for c in components or ():
        if "custom_id" in c:
            out.append(c["custom_id"])
        out.extend(custom_ids(c.get("components")))
    return out


def build_view(table_id: int, version: int, controls: Controls) -> discord.ui.View:
    """A persistent view (no timeout) from a game's controls; rows fill in order, at most 5."""
    view = discord.ui.View(timeout=None)
    for item in controls.items:
        try:
            if isinstance(item, Button):
                view.add_item(ActionButton(table_id, version, item.action, label=item.label, style=item.style,
                                           disabled=item.disabled, row=item.row))
            elif isinstance(item, Select):
                view.add_item(ActionSelect(table_id, version, item.verb, options=item.options,
                                           placeholder=item.placeholder, min_values=item.min_values,
                                           max_values=min(item.max_values, len(item.options)), row=item.row))
            elif isinstance(item, Custom):
                view.add_item(item.make(table_id, version))
        except ValueError:
            # A full row: let discord.py place it in the next free one.
            if isinstance(item, Button):
                view.add_item(ActionButton(table_id, version, item.action, label=item.label, style=item.style,
                                           disabled=item.disabled))
    return view
