"""Scripted people for the end-to-end tests and the load benchmark: they read the table and their DMs, and click.

A player acts the way a person does at a Schieberamsch table. The table message says whom it waits for (its last
line starts with their name) and, once cards are played, the trick so far (in English or German); its picture is named after the table
version it shows (`table-<id>-<version>.png`). Public decisions (Grand Hand, pass, push, take, Kontra) are
buttons on the table message. The cards are buttons in each player's DM hand, clickable whoever's turn it is: the
player to act picks one they may play (following suit, the Jacks being trumps), as someone who knows the rules
does. Putting two cards back after taking the skat is a menu in the taker's DM. Move controls carry the table
version they were drawn at (`st:a:<table>:<version>:<action>`, `st:s:<table>:<version>:<verb>`), so the script
can tell a message drawn after the last move from one still showing an earlier moment.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import tr
from bot.ui.suits import GERMAN_SUIT_TEXT, unjoined
from tests.fakediscord import FakeDiscord, FakeInteraction, FakeMessage, FakeUser

MOVE_PREFIXES = ("st:a:", "st:s:")
CB_CHANNEL_MESSAGE, CB_DEFERRED_UPDATE, CB_UPDATE_MESSAGE = 4, 6, 7
# how the bot answers an accepted move: it redraws the clicked message, or (a click on the table message while
# the previous move's messages are still going out) acknowledges it and edits the table right after
MOVE_ANSWERS = (CB_UPDATE_MESSAGE, CB_DEFERRED_UPDATE)
# the suits as the table message writes them: French ♣ ♠ ♥ ♦, German-suited cards (Schieberamsch's default deck)
# 🌰 🍃 ♥ 🔔, as their pictures show them
SUITS = {"♣": "C", "♠": "S", "♥": "H", "♦": "D", **{text: code for code, text in GERMAN_SUIT_TEXT.items()}}
GRAND_HAND_ODDS = 20
TABLE_PICTURE = re.compile(r"table-\d+-(\d+)\.png")
# what the table message says, in the languages a table may speak: "<name> to play.", "Trick: <name> <card>, …."
# the answer to a click on a button of an earlier moment, in the players' languages (the fake's users speak German)
STALE = tuple(tr(lang, "That button is from an earlier moment of the game; here is your current hand.")
              for lang in ("en", "de"))
TO_PLAY = tuple(tr(lang, "{who} to play.", who="\0").split("\0")[1] for lang in ("en", "de"))
TRICK = re.compile("(?:" + "|".join(re.escape(tr(lang, "Trick: {cards}.", cards="\0").split("\0")[0])
                                    for lang in ("en", "de")) + r").+? ((?:10|[2-9AKQJUOBD])\u2060?[" + "".join(SUITS) + r"])\ufe0e?[,.]")
# the ranks as the pictures name them (U/O on German cards, B/D on French cards in German) -> the engine's J/Q
RANK_CODES = {"U": "J", "B": "J", "O": "Q", "D": "Q"}


def version_of(custom_id: str) -> int:
    return int(custom_id.split(":")[3])


def move_controls(message: FakeMessage | None) -> list[dict[str, Any]]:
    """The enabled move buttons and select menus of a message."""
    if message is None:
        return []
    return [c for c in message.iter_components()
            if str(c.get("custom_id", "")).startswith(MOVE_PREFIXES) and not c.get("disabled")]


def action_of(control: dict[str, Any]) -> str:
    return str(control["custom_id"]).split(":", 4)[4]


def card_buttons(message: FakeMessage) -> list[dict[str, Any]]:
    """Every card of the hand as a button (`play <card>`), enabled or not."""
    return [b for b in message.buttons
            if str(b.get("custom_id", "")).startswith("st:a:") and action_of(b).startswith("play ")]


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


def table_version(message: FakeMessage) -> int:
    """The table version the table message shows, from its picture's name (-1: no picture)."""
    for a in message.attachments:
        if m := TABLE_PICTURE.fullmatch(a.filename):
            return int(m[1])
    return -1


def waiting_for(message: FakeMessage, users: list[FakeUser]) -> FakeUser | None:
    """The player the table message's status line (its last line) names first."""
    line = message.content.rsplit("\n", 1)[-1]
    return next((u for u in users if line.startswith((u.name + " ", u.name + ":"))), None)


def led_card(message: FakeMessage) -> str | None:
    """The first card of the trick the table message spells out ("Trick: anna 7♥, bernd K♥.", the leader's name
    may have spaces: "🤖 Computer (strong) U♦, …"), as a code."""
    m = TRICK.search(message.content)
    if m is None:
        return None
    rank = unjoined(m[1][:-1])  # the word joiner between rank and suit (bot.ui.suits.card_text)
    return RANK_CODES.get(rank, rank) + SUITS[m[1][-1]]


def playable(hand: list[str], led: str | None) -> list[str]:
    """Schieberamsch's duty to follow (docs/rules/schieberamsch.md): the Jacks are trumps; follow the led suit or
    trump if you can."""
    def suit(card: str) -> str:
        return "J" if card[:-1] == "J" else card[-1]

    if led is None:
        return hand
    return [c for c in hand if suit(c) == suit(led)] or hand


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
    thread_id: int
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    last_version: int = -1
    moves: int = 0
    stale: int = 0  # clicks answered with "that button is from an earlier moment" (should stay 0)
    refused: int = 0  # clicks answered with a refusal (should stay 0: these players know the rules)
    interactions: list[FakeInteraction] = field(default_factory=list)

    def table_message(self) -> FakeMessage | None:
        """The table message in the table's thread: the bot's message with the table image."""
        for msg in self.fake.messages_in(self.thread_id):
            if msg.author.bot and any(TABLE_PICTURE.fullmatch(a.filename) for a in msg.attachments):
                return msg
        return None

    def turn(self) -> Turn | None:
        """Who is to act and what they may click, once the table shows the state after the last move."""
        table = self.table_message()
        if table is None or (version := table_version(table)) <= self.last_version:
            return None
        user = waiting_for(table, self.users)
        if user is None:
            return None
        asked = move_controls(table)
        if asked:  # a public decision, on the table message
            return Turn(user, table, asked, version)
        hand = dm_hand(self.fake, user)
        controls = move_controls(hand)
        if hand is None or not controls:
            return None
        menus = [c for c in controls if c.get("type") != 2]
        if menus:  # putting two cards back: the menu comes with the DM drawn after taking the skat
            return Turn(user, hand, menus, version) if version_of(menus[0]["custom_id"]) > self.last_version else None
        if not any(words in table.content.rsplit("\n", 1)[-1] for words in TO_PLAY):
            return None  # the DM that asks something has not arrived yet
        cards = {action_of(c).split()[1]: c for c in controls if action_of(c).startswith("play ")}
        may = [cards[c] for c in playable(list(cards), led_card(table))]
        return Turn(user, hand, may, version) if may else None  # lit cards: the hand is not redrawn yet

    async def wait_turn(self, timeout: float = 10.0) -> Turn:
        return await self.fake.wait_for(self.turn, timeout=timeout, what="a player's turn on the table message")

    def choose(self, turn: Turn) -> dict[str, Any]:
        """A random legal control, weighted as people play Ramsch: Grand Hand is for the rare very strong hand
        (one decision in GRAND_HAND_ODDS), everything else is a fair coin or a random card."""
        controls = turn.controls
        grand = [c for c in controls if c.get("custom_id", "").endswith(":grand")]
        if grand and len(grand) < len(controls):
            if self.rng.randrange(GRAND_HAND_ODDS) == 0:
                return grand[0]
            controls = [c for c in controls if c not in grand]
        return self.rng.choice(controls)

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
        control = self.choose(turn)
        ix = await self.click(turn, control)
        await ix.wait(timeout)
        if ix.callback_type == CB_CHANNEL_MESSAGE and ix.ephemeral:
            content = str((ix.callback_data or {}).get("content", ""))
            if any(stale in content for stale in STALE):
                self.stale += 1
                self.last_version = turn.version - 1  # look again: the hand is redrawn
            else:
                self.refused += 1
            print(f"{turn.user} clicked {control.get('custom_id')} and was told: {content!r}")  # shown on failure
        self.moves += 1
        return ix


@dataclass
class OpenTable:
    table_id: int
    lobby: FakeMessage
    thread_id: int
    players: TablePlayers

    def table_message(self, fake: FakeDiscord) -> FakeMessage | None:
        return self.players.table_message()


async def open_table(fake: FakeDiscord, host: FakeUser | str, guests: list[FakeUser | str],
                     channel: Any = "spieltisch", options: dict[str, Any] | None = None, *,
                     rng: random.Random | None = None, timeout: float = 10.0,
                     computers: tuple[str, ...] | list[str] = ()) -> OpenTable:
    """`/schieberamsch new` by the host, the host seats `computers` (levels: "easy", "strong") with the lobby's
    buttons, the guests click Join, the host clicks Start; returns once every person has a hand in their DM and
    the table message is in the thread (the bot's on the lobby, or `channel` when that is a thread)."""
    ix = await (await fake.slash(host, channel, "schieberamsch new", options or {})).wait(timeout)
    lobby = ix.response_message
    assert lobby is not None, ix
    table_id = int(table_button(lobby, "join").rsplit(":", 1)[1])
    # settle(): an answer that came past Discord's 3 s is lost, but the bot may have seated or started anyway
    for level in computers:
        await (await fake.click(host, lobby, table_button(lobby, f"add{level}"))).settle(timeout)
    for guest in guests:
        await (await fake.click(guest, lobby, table_button(lobby, "join"))).settle(timeout)
    await (await fake.click(host, lobby, table_button(lobby, "start"))).settle(timeout)
    users = [fake.user(u) for u in (host, *guests)]
    home = fake.channel(channel)
    thread_id = home.id if home.is_thread else lobby.id
    await fake.wait_for(lambda: thread_id in fake.channels, timeout=timeout, what="the table thread")
    table = OpenTable(table_id=table_id, lobby=lobby, thread_id=thread_id,
                      players=TablePlayers(fake, users, thread_id, rng=rng or random.Random(lobby.id)))
    await fake.wait_for(lambda: table.table_message(fake) is not None
                        and all(dm_hand(fake, u) is not None for u in users),
                        timeout=timeout, what="the table message and every player's hand")
    return table
