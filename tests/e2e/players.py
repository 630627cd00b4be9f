"""Scripted people for the end-to-end tests and the load benchmark: they read their DMs and click.

A player acts the way a person does: the hand message in their DM shows buttons (and sometimes a select
menu); the one whose hand has enabled move controls clicks one. Move controls carry the table version they
were drawn at (`st:a:<table>:<version>:<action>`, `st:s:<table>:<version>:<verb>`), so the script can tell a
hand drawn after the last move from one still showing an earlier moment.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from tests.fakediscord import FakeDiscord, FakeInteraction, FakeMessage, FakeUser

MOVE_PREFIXES = ("st:a:", "st:s:")
CB_CHANNEL_MESSAGE, CB_UPDATE_MESSAGE = 4, 7


def version_of(custom_id: str) -> int:
    return int(custom_id.split(":")[3])


def move_controls(message: FakeMessage | None) -> list[dict[str, Any]]:
    """The enabled move buttons and select menus of a hand message."""
    if message is None:
        return []
    return [c for c in message.iter_components()
            if str(c.get("custom_id", "")).startswith(MOVE_PREFIXES) and not c.get("disabled")]


def card_buttons(message: FakeMessage) -> list[dict[str, Any]]:
    """Every card of the hand as a button (`play <card>`), enabled or not."""
    return [b for b in message.buttons
            if str(b.get("custom_id", "")).startswith("st:a:") and b["custom_id"].split(":", 4)[4].startswith("play ")]


def table_button(message: FakeMessage, kind: str) -> str:
    """The custom_id of a lobby/table button (join, leave, start, cancel, hand, ...), whatever its label's language."""
    for b in message.buttons:
        if str(b.get("custom_id", "")).startswith(f"st:t:{kind}:"):
            return b["custom_id"]
    raise LookupError(f"no {kind!r} button on message {message.id}: {message.custom_ids}")


def dm_hand(fake: FakeDiscord, user: FakeUser | str) -> FakeMessage | None:
    """The user's newest hand message: the last bot message in their DM with move components."""
    for msg in reversed(fake.dms(user)):
        if any(cid.startswith(MOVE_PREFIXES) for cid in msg.custom_ids):
            return msg
    return None


@dataclass
class Turn:
    user: FakeUser
    message: FakeMessage
    controls: list[dict[str, Any]]
    version: int


@dataclass
class TablePlayers:
    """The seated players of one table; `move()` lets whoever is to act click a random legal control."""

    fake: FakeDiscord
    users: list[FakeUser]
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    last_version: int = -1
    moves: int = 0
    stale: int = 0  # clicks answered with "that button is from an earlier moment" (should stay 0)
    interactions: list[FakeInteraction] = field(default_factory=list)

    def turn(self) -> Turn | None:
        """Whose hand shows enabled controls drawn after the last move, if anyone's does yet."""
        for user in self.users:
            msg = dm_hand(self.fake, user)
            controls = move_controls(msg)
            if controls and msg is not None:
                version = version_of(controls[0]["custom_id"])
                if version > self.last_version:
                    return Turn(user, msg, controls, version)
        return None

    async def wait_turn(self, timeout: float = 10.0) -> Turn:
        return await self.fake.wait_for(self.turn, timeout=timeout, what="a player's hand with enabled controls")

    def choose(self, turn: Turn) -> dict[str, Any]:
        """A person's pick: a card button when there is one (mostly), else any control."""
        return self.rng.choice(turn.controls)

    async def click(self, turn: Turn, control: dict[str, Any]) -> FakeInteraction:
        if control.get("type") == 2:
            ix = await self.fake.click(turn.user, turn.message, control["custom_id"])
        else:
            values = [o["value"] for o in control.get("options") or []]
            ix = await self.fake.select(turn.user, turn.message, control["custom_id"],
                                        self.rng.sample(values, int(control.get("min_values", 1))))
        self.last_version = turn.version
        self.interactions.append(ix)
        return ix

    async def move(self, timeout: float = 10.0) -> FakeInteraction:
        """Wait for someone's turn, click, wait for the bot's answer to the click."""
        turn = await self.wait_turn(timeout)
        ix = await self.click(turn, self.choose(turn))
        await ix.wait(timeout)
        if ix.callback_type == CB_CHANNEL_MESSAGE and ix.ephemeral:
            self.stale += 1
        self.moves += 1
        return ix


@dataclass
class OpenTable:
    table_id: int
    lobby: FakeMessage
    thread_id: int
    players: TablePlayers

    def table_message(self, fake: FakeDiscord) -> FakeMessage | None:
        """The table message in the table's thread: the bot's message with the table image."""
        for msg in fake.messages_in(self.thread_id):
            if msg.author.bot and any(a.filename.startswith("table-") for a in msg.attachments):
                return msg
        return None


async def open_table(fake: FakeDiscord, host: FakeUser | str, guests: list[FakeUser | str],
                     channel: str = "spieltisch", options: dict[str, Any] | None = None, *,
                     rng: random.Random | None = None, timeout: float = 10.0) -> OpenTable:
    """`/schieberamsch new` by the host, the guests click Join, the host clicks Start; returns once every
    player has a hand in their DM and the table message is in the thread."""
    ix = await (await fake.slash(host, channel, "schieberamsch new", options or {})).wait(timeout)
    lobby = ix.response_message
    assert lobby is not None, ix
    table_id = int(table_button(lobby, "join").rsplit(":", 1)[1])
    for guest in guests:
        await (await fake.click(guest, lobby, table_button(lobby, "join"))).wait(timeout)
    await (await fake.click(host, lobby, table_button(lobby, "start"))).wait(timeout)
    users = [fake.user(u) for u in (host, *guests)]
    await fake.wait_for(lambda: lobby.id in fake.channels, timeout=timeout, what="the table thread")
    table = OpenTable(table_id=table_id, lobby=lobby, thread_id=lobby.id,
                      players=TablePlayers(fake, users, rng=rng or random.Random(lobby.id)))
    await fake.wait_for(lambda: table.table_message(fake) is not None
                        and all(dm_hand(fake, u) is not None for u in users),
                        timeout=timeout, what="the table message and every player's hand")
    return table
